package main

import (
	"errors"
	"fmt"
)

// flaky is a value-receiver error with a Timeout method, found in an
// error by an assertion to interface{ Timeout() bool } and by errors.As
// into one.
type flaky struct{ slow bool }

func (f flaky) Error() string { return "flaky" }
func (f flaky) Timeout() bool { return f.slow }

func main() {
	var err error = flaky{slow: true}
	te, ok := err.(interface{ Timeout() bool })
	fmt.Println(ok, ok && te.Timeout())
	var t interface{ Timeout() bool }
	fmt.Println(errors.As(err, &t), t != nil && t.Timeout())
}
