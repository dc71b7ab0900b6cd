package main

import "fmt"

type T struct{ N int }

func (t *T) String() string { return "T!" }

type V struct {
	N    int
	name string
}

func (v V) String() string { return "V!" }

type Level int

func (l Level) String() string { return "level" }

func main() {
	var a any = T{1}
	fmt.Printf("%#v %v %+v\n", a, a, a)
	b := []any{T{2}, &T{3}, V{4, "x"}, &V{5, "y"}, Level(2)}
	for i := range b {
		fmt.Printf("%#v|%v|%+v\n", b[i], b[i], b[i])
	}
	m := map[string]any{"k": V{6, "z"}}
	fmt.Printf("%#v\n", m["k"])
}
