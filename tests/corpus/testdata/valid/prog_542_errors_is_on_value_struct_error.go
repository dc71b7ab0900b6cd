// errors.Is with a struct value as its target, matched against an equal
// struct value wrapped by %w.
package main

import (
	"errors"
	"fmt"
)

type NotFound struct{ Key string }

func (e NotFound) Error() string { return "missing " + e.Key }

func find(k string) error { return fmt.Errorf("db: %w", NotFound{k}) }

func main() {
	err := find("a")
	fmt.Println(errors.Is(err, NotFound{"a"}))
}
