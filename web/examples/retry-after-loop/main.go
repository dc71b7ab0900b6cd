// A retry loop written out by hand against a scripted provider, on a
// virtual clock:
//
//	attempt 1 -> 429 with Retry-After: 2  -> wait exactly 2 s (the server asked)
//	attempt 2 -> 500, no header           -> wait a random backoff below 2 s
//	attempt 3 -> 200                      -> done
//
// Try: remove the Retry-After header, or make step 2 answer 422 and watch
// the loop stop at once.
package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/flakylab/flakylab/core/backoff"
	"github.com/flakylab/flakylab/core/classify"
	"github.com/flakylab/flakylab/core/clock"
	"github.com/flakylab/flakylab/core/provider"
)

func main() {
	vc := clock.NewVirtual(time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC))
	defer vc.Close()

	p, err := provider.New([]provider.Step{
		{Status: 429, Header: map[string]string{"Retry-After": "2"}},
		{Status: 500},
		{Status: 200, Body: []byte(`{"quote": 42}`)},
	}, provider.Settings{Sleep: vc.Sleep})
	if err != nil {
		fmt.Println(err)
		return
	}

	// Backoff before retry n is 1 s, 2 s, 4 s ... with full jitter.
	sched, _ := backoff.New(backoff.Config{Base: time.Second, Cap: 8 * time.Second, Jitter: backoff.Full})
	rng := rand.New(rand.NewPCG(1, 2))

	ctx := context.Background()
	const maxAttempts = 4
	for attempt := 1; attempt <= maxAttempts; attempt++ {
		resp, err := p.Call(ctx, provider.Request{Method: "GET", Path: "/quote"})
		fmt.Printf("t=%-7v attempt %d: ", vc.Elapsed().Round(time.Millisecond), attempt)
		if err == nil && resp.Status < 400 {
			fmt.Printf("%d %s\n", resp.Status, resp.Body)
			return
		}

		var verdict classify.Decision
		if err != nil {
			verdict = classify.Error(err)
			fmt.Println(err)
		} else {
			verdict = classify.Status(resp.Status)
			fmt.Println(resp.Status)
		}
		if verdict.Verdict == classify.Never || attempt == maxAttempts {
			fmt.Println("giving up:", verdict.Reason)
			return
		}

		// The server's Retry-After comes first; our own backoff otherwise.
		wait, asked := classify.RetryAfter(resp, vc.Now(), time.Minute)
		if asked {
			fmt.Printf("          Retry-After says wait %v\n", wait)
		} else {
			wait = sched.Delay(attempt, 0, rng.Float64())
			fmt.Printf("          no Retry-After: backoff below %v, wait %v\n",
				sched.Exponential(attempt), wait.Round(time.Millisecond))
		}
		vc.SleepPlain(wait)
	}
}
