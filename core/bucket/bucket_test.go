package bucket_test

import (
	"math"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/core/bucket"
)

// t0 is the first instant of every step script; later instants are t0 plus
// a fixed offset, so no test sleeps.
var t0 = time.Date(2030, time.January, 1, 0, 0, 0, 0, time.UTC)

func at(d time.Duration) time.Time { return t0.Add(d) }

const ms = time.Millisecond

func TestNewValidates(t *testing.T) {
	cases := []struct {
		capacity, rate float64
		wantErr        string
	}{
		{3, 1, ""},
		{0, 0, ""},
		{0.5, math.Inf(1), ""},
		{-1, 1, "bucket: capacity must be a number >= 0, got -1"},
		{math.NaN(), 1, "bucket: capacity must be a number >= 0, got NaN"},
		{math.Inf(1), 1, "bucket: capacity must be finite, got +Inf"},
		{math.Inf(-1), 1, "bucket: capacity must be a number >= 0, got -Inf"},
		{1, -0.5, "bucket: rate must be a number >= 0, got -0.5"},
		{1, math.NaN(), "bucket: rate must be a number >= 0, got NaN"},
	}
	for _, c := range cases {
		b, err := bucket.New(c.capacity, c.rate)
		if c.wantErr != "" {
			require.EqualError(t, err, c.wantErr, "New(%v, %v)", c.capacity, c.rate)
			assert.Nil(t, b, "New(%v, %v)", c.capacity, c.rate)
			continue
		}
		require.NoError(t, err, "New(%v, %v)", c.capacity, c.rate)
		assert.Equal(t, c.capacity, b.Capacity(), "New(%v, %v).Capacity()", c.capacity, c.rate)
		assert.Equal(t, c.rate, b.Rate(), "New(%v, %v).Rate()", c.capacity, c.rate)
	}
}

// step is one request in a script: at t0+at, ask for n tokens.
type step struct {
	at        time.Duration
	n         float64
	allowed   bool
	remaining float64       // tokens after the decision
	retry     time.Duration // RetryAfter
	reset     time.Duration // until full
}

func runScript(t *testing.T, name string, b *bucket.Bucket, steps []step) {
	t.Helper()
	for i, s := range steps {
		d := b.TakeAt(at(s.at), s.n)
		where := "script %q step t%d (at t0+%v, n=%v): want %+v, got %+v"
		want := bucket.Decision{Allowed: s.allowed, Remaining: s.remaining, RetryAfter: s.retry, Reset: s.reset, Limit: b.Capacity()}
		assert.Equal(t, want.Allowed, d.Allowed, where, name, i, s.at, s.n, want, d)
		assert.InDelta(t, want.Remaining, d.Remaining, 1e-9, where, name, i, s.at, s.n, want, d)
		assert.Equal(t, want.RetryAfter, d.RetryAfter, where, name, i, s.at, s.n, want, d)
		assert.Equal(t, want.Reset, d.Reset, where, name, i, s.at, s.n, want, d)
		assert.Equal(t, want.Limit, d.Limit, where, name, i, s.at, s.n, want, d)
	}
}

