package main

import (
	"errors"
	"fmt"
)

type OpError struct {
	Op  string
	Err error
}

func (e *OpError) Error() string { return e.Op + ": " + e.Err.Error() }
func (e *OpError) Unwrap() error { return e.Err }

type TimeoutError struct{ Seconds int }

func (e *TimeoutError) Error() string { return fmt.Sprintf("timed out after %ds", e.Seconds) }

var ErrReset = errors.New("connection reset")

func main() {
	err := &OpError{Op: "read", Err: &TimeoutError{3}}
	fmt.Println(err)
	var te *TimeoutError
	fmt.Println(errors.As(err, &te), te.Seconds)
	err2 := fmt.Errorf("request: %w", &OpError{Op: "dial", Err: ErrReset})
	fmt.Println(errors.Is(err2, ErrReset), err2)
	var op *OpError
	if errors.As(err2, &op) {
		fmt.Println("op was", op.Op)
	}
	fmt.Println(errors.Unwrap(err) == nil)
}
