// The retry-storm simulator (core/storm), run once per strategy.
//
// 100 clients each send one request a second to a provider that serves 150
// requests a second. From t=10s to t=25s the provider is down. Every
// client keeps retrying until its request succeeds. The simulation is
// deterministic: the same settings and seed always give the same numbers.
//
// Columns: calls that reached the provider (first tries and retries), the
// share of them that failed, the busiest 100 ms, and when the last request
// finally succeeded (work still unfinished when the run stopped at 2m0s is
// counted in "unfinished").
//
// Try: change MaxAttempts to 4, turn on Breaker, or shorten the outage.
package main

import (
	"fmt"
	"time"

	"github.com/flakylab/flakylab/core/storm"
)

func main() {
	strategies := []storm.Strategy{storm.Immediate, storm.Exponential, storm.FullJitter}

	fmt.Printf("%-12s %7s %7s %6s %10s %10s\n", "strategy", "calls", "failed", "peak", "finished", "unfinished")
	for _, s := range strategies {
		r, err := storm.Run(storm.Config{
			Clients:     100,
			Capacity:    150,
			OutageStart: 10 * time.Second,
			OutageEnd:   25 * time.Second,
			Strategy:    s,
			Seed:        1,
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

	// The contention model: the setting of the AWS "Exponential Backoff and
	// Jitter" study. 100 clients race to update one row; losers back off.
	fmt.Println()
	fmt.Printf("%-12s %7s %10s\n", "strategy", "writes", "finished")
	for _, s := range []storm.Strategy{storm.Exponential, storm.FullJitter, storm.EqualJitter, storm.Decorrelated} {
		r, err := storm.RunContention(storm.ContentionConfig{Clients: 100, Strategy: s, Seed: 1})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%-12v %7d %10v\n", s, r.Calls, r.Completion.Round(10*time.Millisecond))
	}
}
