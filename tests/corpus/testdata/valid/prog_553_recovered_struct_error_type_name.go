// %T of a recovered panic value that is an error holding a struct value
// with value-receiver methods: the interpreter's wrapper of error, in the
// empty interface, named as the struct's type.
package main

import (
	"fmt"
)

type HTTPError struct{ Code int }

func (e HTTPError) Error() string { return fmt.Sprint("http ", e.Code) }

func main() {
	var err error = HTTPError{503}
	defer func() {
		r := recover()
		fmt.Printf("%v %T\n", r, r)
	}()
	panic(err)
}
