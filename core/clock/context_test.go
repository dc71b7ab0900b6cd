package clock_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/core/clock"
)

func TestSlowProviderAbandonedAtDeadline(t *testing.T) {
	for run := range 200 {
		v := clock.NewVirtual(t0)
		ctx, cancel := v.WithTimeout(context.Background(), 3*time.Second)
		provider := make(chan error, 1)
		go func() { provider <- v.Sleep(ctx, 60*time.Second) }()

		select {
		case err := <-provider:
			t.Fatalf("run %d: the 60s provider answered first: %v", run, err)
		case <-ctx.Done():
		}
		require.Equal(t, t0.Add(3*time.Second), v.Now(), "run %d: Done fired at", run)
		require.ErrorIs(t, ctx.Err(), context.DeadlineExceeded, "run %d", run)
		require.ErrorIs(t, <-provider, context.DeadlineExceeded, "run %d: provider's error", run)
		require.Equal(t, t0.Add(3*time.Second), v.Now(), "run %d: nothing after the deadline", run)
		cancel()
		require.Zero(t, v.Pending(), "run %d", run)
		v.Close()
	}
}

func TestDeadlineInManualMode(t *testing.T) {
	v := clock.NewManual(t0)
	ctx, cancel := v.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	dl, ok := ctx.Deadline()
	assert.True(t, ok)
	assert.Equal(t, t0.Add(3*time.Second), dl)
	assert.Equal(t, "context.Background.WithDeadline(2025-03-14 09:00:03 +0000 UTC [3s])", ctx.(interface{ String() string }).String())

	v.Advance(3*time.Second - time.Nanosecond)
	assert.NoError(t, ctx.Err(), "one nanosecond early")
	v.Advance(time.Nanosecond)
	<-ctx.Done()
	assert.ErrorIs(t, ctx.Err(), context.DeadlineExceeded)
	assert.ErrorIs(t, context.Cause(ctx), context.DeadlineExceeded)
	assert.Zero(t, v.Pending())
}

func TestDeadlineSleeperInManualMode(t *testing.T) {
	v := clock.NewManual(t0)
	ctx, cancel := v.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	errc := make(chan error, 1)
	go func() { errc <- v.Sleep(ctx, time.Minute) }()
	require.NoError(t, v.BlockUntil(context.Background(), 2), "the deadline and the sleeper")
	v.Advance(10 * time.Second)
	assert.ErrorIs(t, <-errc, context.DeadlineExceeded)
	assert.Zero(t, v.Pending(), "the abandoned sleep left the queue")
}

func TestDeadlineCancel(t *testing.T) {
	v := clock.NewManual(t0)
	ctx, cancel := v.WithTimeout(context.Background(), time.Second)
	require.Equal(t, 1, v.Pending())
	cancel()
	cancel()
	assert.ErrorIs(t, ctx.Err(), context.Canceled)
	assert.Zero(t, v.Pending(), "cancel releases the deadline")
	v.Advance(time.Minute)
	assert.ErrorIs(t, ctx.Err(), context.Canceled, "the deadline cannot override an earlier cancel")
}

func TestDeadlineFollowsParent(t *testing.T) {
	v := clock.NewManual(t0)
	reason := errors.New("user went away")
	parent, cancelParent := context.WithCancelCause(context.WithValue(context.Background(), ctxKey{}, "v"))
	ctx, cancel := v.WithTimeout(parent, time.Minute)
	defer cancel()
	assert.Equal(t, "v", ctx.Value(ctxKey{}), "values come from the parent")

	cancelParent(reason)
	<-ctx.Done()
	assert.ErrorIs(t, ctx.Err(), context.Canceled)
	assert.ErrorIs(t, context.Cause(ctx), reason)
	assert.Zero(t, v.Pending(), "the parent's cancel released the deadline")
}

type ctxKey struct{}

func TestDeadlineOfEndedParent(t *testing.T) {
	v := clock.NewManual(t0)
	parent, cancelParent := context.WithCancel(context.Background())
	cancelParent()
	ctx, cancel := v.WithTimeout(parent, time.Minute)
	defer cancel()
	assert.ErrorIs(t, ctx.Err(), context.Canceled)
	assert.Zero(t, v.Pending())
}

func TestDeadlineAlreadyPassed(t *testing.T) {
	v := clock.NewManual(t0)
	for _, d := range []time.Duration{0, -time.Second} {
		ctx, cancel := v.WithTimeout(context.Background(), d)
		assert.ErrorIs(t, ctx.Err(), context.DeadlineExceeded, "timeout %v", d)
		cancel()
	}
	assert.Zero(t, v.Pending())
}

func TestDeadlineKeepsEarlierParentDeadline(t *testing.T) {
	v := clock.NewManual(t0)
	parent, cancelParent := v.WithTimeout(context.Background(), time.Second)
	defer cancelParent()
	ctx, cancel := v.WithTimeout(parent, time.Hour)
	defer cancel()
	dl, _ := ctx.Deadline()
	assert.Equal(t, t0.Add(time.Second), dl)
	v.Advance(time.Second)
	<-ctx.Done()
	assert.ErrorIs(t, ctx.Err(), context.DeadlineExceeded)
}

func TestDerivedContextSeesDeadlineExceeded(t *testing.T) {
	v := newAuto(t)
	ctx, cancel := v.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	child, cancelChild := context.WithCancel(ctx)
	defer cancelChild()
	<-child.Done()
	assert.ErrorIs(t, child.Err(), context.DeadlineExceeded)
	assert.Equal(t, 3*time.Second, v.Elapsed())
}

func TestDeadlineNilParentPanics(t *testing.T) {
	v := clock.NewManual(t0)
	assert.PanicsWithValue(t, "clock: cannot create context from nil parent", func() {
		//lint:ignore SA1012 the panic is what is tested
		v.WithDeadline(nil, t0) //nolint:staticcheck
	})
}
