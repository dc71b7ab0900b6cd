// An error chain walked by hand with an assertion to an interface with
// Unwrap() error: fmt.Errorf's %w error has that method on an unexported
// type, which the interpreter does not see (it printed "depth 0", then
// it was refused).
package main

import (
	"errors"
	"fmt"
)

type QueryError struct {
	Query string
	Err   error
}

func (e *QueryError) Error() string { return e.Query + ": " + e.Err.Error() }
func (e *QueryError) Unwrap() error { return e.Err }

var ErrNotFound = errors.New("not found")

func main() {
	err := fmt.Errorf("layer: %w", &QueryError{"select", ErrNotFound})
	depth := 0
	for {
		u, ok := err.(interface{ Unwrap() error })
		if !ok {
			break
		}
		err = u.Unwrap()
		depth++
		fmt.Println(depth, err)
	}
	fmt.Println("depth", depth)
}
