package bucket_test

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/core/bucket"
)

// shape is one random bucket configuration for the property tests.
type shape struct{ capacity, rate float64 }

func randomShape(r *rand.Rand) shape {
	return shape{
		capacity: float64(1+r.IntN(20)) * []float64{0.5, 1, 1}[r.IntN(3)],
		rate:     []float64{0, 0.1, 1, 2, 7.3, 100, 1000}[r.IntN(7)],
	}
}

// randomStep draws the time to the next request (sometimes backwards) and
// the tokens it asks for (sometimes more than the capacity).
func randomStep(r *rand.Rand, s shape) (time.Duration, float64) {
	dt := time.Duration(r.Int64N(int64(2 * time.Second)))
	if r.IntN(10) == 0 {
		dt = -dt / 4
	}
	n := float64(r.IntN(3) + 1)
	if r.IntN(4) == 0 {
		n = r.Float64() * s.capacity * 1.2
	}
	return dt, n
}

func minTime(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}

func maxTime(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// Tokens stay within [0, capacity], and over any run the tokens granted
// never exceed capacity + rate * (latest - earliest instant seen): the
// bucket starts full at its first request, which a clock stepping back
// may place before t0.
func TestPropertyTokensBoundedAndRateRespected(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for run := range 300 {
		s := randomShape(r)
		b, err := bucket.New(s.capacity, s.rate)
		require.NoError(t, err)
		now, earliest, latest := t0, t0, t0
		granted := 0.0
		for step := range 400 {
			dt, n := randomStep(r, s)
			now = now.Add(dt)
			earliest, latest = minTime(earliest, now), maxTime(latest, now)
			d := b.TakeAt(now, n)
			if d.Allowed {
				granted += n
			}
			where := fmt.Sprintf("run %d %+v step %d: TakeAt(t0+%v, %v) = %+v", run, s, step, now.Sub(t0), n, d)
			tokens := b.TokensAt(now)
			if !assert.True(t, tokens >= 0 && tokens <= s.capacity, "%s: tokens %v outside [0, %v]", where, tokens, s.capacity) {
				return
			}
			bound := s.capacity + s.rate*latest.Sub(earliest).Seconds()
			if !assert.LessOrEqual(t, granted, bound+1e-9*float64(step+1), "%s: granted %v tokens, bound %v", where, granted, bound) {
				return
			}
		}
	}
}

// The wait a refusal reports is exact: a nanosecond earlier the request is
// still refused, and at the reported instant it is allowed.
func TestPropertyRetryAfterIsExact(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	checked := 0
	for run := range 300 {
		s := randomShape(r)
		if s.rate == 0 {
			s.rate = 0.5
		}
		b, _ := bucket.New(s.capacity, s.rate)
		now := t0
		for step := range 200 {
			dt, n := randomStep(r, s)
			now = now.Add(max(dt, 0))
			d := b.TakeAt(now, n)
			if d.Allowed || d.RetryAfter == bucket.Never {
				continue
			}
			where := fmt.Sprintf("run %d %+v step %d: TakeAt(t0+%v, %v) = %+v", run, s, step, now.Sub(t0), n, d)
			wait, ok := b.WaitAt(now, n)
			assert.True(t, ok && wait == d.RetryAfter, "%s: WaitAt = %v, %v", where, wait, ok)
			before := b.TakeAt(now.Add(d.RetryAfter-1), n) // a refusal changes nothing
			if !assert.False(t, before.Allowed, "%s: allowed 1ns before the wait ends", where) {
				return
			}
			if !assert.True(t, b.AllowNAt(now.Add(d.RetryAfter), n), "%s: refused when the wait ends", where) {
				return
			}
			now = now.Add(d.RetryAfter)
			checked++
		}
	}
	assert.Greater(t, checked, 1000, "refusals checked")
}

// A Keyed limiter never grants one key more than a Bucket of its own
// would, however its memory is churned by other keys.
func TestPropertyKeyedGrantsNoExtraTokens(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for run := range 50 {
		s := randomShape(r)
		k, _ := bucket.NewKeyed(s.capacity, s.rate, bucket.KeyedSettings{MaxKeys: 1 + r.IntN(8)})
		granted := map[string]float64{}
		now, earliest, latest := t0, t0, t0
		for step := range 2000 {
			dt, n := randomStep(r, s)
			now = now.Add(dt / 20)
			earliest, latest = minTime(earliest, now), maxTime(latest, now)
			key := fmt.Sprint("k", r.IntN(12))
			if k.TakeAt(key, now, n).Allowed {
				granted[key] += n
			}
			if k.Len() > k.MaxKeys() {
				t.Fatalf("run %d step %d: Len %d > MaxKeys %d", run, step, k.Len(), k.MaxKeys())
			}
		}
		bound := s.capacity + s.rate*latest.Sub(earliest).Seconds() + 1e-6
		for key, g := range granted {
			assert.LessOrEqual(t, g, bound, "run %d %+v key %s: granted %v tokens, bound %v", run, s, key, g, bound)
		}
	}
}
