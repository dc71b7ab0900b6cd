package main

import (
	"errors"
	"fmt"
)

// flaky is a value-receiver error with a Timeout method: held in an
// error, the interpreter would not find it behind an assertion to
// interface{ Timeout() bool } (go run prints "true true" twice).
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
