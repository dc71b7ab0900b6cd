package main

import "fmt"

// A value with a String method, held in an interface the program
// declares, prints through its method; a nil one prints <nil>.

type Code int

func (c Code) String() string { return fmt.Sprintf("status %d", int(c)) }

type Point struct{ X, Y int }

func (p Point) String() string { return fmt.Sprintf("(%d,%d)", p.X, p.Y) }

type Ref struct{ id int }

func (r *Ref) String() string { return fmt.Sprintf("ref#%d", r.id) }

type Shower interface{ String() string }

type Named struct {
	Name string
	Show Shower
}

func main() {
	var s Shower = Code(3)
	fmt.Println(s)
	fmt.Printf("%v %s %q\n", s, s, s)
	var p Shower = Point{1, 2}
	ref := &Ref{7}
	var r Shower = ref
	fmt.Println(p, r)
	var none Shower
	fmt.Println(none)
	n := Named{Name: "n", Show: Code(5)}
	fmt.Println(n.Show)
	msg := fmt.Sprint("now ", s)
	fmt.Println(msg)
	switch v := s.(type) {
	case Code:
		fmt.Println("a code", int(v))
	}
}
