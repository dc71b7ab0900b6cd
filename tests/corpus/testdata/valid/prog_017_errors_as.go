package main

import (
	"errors"
	"fmt"
)

type StatusError struct {
	Code int
}

func (e *StatusError) Error() string { return fmt.Sprintf("status %d", e.Code) }

var ErrClosed = errors.New("closed")

func fetch(code int) error {
	if code == 0 {
		return fmt.Errorf("fetch: %w", ErrClosed)
	}
	return fmt.Errorf("fetch: %w", &StatusError{Code: code})
}

func main() {
	for _, code := range []int{503, 404, 0} {
		err := fetch(code)
		var se *StatusError
		if errors.As(err, &se) {
			fmt.Println("status error", se.Code, se.Code >= 500)
		} else {
			fmt.Println("other:", err, errors.Is(err, ErrClosed))
		}
	}
	err := fmt.Errorf("again: %w", fetch(429))
	var se *StatusError
	fmt.Println(errors.As(err, &se), se)
	fmt.Println(err)
}
