package main

import (
	"fmt"
	"math/rand"
	"time"
)

func backoff(attempt int, base, limit time.Duration) time.Duration {
	d := base << attempt
	return min(d, limit)
}

func main() {
	base, limit := 100*time.Millisecond, 2*time.Second
	var total time.Duration
	for attempt := range 7 {
		d := backoff(attempt, base, limit)
		total += d
		fmt.Printf("attempt %d: sleep %v\n", attempt+1, d)
	}
	fmt.Println("total", total)
	rng := rand.New(rand.NewSource(42))
	for attempt := range 3 {
		d := backoff(attempt, base, limit)
		jittered := time.Duration(rng.Int63n(int64(d)))
		fmt.Println(jittered <= d, jittered >= 0)
	}
}
