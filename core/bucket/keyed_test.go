package bucket_test

import (
	"fmt"
	"math"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/core/bucket"
)

func TestNewKeyedValidates(t *testing.T) {
	cases := []struct {
		capacity, rate float64
		s              bucket.KeyedSettings
		wantErr        string
		wantMax        int
	}{
		{2, 1, bucket.KeyedSettings{}, "", bucket.DefaultMaxKeys},
		{2, 1, bucket.KeyedSettings{MaxKeys: 7}, "", 7},
		{-2, 1, bucket.KeyedSettings{}, "bucket: capacity must be a number >= 0, got -2", 0},
		{2, math.NaN(), bucket.KeyedSettings{}, "bucket: rate must be a number >= 0, got NaN", 0},
		{2, 1, bucket.KeyedSettings{MaxKeys: -1}, "bucket: MaxKeys must be >= 0, got -1", 0},
	}
	for _, c := range cases {
		k, err := bucket.NewKeyed(c.capacity, c.rate, c.s)
		if c.wantErr != "" {
			require.EqualError(t, err, c.wantErr, "NewKeyed(%v, %v, %+v)", c.capacity, c.rate, c.s)
			continue
		}
		require.NoError(t, err, "NewKeyed(%v, %v, %+v)", c.capacity, c.rate, c.s)
		assert.Equal(t, c.wantMax, k.MaxKeys(), "NewKeyed(%v, %v, %+v).MaxKeys()", c.capacity, c.rate, c.s)
		assert.Equal(t, c.capacity, k.Capacity(), "Capacity")
		assert.Equal(t, c.rate, k.Rate(), "Rate")
	}
}

// keyStep is one request in a keyed script.
type keyStep struct {
	key     string
	at      time.Duration
	n       float64
	allowed bool
	retry   time.Duration
	length  int // Len() after the step
}

func runKeyed(t *testing.T, name string, k *bucket.Keyed, steps []keyStep) {
	t.Helper()
	for i, s := range steps {
		d := k.TakeAt(s.key, at(s.at), s.n)
		msg := fmt.Sprintf("%s, t%d: TakeAt(%q, t0+%v, %v) = %+v", name, i, s.key, s.at, s.n, d)
		assert.Equal(t, s.allowed, d.Allowed, "%s: want allowed=%v", msg, s.allowed)
		assert.Equal(t, s.retry, d.RetryAfter, "%s: want RetryAfter %v", msg, s.retry)
		assert.Equal(t, s.length, k.Len(), "%s: want Len %d", msg, s.length)
	}
}

func TestKeyedScripts(t *testing.T) {
	sec := time.Second
	cases := []struct {
		name           string
		capacity, rate float64
		maxKeys        int
		steps          []keyStep
		overflows      int64
	}{
		{"keys are independent", 2, 1, 10, []keyStep{
			{"alice", 0, 1, true, 0, 1},
			{"alice", 0, 1, true, 0, 1},
			{"alice", 0, 1, false, sec, 1},
			{"bob", 0, 2, true, 0, 2},
			{"bob", 0, 3, false, bucket.Never, 2},
			{"alice", 500 * ms, 1, false, 500 * ms, 2},
			{"alice", sec, 1, true, 0, 2},
			{"alice", 500 * ms, 1, false, 1500 * ms, 2}, // time went back: no refill
		}, 0},
		{"full buckets are not stored", 2, 1, 10, []keyStep{
			{"a", 0, 0, true, 0, 0},
			{"a", 0, 3, false, bucket.Never, 0},
			{"a", 0, 1, true, 0, 1},
		}, 0},
		{"a new key finding no room is refused until a bucket fills", 2, 1, 2, []keyStep{
			{"a", 0, 1, true, 0, 1},        // full again at t0+1s
			{"b", 100 * ms, 2, true, 0, 2}, // full again at t0+2.1s
			{"c", 200 * ms, 1, false, 800 * ms, 2},
			{"d", 300 * ms, 1, false, 700 * ms, 2}, // answered without a sweep
			{"a", 400 * ms, 1, true, 0, 2},         // tracked keys carry on; a now fills at t0+2s
			{"c", sec, 1, false, sec, 2},           // the sweep finds nothing and learns t0+2s
			{"c", 2 * sec, 1, true, 0, 2},          // a was full, so it was forgotten
			{"a", 2100 * ms, 2, true, 0, 2},        // b is full by now; a starts afresh, as it has earned
		}, 2 + 1},
		{"rate 0 serves its first MaxKeys keys only", 1, 0, 2, []keyStep{
			{"a", 0, 1, true, 0, 1},
			{"b", 0, 1, true, 0, 2},
			{"c", time.Hour, 1, false, bucket.Never, 2},
			{"a", time.Hour, 1, false, bucket.Never, 2},
		}, 1},
		{"rate +Inf stores nothing", 1, math.Inf(1), 1, []keyStep{
			{"a", 0, 5, true, 0, 0},
			{"b", 0, 5, true, 0, 0},
		}, 0},
	}
	for _, c := range cases {
		k, err := bucket.NewKeyed(c.capacity, c.rate, bucket.KeyedSettings{MaxKeys: c.maxKeys})
		require.NoError(t, err, c.name)
		runKeyed(t, c.name, k, c.steps)
		assert.Equal(t, c.overflows, k.Overflows(), "%s: Overflows", c.name)
	}
}

