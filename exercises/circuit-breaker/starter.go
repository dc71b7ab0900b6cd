package main

import (
	"fmt"
	"time"
)

// Breaker is a circuit breaker. Add the fields you need.
type Breaker struct {
}

// NewBreaker returns a closed breaker that opens after threshold
// consecutive failures and stays open for cooldown.
func NewBreaker(threshold int, cooldown time.Duration) *Breaker {
	return &Breaker{}
}

// Allow reports whether a call may go ahead at now.
func (b *Breaker) Allow(now time.Time) bool {
	return true
}

// Record reports the outcome of a call that Allow let through.
func (b *Breaker) Record(success bool, now time.Time) {
}

// State returns "closed", "open" or "half-open".
func (b *Breaker) State(now time.Time) string {
	return "closed"
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
