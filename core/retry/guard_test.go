package retry

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/core/breaker"
)

func newBreaker(t *testing.T, r *rig, threshold int) *breaker.Breaker {
	t.Helper()
	b, err := breaker.New(breaker.Settings{Threshold: threshold, Cooldown: time.Minute, Now: func() time.Time { return r.now }})
	require.NoError(t, err)
	return b
}

func TestBreakerOpenStopsWithoutCallingOp(t *testing.T) {
	r := newRig(t)
	b := newBreaker(t, r, 1)
	tk, err := b.Allow()
	require.NoError(t, err)
	b.Record(tk, false)

	_, err = r.policy(Policy{Idempotent: true, Breaker: b}).Do(context.Background(), r.op)
	var re *Error
	require.ErrorAs(t, err, &re)
	assert.Equal(t, CircuitOpen, re.Reason, "reason")
	assert.Equal(t, 0, re.Attempts, "attempts")
	assert.Equal(t, 0, r.calls, "op calls")
	assert.ErrorIs(t, err, breaker.ErrOpen)
	assert.Equal(t, "retry: circuit open after 0 attempts: breaker: circuit open", err.Error())
}

func TestBreakerCountsOutcomes(t *testing.T) {
	tests := []struct {
		name       string
		script     []result
		wantReason StopReason
		wantCalls  int
		wantState  breaker.State
	}{
		{"retryable failures open it mid-loop", statuses(503, 503, 503), CircuitOpen, 2, breaker.Open},
		{"a 404 is a healthy answer", statuses(503, 404), NotRetryable, 2, breaker.Closed},
		{"success resets the streak", statuses(503, 200), 0, 2, breaker.Closed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newRig(t, tt.script...)
			b := newBreaker(t, r, 2)
			_, err := r.policy(Policy{Idempotent: true, MaxAttempts: 5, Breaker: b}).Do(context.Background(), r.op)
			assert.Equal(t, tt.wantCalls, r.calls, "calls")
			assert.Equal(t, tt.wantState, b.State(), "breaker state")
			if tt.wantReason == 0 {
				require.NoError(t, err)
				assert.Equal(t, 0, b.Counts().ConsecutiveFailures, "consecutive failures")
				return
			}
			var re *Error
			require.ErrorAs(t, err, &re)
			assert.Equal(t, tt.wantReason, re.Reason, "reason (%v)", err)
		})
	}
}

func TestBudget(t *testing.T) {
	r := newRig(t, statuses(503, 503, 503, 503)...)
	budget, err := NewBudget(10, 5, 0, 0)
	require.NoError(t, err)
	_, err = r.policy(Policy{Idempotent: true, MaxAttempts: 10, Budget: budget}).Do(context.Background(), r.op)
	var re *Error
	require.ErrorAs(t, err, &re)
	assert.Equal(t, BudgetEmpty, re.Reason, "reason (%v)", err)
	assert.Equal(t, 3, r.calls, "calls: two retries of 5 tokens each from 10")
	assert.Equal(t, 0, budget.Tokens(), "tokens left")
	assert.Equal(t, 503, re.Last.Status)

	// A success at the first attempt earns the success refund.
	r = newRig(t, statuses(200)...)
	_, err = r.policy(Policy{Idempotent: true, Budget: budget}).Do(context.Background(), r.op)
	require.NoError(t, err)
	assert.Equal(t, 1, budget.Tokens(), "after a first-attempt success")
	r = newRig(t, statuses(503)...)
	_, err = r.policy(Policy{Idempotent: true, Budget: budget}).Do(context.Background(), r.op)
	require.ErrorAs(t, err, &re, "1 token cannot pay for a retry")
	assert.Equal(t, BudgetEmpty, re.Reason)
}

func TestBudgetRefundAfterRetry(t *testing.T) {
	budget, err := NewBudget(0, 0, 0, 0)
	require.NoError(t, err)
	r := newRig(t, statuses(503, 503, 200)...)
	_, err = r.policy(Policy{Idempotent: true, Budget: budget}).Do(context.Background(), r.op)
	require.NoError(t, err)
	assert.Equal(t, 495, budget.Tokens(), "two retries took 10, the success returned the last 5")
}

