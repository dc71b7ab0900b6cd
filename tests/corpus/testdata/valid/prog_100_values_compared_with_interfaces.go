// Values of the program's types with methods meet interfaces: compared
// with an interface value (== and in a switch), converted explicitly to
// an interface, and tested by a type switch that lists an interface and
// a basic type.
package main

import "fmt"

type Status int

func (s Status) String() string { return fmt.Sprintf("status %d", int(s)) }

type Check struct{ Name string }

func (c Check) Run() bool { return c.Name != "" }

type Shower interface{ String() string }

type Runner interface{ Run() bool }

func kind(v any) string {
	switch v.(type) {
	case Shower:
		return "shower"
	case int:
		return "int"
	}
	return "other"
}

func classify(s Status, seen Shower) string {
	switch seen {
	case s:
		return "same"
	case Status(0):
		return "zero"
	}
	return "different"
}

func find(v Shower, in ...Shower) int {
	for i, x := range in {
		switch v {
		case x:
			return i
		}
	}
	return -1
}

func main() {
	var got Shower = Status(503)
	fmt.Println(Status(503) == got, got == Status(503), Status(500) == got, got != Status(503))
	var anyv any = Status(7)
	fmt.Println(Status(7) == anyv, anyv == 7, Status(7) != anyv)

	c := Check{"db"}
	var r Runner = c
	fmt.Println(c == r, Check{"cache"} == r)

	s := Status(3)
	fmt.Println(kind(Shower(s)), kind(s), kind(3), kind("x"))
	fmt.Printf("%T\n", any(Shower(s)))

	fmt.Println(classify(3, Status(3)), classify(3, Status(0)), classify(3, Status(9)))
	fmt.Println(find(Status(2), Status(1), Status(2)), find(Status(5), Status(1)))
}
