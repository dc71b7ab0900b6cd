package retry_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/core/retry"
)

// TestOpErrorThatWrapsTheCancellationIsKept: when the caller's context
// ends during an attempt and the op's own error already wraps that
// cancellation, Do returns the op's error, context and all, rather than
// the bare context error.
func TestOpErrorThatWrapsTheCancellationIsKept(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	op := func(ctx context.Context, _ int) (retry.Response, error) {
		cancel()
		return retry.Response{}, fmt.Errorf("fetch invoice: %w", ctx.Err())
	}
	_, err := retry.Policy{Idempotent: true, MaxAttempts: 3}.Do(ctx, op)
	var re *retry.Error
	require.ErrorAs(t, err, &re)
	assert.Equal(t, retry.ContextDone, re.Reason)
	assert.Equal(t, 1, re.Attempts)
	require.Error(t, re.Err)
	assert.Equal(t, "fetch invoice: context canceled", re.Err.Error(), "the op's error is kept")
	assert.ErrorIs(t, err, context.Canceled)
}

// TestAttemptCutShortAnswering400SaysItTimedOut: an attempt that outlives
// PerAttemptTimeout and then answers 400 is not retried (400 never is),
// and the error says the attempt timed out.
func TestAttemptCutShortAnswering400SaysItTimedOut(t *testing.T) {
	op := func(ctx context.Context, _ int) (retry.Response, error) {
		<-ctx.Done()
		return retry.Response{Status: 400}, nil
	}
	p := retry.Policy{Idempotent: true, MaxAttempts: 3, PerAttemptTimeout: time.Millisecond}
	resp, err := p.Do(context.Background(), op)
	var re *retry.Error
	require.ErrorAs(t, err, &re)
	assert.Equal(t, retry.NotRetryable, re.Reason)
	assert.Equal(t, 1, re.Attempts)
	assert.Equal(t, 400, resp.Status)
	require.Error(t, re.Err, "the attempt's error")
	assert.Contains(t, re.Err.Error(), "attempt timed out")
	assert.False(t, errors.Is(err, context.DeadlineExceeded), "the caller's own context did not end")
}
