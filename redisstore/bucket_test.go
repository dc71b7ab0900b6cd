package redisstore_test

import (
	"context"
	"math"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/core/bucket"
	"github.com/flakylab/flakylab/core/store"
	"github.com/flakylab/flakylab/redisstore"
	"github.com/flakylab/flakylab/redisstore/redisserver"
)

var _ store.Limiter = (*redisstore.Bucket)(nil)

func TestBucketBurstThenRefusal(t *testing.T) {
	srv := redisserver.Start(t)
	rdb := newClient(t, srv)
	// A slow refill (one token in 1000 s) keeps what grows back between
	// two calls far below the tolerances, however slow the machine.
	b, err := redisstore.NewBucket(rdb, 3, 0.001, redisstore.Settings{Prefix: "t:"})
	require.NoError(t, err)
	ctx := context.Background()
	for i := range 3 {
		d, err := b.Take(ctx, "client", 1)
		require.NoError(t, err)
		assert.True(t, d.Allowed, "request %d of a burst of 3", i+1)
		assert.Equal(t, 3.0, d.Limit, "Limit")
		assert.InDelta(t, float64(2-i), d.Remaining, 0.01, "request %d: remaining", i+1)
		assert.Zero(t, d.RetryAfter, "request %d: retry after", i+1)
	}
	d, err := b.Take(ctx, "client", 1)
	require.NoError(t, err)
	assert.False(t, d.Allowed, "the fourth request")
	// Less than a token has grown back: the wait is (1 - tokens) / 0.001 s,
	// at most 1000 s, and the bucket is full again in at most 3000 s.
	assert.True(t, d.RetryAfter > 990*time.Second && d.RetryAfter <= 1000*time.Second, "retry after %v, want in (990s, 1000s]", d.RetryAfter)
	assert.True(t, d.Reset > 2990*time.Second && d.Reset <= 3000*time.Second, "reset %v, want in (2990s, 3000s]", d.Reset)
	assert.Equal(t, int(math.Ceil(d.RetryAfter.Seconds())), d.RetryAfterSeconds(), "Retry-After seconds")

	// The key expires when the bucket would be full again.
	pttl, err := rdb.PTTL(ctx, b.Key("client")).Result()
	require.NoError(t, err)
	assert.True(t, pttl > 2900*time.Second && pttl <= 3000*time.Second, "PTTL %v, want the time to refill, at most 3000s", pttl)
	assert.Equal(t, "t:bucket:{client}", b.Key("client"), "the key's hash tag is the caller's key")

	other, err := b.Take(ctx, "another", 1)
	require.NoError(t, err)
	assert.True(t, other.Allowed, "another key has its own bucket")
}

func TestBucketEdgeRequests(t *testing.T) {
	srv := redisserver.Start(t)
	rdb := newClient(t, srv)
	ctx := context.Background()
	b, err := redisstore.NewBucket(rdb, 2, 1, redisstore.Settings{})
	require.NoError(t, err)
	cases := []struct {
		name    string
		n       float64
		allowed bool
		retry   time.Duration
	}{
		{"more than the capacity", 3, false, bucket.Never},
		{"negative", -1, false, bucket.Never},
		{"NaN", math.NaN(), false, bucket.Never},
		{"zero", 0, true, 0},
		{"the whole capacity", 2, true, 0},
	}
	for _, c := range cases {
		d, err := b.Take(ctx, "edge", c.n)
		require.NoError(t, err, c.name)
		assert.Equal(t, c.allowed, d.Allowed, "%s (n=%v): allowed", c.name, c.n)
		assert.Equal(t, c.retry, d.RetryAfter, "%s (n=%v): retry after", c.name, c.n)
	}

	// Zero tokens from a full bucket leave it full: the script stores
	// nothing, since a missing key is a full bucket.
	d, err := b.Take(ctx, "zero", 0)
	require.NoError(t, err)
	require.True(t, d.Allowed, "zero tokens from a full bucket")
	assert.Equal(t, 2.0, d.Remaining, "remaining after zero tokens")
	assert.Zero(t, d.Reset, "still full")
	exists, err := rdb.Exists(ctx, b.Key("zero")).Result()
	require.NoError(t, err)
	assert.Zero(t, exists, "a full bucket has no key")

	never, err := redisstore.NewBucket(rdb, 1, 0, redisstore.Settings{Prefix: "never:"})
	require.NoError(t, err)
	d, err = never.Take(ctx, "k", 1)
	require.NoError(t, err)
	require.True(t, d.Allowed, "the only token of a bucket that never refills")
	assert.Equal(t, bucket.Never, d.Reset, "it is never full again")
	ttl, err := rdb.PTTL(ctx, never.Key("k")).Result()
	require.NoError(t, err)
	assert.Equal(t, time.Duration(-1), ttl, "its key does not expire (PTTL -1)")
	d, err = never.Take(ctx, "k", 1)
	require.NoError(t, err)
	assert.False(t, d.Allowed, "the second request")
	assert.Equal(t, bucket.Never, d.RetryAfter, "waiting never helps")

	unlimited, err := redisstore.NewBucket(rdb, 5, math.Inf(1), redisstore.Settings{})
	require.NoError(t, err)
	d, err = unlimited.Take(ctx, "k", 1)
	require.NoError(t, err)
	assert.True(t, d.Allowed, "an unlimited bucket allows")
	assert.Equal(t, 5.0, d.Remaining, "and stays full")
}

