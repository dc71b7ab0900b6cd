package retry

import (
	"context"
	"net/http"
	"testing"
	"time"
)

// t0 is far in the future so that a context deadline derived from it never
// passes in real time while a test runs.
var t0 = time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC)

// result is one scripted attempt.
type result struct {
	status     int
	retryAfter string // Retry-After header value, "" for none
	err        error
}

// rig is a scripted operation with a clock that only moves when Do sleeps.
type rig struct {
	t      *testing.T
	script []result
	now    time.Time
	calls  int
	waits  []time.Duration
	tries  []Attempt
}

func newRig(t *testing.T, script ...result) *rig {
	return &rig{t: t, script: script, now: t0}
}

func (r *rig) op(ctx context.Context, attempt int) (Response, error) {
	r.calls++
	if attempt != r.calls {
		r.t.Errorf("op got attempt %d, want %d", attempt, r.calls)
	}
	if r.calls > len(r.script) {
		r.t.Fatalf("op called %d times, script has %d results", r.calls, len(r.script))
	}
	res := r.script[r.calls-1]
	resp := Response{Status: res.status}
	if res.retryAfter != "" {
		resp.Header = http.Header{"Retry-After": {res.retryAfter}}
	}
	return resp, res.err
}

func (r *rig) sleep(ctx context.Context, d time.Duration) error {
	r.waits = append(r.waits, d)
	r.now = r.now.Add(d)
	return ctx.Err()
}

// policy returns p wired to the rig's clock, sleep and retry log.
func (r *rig) policy(p Policy) Policy {
	p.Now = func() time.Time { return r.now }
	p.Sleep = r.sleep
	p.OnRetry = func(a Attempt) { r.tries = append(r.tries, a) }
	return p
}

func statuses(rs ...int) []result {
	out := make([]result, len(rs))
	for i, s := range rs {
		out[i] = result{status: s}
	}
	return out
}
