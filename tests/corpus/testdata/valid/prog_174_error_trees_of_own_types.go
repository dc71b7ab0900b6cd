package main

import (
	"errors"
	"fmt"
)

// Error chains through the program's own error types: Unwrap and Is
// methods on pointer receivers and on non-struct types, wrapped with %w
// (one or several), found with errors.Is, errors.As and errors.Unwrap.

var (
	ErrTimeout  = errors.New("timeout")
	ErrRejected = errors.New("rejected")
)

type RetryErr struct {
	Attempts int
	Last     error
}

func (e *RetryErr) Error() string { return fmt.Sprintf("after %d attempts: %v", e.Attempts, e.Last) }
func (e *RetryErr) Unwrap() error { return e.Last }

type StatusErr struct{ Code int }

func (e *StatusErr) Error() string { return fmt.Sprintf("status %d", e.Code) }
func (e *StatusErr) Is(target error) bool {
	t, ok := target.(*StatusErr)
	return ok && (t.Code == e.Code || t.Code == 0)
}

type Temporary int

func (t Temporary) Error() string { return fmt.Sprintf("temporary (%d)", int(t)) }
func (t Temporary) Unwrap() error { return ErrTimeout }

type Multi struct{ errs []error }

func (m *Multi) Error() string   { return fmt.Sprint(len(m.errs), " errors") }
func (m *Multi) Unwrap() []error { return m.errs }

func call(i int) error {
	switch i {
	case 0:
		return &RetryErr{Attempts: 3, Last: ErrTimeout}
	case 1:
		return fmt.Errorf("call %d: %w", i, &StatusErr{Code: 503})
	case 2:
		return fmt.Errorf("call %d: %w", i, Temporary(2))
	case 3:
		return fmt.Errorf("both: %w and %w", ErrRejected, &RetryErr{Attempts: 1, Last: Temporary(1)})
	}
	return &Multi{errs: []error{ErrRejected, &StatusErr{Code: 429}}}
}

func main() {
	for i := range 5 {
		err := call(i)
		var re *RetryErr
		var se *StatusErr
		var tmp Temporary
		fmt.Println(i, err)
		fmt.Println("  timeout:", errors.Is(err, ErrTimeout), "rejected:", errors.Is(err, ErrRejected))
		fmt.Println("  any status:", errors.Is(err, &StatusErr{}), "503:", errors.Is(err, &StatusErr{Code: 503}))
		if errors.As(err, &re) {
			fmt.Println("  retry after", re.Attempts, "last:", re.Last)
		}
		if errors.As(err, &se) {
			fmt.Println("  status", se.Code)
		}
		if errors.As(err, &tmp) {
			fmt.Println("  temporary", int(tmp))
		}
		fmt.Println("  unwrapped:", errors.Unwrap(err))
	}
	var last error = &RetryErr{Attempts: 2, Last: Temporary(5)}
	joined := errors.Join(ErrRejected, last)
	fmt.Println(errors.Is(joined, ErrTimeout), errors.Is(joined, Temporary(5)), errors.Is(joined, Temporary(6)))
	if re, ok := errors.AsType[*RetryErr](joined); ok {
		fmt.Println("as type:", re.Attempts)
	}
	fmt.Println(errors.Is(nil, nil), errors.Is(nil, ErrTimeout), errors.Is(ErrTimeout, nil))
}
