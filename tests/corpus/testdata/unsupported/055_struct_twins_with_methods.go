package main

import "fmt"

type A struct{ n int }

func (A) M() string { return "A" }

type B struct{ n int }

func (B) M() string { return "B" }

type I interface{ M() string }

func main() {
	xs := []I{A{1}, B{1}}
	for _, x := range xs {
		fmt.Println(x.M())
	}
	var b I = B{2}
	fmt.Println(b.M())
	_, ok := b.(A)
	fmt.Println(ok)
}
