// errors.Is through a struct wrapper whose Unwrap method has a value
// receiver, itself wrapped by %w.
package main

import (
	"errors"
	"fmt"
)

var ErrA = errors.New("a")

type W struct{ err error }

func (w W) Error() string { return "w(" + w.err.Error() + ")" }
func (w W) Unwrap() error { return w.err }

func main() {
	err := fmt.Errorf("wrap: %w", W{ErrA})
	fmt.Println(errors.Is(err, ErrA), err)
}