func TestKeyedOverflowDecision(t *testing.T) {
	k, _ := bucket.NewKeyed(3, 1, bucket.KeyedSettings{MaxKeys: 1})
	require.True(t, k.AllowAt("a", t0))
	got := k.TakeAt("b", t0, 1)
	want := bucket.Decision{Allowed: false, Remaining: 0, RetryAfter: time.Second, Reset: time.Second, Limit: 3}
	assert.Equal(t, want, got, "new key with no room")
	h := got.Headers(bucket.PolicyFor("default", 3, 1))
	assert.Contains(t, h, [2]string{"Retry-After", "1"}, "headers of the refusal: %v", h)
}

func TestKeyedSweepsEveryHalfMaxKeysInserts(t *testing.T) {
	k, _ := bucket.NewKeyed(1, 1, bucket.KeyedSettings{MaxKeys: 10})
	for i := range 4 {
		require.True(t, k.AllowAt(fmt.Sprint("early", i), t0))
	}
	assert.Equal(t, 4, k.Len(), "after 4 inserts")
	// At t0+1s the early buckets are full; the fifth insert sweeps them.
	require.True(t, k.AllowAt("late", at(time.Second)))
	assert.Equal(t, 1, k.Len(), "after the sweep on the 5th insert")
}

// Memory stays bounded whatever the arrival pattern: 100 000 distinct keys,
// once with room to spare and once far more than MaxKeys can hold.
func TestKeyedMemoryStaysBounded(t *testing.T) {
	cases := []struct {
		name          string
		rate          float64
		maxKeys       int
		every         time.Duration
		wantOverflows bool
	}{
		{"refills faster than keys arrive", 10, 1000, ms, false},
		{"keys arrive far faster than buckets refill", 0.1, 500, ms, true},
	}
	for _, c := range cases {
		k, _ := bucket.NewKeyed(5, c.rate, bucket.KeyedSettings{MaxKeys: c.maxKeys})
		maxLen := 0
		for i := range 100_000 {
			now := at(time.Duration(i) * c.every)
			k.AllowAt(fmt.Sprintf("client-%d", i), now)
			maxLen = max(maxLen, k.Len())
		}
		assert.LessOrEqual(t, maxLen, c.maxKeys, "%s: largest Len over 100k keys, MaxKeys %d", c.name, c.maxKeys)
		assert.Equal(t, c.wantOverflows, k.Overflows() > 0, "%s: overflows = %d", c.name, k.Overflows())
	}
}

func TestKeyedWallClockAndConcurrency(t *testing.T) {
	k, _ := bucket.NewKeyed(100, 0, bucket.KeyedSettings{MaxKeys: 4, Now: func() time.Time { return t0 }})
	var wg sync.WaitGroup
	var mu sync.Mutex
	allowed := map[string]int{}
	for g := range 8 {
		wg.Go(func() {
			key := fmt.Sprint("k", g%4)
			n := 0
			for range 60 {
				if k.Allow(key) {
					n++
				}
			}
			assert.True(t, k.Take(key, 0).Allowed, "key %s: zero tokens are always available", key)
			mu.Lock()
			allowed[key] += n
			mu.Unlock()
		})
	}
	wg.Wait()
	for key, n := range allowed {
		assert.Equal(t, 100, n, "key %s: two goroutines x 60 requests on a 100-token bucket", key)
	}
	assert.Equal(t, 4, k.Len(), "Len")

	wall, _ := bucket.NewKeyed(1, 1e-9, bucket.KeyedSettings{})
	assert.True(t, wall.Allow("x"), "time.Now default: first request")
	assert.False(t, wall.Allow("x"), "time.Now default: second request")
}
