// The result of an assertion to interface{ Timeout() bool } printed: the
// assertion now answers as Go does, but the interpreter holds the
// package's value in a wrapper of its own, which fmt would print
// ({0x... {...}}). Go prints "context deadline exceeded".
package main

import (
	"context"
	"fmt"
)

func main() {
	var err error = context.DeadlineExceeded
	if te, ok := err.(interface{ Timeout() bool }); ok {
		fmt.Println(te)
	}
}
