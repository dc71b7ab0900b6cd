// A struct error reaching error through an interface of the program, made
// in a loop, found by a pointer-receiver Error method that calls
// errors.As itself, a generic struct error type, a named result and a
// method value of Error.
package main

import (
	"errors"
	"fmt"
)

type HTTPError struct{ Code int }

func (e HTTPError) Error() (s string) {
	s = fmt.Sprint("http ", e.Code)
	return
}

type Retryable interface {
	error
	Retry() bool
}

func (e HTTPError) Retry() bool { return e.Code >= 500 }

type Pair[T any] struct {
	A, B T
}

func (p Pair[T]) Error() string { return fmt.Sprint("pair ", p.A, p.B) }

type wrapper struct {
	msg   string
	cause error
}

func (w *wrapper) Error() string {
	var h HTTPError
	if errors.As(w.cause, &h) {
		return fmt.Sprintf("%s (http %d)", w.msg, h.Code)
	}
	return w.msg + ": " + w.cause.Error()
}

func (w *wrapper) Unwrap() error { return w.cause }

func main() {
	var r Retryable = HTTPError{502}
	var err error = r
	if h, ok := err.(HTTPError); ok {
		fmt.Println("via iface", h.Code, h.Retry())
	}
	var errs []error
	for i := 0; i < 3; i++ {
		errs = append(errs, HTTPError{500 + i})
	}
	for _, e := range errs {
		var h HTTPError
		fmt.Println(errors.As(e, &h), h.Code, e)
	}
	w := &wrapper{"fetch", errs[1]}
	fmt.Println(w)
	var h HTTPError
	fmt.Println(errors.As(w, &h), h)
	var p error = Pair[int]{1, 2}
	if q, ok := p.(Pair[int]); ok {
		fmt.Println("pair", q.A, q.B)
	}
	var pq Pair[int]
	fmt.Println(errors.As(fmt.Errorf("x: %w", p), &pq), pq.B)
	f := errs[0].Error
	fmt.Println(f())
}
