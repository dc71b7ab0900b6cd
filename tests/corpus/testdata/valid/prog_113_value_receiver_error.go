package main

import "fmt"

type TimeoutError struct{ Seconds int }

// A value receiver: the interpreter cannot store such a value in an error.
func (e TimeoutError) Error() string { return fmt.Sprintf("timed out after %ds", e.Seconds) }

func main() {
	var err error = TimeoutError{3}
	fmt.Println(err)
}
