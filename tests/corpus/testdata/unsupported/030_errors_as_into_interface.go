// errors.As into a variable of an interface type other than error: the
// compiled errors.As cannot take the interpreter's interface value as its
// target and panicked ("errors: *target must be interface or implement
// error"). Go prints true true.
package main

import (
	"context"
	"errors"
	"fmt"
)

type timeout interface {
	error
	Timeout() bool
}

func main() {
	err := fmt.Errorf("quote: %w", context.DeadlineExceeded)
	var t timeout
	fmt.Println(errors.As(err, &t), t.Timeout())
}