func TestContext(t *testing.T) {
	t.Run("deadline shorter than the wait stops early", func(t *testing.T) {
		r := newRig(t, result{status: 429, retryAfter: "5"})
		ctx, cancel := context.WithDeadline(context.Background(), t0.Add(3*time.Second))
		defer cancel()
		_, err := r.policy(Policy{Idempotent: true}).Do(ctx, r.op)
		var re *Error
		require.ErrorAs(t, err, &re)
		assert.Equal(t, ContextDone, re.Reason)
		assert.ErrorIs(t, err, context.DeadlineExceeded)
		assert.Empty(t, r.waits, "no wait when it would outlast the deadline")
		assert.Equal(t, 429, re.Last.Status)
	})
	t.Run("done before the first attempt", func(t *testing.T) {
		r := newRig(t)
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		_, err := r.policy(Policy{Idempotent: true}).Do(ctx, r.op)
		var re *Error
		require.ErrorAs(t, err, &re)
		assert.Equal(t, Error{Reason: ContextDone, Err: context.Canceled}, *re)
		assert.Equal(t, 0, r.calls)
	})
	t.Run("cancelled while waiting", func(t *testing.T) {
		r := newRig(t, statuses(503)...)
		ctx, cancel := context.WithCancel(context.Background())
		p := r.policy(Policy{Idempotent: true})
		p.Sleep = func(context.Context, time.Duration) error { cancel(); return errors.New("woken") }
		_, err := p.Do(ctx, r.op)
		var re *Error
		require.ErrorAs(t, err, &re)
		assert.Equal(t, ContextDone, re.Reason)
		assert.ErrorIs(t, err, context.Canceled, "the context's error wins over Sleep's")
	})
	t.Run("sleep error alone", func(t *testing.T) {
		r := newRig(t, statuses(503)...)
		p := r.policy(Policy{Idempotent: true})
		woken := errors.New("woken")
		p.Sleep = func(context.Context, time.Duration) error { return woken }
		_, err := p.Do(context.Background(), r.op)
		assert.ErrorIs(t, err, woken)
	})
	for _, tc := range []struct {
		name        string
		cancelCause func(context.CancelFunc) error
		opErr       error
		wantErr     error
		wantFailure int
	}{
		{"cancelled during an attempt: breaker not told", func(c context.CancelFunc) error { c(); return nil }, errReset, context.Canceled, 0},
		{"deadline during an attempt: breaker told", nil, context.DeadlineExceeded, context.DeadlineExceeded, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t)
			b := newBreaker(t, r, 5)
			var ctx context.Context
			var cancel context.CancelFunc
			if tc.cancelCause == nil {
				ctx, cancel = context.WithDeadline(context.Background(), time.Unix(0, 0))
			} else {
				ctx, cancel = context.WithCancel(context.Background())
			}
			defer cancel()
			calls := 0
			op := func(context.Context, int) (Response, error) {
				calls++
				if tc.cancelCause != nil {
					tc.cancelCause(cancel)
				}
				return Response{Status: 503}, tc.opErr
			}
			// Skip the first check of ctx so the attempt runs: wrap ctx so
			// that Err reports nil until the op has run.
			_, err := r.policy(Policy{Idempotent: true, Breaker: b}).Do(lateCtx{ctx, &calls}, op)
			var re *Error
			require.ErrorAs(t, err, &re)
			assert.Equal(t, ContextDone, re.Reason)
			assert.Equal(t, 1, re.Attempts)
			assert.ErrorIs(t, err, tc.wantErr)
			assert.Equal(t, tc.wantFailure, b.Counts().Failures, "breaker failures")
		})
	}
}

// lateCtx hides its parent's error until the op has been called once, to
// stage a context that ends during an attempt.
type lateCtx struct {
	context.Context
	calls *int
}

