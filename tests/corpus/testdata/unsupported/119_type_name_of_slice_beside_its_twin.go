package main

import "fmt"

type State int

// The interpreter builds []State of State's underlying type, the type of
// []int: %T of an interface holding either cannot tell which it is (go
// run prints []main.State []int).
func main() {
	var a any = []State{1}
	var b any = []int{2}
	fmt.Printf("%T %T\n", a, b)
}
