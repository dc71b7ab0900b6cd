// A value of a type declared inside a function compared with an
// interface value: F(1) must not equal a float64 1. The front end moves
// the type to package level, where the interpreter keeps its identity.
package main

import "fmt"

func main() {
	type F float64
	x := any(1.0)
	switch x {
	case F(1):
		fmt.Println("F 1")
	case 1.0:
		fmt.Println("float64 1")
	}
}
