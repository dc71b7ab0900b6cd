package redisstore_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/core/idempotency"
	"github.com/flakylab/flakylab/core/store"
	"github.com/flakylab/flakylab/redisstore"
	"github.com/flakylab/flakylab/redisstore/redisserver"
)

var _ store.Idempotency = (*redisstore.Idempotency)(nil)

func TestIdempotencyOutcomes(t *testing.T) {
	srv := redisserver.Start(t)
	rdb := newClient(t, srv)
	st, err := redisstore.NewIdempotency(rdb, redisstore.IdempotencySettings{TTL: time.Hour})
	require.NoError(t, err)
	ctx := context.Background()

	c, err := st.Begin(ctx, "order-1", "fp")
	require.NoError(t, err)
	require.Equal(t, idempotency.Fresh, c.Outcome, "first Begin")
	require.Positive(t, c.Token, "a fresh claim's token")

	for _, tc := range []struct {
		fp   string
		want idempotency.Outcome
	}{{"fp", idempotency.InFlight}, {"other", idempotency.Mismatch}} {
		got, err := st.Begin(ctx, "order-1", tc.fp)
		require.NoError(t, err)
		assert.Equal(t, tc.want, got.Outcome, "Begin(order-1, %s) while in flight", tc.fp)
	}

	resp := idempotency.Response{Status: 201, Header: map[string]string{"Content-Type": "application/json"}, Body: []byte("{\"id\":1}\x00\xff")}
	require.NoError(t, st.Complete(ctx, c, resp))
	require.ErrorIs(t, st.Complete(ctx, c, resp), store.ErrSuperseded, "completing twice")

	r, err := st.Begin(ctx, "order-1", "fp")
	require.NoError(t, err)
	assert.Equal(t, idempotency.Replay, r.Outcome, "Begin after Complete")
	assert.Equal(t, resp, r.Response, "the replayed response, binary body included")
	m, err := st.Begin(ctx, "order-1", "other")
	require.NoError(t, err)
	assert.Equal(t, idempotency.Mismatch, m.Outcome, "another request with a completed key")

	ttl, err := rdb.PTTL(ctx, st.Key("order-1")).Result()
	require.NoError(t, err)
	assert.True(t, ttl > 59*time.Minute && ttl <= time.Hour, "the key lives for the TTL from its first claim: PTTL %v", ttl)

	c2, err := st.Begin(ctx, "order-2", "fp")
	require.NoError(t, err)
	require.NoError(t, st.Release(ctx, c2))
	require.ErrorIs(t, st.Release(ctx, c2), store.ErrSuperseded, "releasing twice")
	c3, err := st.Begin(ctx, "order-2", "fp")
	require.NoError(t, err)
	assert.Equal(t, idempotency.Fresh, c3.Outcome, "Begin after Release")

	for _, key := range []string{"", strings.Repeat("k", 256), "tab\there", "é"} {
		got, err := st.Begin(ctx, key, "fp")
		require.ErrorIs(t, err, idempotency.ErrInvalidKey, "key %q", key)
		assert.Equal(t, idempotency.Invalid, got.Outcome, "key %q", key)
	}
	for _, key := range []string{`a "quoted" key`, `back\slash`, strings.Repeat("k", 255)} {
		got, err := st.Begin(ctx, key, "fp")
		require.NoError(t, err, "key %q", key)
		assert.Equal(t, idempotency.Fresh, got.Outcome, "key %q is valid", key)
	}
}

// A replica that claimed a key and died: after the lease, another replica
// claims it with a larger token and completes it; the dead one's late
// completion is refused and does not replace the stored response.
func TestIdempotencyLeaseAndFencing(t *testing.T) {
	srv := redisserver.Start(t)
	dead, alive := newClient(t, srv), newClient(t, srv)
	settings := redisstore.IdempotencySettings{Lease: 150 * time.Millisecond}
	a, err := redisstore.NewIdempotency(dead, settings)
	require.NoError(t, err)
	b, err := redisstore.NewIdempotency(alive, settings)
	require.NoError(t, err)
	ctx := context.Background()

	first, err := a.Begin(ctx, "charge-9", "fp")
	require.NoError(t, err)
	require.Equal(t, idempotency.Fresh, first.Outcome)

	second := waitForClaim(t, b, "charge-9")
	assert.Greater(t, second.Token, first.Token, "the new claim's token is larger")
	require.NoError(t, b.Complete(ctx, second, idempotency.Response{Status: 200, Body: []byte("second")}))

	err = a.Complete(ctx, first, idempotency.Response{Status: 200, Body: []byte("late")})
	require.ErrorIs(t, err, store.ErrSuperseded, "the dead replica's late completion")
	require.ErrorIs(t, a.Release(ctx, first), store.ErrSuperseded, "and its late release")
	r, err := a.Begin(ctx, "charge-9", "fp")
	require.NoError(t, err)
	assert.Equal(t, "second", string(r.Response.Body), "the stored response is the second claim's")
}

// waitForClaim retries Begin until the key's lease has run out and the
// claim is Fresh; until then the answer must be InFlight.
func waitForClaim(t *testing.T, st *redisstore.Idempotency, key string) store.Claim {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		c, err := st.Begin(context.Background(), key, "fp")
		require.NoError(t, err)
		if c.Outcome == idempotency.Fresh {
			return c
		}
		require.Equal(t, idempotency.InFlight, c.Outcome, "before the lease runs out")
		require.True(t, time.Now().Before(deadline), "the lease never ran out")
		time.Sleep(20 * time.Millisecond)
	}
}

func TestNewIdempotencyValidates(t *testing.T) {
	srv := redisserver.Start(t)
	rdb := newClient(t, srv)
	cases := []struct {
		s    redisstore.IdempotencySettings
		want string
	}{
		{redisstore.IdempotencySettings{TTL: -1}, "redisstore: TTL must be >= 0, got -1ns"},
		{redisstore.IdempotencySettings{Lease: time.Microsecond}, "redisstore: Lease must be 0 or at least 1ms, got 1µs"},
		{redisstore.IdempotencySettings{Settings: redisstore.Settings{Timeout: -1}}, "redisstore: Timeout must be >= 0, got -1ns"},
	}
	for _, c := range cases {
		_, err := redisstore.NewIdempotency(rdb, c.s)
		assert.EqualError(t, err, c.want, "NewIdempotency(%+v)", c.s)
	}
	_, err := redisstore.NewIdempotency(nil, redisstore.IdempotencySettings{})
	assert.EqualError(t, err, "redisstore: NewIdempotency needs a Redis client, got nil")
}
