package main

import (
	"errors"
	"fmt"
)

// A recovering function asserts recover()'s result to error whether or
// not anything panicked; asserting a nil interface to an interface type
// gives the zero value and false.

type Temporary interface{ Temporary() bool }

func safely(f func()) (err error) {
	defer func() {
		r := recover()
		if e, ok := r.(error); ok {
			err = fmt.Errorf("recovered: %w", e)
			return
		}
		if s, ok := r.(fmt.Stringer); ok {
			err = errors.New(s.String())
			return
		}
		if r != nil {
			err = fmt.Errorf("recovered: %v", r)
		}
	}()
	f()
	return nil
}

func main() {
	fmt.Println(safely(func() {}))
	fmt.Println(safely(func() { panic(errors.New("disk full")) }))
	fmt.Println(safely(func() { panic("plain string") }))
	var err error
	t, ok := err.(Temporary)
	fmt.Println(t, ok)
	var v any
	_, isErr := v.(error)
	fmt.Println(isErr)
	func() {
		defer func() { fmt.Println("panicked:", recover()) }()
		_ = v.(error)
	}()
}
