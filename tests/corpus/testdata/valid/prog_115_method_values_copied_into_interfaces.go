package main

import (
	"errors"
	"fmt"
)

// A value of a type with methods keeps the value it had when it went
// into an interface, whatever happens to the variable afterwards.

type Code int

func (c Code) String() string { return fmt.Sprintf("status %d", int(c)) }

type RetryError struct{ Attempt int }

func (e RetryError) Error() string { return fmt.Sprintf("attempt %d failed", e.Attempt) }

func main() {
	c := Code(1)
	var s fmt.Stringer = c
	c = 5
	fmt.Println(s, c)

	var errs []error
	for attempt := 1; attempt <= 3; attempt++ {
		errs = append(errs, RetryError{attempt})
	}
	fmt.Println(errs)
	fmt.Println(errors.Join(errs...))

	var seen []error
	for _, e := range []RetryError{{7}, {8}} {
		seen = append(seen, e)
	}
	fmt.Println(seen[0], seen[1])

	byName := map[string]fmt.Stringer{}
	for i, name := range []string{"a", "b"} {
		byName[name] = Code(i + 10)
	}
	fmt.Println(byName)

	var list []fmt.Stringer
	for i := 0; i < 3; i++ {
		list = append(list, Code(i))
	}
	fmt.Println(list)
}
