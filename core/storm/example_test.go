package storm_test

import (
	"fmt"
	"time"

	"github.com/flakylab/flakylab/core/storm"
)

// With the defaults, 100 clients send one request a second each to a
// provider that serves 150 a second, and the provider is down from 10 s to
// 25 s. Not retrying loses every request made during the outage. Immediate
// retries flood the provider with refusals that eat its capacity, so in
// most runs (this one included) it never catches up: when the run stops,
// thousands of requests are still being retried. Un-jittered backoff brings
// the clients back in synchronized spikes, which the provider mostly turns
// away; full jitter spreads them out and finishes first.
func ExampleRun() {
	for _, s := range []storm.Strategy{storm.NoRetry, storm.Immediate, storm.Exponential, storm.FullJitter} {
		r, err := storm.Run(storm.Config{Strategy: s, Seed: 2})
		if err != nil {
			panic(err)
		}
		peak := 0
		for _, sl := range r.Slices {
			if sl.Start >= 25*time.Second {
				peak = max(peak, sl.Offered)
			}
		}
		fmt.Printf("%-12s calls %6d  not done %4d  peak after outage %3d/slice  done at %v\n",
			s, r.TotalCalls, r.GaveUp+r.Unfinished, peak, r.Completion.Round(time.Second))
	}
	// Output:
	// no-retry     calls   6000  not done 1559  peak after outage  13/slice  done at 1m1s
	// immediate    calls 207659  not done 3781  peak after outage 200/slice  done at 2m0s
	// exponential  calls   6710  not done    0  peak after outage  65/slice  done at 1m34s
	// full-jitter  calls   7682  not done    0  peak after outage  26/slice  done at 1m13s
}

// The setting of the AWS study: 100 clients race to update one row with
// compare-and-swap, backing off after each failed write.
func ExampleRunContention() {
	for _, s := range []storm.Strategy{storm.Exponential, storm.FullJitter} {
		r, err := storm.RunContention(storm.ContentionConfig{Clients: 100, Strategy: s, Seed: 1})
		if err != nil {
			panic(err)
		}
		fmt.Printf("%-12s %5d writes, done in %v\n", s, r.Calls, r.Completion.Round(10*time.Millisecond))
	}
	// Output:
	// exponential   1836 writes, done in 1m0.06s
	// full-jitter    790 writes, done in 4.33s
}

func ExampleParseStrategy() {
	s, err := storm.ParseStrategy("Full Jitter")
	fmt.Println(s, err)
	_, err = storm.ParseStrategy("random")
	fmt.Println(err)
	// Output:
	// full-jitter <nil>
	// storm: unknown strategy "random" (want one of no-retry, immediate, exponential, full-jitter, equal-jitter, decorrelated)
}
