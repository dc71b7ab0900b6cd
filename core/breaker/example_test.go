package breaker_test

import (
	"errors"
	"fmt"
	"time"

	"github.com/flakylab/flakylab/core/breaker"
)

// A breaker with threshold 5 and a 30 s cooldown in front of a provider that
// is down, on a clock that only moves when the example moves it.
func Example() {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	start := now
	cb, err := breaker.New(breaker.Settings{
		Name:      "provider",
		Threshold: 5,
		Cooldown:  30 * time.Second,
		Now:       func() time.Time { return now },
		OnStateChange: func(name string, from, to breaker.State) {
			fmt.Printf("  %s: %s -> %s at +%v\n", name, from, to, now.Sub(start))
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	down := errors.New("503 service unavailable")
	var up error
	call := func(n int, result error) {
		calls := 0
		err := cb.Execute(func() error { calls++; return result })
		fmt.Printf("call %d: provider called %d time(s), err=%v, state %s\n", n, calls, err, cb.State())
	}

	for n := 1; n <= 6; n++ { // five failures open the circuit; the sixth fails fast
		call(n, down)
	}
	now = now.Add(30 * time.Second) // the cooldown is over: one probe goes through
	call(7, up)

	fmt.Println("the provider goes down again")
	for n := 8; n <= 12; n++ {
		call(n, down)
	}
	now = now.Add(30 * time.Second)
	call(13, down) // the probe fails: open for another 30 s
	now = now.Add(10 * time.Second)
	call(14, up)

	// Output:
	// call 1: provider called 1 time(s), err=503 service unavailable, state closed
	// call 2: provider called 1 time(s), err=503 service unavailable, state closed
	// call 3: provider called 1 time(s), err=503 service unavailable, state closed
	// call 4: provider called 1 time(s), err=503 service unavailable, state closed
	//   provider: closed -> open at +0s
	// call 5: provider called 1 time(s), err=503 service unavailable, state open
	// call 6: provider called 0 time(s), err=breaker: circuit open, state open
	//   provider: open -> half-open at +30s
	//   provider: half-open -> closed at +30s
	// call 7: provider called 1 time(s), err=<nil>, state closed
	// the provider goes down again
	// call 8: provider called 1 time(s), err=503 service unavailable, state closed
	// call 9: provider called 1 time(s), err=503 service unavailable, state closed
	// call 10: provider called 1 time(s), err=503 service unavailable, state closed
	// call 11: provider called 1 time(s), err=503 service unavailable, state closed
	//   provider: closed -> open at +30s
	// call 12: provider called 1 time(s), err=503 service unavailable, state open
	//   provider: open -> half-open at +1m0s
	//   provider: half-open -> open at +1m0s
	// call 13: provider called 1 time(s), err=503 service unavailable, state open
	// call 14: provider called 0 time(s), err=breaker: circuit open, state open
}

// The two-step form: ask, make the call yourself, report the outcome.
func ExampleBreaker_Allow() {
	cb, _ := breaker.New(breaker.Settings{Threshold: 3})
	tk, err := cb.Allow()
	if err != nil {
		fmt.Println("skipped:", err) // serve a fallback instead
		return
	}
	status := 200 // the call
	cb.Record(tk, status < 500)
	fmt.Println(cb.State(), cb.Counts().Successes)
	// Output: closed 1
}
