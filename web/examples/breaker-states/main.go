// A circuit breaker with threshold 5 and a 30 s cooldown, in front of a
// provider that goes down, recovers, and goes down again. We call it once a
// second. The clock is virtual, so the cooldowns pass instantly.
//
//	closed -> open       after 5 failures in a row
//	open -> half-open    when the cooldown is over; one probe goes through
//	half-open -> closed  the probe succeeded
//	half-open -> open    the probe failed: another cooldown
//
// Try: set Threshold to 2, or make the first probe fail.
package main

import (
	"errors"
	"fmt"
	"time"

	"github.com/flakylab/flakylab/core/breaker"
	"github.com/flakylab/flakylab/core/clock"
)

var errDown = errors.New("503 Service Unavailable")

func main() {
	vc := clock.NewVirtual(time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC))
	defer vc.Close()

	cb, err := breaker.New(breaker.Settings{
		Name:      "payments",
		Threshold: 5,
		Cooldown:  30 * time.Second,
		Now:       vc.Now,
		OnStateChange: func(name string, from, to breaker.State) {
			fmt.Printf("    t=%-6v %s -> %s\n", vc.Elapsed(), from, to)
		},
	})
	if err != nil {
		fmt.Println(err)
		return
	}

	// call makes one call through the breaker to a provider that answers
	// with result (nil means success).
	call := func(result error) {
		called := false
		err := cb.Execute(func() error {
			called = true
			return result
		})
		switch {
		case !called:
			fmt.Printf("t=%-6v failed fast: %v\n", vc.Elapsed(), err)
		case err != nil:
			fmt.Printf("t=%-6v provider failed: %v\n", vc.Elapsed(), err)
		default:
			fmt.Printf("t=%-6v provider answered 200\n", vc.Elapsed())
		}
		vc.SleepPlain(time.Second) // the next call comes a second later
	}

	fmt.Println("The provider is down:")
	for i := 0; i < 6; i++ {
		call(errDown)
	}

	vc.SleepPlain(28 * time.Second) // the circuit opened at t=4s
	fmt.Println("Cooldown over, the provider is back:")
	call(nil)

	fmt.Println("It goes down again:")
	for i := 0; i < 5; i++ {
		call(errDown)
	}
	vc.SleepPlain(29 * time.Second) // the circuit opened at t=39s
	fmt.Println("Cooldown over, but the provider is still down:")
	call(errDown) // the probe fails
	call(nil)     // still open: not even tried
}
