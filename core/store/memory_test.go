package store_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/core/bucket"
	"github.com/flakylab/flakylab/core/idempotency"
	"github.com/flakylab/flakylab/core/store"
)

var t0 = time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)

func TestMemoryLimiterDecidesLikeKeyed(t *testing.T) {
	now := t0
	k, err := bucket.NewKeyed(3, 1, bucket.KeyedSettings{Now: func() time.Time { return now }})
	require.NoError(t, err)
	var l store.Limiter = store.NewMemoryLimiter(k)
	assert.Equal(t, 3.0, l.Capacity(), "Capacity")
	assert.Equal(t, 1.0, l.Rate(), "Rate")
	cases := []struct {
		at      time.Duration
		key     string
		allowed bool
		retry   time.Duration
	}{
		{0, "a", true, 0},
		{100 * time.Millisecond, "a", true, 0},
		{200 * time.Millisecond, "a", true, 0},
		{300 * time.Millisecond, "a", false, 700 * time.Millisecond},
		{300 * time.Millisecond, "b", true, 0},
		{1500 * time.Millisecond, "a", true, 0},
	}
	for _, c := range cases {
		now = t0.Add(c.at)
		d, err := l.Take(context.Background(), c.key, 1)
		require.NoError(t, err)
		assert.Equal(t, c.allowed, d.Allowed, "Take(%q) at %v: allowed", c.key, c.at)
		assert.InDelta(t, c.retry.Seconds(), d.RetryAfter.Seconds(), 1e-6, "Take(%q) at %v: retry after", c.key, c.at)
	}
}

func TestMemoryIdempotencyOutcomes(t *testing.T) {
	var s idempotency.Store
	var m store.Idempotency = store.NewMemoryIdempotency(&s)
	ctx := context.Background()

	c, err := m.Begin(ctx, "k1", "fp")
	require.NoError(t, err)
	require.Equal(t, idempotency.Fresh, c.Outcome, "first Begin")
	require.NotZero(t, c.Token, "a fresh claim has a token")

	again, err := m.Begin(ctx, "k1", "fp")
	require.NoError(t, err)
	assert.Equal(t, idempotency.InFlight, again.Outcome, "second Begin while in flight")
	other, err := m.Begin(ctx, "k1", "other")
	require.NoError(t, err)
	assert.Equal(t, idempotency.Mismatch, other.Outcome, "Begin with another fingerprint")

	resp := idempotency.Response{Status: 201, Header: map[string]string{"X": "1"}, Body: []byte("ok")}
	require.NoError(t, m.Complete(ctx, c, resp))
	require.ErrorIs(t, m.Complete(ctx, c, resp), store.ErrSuperseded, "completing twice")

	r, err := m.Begin(ctx, "k1", "fp")
	require.NoError(t, err)
	assert.Equal(t, idempotency.Replay, r.Outcome, "Begin after Complete")
	assert.Equal(t, resp, r.Response, "replayed response")

	bad, err := m.Begin(ctx, "", "fp")
	require.ErrorIs(t, err, idempotency.ErrInvalidKey)
	assert.Equal(t, idempotency.Invalid, bad.Outcome, "empty key")

	c2, err := m.Begin(ctx, "k2", "fp")
	require.NoError(t, err)
	assert.Greater(t, c2.Token, c.Token, "tokens grow")
	require.NoError(t, m.Release(ctx, c2))
	require.ErrorIs(t, m.Release(ctx, c2), store.ErrSuperseded, "releasing twice")
	c3, err := m.Begin(ctx, "k2", "fp")
	require.NoError(t, err)
	assert.Equal(t, idempotency.Fresh, c3.Outcome, "Begin after Release")

	// A claim the store never recorded (token 0) completes to nothing.
	require.NoError(t, m.Complete(ctx, store.Claim{Key: "k3", Outcome: idempotency.Fresh}, resp))
	n, err := m.Begin(ctx, "k3", "fp")
	require.NoError(t, err)
	assert.Equal(t, idempotency.Fresh, n.Outcome, "nothing was stored for an unrecorded claim")
}

// An entry abandoned at its TTL and claimed again belongs to the new
// claim: the first owner's late completion is refused and stores nothing.
func TestMemoryIdempotencyLateCompletionRefused(t *testing.T) {
	now := t0
	s, err := idempotency.New(idempotency.Settings{TTL: time.Minute, Now: func() time.Time { return now }})
	require.NoError(t, err)
	m := store.NewMemoryIdempotency(s)
	ctx := context.Background()
	first, err := m.Begin(ctx, "k", "fp")
	require.NoError(t, err)
	now = now.Add(2 * time.Minute)
	second, err := m.Begin(ctx, "k", "fp")
	require.NoError(t, err)
	require.Equal(t, idempotency.Fresh, second.Outcome, "claim after the TTL")

	err = m.Complete(ctx, first, idempotency.Response{Status: 200, Body: []byte("late")})
	require.ErrorIs(t, err, store.ErrSuperseded, "the first owner's late completion")
	require.NoError(t, m.Complete(ctx, second, idempotency.Response{Status: 200, Body: []byte("second")}))
	r, err := m.Begin(ctx, "k", "fp")
	require.NoError(t, err)
	assert.Equal(t, "second", string(r.Response.Body), "the stored response is the current owner's")

	// An entry abandoned without being claimed again: its completion
	// finds nothing in flight.
	third, err := m.Begin(ctx, "k3", "fp")
	require.NoError(t, err)
	now = now.Add(2 * time.Minute)
	require.ErrorIs(t, m.Complete(ctx, third, idempotency.Response{Status: 200}), store.ErrSuperseded, "completion after the TTL")
}

func TestMemoryIdempotencyConcurrentClaimsOneWinner(t *testing.T) {
	var s idempotency.Store
	m := store.NewMemoryIdempotency(&s)
	var wg sync.WaitGroup
	var mu sync.Mutex
	outcomes := map[idempotency.Outcome]int{}
	for range 64 {
		wg.Go(func() {
			c, err := m.Begin(context.Background(), "k", "fp")
			assert.NoError(t, err)
			mu.Lock()
			outcomes[c.Outcome]++
			mu.Unlock()
		})
	}
	wg.Wait()
	assert.Equal(t, map[idempotency.Outcome]int{idempotency.Fresh: 1, idempotency.InFlight: 63}, outcomes, "64 concurrent claims of one key")
}
