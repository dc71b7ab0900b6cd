package main

import (
	"fmt"
	"time"
)

type P struct{ X, Y int }
type L []int
type M map[string]int
type Celsius float64
type State int
type Name string
type pair struct {
	key   string
	value any
}
type Box[T any] struct{ v T }
type tree struct {
	left, right *tree
	val         int
}

func main() {
	fmt.Printf("%#v %#v\n", P{1, 2}, &P{1, 2})
	fmt.Printf("%#v\n", []P{{1, 2}, {3, 4}})
	fmt.Printf("%#v %#v %#v\n", L{1}, M{"a": 1, "b": 2}, Celsius(21.5))
	fmt.Printf("%#v %#v\n", State(2), Name("n"))
	fmt.Printf("%#v\n", pair{"k", 3})
	fmt.Printf("%#v\n", pair{"k", nil})
	fmt.Printf("%#v\n", Box[int]{5})
	fmt.Printf("%#v\n", Box[string]{"s"})
	var l L
	var m M
	var p *P
	fmt.Printf("%#v %#v %#v\n", l, m, p)
	fmt.Printf("%#v\n", [2]State{1, 2})
	fmt.Printf("%#v\n", map[Name]P{"b": {2, 2}, "a": {1, 1}})
	fmt.Printf("%#v\n", struct {
		at time.Duration
		On bool
	}{time.Second, true})
	fmt.Printf("%#v\n", tree{val: 1})
	fmt.Printf("%#v\n", []any{P{1, 2}, 3, "x", nil})
	fmt.Printf("%#v\n", map[string]any{"p": P{5, 6}})
	fmt.Printf("%T %T\n", P{}, L{})
}
