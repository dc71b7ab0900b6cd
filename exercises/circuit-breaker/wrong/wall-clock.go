//go:build ignore

// The cooldown is measured on the wall clock, not between the instants the
// breaker is given.
package main

import (
	"fmt"
	"time"
)

// Breaker is a circuit breaker. It is not safe for concurrent use; a
// breaker shared by goroutines would guard its fields with a sync.Mutex.
type Breaker struct {
	threshold int
	cooldown  time.Duration

	state    string    // "closed", "open" or "half-open"
	failures int       // consecutive failures while closed
	opened   time.Time // when the circuit last opened
	probing  bool      // a half-open probe is out
}

// NewBreaker returns a closed breaker that opens after threshold
// consecutive failures and stays open for cooldown.
func NewBreaker(threshold int, cooldown time.Duration) *Breaker {
	return &Breaker{threshold: threshold, cooldown: cooldown, state: "closed"}
}

// Allow reports whether a call may go ahead at now.
func (b *Breaker) Allow(now time.Time) bool {
	switch b.State(now) {
	case "closed":
		return true
	case "half-open":
		if !b.probing {
			b.probing = true // this call is the probe
			return true
		}
	}
	return false
}

// Record reports the outcome of a call that Allow let through.
func (b *Breaker) Record(success bool, now time.Time) {
	switch {
	case b.state == "half-open" && success:
		b.state, b.failures, b.probing = "closed", 0, false
	case b.state == "half-open":
		b.open(now)
	case success:
		b.failures = 0
	default:
		b.failures++
		if b.failures >= b.threshold {
			b.open(now)
		}
	}
}

func (b *Breaker) open(now time.Time) {
	b.state, b.opened, b.probing = "open", now, false
}

// State returns "closed", "open" or "half-open". An open circuit whose
// cooldown is over becomes half-open here.
func (b *Breaker) State(now time.Time) string {
	if b.state == "open" && time.Since(b.opened) >= b.cooldown {
		b.state = "half-open"
	}
	return b.state
}

func main() {
	t0 := time.Now()
	b := NewBreaker(5, 30*time.Second)
	for i := 0; i < 5; i++ {
		if b.Allow(t0) {
			b.Record(false, t0)
		}
	}
	fmt.Println(b.State(t0), b.Allow(t0.Add(29*time.Second)))
	fmt.Println(b.State(t0.Add(30*time.Second)), b.Allow(t0.Add(30*time.Second)))
}
