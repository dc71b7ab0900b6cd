package main

import (
	"errors"
	"fmt"
)

// MyErr's Error dereferences its receiver: fmt prints a nil one as <nil>,
// also inside structs, slices and maps.
type MyErr struct{ msg string }

func (e *MyErr) Error() string { return e.msg }

type Result struct {
	N   int
	Err error
}

func main() {
	var p *MyErr
	r := Result{N: 1, Err: p}
	fmt.Println(r)
	fmt.Printf("%v %+v\n", r, r)
	errs := []error{p}
	fmt.Println(errs)
	m := map[string]error{"a": p}
	fmt.Println(m)
	var a any = error(p)
	fmt.Println(a)
	fmt.Println(errors.Is(r.Err, p))
	s := fmt.Sprint(r.Err)
	fmt.Println(s, len(s))
}
