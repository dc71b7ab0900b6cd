//go:build ignore

package main

import (
	"math/rand/v2"
	"time"
)

func Backoff(attempt int, base, limit time.Duration) time.Duration {
	d := base
	for i := 1; i < attempt && d < limit; i++ {
		d *= 2
	}
	if d > limit {
		return limit
	}
	return d
}

// The draw comes from the package-level source, not from r: the delays
// look fine but no seed can reproduce them.
func FullJitter(d time.Duration, r *rand.Rand) time.Duration {
	return time.Duration(rand.Int64N(int64(d)))
}

func Schedule(attempts int, base, limit time.Duration, r *rand.Rand) []time.Duration {
	var delays []time.Duration
	for i := 1; i <= attempts; i++ {
		delays = append(delays, FullJitter(Backoff(i, base, limit), r))
	}
	return delays
}
