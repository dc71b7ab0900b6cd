package retry

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/core/clock"
)

// On a virtual clock every wait is in virtual time: a provider that never
// answers gets attempts of 3 s each, with backoff between them, until the
// next one could not start before the caller's 10 s deadline. No real time
// passes.
func TestVirtualClockTimeouts(t *testing.T) {
	v := clock.NewVirtual(t0)
	defer v.Close()
	ctx, cancel := v.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	p := Policy{
		Idempotent:        true,
		MaxAttempts:       5,
		PerAttemptTimeout: 3 * time.Second,
		Rand:              rand.New(rand.NewPCG(1, 2)),
		Now:               v.Now,
		Sleep:             v.Sleep,
		WithTimeout:       v.WithTimeout,
	}
	var starts []time.Duration
	_, err := p.Do(ctx, func(ctx context.Context, _ int) (Response, error) {
		start := v.Since(t0)
		starts = append(starts, start)
		dl, ok := ctx.Deadline()
		if assert.True(t, ok, "attempt context has a deadline") {
			assert.Equal(t, min(start+3*time.Second, 10*time.Second), dl.Sub(t0), "attempt deadline")
		}
		<-ctx.Done() // a provider that never answers
		return Response{}, ctx.Err()
	})
	var re *Error
	require.ErrorAs(t, err, &re)
	assert.Equal(t, ContextDone, re.Reason, "reason (%v)", err)
	assert.ErrorIs(t, err, context.DeadlineExceeded)
	require.Len(t, starts, 3, "attempt starts %v", starts)
	assert.Equal(t, time.Duration(0), starts[0])
	for i := 1; i < len(starts); i++ {
		assert.GreaterOrEqual(t, starts[i], starts[i-1]+3*time.Second, "attempt %d starts after attempt %d timed out: %v", i+1, i, starts)
	}
	// The third attempt timed out short of the deadline, and the loop
	// stopped there rather than wait past it.
	end := v.Since(t0)
	assert.Equal(t, starts[2]+3*time.Second, end, "virtual time at the end")
	assert.Less(t, end, 10*time.Second, "stopped before the deadline")
}
