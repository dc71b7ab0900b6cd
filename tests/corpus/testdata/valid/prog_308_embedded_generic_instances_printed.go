// A struct embedding an instance of a generic type that has several
// instances, printed with %+v and %#v: the embedded field is named after
// the generic type (Vec), as in Go, not after the written-out instance.
package main

import "fmt"

type Vec[T int | float64] struct{ X, Y T }

func (v Vec[T]) Scale(k T) Vec[T] { return Vec[T]{v.X * k, v.Y * k} }

type Body struct {
	Vec[float64]
	Mass float64
}

type Grid struct {
	*Vec[int]
	name string
}

func main() {
	a := Vec[int]{1, 2}
	b := Body{Vec[float64]{1.5, 2}, 3}
	fmt.Printf("%v %+v\n", a.Scale(2), b)
	fmt.Printf("%#v\n", b)
	g := Grid{&a, "g"}
	fmt.Printf("%+v %v\n", *g.Vec, g.name)
	fmt.Printf("%+v\n", []Body{b})
	fmt.Println(b.Vec.X, b.Scale(2).Y)
}
