//go:build ignore

// Retry-After is read as any number: "1.5" and "+2" are honoured.
package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/flakylab/flakylab/core/provider"
)

// Policy says how Do retries.
type Policy struct {
	MaxAttempts int           // attempts in all, the first one included
	Base        time.Duration // backoff before the first retry
	Limit       time.Duration // the largest backoff
	Sleep       func(ctx context.Context, d time.Duration) error
	Rand        *rand.Rand // the source of every jitter draw
}

// Do calls call until it gets an answer not worth retrying or runs out of
// attempts, waiting between attempts as the server asked or with a
// full-jitter backoff.
func (p Policy) Do(ctx context.Context, call func(ctx context.Context) (provider.Response, error)) (provider.Response, error) {
	backoff := p.Base
	for attempt := 1; ; attempt++ {
		resp, err := call(ctx)
		if !shouldRetry(resp.Status, err) || attempt >= p.MaxAttempts {
			return resp, err
		}
		wait, ok := retryAfter(resp)
		if !ok {
			wait = time.Duration(p.Rand.Int64N(int64(backoff)))
		}
		if err := p.Sleep(ctx, wait); err != nil {
			return provider.Response{}, err
		}
		// The next retry backs off twice as long, whatever this one did.
		if backoff = 2 * backoff; backoff > p.Limit {
			backoff = p.Limit
		}
	}
}

// shouldRetry is exercise 2's rule: transport errors except cancellation,
// 408, 409, 429 and the 5xx codes that can change.
func shouldRetry(status int, err error) bool {
	if err != nil {
		return !errors.Is(err, context.Canceled)
	}
	switch status {
	case 408, 409, 429:
		return true
	case 501, 505, 506, 508, 510, 511:
		return false
	}
	return status >= 500 && status <= 599
}

// retryAfter reads a Retry-After header in whole seconds.
func retryAfter(resp provider.Response) (time.Duration, bool) {
	v := strings.TrimSpace(resp.Get("Retry-After"))
	secs, err := strconv.ParseFloat(v, 64)
	if err != nil || secs < 0 {
		return 0, false
	}
	return time.Duration(secs * float64(time.Second)), true
}

func main() {
	p, _ := provider.New([]provider.Step{
		{Status: 429, Header: map[string]string{"Retry-After": "2"}},
		{Status: 500},
		{Status: 200, Body: []byte("charged")},
	}, provider.Settings{})
	pol := Policy{
		MaxAttempts: 4, Base: time.Second, Limit: 8 * time.Second,
		Rand: rand.New(rand.NewPCG(1, 2)),
		Sleep: func(ctx context.Context, d time.Duration) error {
			fmt.Println("sleep", d)
			return ctx.Err()
		},
	}
	resp, err := pol.Do(context.Background(), func(ctx context.Context) (provider.Response, error) {
		return p.Call(ctx, provider.Request{Method: "POST", Path: "/charges"})
	})
	fmt.Println(resp.Status, string(resp.Body), err, "after", p.Calls(), "calls")
}
