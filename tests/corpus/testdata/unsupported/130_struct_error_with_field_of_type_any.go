package main

import (
	"errors"
	"fmt"
)

// E's field of type any may hold a *E: in the interpreter's wrapper of
// error the value E{1, &E{}} and the pointer &E{} look alike, so an
// assertion from error to E is refused (go run prints "true 1").
type E struct {
	Code int
	Data any
}

func (e E) Error() string { return "e" }

func main() {
	var err error = E{1, nil}
	var e E
	fmt.Println(errors.As(err, &e), e.Code)
}
