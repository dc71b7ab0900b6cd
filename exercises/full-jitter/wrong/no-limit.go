//go:build ignore

package main

import (
	"math"
	"math/rand/v2"
	"time"
)

// The backoff doubles forever: attempt 10 with base 500ms already waits
// more than four minutes.
func Backoff(attempt int, base, limit time.Duration) time.Duration {
	return time.Duration(float64(base) * math.Pow(2, float64(attempt-1)))
}

func FullJitter(d time.Duration, r *rand.Rand) time.Duration {
	return time.Duration(r.Float64() * float64(d))
}

func Schedule(attempts int, base, limit time.Duration, r *rand.Rand) []time.Duration {
	var delays []time.Duration
	for i := 1; i <= attempts; i++ {
		delays = append(delays, FullJitter(Backoff(i, base, limit), r))
	}
	return delays
}
