package main

import (
	"errors"
	"fmt"
)

type Base struct{ Code int }

func (b Base) Error() string { return fmt.Sprint("base ", b.Code) }

// Outer's Error method is Base's: in the interpreter's wrapper of error
// an Outer runs it on its Base field, and would pass for a Base (go run
// prints "false 0" and "false").
type Outer struct {
	Base
	Op string
}

func main() {
	var err error = Outer{Base{1}, "x"}
	var b Base
	fmt.Println(errors.As(err, &b), b.Code)
	_, ok := err.(Base)
	fmt.Println(ok)
}
