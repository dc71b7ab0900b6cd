package main

import (
	"fmt"
	"math/rand/v2"
	"time"
)

// Backoff returns the backoff of attempt (1 for the first retry): base
// doubled attempt-1 times, never above limit.
func Backoff(attempt int, base, limit time.Duration) time.Duration {
	return 0
}

// FullJitter returns a uniformly random duration in [0, d), drawn from r.
func FullJitter(d time.Duration, r *rand.Rand) time.Duration {
	return 0
}

// Schedule returns the jittered delays of attempts 1 to attempts.
func Schedule(attempts int, base, limit time.Duration, r *rand.Rand) []time.Duration {
	return nil
}

func main() {
	r := rand.New(rand.NewPCG(1, 2))
	for i, d := range Schedule(5, 500*time.Millisecond, 8*time.Second, r) {
		fmt.Printf("attempt %d: backoff %v, wait %v\n", i+1, Backoff(i+1, 500*time.Millisecond, 8*time.Second), d)
	}
}
