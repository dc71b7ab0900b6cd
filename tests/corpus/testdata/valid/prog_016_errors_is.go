package main

import (
	"errors"
	"fmt"
)

var (
	ErrTimeout     = errors.New("timeout")
	ErrRateLimited = errors.New("rate limited")
)

func call(attempt int) error {
	switch attempt {
	case 0:
		return fmt.Errorf("attempt %d: %w", attempt, ErrTimeout)
	case 1:
		return fmt.Errorf("attempt %d: %w", attempt, ErrRateLimited)
	}
	return nil
}

func main() {
	for i := range 3 {
		err := call(i)
		switch {
		case errors.Is(err, ErrTimeout):
			fmt.Println("retry after timeout:", err)
		case errors.Is(err, ErrRateLimited):
			fmt.Println("back off:", err)
		case err == nil:
			fmt.Println("ok")
		}
	}
	wrapped := fmt.Errorf("outer: %w", fmt.Errorf("inner: %w", ErrTimeout))
	fmt.Println(errors.Is(wrapped, ErrTimeout), errors.Unwrap(wrapped))
	joined := errors.Join(ErrTimeout, ErrRateLimited)
	fmt.Println(errors.Is(joined, ErrRateLimited))
	fmt.Println(joined)
}
