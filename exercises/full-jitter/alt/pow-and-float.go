//go:build ignore

// Floating-point backoff (math.Pow saturates at +Inf, which the limit
// catches) and a jitter drawn with Float64.
package main

import (
	"math"
	"math/rand/v2"
	"time"
)

func Backoff(attempt int, base, limit time.Duration) time.Duration {
	d := float64(base) * math.Pow(2, float64(attempt-1))
	if d >= float64(limit) {
		return limit
	}
	return time.Duration(d)
}

func FullJitter(d time.Duration, r *rand.Rand) time.Duration {
	return time.Duration(r.Float64() * float64(d))
}

func Schedule(attempts int, base, limit time.Duration, r *rand.Rand) []time.Duration {
	out := []time.Duration{}
	for i := 0; i < attempts; i++ {
		out = append(out, FullJitter(Backoff(i+1, base, limit), r))
	}
	return out
}
