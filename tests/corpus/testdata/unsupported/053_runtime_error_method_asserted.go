// A recovered run-time error asserted to an interface with the
// RuntimeError method (what runtime.Error has): the interpreter does not
// see the methods of the runtime's unexported types and answered false.
// Go prints "true runtime error: index out of range [3] with length 2".
package main

import "fmt"

type runtimeError interface {
	error
	RuntimeError()
}

func main() {
	defer func() {
		re, ok := recover().(runtimeError)
		fmt.Println(ok, re)
	}()
	s := []int{1, 2}
	i := 3
	fmt.Println(s[i])
}
