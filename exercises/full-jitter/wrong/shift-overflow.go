//go:build ignore

package main

import (
	"math/rand/v2"
	"time"
)

// The backoff is computed with a shift and clamped afterwards: from about
// attempt 35 on (base 1s) the shift overflows, and the "capped" backoff
// becomes zero or negative.
func Backoff(attempt int, base, limit time.Duration) time.Duration {
	d := base << (attempt - 1)
	if d > limit {
		return limit
	}
	return d
}

func FullJitter(d time.Duration, r *rand.Rand) time.Duration {
	return time.Duration(r.Int64N(int64(d)))
}

func Schedule(attempts int, base, limit time.Duration, r *rand.Rand) []time.Duration {
	var delays []time.Duration
	for i := 1; i <= attempts; i++ {
		delays = append(delays, FullJitter(Backoff(i, base, limit), r))
	}
	return delays
}
