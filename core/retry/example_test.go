package retry_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"time"

	"github.com/flakylab/flakylab/core/backoff"
	"github.com/flakylab/flakylab/core/retry"
)

// The retry loop of the backoff lesson against a scripted provider: a 429
// with Retry-After 2 waits exactly 2 s, a 500 without a header waits a
// full-jitter backoff below 2 s, and the 200 is returned. The clock only
// moves when the loop sleeps, and the seeded source makes the jitter
// reproducible.
func Example() {
	start := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	now := start
	answers := []retry.Response{
		{Status: 429, Header: http.Header{"Retry-After": {"2"}}},
		{Status: 500},
		{Status: 200, Value: "hello"},
	}
	p := retry.Policy{
		Idempotent: true, // a GET: safe to repeat
		Backoff:    backoff.Config{Base: time.Second, Cap: 8 * time.Second, Jitter: backoff.Full},
		Rand:       rand.New(rand.NewPCG(1, 2)),
		Now:        func() time.Time { return now },
		Sleep: func(_ context.Context, d time.Duration) error {
			now = now.Add(d)
			return nil
		},
		OnRetry: func(a retry.Attempt) {
			from := "backoff"
			if a.RetryAfter {
				from = "Retry-After"
			}
			fmt.Printf("  %s: wait %v (%s)\n", a.Decision.Verdict, a.Wait.Round(time.Millisecond), from)
		},
	}
	resp, err := p.Do(context.Background(), func(_ context.Context, attempt int) (retry.Response, error) {
		r := answers[attempt-1]
		fmt.Printf("attempt %d at +%v: %d\n", attempt, now.Sub(start).Round(time.Millisecond), r.Status)
		return r, nil
	})
	fmt.Println(resp.Value, err)
	// Output:
	// attempt 1 at +0s: 429
	//   retry: wait 2s (Retry-After)
	// attempt 2 at +2s: 500
	//   caution: wait 1.353s (backoff)
	// attempt 3 at +3.353s: 200
	// hello <nil>
}

// A POST without an idempotency key is never retried: repeating it could
// apply it twice. The error says why Do stopped.
func ExamplePolicy_Do_notIdempotent() {
	p := retry.Policy{} // Idempotent false, no IdempotencyKey
	calls := 0
	_, err := p.Do(context.Background(), func(context.Context, int) (retry.Response, error) {
		calls++
		return retry.Response{Status: 503}, nil
	})
	var re *retry.Error
	if errors.As(err, &re) {
		fmt.Println(calls, re.Reason)
	}
	fmt.Println(err)
	// Output:
	// 1 not idempotent
	// retry: not idempotent after 1 attempt: last status 503
}
