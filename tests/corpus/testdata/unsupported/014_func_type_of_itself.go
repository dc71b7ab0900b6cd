// A function type defined in terms of itself (the state functions of a
// lexer): the interpreter cannot build the type, so the program is
// refused at the declaration. Go prints 6.
package main

import "fmt"

type stateFn func(n *int) stateFn

func start(n *int) stateFn { *n++; return middle }
func middle(n *int) stateFn {
	*n++
	if *n > 4 {
		return nil
	}
	return start
}

func main() {
	n := 0
	for s := stateFn(start); s != nil; {
		s = s(&n)
	}
	fmt.Println(n)
}
