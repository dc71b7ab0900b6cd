package bucket_test

import (
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/core/bucket"
)

// TestClockStepsBackAcrossAnUnlimitedSpell spends a token at 10 s, lifts the
// rate to +Inf, and sets it back to 1/s with an instant of 5 s (the clock
// stepped back). The bucket is full again, but its refill must still count
// from 10 s, the latest instant it has seen: a step back never creates
// tokens.
func TestClockStepsBackAcrossAnUnlimitedSpell(t *testing.T) {
	b, err := bucket.New(2, 1)
	require.NoError(t, err)
	require.True(t, b.AllowAt(at(10*time.Second)))
	require.NoError(t, b.SetRateAt(at(10*time.Second), math.Inf(1)))
	require.NoError(t, b.SetRateAt(at(5*time.Second), 1))
	require.True(t, b.AllowAt(at(6*time.Second)), "a full bucket after the unlimited spell")
	tests := []struct {
		at   time.Duration
		want float64
	}{
		{6 * time.Second, 1},
		{10 * time.Second, 1},
		{10500 * ms, 1.5},
		{11 * time.Second, 2},
	}
	for _, tt := range tests {
		assert.InDelta(t, tt.want, b.TokensAt(at(tt.at)), 1e-9, "TokensAt(%v)", tt.at)
	}
}

// TestPolicyForLargestFiniteRate: only a rate of +Inf refills instantly; the
// largest finite rate still gets a window of one second.
func TestPolicyForLargestFiniteRate(t *testing.T) {
	tests := []struct {
		rate       float64
		wantWindow int64
	}{
		{math.MaxFloat64, 1},
		{math.Inf(1), 0},
		{0, 0},
		{2, 5},
	}
	for _, tt := range tests {
		p := bucket.PolicyFor("api", 10, tt.rate)
		assert.Equal(t, tt.wantWindow, p.Window, "PolicyFor(api, 10, %v).Window", tt.rate)
		assert.Equal(t, int64(10), p.Quota, "PolicyFor(api, 10, %v).Quota", tt.rate)
	}
}

// TestKeyedFullSweepsWhenRoomIsNeeded fills MaxKeys buckets, lets them all
// refill, and asks for a new key right after an insert-count sweep: finding
// MaxKeys buckets tracked must sweep at once, not wait for the next
// scheduled sweep.
func TestKeyedFullSweepsWhenRoomIsNeeded(t *testing.T) {
	k, err := bucket.NewKeyed(2, 1, bucket.KeyedSettings{MaxKeys: 4})
	require.NoError(t, err)
	for _, key := range []string{"a", "b", "c", "d"} {
		require.True(t, k.AllowAt(key, t0), "first request of %s", key)
	}
	require.Equal(t, 4, k.Len())
	later := at(2 * time.Second)
	assert.True(t, k.AllowAt("e", later), "a new key once every tracked bucket is full again")
	assert.Equal(t, int64(0), k.Overflows(), "overflows")
	assert.Equal(t, 1, k.Len(), "buckets tracked after the sweep")
}

// TestKeyedOverflowWaitsForTheFirstBucketToFill tracks a bucket that fills
// in 3 s and then one that fills in 1 s: a new key refused for want of
// room must be told 1 s, the earlier of the two.
func TestKeyedOverflowWaitsForTheFirstBucketToFill(t *testing.T) {
	k, err := bucket.NewKeyed(4, 1, bucket.KeyedSettings{MaxKeys: 2})
	require.NoError(t, err)
	require.True(t, k.TakeAt("slow", t0, 3).Allowed)
	require.True(t, k.TakeAt("fast", t0, 1).Allowed)
	d := k.TakeAt("new", t0, 1)
	assert.False(t, d.Allowed, "no room for a third key")
	assert.Equal(t, time.Second, d.RetryAfter, "RetryAfter: until the first tracked bucket is full")
	assert.Equal(t, int64(1), k.Overflows())
}

// TestKeyedWaitOfOverACenturyCountsAsNever: a bucket whose time to fill
// is 2^62 ns (146 years) or more does not make a refused new key wait for
// it; the refusal says Never.
func TestKeyedWaitOfOverACenturyCountsAsNever(t *testing.T) {
	// One token takes about 1.5 · 2^62 ns to come back.
	rate := 1e9 / (1.5 * float64(1<<62))
	k, err := bucket.NewKeyed(1, rate, bucket.KeyedSettings{MaxKeys: 2})
	require.NoError(t, err)
	start := time.Unix(0, 0)
	first := k.TakeAt("a", start, 1)
	require.True(t, first.Allowed)
	require.Greater(t, first.Reset, time.Duration(1<<62), "time for a to fill")
	// When b arrives, the sweep finds a exactly 2^62 ns from full.
	then := start.Add(first.Reset - 1<<62)
	require.True(t, k.TakeAt("b", then, 1).Allowed)
	d := k.TakeAt("c", then, 1)
	assert.False(t, d.Allowed, "no room for a third key")
	assert.Equal(t, bucket.Never, d.RetryAfter, "RetryAfter when the first bucket fills in 2^62 ns")
}
