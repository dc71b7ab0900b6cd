//go:build ignore

// The loop built from the course's own packages: classify decides and
// reads Retry-After, backoff's iterator draws the full-jitter waits.
package main

import (
	"context"
	"math/rand/v2"
	"time"

	"github.com/flakylab/flakylab/core/backoff"
	"github.com/flakylab/flakylab/core/classify"
	"github.com/flakylab/flakylab/core/provider"
)

type Policy struct {
	MaxAttempts int
	Base        time.Duration
	Limit       time.Duration
	Sleep       func(ctx context.Context, d time.Duration) error
	Rand        *rand.Rand
}

func (p Policy) Do(ctx context.Context, call func(ctx context.Context) (provider.Response, error)) (provider.Response, error) {
	sched, err := backoff.New(backoff.Config{Base: p.Base, Cap: p.Limit, Jitter: backoff.Full})
	if err != nil {
		return provider.Response{}, err
	}
	waits := sched.Iter(p.Rand)
	for attempt := 1; ; attempt++ {
		resp, err := call(ctx)
		verdict := classify.Error(err).Verdict
		if err == nil {
			verdict = classify.Status(resp.Status).Verdict
		}
		if verdict == classify.Never || attempt >= p.MaxAttempts {
			return resp, err
		}
		wait := waits.Next() // every retry advances the schedule
		if d, ok := classify.ParseRetryAfter(resp.Get("Retry-After"), time.Now()); ok && err == nil {
			wait = d
		}
		if err := p.Sleep(ctx, wait); err != nil {
			return provider.Response{}, err
		}
	}
}
