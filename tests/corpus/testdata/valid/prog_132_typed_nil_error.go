package main

import (
	"errors"
	"fmt"
)

// MyErr's Error handles a nil receiver; BadErr's dereferences it.
type MyErr struct{ code int }

func (e *MyErr) Error() string {
	if e == nil {
		return "no error here"
	}
	return fmt.Sprint("code ", e.code)
}

type BadErr struct{ msg string }

func (e *BadErr) Error() string { return e.msg }

type Result struct {
	Err error
}

func find(ok bool) *MyErr {
	if ok {
		return nil
	}
	return &MyErr{code: 7}
}

func check() error {
	var p *MyErr
	return p
}

func checkFound() error {
	return find(true)
}

func main() {
	var p *MyErr
	var bad *BadErr

	// The gotcha: a nil pointer in an error is not a nil error.
	var e error = p
	fmt.Println(e == nil, error(p) == nil, check() == nil, checkFound() == nil)
	if err := check(); err != nil {
		fmt.Println("non-nil:", err)
	}

	var assigned error
	assigned = bad
	fmt.Println(assigned != nil)

	errs := []error{p}
	errs = append(errs, bad, nil)
	for i, err := range errs {
		fmt.Println(i, err == nil)
	}

	r := Result{Err: p}
	r2 := Result{}
	r2.Err = bad
	fmt.Println(r.Err == nil, r2.Err == nil)

	m := map[string]error{"a": p}
	m["b"] = bad
	fmt.Println(m["a"] == nil, m["b"] == nil)

	ch := make(chan error, 2)
	ch <- p
	ch <- bad
	fmt.Println(<-ch == nil, <-ch == nil)

	// Printing calls the method; one that dereferences prints <nil>.
	fmt.Println(e, assigned)
	fmt.Printf("%v|%s|%+v|%#v|%T\n", e, e, e, e, e)
	fmt.Printf("%v|%s|%+v|%#v|%T\n", assigned, assigned, assigned, assigned, assigned)
	fmt.Println(e.Error())

	// Back to the pointer.
	q, ok := e.(*MyErr)
	fmt.Println(q == nil, ok)
	q2 := e.(*MyErr)
	fmt.Println(q2 == nil)
	_, ok = e.(*BadErr)
	fmt.Println(ok)
	switch v := assigned.(type) {
	case *MyErr:
		fmt.Println("MyErr", v == nil)
	case *BadErr:
		fmt.Println("BadErr", v == nil)
	}
	var target *MyErr
	fmt.Println(errors.As(e, &target), target == nil)
	wrapped := fmt.Errorf("wrapped: %w", e)
	fmt.Println(wrapped)
	fmt.Println(errors.Is(e, p), errors.Is(e, nil))
	fmt.Println(e == error(p))
}
