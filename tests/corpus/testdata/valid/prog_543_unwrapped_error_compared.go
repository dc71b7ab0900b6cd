// == of the error errors.Unwrap returns with the struct value that went
// into %w, both in error.
package main

import (
	"errors"
	"fmt"
)

type E struct{ N int }

func (e E) Error() string { return fmt.Sprint("e", e.N) }

func main() {
	var x error = E{1}
	w := fmt.Errorf("wrap: %w", x)
	fmt.Println(errors.Unwrap(w) == x)
}
