package main

import (
	"errors"
	"fmt"
	"time"
)

var ErrUnavailable = errors.New("503 service unavailable")

type flaky struct {
	failures int
	calls    int
}

func (f *flaky) Call() (string, error) {
	f.calls++
	if f.calls <= f.failures {
		return "", fmt.Errorf("call %d: %w", f.calls, ErrUnavailable)
	}
	return "payload", nil
}

func retry(max int, base time.Duration, op func() (string, error)) (string, time.Duration, error) {
	var waited time.Duration
	var err error
	for attempt := range max {
		var out string
		out, err = op()
		if err == nil {
			return out, waited, nil
		}
		if !errors.Is(err, ErrUnavailable) {
			break
		}
		waited += base << attempt
	}
	return "", waited, fmt.Errorf("giving up: %w", err)
}

func main() {
	f := &flaky{failures: 2}
	out, waited, err := retry(5, 100*time.Millisecond, f.Call)
	fmt.Println(out, waited, err, f.calls)
	g := &flaky{failures: 10}
	out, waited, err = retry(3, 50*time.Millisecond, g.Call)
	fmt.Printf("%q %v %v\n", out, waited, err)
}
