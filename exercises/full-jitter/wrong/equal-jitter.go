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

// Equal jitter: half the backoff is fixed, only the other half is random,
// so every client still waits at least d/2 and they stay partly in step.
func FullJitter(d time.Duration, r *rand.Rand) time.Duration {
	return d/2 + time.Duration(r.Int64N(int64(d-d/2)))
}

func Schedule(attempts int, base, limit time.Duration, r *rand.Rand) []time.Duration {
	var delays []time.Duration
	for i := 1; i <= attempts; i++ {
		delays = append(delays, FullJitter(Backoff(i, base, limit), r))
	}
	return delays
}
