// A struct error whose only field is an int compared with an error type
// whose underlying type is int: the interpreter's wrapper of error holds
// the struct's field, which passed for the other type (true).
package main

import "fmt"

type HTTPError struct{ Code int }

func (e HTTPError) Error() string { return fmt.Sprint("http ", e.Code) }

type Code int

func (c Code) Error() string { return "code" }

func main() {
	var err error = HTTPError{503}
	fmt.Println(err == Code(503))
	var err2 error = Code(503)
	fmt.Println(err2 == Code(503))
}
