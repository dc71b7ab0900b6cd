// Spacing of Print operands: generic structs beside errors, a writer held
// in an interface, errors of a string type, a slice of errors.
package main

import (
	"fmt"
	"io"
	"os"
)

type E float64

func (e E) Error() string { return fmt.Sprint("e", float64(e)) }

type Box[T any] struct{ V T }

func show[T any](v T, err error) string { return fmt.Sprint(v, err, v) }

type S string

func (s S) Error() string { return "s:" + string(s) }

func main() {
	var w io.Writer = os.Stdout
	var err error = E(1)
	fmt.Fprint(w, Box[int]{3}, err, Box[string]{"x"}, "\n")
	fmt.Println(show(7, err), show("t", S("u")))
	fmt.Println(fmt.Sprint(S("a"), S("b"), E(2), E(3)))
	var es []error
	es = append(es, err, S("w"))
	fmt.Println(fmt.Sprint(es[0], es[1], es[0]))
	fmt.Println(fmt.Sprint(&Box[error]{err}, err))
}