func (c lateCtx) Err() error {
	if *c.calls == 0 {
		return nil
	}
	return c.Context.Err()
}

func TestPerAttemptTimeout(t *testing.T) {
	expired := func(ctx context.Context, _ time.Duration) (context.Context, context.CancelFunc) {
		return context.WithDeadline(ctx, time.Unix(0, 0))
	}
	tests := []struct {
		name      string
		opErr     error
		wantCost  int
		wantCalls int
	}{
		{"op returns the deadline error", context.DeadlineExceeded, 10, 2},
		{"op returns its own error after the deadline", errOdd, 10, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newRig(t)
			budget, err := NewBudget(0, 0, 0, 0)
			require.NoError(t, err)
			p := r.policy(Policy{Idempotent: true, StopOnCaution: true, PerAttemptTimeout: time.Second, WithTimeout: expired, Budget: budget})
			calls := 0
			_, err = p.Do(context.Background(), func(ctx context.Context, n int) (Response, error) {
				calls++
				if n == 1 {
					require.Error(t, ctx.Err(), "attempt context should be done")
					return Response{}, tt.opErr
				}
				return Response{Status: 200}, nil
			})
			require.NoError(t, err)
			assert.Equal(t, tt.wantCalls, calls)
			require.Len(t, r.tries, 1)
			assert.Equal(t, "retry", r.tries[0].Decision.Verdict.String(), "verdict: %v", r.tries[0].Decision)
			assert.Equal(t, 500, budget.Tokens(), "timeout cost withdrawn then refunded")
		})
	}
	t.Run("real timeout context", func(t *testing.T) {
		r := newRig(t)
		var deadline time.Time
		var hasDeadline bool
		_, err := r.policy(Policy{PerAttemptTimeout: time.Hour}).Do(context.Background(), func(ctx context.Context, _ int) (Response, error) {
			deadline, hasDeadline = ctx.Deadline()
			return Response{Status: 200}, nil
		})
		require.NoError(t, err)
		assert.True(t, hasDeadline, "attempt context has a deadline")
		assert.WithinDuration(t, time.Now().Add(time.Hour), deadline, time.Minute)
	})
}

// TestConcurrentDo is for the race detector: one Policy, with a shared
// breaker and budget and a private source per call, serves many goroutines.
func TestConcurrentDo(t *testing.T) {
	b, err := breaker.New(breaker.Settings{Threshold: 1_000_000})
	require.NoError(t, err)
	budget, err := NewBudget(0, 0, 0, 0)
	require.NoError(t, err)
	p := Policy{Idempotent: true, Breaker: b, Budget: budget, Sleep: func(context.Context, time.Duration) error { return nil }}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 50 {
				_, err := p.Do(context.Background(), func(_ context.Context, n int) (Response, error) {
					if n == 1 {
						return Response{Status: 503}, nil
					}
					return Response{Status: 200}, nil
				})
				assert.NoError(t, err)
			}
		})
	}
	wg.Wait()
	assert.Equal(t, 500, budget.Tokens(), "every retry's tokens came back")
	assert.Equal(t, 800, b.Counts().Requests, "breaker saw every attempt")
}

func BenchmarkDoSuccess(b *testing.B) {
	p := Policy{Idempotent: true}
	op := func(context.Context, int) (Response, error) { return Response{Status: 200}, nil }
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		_, _ = p.Do(ctx, op)
	}
}

func BenchmarkDoOneRetry(b *testing.B) {
	br, _ := breaker.New(breaker.Settings{Threshold: 1 << 30})
	budget, _ := NewBudget(0, 0, 0, 0)
	p := Policy{Idempotent: true, Breaker: br, Budget: budget, Rand: rand.New(rand.NewPCG(1, 2)),
		Sleep: func(context.Context, time.Duration) error { return nil }}
	op := func(_ context.Context, n int) (Response, error) {
		if n == 1 {
			return Response{Status: 503}, nil
		}
		return Response{Status: 200}, nil
	}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		_, _ = p.Do(ctx, op)
	}
}
