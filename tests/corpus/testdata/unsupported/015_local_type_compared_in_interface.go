// A value of a type declared inside a function compared with an
// interface value: the interpreter keeps no such type in an interface,
// so F(1) would equal a float64 1. The program is refused at the
// type's declaration; declared at package level, the type works. Go prints
// "float64 1".
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
