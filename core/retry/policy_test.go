package retry

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/core/backoff"
)

func TestValidate(t *testing.T) {
	tests := []struct {
		name string
		p    Policy
		want string // "" = valid
	}{
		{"zero policy", Policy{}, ""},
		{"negative MaxAttempts", Policy{MaxAttempts: -1}, "retry: MaxAttempts must be >= 0, got -1"},
		{"negative PerAttemptTimeout", Policy{PerAttemptTimeout: -time.Second}, "retry: PerAttemptTimeout must be >= 0, got -1s"},
		{"negative MaxRetryAfter", Policy{MaxRetryAfter: -time.Second}, "retry: MaxRetryAfter must be >= 0, got -1s"},
		{"cap below base", Policy{Backoff: backoff.Config{Base: 2 * time.Second, Cap: time.Second}}, "retry: Backoff: backoff: cap (1s) must be >= base (2s)"},
		{"negative base", Policy{Backoff: backoff.Config{Base: -time.Second}}, "retry: Backoff: backoff: base must be > 0, got -1s"},
		{"multiplier below 1", Policy{Backoff: backoff.Config{Multiplier: 0.5}}, "retry: Backoff: backoff: multiplier must be >= 1 (or 0 for the default 2), got 0.5"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.p.Validate()
			if tt.want == "" {
				assert.NoError(t, err, "Validate(%+v)", tt.p)
				return
			}
			require.Error(t, err, "Validate(%+v): want %q", tt.p, tt.want)
			assert.Equal(t, tt.want, err.Error())

			called := false
			_, err = tt.p.Do(context.Background(), func(context.Context, int) (Response, error) {
				called = true
				return Response{}, nil
			})
			assert.EqualError(t, err, tt.want, "Do with an invalid policy")
			assert.False(t, called, "op must not run under an invalid policy")
		})
	}
}

func TestStopReasonString(t *testing.T) {
	for r, want := range map[StopReason]string{
		AttemptsExhausted: "attempts exhausted",
		NotRetryable:      "not retryable",
		CircuitOpen:       "circuit open",
		BudgetEmpty:       "retry budget empty",
		ContextDone:       "context done",
		NotIdempotent:     "not idempotent",
		0:                 "StopReason(0)",
	} {
		assert.Equal(t, want, r.String(), "StopReason(%d)", int(r))
	}
}

func TestErrorMessage(t *testing.T) {
	tests := []struct {
		e    Error
		want string
	}{
		{Error{Reason: AttemptsExhausted, Attempts: 3, Last: Response{Status: 503}}, "retry: attempts exhausted after 3 attempts: last status 503"},
		{Error{Reason: NotRetryable, Attempts: 1, Last: Response{Status: 400}}, "retry: not retryable after 1 attempt: last status 400"},
		{Error{Reason: ContextDone, Attempts: 2, Err: context.DeadlineExceeded}, "retry: context done after 2 attempts: context deadline exceeded"},
		{Error{Reason: NotIdempotent, Attempts: 1, Last: Response{Status: 502}, Err: errOdd}, "retry: not idempotent after 1 attempt: last status 502: something odd"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tt.e.Error(), "%+v", tt.e)
		assert.Equal(t, tt.e.Err, errors.Unwrap(&tt.e), "Unwrap of %+v", tt.e)
	}
}

func TestRealSleep(t *testing.T) {
	ctx := context.Background()
	assert.NoError(t, sleep(ctx, 0), "zero wait")
	assert.NoError(t, sleep(ctx, time.Nanosecond), "a nanosecond on a real timer")
	done, cancel := context.WithCancel(ctx)
	cancel()
	assert.ErrorIs(t, sleep(done, time.Hour), context.Canceled, "cancelled context ends the wait")
	assert.ErrorIs(t, sleep(done, 0), context.Canceled, "cancelled context, zero wait")
}

func TestZeroPolicyUsesRealClock(t *testing.T) {
	// The nil Sleep and Now defaults: a 0 s Retry-After needs no real wait.
	calls := 0
	resp, err := Policy{Idempotent: true}.Do(context.Background(), func(context.Context, int) (Response, error) {
		calls++
		if calls == 1 {
			return Response{Status: 503, Header: mapHeader{"Retry-After": "0"}}, nil
		}
		return Response{Status: 200, Value: "ok"}, nil
	})
	require.NoError(t, err)
	assert.Equal(t, "ok", resp.Value, "Value passes through")
	assert.Equal(t, 2, calls)
}

func TestNewBudget(t *testing.T) {
	tests := []struct {
		args [4]int
		want string
	}{
		{[4]int{-1, 0, 0, 0}, "retry: budget capacity must be >= 0, got -1"},
		{[4]int{0, -1, 0, 0}, "retry: budget retryCost must be >= 0, got -1"},
		{[4]int{0, 0, -1, 0}, "retry: budget timeoutCost must be >= 0, got -1"},
		{[4]int{0, 0, 0, -1}, "retry: budget successRefund must be >= 0, got -1"},
	}
	for _, tt := range tests {
		b, err := NewBudget(tt.args[0], tt.args[1], tt.args[2], tt.args[3])
		assert.EqualError(t, err, tt.want, "NewBudget%v", tt.args)
		assert.Nil(t, b)
	}

	b, err := NewBudget(0, 0, 0, 0)
	require.NoError(t, err)
	assert.Equal(t, 500, b.Capacity(), "default capacity")
	assert.Equal(t, 500, b.Tokens(), "starts full")
	for _, step := range []struct {
		name    string
		do      func() (int, bool)
		want    int
		wantOK  bool
		wantNow int
	}{
		{"retry costs 5", func() (int, bool) { return b.Withdraw(false) }, 5, true, 495},
		{"timeout costs 10", func() (int, bool) { return b.Withdraw(true) }, 10, true, 485},
		{"refund of a retry", func() (int, bool) { b.Refund(10); return 0, false }, 0, false, 495},
		{"success refund", func() (int, bool) { b.Refund(0); return 0, false }, 0, false, 496},
		{"never above capacity", func() (int, bool) { b.Refund(100); return 0, false }, 0, false, 500},
	} {
		got, ok := step.do()
		assert.Equal(t, step.want, got, "%s: taken", step.name)
		assert.Equal(t, step.wantOK, ok, "%s: ok", step.name)
		assert.Equal(t, step.wantNow, b.Tokens(), "%s: tokens", step.name)
	}

	small, err := NewBudget(12, 5, 10, 2)
	require.NoError(t, err)
	_, ok := small.Withdraw(true)
	require.True(t, ok)
	taken, ok := small.Withdraw(false)
	assert.Equal(t, [2]any{0, false}, [2]any{taken, ok}, "2 tokens cannot pay 5")
	assert.Equal(t, 2, small.Tokens(), "a refused withdrawal takes nothing")

	var zero Budget
	_, ok = zero.Withdraw(false)
	assert.False(t, ok, "the zero Budget allows no retries")
}
