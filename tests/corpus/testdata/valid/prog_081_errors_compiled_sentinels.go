package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/flakylab/flakylab/core/classify"
)

// timeoutError makes the program one that declares its own error types,
// so errors.Is, errors.As and fmt.Errorf's %w go through the front end.
type timeoutError struct{ op string }

func (e *timeoutError) Error() string { return e.op + ": i/o timeout" }

func shouldRetry(err error) bool {
	if err != nil {
		return !errors.Is(err, context.Canceled)
	}
	return false
}

func main() {
	errs := []error{
		context.DeadlineExceeded,
		context.Canceled,
		&timeoutError{op: "read"},
		fmt.Errorf("charge: %w", context.Canceled),
		fmt.Errorf("attempt 2: %w", fmt.Errorf("charge: %w", context.DeadlineExceeded)),
		fmt.Errorf("charge: %w", &timeoutError{op: "dial"}),
		errors.New("connection refused"),
	}
	for _, err := range errs {
		var te *timeoutError
		as := errors.As(err, &te)
		_, ok := err.(*timeoutError)
		fmt.Printf("%-40s retry=%v deadline=%v as=%v assert=%v\n", err, shouldRetry(err),
			errors.Is(err, context.DeadlineExceeded), as, ok)
	}
	fmt.Println(errors.Unwrap(errs[3]) == context.Canceled)
	// A compiled package unwraps what fmt.Errorf wrapped.
	fmt.Println(classify.Error(errs[3]).Verdict == classify.Never)
	fmt.Println(classify.Error(errs[4]).Verdict == classify.Never)
}
