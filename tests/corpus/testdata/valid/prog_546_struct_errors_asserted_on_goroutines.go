// Struct errors with value-receiver methods (one without fields) found by
// errors.As, comma-ok assertions and type switches, in a program with an
// error type whose Error method calls other errors' Error methods, and on
// eight goroutines at once.
package main

import (
	"errors"
	"fmt"
	"sync"
)

type RetryableError struct {
	Attempt int
	Reason  string
}

func (RetryableError) Error() string { return "retryable" }

type Timeout struct{}

func (Timeout) Error() string { return "timeout" }

type Multi []error

func (m Multi) Error() string {
	s := ""
	for _, e := range m {
		s += e.Error() + ";"
	}
	return s
}

type Status struct {
	Code int
	Msg  string
}

func (s Status) Error() string { return fmt.Sprintf("%d %s", s.Code, s.Msg) }

var ErrUnavailable = Status{503, "unavailable"}

func do(i int) error {
	switch i % 4 {
	case 0:
		return RetryableError{i, "busy"}
	case 1:
		return Multi{RetryableError{i, "x"}, Timeout{}}
	case 2:
		return Timeout{}
	}
	return fmt.Errorf("attempt %d: %w", i, ErrUnavailable)
}

func main() {
	for i := 0; i < 8; i++ {
		err := do(i)
		var r RetryableError
		if errors.As(err, &r) {
			fmt.Printf("%d retry %+v %v\n", i, r, r.Attempt)
		}
		if _, ok := err.(Timeout); ok {
			fmt.Println(i, "timeout")
		}
		if m, ok := err.(Multi); ok {
			fmt.Println(i, "multi", len(m), m)
		}
		var st Status
		if errors.As(err, &st) {
			fmt.Println(i, "status", st.Code, st == ErrUnavailable)
		}
		if s, ok := errors.Unwrap(err).(Status); ok && s == ErrUnavailable {
			fmt.Println(i, "unavailable")
		}
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	count := map[string]int{}
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				err := do(g*200 + i)
				k := "none"
				switch e := err.(type) {
				case RetryableError:
					if e.Attempt != g*200+i {
						k = "WRONG"
					} else {
						k = "retry"
					}
				case Timeout:
					k = "timeout"
				case Multi:
					k = "multi"
				}
				var st Status
				if errors.As(err, &st) {
					k += "+status"
				}
				mu.Lock()
				count[k]++
				mu.Unlock()
			}
		}(g)
	}
	wg.Wait()
	fmt.Println(count)
}
