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

// No jitter at all: every client that failed together waits exactly the
// same time and retries together.
func FullJitter(d time.Duration, r *rand.Rand) time.Duration {
	return d
}

func Schedule(attempts int, base, limit time.Duration, r *rand.Rand) []time.Duration {
	var delays []time.Duration
	for i := 1; i <= attempts; i++ {
		delays = append(delays, FullJitter(Backoff(i, base, limit), r))
	}
	return delays
}
