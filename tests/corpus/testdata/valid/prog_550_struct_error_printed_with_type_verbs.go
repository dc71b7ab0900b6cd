// %T, %#v and the other verbs of an error holding a struct value with
// value-receiver methods, a pointer to one, a twin struct type and an
// error of a package, beside an assertion that finds the value.
package main

import (
	"errors"
	"fmt"
)

type HTTPError struct {
	Code int
	Msg  string
}

func (e HTTPError) Error() string { return fmt.Sprint("http ", e.Code) }

type Twin struct {
	Code int
	Msg  string
}

func (t Twin) Error() string { return "twin" }

func main() {
	for _, e := range []error{HTTPError{2, "z"}, &HTTPError{3, "p"}, Twin{2, "z"}, errors.New("plain")} {
		fmt.Printf("%T %v %+v %s %q\n", e, e, e, e, e)
		fmt.Printf("%#v\n", e)
		h, ok := e.(HTTPError)
		fmt.Printf("%v %+v %#v %v\n", h, h, h, ok)
	}
}
