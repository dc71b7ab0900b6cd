// errors.As into a variable of an interface type other than error (the
// compiled errors.As panicked on the interpreter's interface value, then it
// was refused): the front end's As walks the chain through the assertion's
// helper.
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
