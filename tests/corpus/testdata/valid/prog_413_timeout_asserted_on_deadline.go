// A context's deadline error asserted to an interface with Timeout() bool,
// as net.Error is checked: context.DeadlineExceeded has that method on an
// unexported type, which the interpreter does not see (it printed
// "false", then it was refused).
package main

import (
	"context"
	"fmt"
)

type timeout interface{ Timeout() bool }

func classify(err error) (bool, bool) {
	t, ok := err.(timeout)
	return ok, ok && t.Timeout()
}

func main() {
	fmt.Println(classify(context.DeadlineExceeded))
}
