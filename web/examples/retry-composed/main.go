// Everything together. A client sends a request every second for 40 s to a
// provider that is down until t=15s. Three guards cooperate:
//
//   - a token bucket (2 tokens, 1 per second) caps how fast we call at all;
//   - retry.Policy retries what can succeed, 3 attempts at most, with full
//     jitter between them;
//   - a circuit breaker (5 failures, 10 s cooldown) stops calling while the
//     provider is down, so retries stop piling onto it.
//
// Try: remove the Breaker line and compare the number of provider calls.
package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/flakylab/flakylab/core/backoff"
	"github.com/flakylab/flakylab/core/breaker"
	"github.com/flakylab/flakylab/core/bucket"
	"github.com/flakylab/flakylab/core/clock"
	"github.com/flakylab/flakylab/core/retry"
)

func main() {
	vc := clock.NewVirtual(time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC))
	defer vc.Close()
	start := vc.Now()

	limiter, _ := bucket.New(2, 1)
	cb, _ := breaker.New(breaker.Settings{Threshold: 5, Cooldown: 10 * time.Second, Now: vc.Now})
	policy := retry.Policy{
		MaxAttempts: 3,
		Idempotent:  true, // a GET: safe to repeat
		Backoff:     backoff.Config{Base: 500 * time.Millisecond, Cap: 4 * time.Second, Jitter: backoff.Full},
		Breaker:     cb,
		Rand:        rand.New(rand.NewPCG(3, 4)),
		Sleep:       vc.Sleep,
		Now:         vc.Now,
	}

	providerCalls := 0
	call := func(ctx context.Context, attempt int) (retry.Response, error) {
		// Our own limiter first: wait for a token rather than burst.
		if wait, ok := limiter.WaitAt(vc.Now(), 1); ok && wait > 0 {
			vc.SleepPlain(wait)
		}
		limiter.AllowAt(vc.Now())
		providerCalls++
		if vc.Since(start) < 15*time.Second {
			return retry.Response{Status: 503}, nil
		}
		return retry.Response{Status: 200}, nil
	}

	ok, failed, fastFailed := 0, 0, 0
	for i := 0; i < 40; i++ {
		sent := start.Add(time.Duration(i) * time.Second)
		if d := vc.Until(sent); d > 0 {
			vc.SleepPlain(d)
		}
		_, err := policy.Do(context.Background(), call)
		switch {
		case err == nil:
			ok++
		case errors.Is(err, breaker.ErrOpen):
			fastFailed++
		default:
			failed++
		}
		if i%5 == 4 {
			fmt.Printf("t=%-4v ok=%-2d failed=%-2d failed fast=%-2d provider calls=%-3d circuit %v\n",
				vc.Since(start).Round(time.Second), ok, failed, fastFailed, providerCalls, cb.State())
		}
	}
	fmt.Printf("\n40 requests cost the provider %d calls\n", providerCalls)
}
