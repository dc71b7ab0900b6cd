package main

import "fmt"

type Empty interface{}
type Getter interface{ Get() byte }

type withGet struct{ i byte }

func (w withGet) Get() byte { return w.i }

type withoutGet struct{ i byte }

func pass(v Empty) Empty { return v }

func main() {
	s := make([]byte, 5, 6)
	copy(s, "12346")
	s = append(s[:len(s)-1], '5', s[len(s)-1])
	fmt.Println("append reads before it writes:", string(s))

	// Two struct types with the same fields, one with a method.
	_, ok := pass(withGet{1}).(Getter)
	fmt.Println("with the method:", ok)
	_, ok = pass(withoutGet{2}).(Getter)
	fmt.Println("without it:", ok)
	var g Getter
	fmt.Println("nil interface printed:", g)
}
