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
//
// It runs at instants after and before 1970 (negative Unix times).
func TestKeyedFullSweepsWhenRoomIsNeeded(t *testing.T) {
	for _, start := range []time.Time{t0, time.Date(1960, time.June, 1, 0, 0, 0, 0, time.UTC)} {
		k, err := bucket.NewKeyed(2, 1, bucket.KeyedSettings{MaxKeys: 4})
		require.NoError(t, err)
		for _, key := range []string{"a", "b", "c", "d"} {
			require.True(t, k.AllowAt(key, start), "first request of %s at %v", key, start)
		}
		require.Equal(t, 4, k.Len())
		later := start.Add(2 * time.Second)
		assert.True(t, k.AllowAt("e", later), "a new key once every tracked bucket is full again, at %v", later)
		assert.Equal(t, int64(0), k.Overflows(), "overflows at %v", later)
		assert.Equal(t, 1, k.Len(), "buckets tracked after the sweep at %v", later)
	}
}

// TestKeyedSweepsOnlyWhenDue: with MaxKeys 10 a sweep runs on every fifth
// new key, so a bucket that has refilled is still tracked after the next
// single insert.
func TestKeyedSweepsOnlyWhenDue(t *testing.T) {
	k, err := bucket.NewKeyed(1, 1, bucket.KeyedSettings{MaxKeys: 10})
	require.NoError(t, err)
	for _, key := range []string{"e0", "e1", "e2", "e3"} {
		require.True(t, k.AllowAt(key, t0))
	}
	require.True(t, k.AllowAt("late", at(time.Second)))
	require.Equal(t, 1, k.Len(), "after the sweep on the fifth new key")
	require.True(t, k.AllowAt("later", at(2*time.Second)))
	assert.Equal(t, 2, k.Len(), "the full bucket of late stays until the next due sweep")
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

// TestLargestFiniteRateIsNotUnlimited: only +Inf skips the accounting; a
// bucket with the largest finite rate spends its tokens and refills within
// a nanosecond.
func TestLargestFiniteRateIsNotUnlimited(t *testing.T) {
	b, err := bucket.New(1, math.MaxFloat64)
	require.NoError(t, err)
	require.True(t, b.AllowAt(t0))
	assert.InDelta(t, 0, b.TokensAt(t0), 0, "tokens right after the spend")
	assert.False(t, b.AllowAt(t0), "a second request at the same instant")
	assert.InDelta(t, 1, b.TokensAt(t0.Add(1)), 0, "tokens a nanosecond later")
}

// TestZeroTokenRequests: a request for 0 tokens is always allowed, by an
// unlimited bucket too; a negative one never is.
func TestZeroTokenRequests(t *testing.T) {
	for _, rate := range []float64{0, 1, math.Inf(1)} {
		b, err := bucket.New(2, rate)
		require.NoError(t, err)
		assert.True(t, b.AllowNAt(t0, 0), "AllowNAt(0), rate %v", rate)
		d := b.TakeAt(t0, 0)
		assert.True(t, d.Allowed, "TakeAt(0), rate %v", rate)
		assert.Equal(t, time.Duration(0), d.Reset, "TakeAt(0) on a full bucket: Reset, rate %v", rate)
		assert.False(t, b.AllowNAt(t0, -1), "AllowNAt(-1), rate %v", rate)
		assert.False(t, b.TakeAt(t0, -1).Allowed, "TakeAt(-1), rate %v", rate)
	}
}

// TestRefusalOfAFullBucketThatNeverRefills: asking a full bucket of rate
// 0 for more than it holds can never succeed, but the bucket is full, so
// its Reset is 0.
func TestRefusalOfAFullBucketThatNeverRefills(t *testing.T) {
	b, err := bucket.New(2, 0)
	require.NoError(t, err)
	d := b.TakeAt(t0, 3)
	assert.False(t, d.Allowed)
	assert.Equal(t, bucket.Never, d.RetryAfter, "RetryAfter")
	assert.Equal(t, time.Duration(0), d.Reset, "Reset of a full bucket")
}

// TestWaitOfExactly2To63NanosecondsIsNever: a token that takes exactly
// 2^63 ns to come back does not fit in a time.Duration.
func TestWaitOfExactly2To63NanosecondsIsNever(t *testing.T) {
	b, err := bucket.New(1, math.Ldexp(1e9, -63))
	require.NoError(t, err)
	require.True(t, b.TakeAt(t0, 1).Allowed)
	d := b.TakeAt(t0, 1)
	assert.False(t, d.Allowed)
	assert.Equal(t, bucket.Never, d.RetryAfter, "RetryAfter for a wait of 2^63 ns")
	wait, ok := b.WaitAt(t0, 1)
	assert.False(t, ok, "WaitAt reports that waiting never helps, got %v", wait)
}

// TestRetryAfterIsExactWhenTheEstimateFallsShort uses shapes where the
// division that estimates the wait comes out a nanosecond short: the
// request must be refused a nanosecond before RetryAfter and allowed at it.
func TestRetryAfterIsExactWhenTheEstimateFallsShort(t *testing.T) {
	tests := []struct {
		capacity, rate, spend, n float64
	}{
		{1, 2.8, 0.511, 1},
		{2, 2.8, 1.05, 2},
		{5, 1.4, 4.2, 5},
		{4, 1.4, 3.962, 4},
	}
	for _, tt := range tests {
		b, err := bucket.New(tt.capacity, tt.rate)
		require.NoError(t, err)
		require.True(t, b.TakeAt(t0, tt.spend).Allowed)
		d := b.TakeAt(t0, tt.n)
		require.False(t, d.Allowed, "%+v", tt)
		require.NotEqual(t, bucket.Never, d.RetryAfter, "%+v: RetryAfter", tt)
		assert.False(t, b.AllowNAt(t0.Add(d.RetryAfter-1), tt.n), "%+v: a nanosecond before RetryAfter %v", tt, d.RetryAfter)
		assert.True(t, b.AllowNAt(t0.Add(d.RetryAfter), tt.n), "%+v: at RetryAfter %v", tt, d.RetryAfter)
	}
}

// TestParseSkipsEveryKindOfUnknownParameter: parameters the policy does
// not use are skipped, but they must still be well-formed structured-field
// items: tokens from A to Z, Booleans, Decimals, Display Strings with
// lowercase escapes.
func TestParseSkipsEveryKindOfUnknownParameter(t *testing.T) {
	tests := []struct {
		param   string
		wantErr string
	}{
		{"x=Zulu", ""},
		{"x=Alpha", ""},
		{"x=?1", ""},
		{"x=?0", ""},
		{"x=?2", "malformed Boolean"},
		{"x=?", "malformed Boolean"},
		{"x=1.5", ""},
		{"x=-.5", "malformed number"},
		{"x=-.5.5", "malformed number"},
		{`x=%"caf%c3%a9"`, ""},
		{`x=%"na%c3%afve"`, ""},
		{`x=%"%C3%A9"`, "malformed escape"},
		{`x=%"%a`, "malformed escape"},
		{`x=%"%`, "malformed escape"},
		{"x=%", "malformed Display String"},
		{`x=%x"`, "malformed Display String"},
	}
	for _, tt := range tests {
		value := `"api";q=10;` + tt.param
		ps, err := bucket.ParseRateLimitPolicy(value)
		if tt.wantErr != "" {
			require.Error(t, err, "ParseRateLimitPolicy(%s)", value)
			assert.Contains(t, err.Error(), tt.wantErr, "ParseRateLimitPolicy(%s)", value)
			continue
		}
		require.NoError(t, err, "ParseRateLimitPolicy(%s)", value)
		assert.Equal(t, []bucket.Policy{{Name: "api", Quota: 10}}, ps, "ParseRateLimitPolicy(%s)", value)
	}
}