func TestTakeAtScripts(t *testing.T) {
	never := bucket.Never
	cases := []struct {
		name           string
		capacity, rate float64
		steps          []step
	}{
		{"syllabus: capacity 3, 1/s", 3, 1, []step{
			{0, 1, true, 2, 0, 1000 * ms},
			{100 * ms, 1, true, 1.1, 0, 1900 * ms},
			{200 * ms, 1, true, 0.2, 0, 2800 * ms},
			{300 * ms, 1, false, 0.3, 700 * ms, 2700 * ms},
			{400 * ms, 1, false, 0.4, 600 * ms, 2600 * ms},
			{1500 * ms, 1, true, 0.5, 0, 2500 * ms},
			{1600 * ms, 1, false, 0.6, 400 * ms, 2400 * ms},
		}},
		{"burst at one instant: capacity 4, 2/s", 4, 2, []step{
			{0, 1, true, 3, 0, 500 * ms},
			{0, 1, true, 2, 0, 1000 * ms},
			{0, 1, true, 1, 0, 1500 * ms},
			{0, 1, true, 0, 0, 2000 * ms},
			{0, 1, false, 0, 500 * ms, 2000 * ms},
			{0, 1, false, 0, 500 * ms, 2000 * ms},
		}},
		{"never above capacity after idling", 10, 2, []step{
			{0, 10, true, 0, 0, 5 * time.Second},
			{60 * time.Second, 10, true, 0, 0, 5 * time.Second},
			{60 * time.Second, 1, false, 0, 500 * ms, 5 * time.Second},
		}},
		{"time going backwards mints nothing", 2, 1, []step{
			{10 * time.Second, 2, true, 0, 0, 2 * time.Second},
			{5 * time.Second, 1, false, 0, 6 * time.Second, 7 * time.Second}, // waits are measured from the caller's instant: one token at t0+11s, full at t0+12s
			{10500 * ms, 1, false, 0.5, 500 * ms, 1500 * ms},                 // last update stayed at t0+10s
			{11 * time.Second, 1, true, 0, 0, 2 * time.Second},               // exactly when promised
			{9 * time.Second, 0, true, 0, 0, 4 * time.Second},                // zero tokens are always there
		}},
		{"n above capacity is refused and changes nothing", 2, 1, []step{
			{0, 3, false, 2, never, 0},
			{0, 2, true, 0, 0, 2 * time.Second},
			{500 * ms, 2.5, false, 0.5, never, 1500 * ms},
		}},
		{"negative and NaN n are refused", 2, 1, []step{
			{0, -1, false, 2, never, 0},
			{0, math.NaN(), false, 2, never, 0},
			{0, 1, true, 1, 0, time.Second},
		}},
		{"fractional tokens", 1.5, 0.25, []step{
			{0, 0.5, true, 1, 0, 2 * time.Second},
			{0, 1, true, 0, 0, 6 * time.Second},
			{time.Second, 0.5, false, 0.25, time.Second, 5 * time.Second},
			{2 * time.Second, 0.5, true, 0, 0, 6 * time.Second},
		}},
		{"rate 0 is burst only", 2, 0, []step{
			{0, 1, true, 1, 0, never},
			{time.Hour, 1, true, 0, 0, never},
			{1000 * time.Hour, 1, false, 0, never, never},
		}},
		{"capacity 0 refuses everything but n=0", 0, 5, []step{
			{0, 1, false, 0, never, 0},
			{0, 0, true, 0, 0, 0},
		}},
		{"rate +Inf allows everything", 1, math.Inf(1), []step{
			{0, 1, true, 1, 0, 0},
			{0, 1, true, 1, 0, 0},
			{0, 1e9, true, 1, 0, 0},
			{0, -1, false, 1, never, 0},
		}},
	}
	for _, c := range cases {
		b, err := bucket.New(c.capacity, c.rate)
		require.NoError(t, err, c.name)
		runScript(t, c.name, b, c.steps)
	}
}

func TestZeroBucketRefusesEverything(t *testing.T) {
	var b bucket.Bucket
	assert.False(t, b.AllowAt(t0), "zero Bucket AllowAt(t0): want false")
	assert.True(t, b.AllowNAt(t0, 0), "zero Bucket AllowNAt(t0, 0): want true")
	assert.Equal(t, 0.0, b.TokensAt(t0), "zero Bucket TokensAt(t0)")
	_, ok := b.WaitAt(t0, 1)
	assert.False(t, ok, "zero Bucket WaitAt(t0, 1): want ok=false")
}

func TestAllowMatchesTake(t *testing.T) {
	a, _ := bucket.New(3, 1)
	b, _ := bucket.New(3, 1)
	offsets := []time.Duration{0, 100 * ms, 200 * ms, 300 * ms, 400 * ms, 1500 * ms, 1600 * ms, 1600 * ms, 5 * time.Second, 5 * time.Second}
	for i, off := range offsets {
		got, want := a.AllowAt(at(off)), b.TakeAt(at(off), 1).Allowed
		assert.Equal(t, want, got, "t%d (t0+%v): AllowAt want %v (as TakeAt), got %v", i, off, want, got)
		assert.Equal(t, b.TokensAt(at(off)), a.TokensAt(at(off)), "t%d tokens", i)
	}
}

func TestTokensAtDoesNotChangeState(t *testing.T) {
	b, _ := bucket.New(5, 1)
	assert.Equal(t, 5.0, b.TokensAt(at(-time.Hour)), "before first use the bucket is full at any instant")
	require.True(t, b.AllowNAt(at(0), 5))
	cases := []struct {
		off  time.Duration
		want float64
	}{
		{-time.Second, 0}, {0, 0}, {2 * time.Second, 2}, {time.Second, 1}, {time.Hour, 5},
	}
	for _, c := range cases {
		assert.InDelta(t, c.want, b.TokensAt(at(c.off)), 1e-12, "TokensAt(t0+%v)", c.off)
	}
	inf, _ := bucket.New(2, math.Inf(1))
	assert.Equal(t, 2.0, inf.TokensAt(t0), "unlimited bucket TokensAt")
}

