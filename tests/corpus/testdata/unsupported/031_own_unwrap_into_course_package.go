// An error type of the program with an Unwrap method handed to
// classify.Error: the compiled package walks the chain with the errors
// package, which cannot call the program's Unwrap, so it answered caution
// ("unrecognized error"). Go prints retry.
package main

import (
	"context"
	"fmt"

	"github.com/flakylab/flakylab/core/classify"
)

type opError struct {
	Op  string
	Err error
}

func (e *opError) Error() string { return e.Op + ": " + e.Err.Error() }
func (e *opError) Unwrap() error { return e.Err }

func main() {
	err := &opError{"read", context.DeadlineExceeded}
	fmt.Println(classify.Error(err).Verdict)
}
