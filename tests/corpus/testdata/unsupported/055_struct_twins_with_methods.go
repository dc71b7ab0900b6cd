package main

import "fmt"

type A struct{}

func (A) M() string { return "A" }

type B struct{}

func (B) M() string { return "B" }

type I interface{ M() string }

func main() {
	xs := []I{A{}, B{}}
	for _, x := range xs {
		fmt.Println(x.M())
	}
	var b I = B{}
	fmt.Println(b.M())
	_, ok := b.(A)
	fmt.Println(ok)
}