func TestWaitAt(t *testing.T) {
	b, _ := bucket.New(4, 2)
	require.True(t, b.AllowNAt(at(0), 4))
	cases := []struct {
		off    time.Duration
		n      float64
		want   time.Duration
		wantOK bool
	}{
		{0, 1, 500 * ms, true},
		{0, 4, 2 * time.Second, true},
		{300 * ms, 1, 200 * ms, true},
		{time.Second, 2, 0, true},
		{-time.Second, 1, 1500 * ms, true}, // measured from the caller's instant
		{0, 5, bucket.Never, false},
		{0, -1, bucket.Never, false},
	}
	for _, c := range cases {
		got, ok := b.WaitAt(at(c.off), c.n)
		assert.Equal(t, c.wantOK, ok, "WaitAt(t0+%v, %v) ok", c.off, c.n)
		assert.Equal(t, c.want, got, "WaitAt(t0+%v, %v)", c.off, c.n)
	}
	burst, _ := bucket.New(1, 0)
	require.True(t, burst.AllowAt(t0))
	_, ok := burst.WaitAt(t0, 1)
	assert.False(t, ok, "rate 0, empty: WaitAt must report never")
	tiny, _ := bucket.New(1, 1e-12)
	require.True(t, tiny.AllowAt(t0))
	got, ok := tiny.WaitAt(t0, 1)
	assert.False(t, ok, "a wait beyond time.Duration is never, got %v", got)
}

func TestSetRateAndCapacity(t *testing.T) {
	b, _ := bucket.New(4, 1)
	require.NoError(t, b.SetRateAt(at(0), 3), "before first use")
	require.True(t, b.AllowNAt(at(0), 4))
	require.NoError(t, b.SetRateAt(at(time.Second), 2)) // 3 tokens earned at 3/s
	assert.InDelta(t, 3.0, b.TokensAt(at(time.Second)), 1e-12, "tokens at the change")
	assert.InDelta(t, 4.0, b.TokensAt(at(1500*ms)), 1e-12, "0.5s at the new rate 2/s")
	require.NoError(t, b.SetCapacityAt(at(time.Second), 2))
	assert.Equal(t, 2.0, b.TokensAt(at(time.Second)), "lowering capacity drops tokens above it")
	require.NoError(t, b.SetCapacityAt(at(time.Second), 6))
	assert.InDelta(t, 5.0, b.TokensAt(at(2500*ms)), 1e-12, "raising capacity adds no tokens, refill does")

	assert.EqualError(t, b.SetRateAt(t0, -1), "bucket: rate must be a number >= 0, got -1")
	assert.EqualError(t, b.SetCapacityAt(t0, math.NaN()), "bucket: capacity must be a number >= 0, got NaN")
	assert.Equal(t, 2.0, b.Rate(), "a rejected change leaves the rate")
	assert.Equal(t, 6.0, b.Capacity(), "a rejected change leaves the capacity")

	// Leaving an unlimited rate starts from a full bucket.
	u, _ := bucket.New(2, 1)
	require.True(t, u.AllowNAt(at(0), 2))
	require.NoError(t, u.SetRateAt(at(0), math.Inf(1)))
	require.True(t, u.AllowNAt(at(time.Second), 100))
	require.NoError(t, u.SetRateAt(at(2*time.Second), 1))
	assert.Equal(t, 2.0, u.TokensAt(at(2*time.Second)), "tokens after leaving rate +Inf")
	require.NoError(t, u.SetRateAt(at(time.Second), math.Inf(1)))
	require.NoError(t, u.SetRateAt(at(time.Second), 1)) // earlier instant: last update stays
	assert.Equal(t, 2.0, u.TokensAt(at(2*time.Second)), "tokens after a change at an earlier instant")
}

func TestWallClockForms(t *testing.T) {
	b, _ := bucket.New(2, 1e-6)
	assert.Equal(t, 2.0, b.Tokens(), "Tokens before use")
	assert.True(t, b.Allow(), "Allow on a full bucket")
	assert.True(t, b.AllowN(1), "AllowN(1) with one token left")
	d := b.Take(1)
	assert.False(t, d.Allowed, "Take(1) on an empty bucket: %+v", d)
	require.NoError(t, b.SetRate(1e-6))
	require.NoError(t, b.SetCapacity(3))
	assert.Less(t, b.Tokens(), 1.0, "Tokens after spending both")
}

func TestConcurrentUseSpendsEachTokenOnce(t *testing.T) {
	b, _ := bucket.New(1000, 0)
	var wg sync.WaitGroup
	var mu sync.Mutex
	allowed := 0
	for range 8 {
		wg.Go(func() {
			n := 0
			for range 500 {
				if b.AllowAt(t0) {
					n++
				}
			}
			mu.Lock()
			allowed += n
			mu.Unlock()
		})
	}
	wg.Wait()
	assert.Equal(t, 1000, allowed, "8 goroutines x 500 requests on a 1000-token bucket")
}
