package main

import (
	"context"
	"fmt"
	"math/rand/v2"
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
	return call(ctx)
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
