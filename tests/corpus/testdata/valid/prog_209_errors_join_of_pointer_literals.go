package main

import (
	"errors"
	"fmt"
)

// errors.Join given pointers to the program's error types written as
// literals in the call.

type HTTPError struct {
	Status int
	Msg    string
}

func (e *HTTPError) Error() string { return fmt.Sprintf("%d %s", e.Status, e.Msg) }

var ErrNotFound = errors.New("not found")

func main() {
	err := errors.Join(ErrNotFound, &HTTPError{429, "slow down"}, nil)
	fmt.Println(err)
	var he *HTTPError
	fmt.Println(errors.Is(err, ErrNotFound), errors.As(err, &he), he.Status)
	all := errors.Join(&HTTPError{500, "boom"}, &HTTPError{503, "unavailable"})
	fmt.Printf("%v\n%q\n", all, all.Error())
}
