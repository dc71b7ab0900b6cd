// An assertion from error to a non-struct error type in a program whose
// struct error type has a field of its representation: the interpreter's
// wrapper of error holds the struct's field, which passed for a Code; the
// assertions the front end writes pass over the values progfmt.Grab finds.
package main

import "fmt"

type Code int

func (c Code) Error() string { return fmt.Sprint("code ", int(c)) }

type ValErr struct{ N int }

func (v ValErr) Error() string { return "valerr" }

func get() error { return ValErr{7} }

func main() {
	c, ok := get().(Code)
	fmt.Println(c, ok)
}
