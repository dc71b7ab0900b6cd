// The results of two assertions to interface{ Timeout() bool } compared:
// the assertions answer as Go does, but the interpreter holds the
// package's value in a wrapper of its own, made afresh by each, and ==
// compares the wrappers. Go prints "true".
package main

import (
	"context"
	"fmt"
)

func main() {
	var err error = context.DeadlineExceeded
	a, _ := err.(interface{ Timeout() bool })
	b, _ := err.(interface{ Timeout() bool })
	fmt.Println(a == b)
}
