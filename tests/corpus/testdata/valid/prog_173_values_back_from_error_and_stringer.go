package main

import (
	"errors"
	"fmt"
)

// Values of the program's types that went through error or fmt.Stringer
// and on into any (or an interface of the program), asserted, switched
// on, compared and printed; and results of functions printed directly.

type Code int

func (c Code) String() string { return fmt.Sprintf("code %d", int(c)) }

type Errno int

func (e Errno) Error() string { return fmt.Sprintf("errno %d", int(e)) }

type NotFound struct{ Key string }

func (e *NotFound) Error() string { return "not found: " + e.Key }

type Shower interface{ String() string }

func lookup(k string) error {
	switch k {
	case "a":
		return Errno(2)
	case "b":
		return &NotFound{Key: k}
	}
	return errors.New("plain")
}

func describe(v any) string {
	switch x := v.(type) {
	case Code:
		return fmt.Sprint("a Code: ", int(x))
	case Errno:
		return fmt.Sprint("an Errno: ", int(x))
	case *NotFound:
		return "a *NotFound for " + x.Key
	case error:
		return "another error: " + x.Error()
	}
	return fmt.Sprintf("%T", v)
}

func codeOf() Code { return 7 }

func main() {
	var st fmt.Stringer = Code(9)
	c, ok := any(st).(Code)
	fmt.Println(c, ok, int(c))
	var e error = Errno(3)
	m, ok := any(e).(Errno)
	fmt.Println(m, ok)

	var box []any
	for _, k := range []string{"a", "b", "c"} {
		box = append(box, lookup(k))
	}
	box = append(box, st)
	for _, v := range box {
		fmt.Println(describe(v))
	}
	fmt.Printf("%T %T %v %d\n", box[0], box[1], box[0], box[0])
	fmt.Println(box[0] == any(Errno(2)), box[0] == any(Errno(5)), box[3] == any(Code(9)))

	ch := make(chan any, 1)
	ch <- st
	got := <-ch
	if s, ok := got.(Shower); ok {
		fmt.Println("shower:", s.String())
	}

	fmt.Println(codeOf(), fmt.Sprint(codeOf()))
	fmt.Printf("%v|%s|%q|%d\n", codeOf(), codeOf(), codeOf(), codeOf())
	fmt.Println(st.(Code) + 1)
}
