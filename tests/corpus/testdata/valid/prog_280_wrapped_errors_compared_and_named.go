// A program with its own error type (with Unwrap) compares the errors
// fmt.Errorf wrapped and prints their types: the front end's stand-ins
// for fmt's wrappers compare by identity and are named as Go names them.
package main

import (
	"errors"
	"fmt"
)

type QueryError struct {
	Query string
	Err   error
}

func (e *QueryError) Error() string { return "query " + e.Query + ": " + e.Err.Error() }
func (e *QueryError) Unwrap() error { return e.Err }

var ErrNotFound = errors.New("not found")

func find(id int) error {
	if id < 0 {
		return &QueryError{"id<0", ErrNotFound}
	}
	return nil
}

func main() {
	err := find(-1)
	handler := fmt.Errorf("handler: %w", err)
	server := fmt.Errorf("server: %w", handler)
	fmt.Println(server)
	fmt.Println(errors.Unwrap(server) == handler, errors.Unwrap(handler) == err)
	fmt.Println(errors.Unwrap(server) == server, handler != server)
	other := fmt.Errorf("handler: %w", err)
	fmt.Println(other == handler, other.Error() == handler.Error())
	both := fmt.Errorf("%w and %w", err, ErrNotFound)
	fmt.Printf("%T %T %T %T\n", err, handler, both, ErrNotFound)
	var held any = handler
	fmt.Printf("%T %v\n", held, held)
	fmt.Println(fmt.Sprintf("%T", server) == "*fmt.wrapError")
}
