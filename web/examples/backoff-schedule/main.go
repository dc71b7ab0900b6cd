// An exponential backoff schedule: base 0.5 s, doubling, capped at 8 s,
// with full jitter (a uniform random wait below each backoff). The random
// source is seeded, so every run prints the same jittered column.
//
// Try: set Jitter to backoff.Equal or backoff.Decorrelated, change the seed,
// or ask for 8 attempts to see the cap at work.
package main

import (
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/flakylab/flakylab/core/backoff"
)

func main() {
	sched, err := backoff.New(backoff.Config{
		Base:   500 * time.Millisecond,
		Cap:    8 * time.Second,
		Jitter: backoff.Full,
	})
	if err != nil {
		fmt.Println(err)
		return
	}

	rng := rand.New(rand.NewPCG(1, 2)) // a fixed seed: the same draws every run
	it := sched.Iter(rng)

	fmt.Println("attempt  backoff  full jitter")
	for attempt := 1; attempt <= 5; attempt++ {
		wait := it.Next()
		fmt.Printf("%7d  %7v  %v\n", attempt, sched.Exponential(attempt), wait.Truncate(time.Millisecond))
	}
}
