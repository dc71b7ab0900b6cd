// A struct error type with value-receiver methods found behind %w with
// errors.As and a type switch on error. The interpreter keeps such a value
// in error as its last field; the front end finds it through its Error
// method (errgrab.go).
package main

import (
	"errors"
	"fmt"
)

type TempErr struct{ After int }

func (e TempErr) Error() string { return fmt.Sprintf("retry after %d", e.After) }

func call() error { return fmt.Errorf("call: %w", TempErr{4}) }

func main() {
	err := call()
	var te TempErr
	fmt.Println(errors.As(err, &te), te.After)
	switch e := errors.Unwrap(err).(type) {
	case TempErr:
		fmt.Println("temp", e.After)
	default:
		fmt.Println("other")
	}
}
