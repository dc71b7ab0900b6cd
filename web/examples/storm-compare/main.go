// The retry-storm simulator (core/storm), both of its models.
//
// First the setting of the AWS study "Exponential Backoff and Jitter": 100
// clients race to update one row of a database; a write that loses the
// race fails, and its client backs off and tries again. "writes" is the
// work the clients made the database do, "finished" when the last client
// got its write in.
//
// Then a provider that goes down: 100 clients each send one request a
// second to a provider that serves 150 requests a second, and it is down
// from t=10s to t=25s. Every client keeps retrying until its request
// succeeds. "calls" counts first tries and retries, "failed" the share of
// them that got an error, "peak" the busiest 100 ms, "finished" when the
// last request succeeded, and "unfinished" the requests still being retried
// when the run stopped at 2m0s.
//
// Both are deterministic: the same settings and seed give the same numbers.
// Try: change MaxAttempts to 4, turn on Breaker, or shorten the outage.
package main

import (
	"fmt"
	"time"

	"github.com/flakylab/flakylab/core/storm"
)

func main() {
	fmt.Println("Clients competing for one row")
	fmt.Printf("%-12s %7s %10s\n", "strategy", "writes", "finished")
	for _, s := range []storm.Strategy{storm.Exponential, storm.FullJitter, storm.EqualJitter, storm.Decorrelated} {
		r, err := storm.RunContention(storm.ContentionConfig{Clients: 100, Strategy: s, Seed: 1})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%-12v %7d %10v\n", s, r.Calls, r.Completion.Round(10*time.Millisecond))
	}

	fmt.Println()
	fmt.Println("A provider that goes down for 15 s")
	fmt.Printf("%-12s %7s %7s %6s %10s %10s\n", "strategy", "calls", "failed", "peak", "finished", "unfinished")
	for _, s := range []storm.Strategy{storm.Immediate, storm.Exponential, storm.FullJitter} {
		r, err := storm.Run(storm.Config{
			Clients:     100,
			Capacity:    150,
			OutageStart: 10 * time.Second,
			OutageEnd:   25 * time.Second,
			Strategy:    s,
			Seed:        2,
		})
		if err != nil {
			fmt.Println(err)
			return
		}
		peak := 0
		for _, sl := range r.Slices {
			if sl.Offered > peak {
				peak = sl.Offered
			}
		}
		failed := 100 * float64(r.Failures) / float64(r.TotalCalls)
		fmt.Printf("%-12v %7d %6.0f%% %6d %10v %10d\n",
			s, r.TotalCalls, failed, peak, r.Completion.Round(time.Second), r.Unfinished)
	}
}
