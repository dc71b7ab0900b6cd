//go:build ignore

// A recursive Backoff: as deep as the attempt number.
package main

import (
	"fmt"
	"math/rand/v2"
	"time"
)

// Backoff returns the backoff of attempt (1 for the first retry): base
// doubled attempt-1 times, never above limit. It recurses once per
// attempt, which is fine at the attempt numbers a retry loop reaches.
func Backoff(attempt int, base, limit time.Duration) time.Duration {
	if attempt <= 1 {
		return min(base, limit)
	}
	prev := Backoff(attempt-1, base, limit)
	if prev > limit/2 {
		return limit
	}
	return 2 * prev
}

// FullJitter returns a uniformly random duration in [0, d), drawn from r.
func FullJitter(d time.Duration, r *rand.Rand) time.Duration {
	return time.Duration(r.Int64N(int64(d)))
}

// Schedule returns the jittered delays of attempts 1 to attempts.
func Schedule(attempts int, base, limit time.Duration, r *rand.Rand) []time.Duration {
	if attempts <= 0 {
		return nil
	}
	delays := make([]time.Duration, 0, attempts)
	for i := 1; i <= attempts; i++ {
		delays = append(delays, FullJitter(Backoff(i, base, limit), r))
	}
	return delays
}

func main() {
	r := rand.New(rand.NewPCG(1, 2))
	for i, d := range Schedule(5, 500*time.Millisecond, 8*time.Second, r) {
		fmt.Printf("attempt %d: backoff %v, wait %v\n", i+1, Backoff(i+1, 500*time.Millisecond, 8*time.Second), d)
	}
}
