package main

import (
	"errors"
	"fmt"
)

// A result struct whose error field is nil, printed in a program that
// declares its own error type.

type TimeoutError struct{ Op string }

func (e *TimeoutError) Error() string { return e.Op + ": timed out" }

type Result struct {
	Attempt int
	Err     error
	Note    fmt.Stringer
}

func call(n int) Result {
	switch n {
	case 1:
		return Result{Attempt: n, Err: &TimeoutError{"dial"}}
	case 2:
		return Result{Attempt: n, Err: errors.New("refused")}
	}
	return Result{Attempt: n}
}

func main() {
	for n := 0; n < 3; n++ {
		r := call(n)
		fmt.Printf("%v | %+v\n", r, r)
		fmt.Println(r)
	}
	results := []Result{call(0), call(1)}
	fmt.Println(results)
	fmt.Printf("%v\n", map[string]Result{"ok": call(3)})
}