func TestBucketSurvivesScriptFlush(t *testing.T) {
	srv := redisserver.Start(t)
	rdb := newClient(t, srv)
	ctx := context.Background()
	b, err := redisstore.NewBucket(rdb, 10, 0.001, redisstore.Settings{})
	require.NoError(t, err)
	_, err = b.Take(ctx, "k", 1)
	require.NoError(t, err)
	require.NoError(t, rdb.ScriptFlush(ctx).Err())
	d, err := b.Take(ctx, "k", 1)
	require.NoError(t, err, "NOSCRIPT falls back to EVAL")
	assert.InDelta(t, 8, d.Remaining, 0.01, "the bucket kept its state")
}

func TestNewBucketValidates(t *testing.T) {
	srv := redisserver.Start(t)
	rdb := newClient(t, srv)
	cases := []struct {
		capacity, rate float64
		s              redisstore.Settings
		want           string
	}{
		{-1, 1, redisstore.Settings{}, "redisstore: bucket: capacity must be a number >= 0, got -1"},
		{1, -1, redisstore.Settings{}, "redisstore: bucket: rate must be a number >= 0, got -1"},
		{1, 1, redisstore.Settings{Timeout: -time.Second}, "redisstore: Timeout must be >= 0, got -1s"},
	}
	for _, c := range cases {
		_, err := redisstore.NewBucket(rdb, c.capacity, c.rate, c.s)
		assert.EqualError(t, err, c.want, "NewBucket(%v, %v, %+v)", c.capacity, c.rate, c.s)
	}
	_, err := redisstore.NewBucket(nil, 1, 1, redisstore.Settings{})
	assert.EqualError(t, err, "redisstore: NewBucket needs a Redis client, got nil")
}

func TestStoresRefuseAClientThatIgnoresDeadlines(t *testing.T) {
	c := redis.NewClient(&redis.Options{Addr: "127.0.0.1:1"})
	defer c.Close()
	_, err := redisstore.NewBucket(c, 1, 1, redisstore.Settings{})
	assert.ErrorContains(t, err, "redisstore: NewBucket: the client's options must set ContextTimeoutEnabled: true")
	_, err = redisstore.NewIdempotency(c, redisstore.IdempotencySettings{})
	assert.ErrorContains(t, err, "redisstore: NewIdempotency: the client's options must set ContextTimeoutEnabled: true")
	cluster := redis.NewClusterClient(&redis.ClusterOptions{Addrs: []string{"127.0.0.1:1"}})
	defer cluster.Close()
	_, err = redisstore.NewBucket(cluster, 1, 1, redisstore.Settings{})
	assert.ErrorContains(t, err, "ContextTimeoutEnabled", "a cluster client is checked too")
	ring := redis.NewRing(&redis.RingOptions{Addrs: map[string]string{"a": "127.0.0.1:1"}, ContextTimeoutEnabled: true})
	defer ring.Close()
	_, err = redisstore.NewBucket(ring, 1, 1, redisstore.Settings{})
	assert.NoError(t, err, "a ring client with the option")
}
