package backoff_test

import (
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/flakylab/flakylab/core/backoff"
)

// TestDelayPinnedDraws pins the draw u to 0, 0.5 and the largest value below
// 1 and checks exact delays on the course schedule (0.5 s doubling to 8 s).
func TestDelayPinnedDraws(t *testing.T) {
	const (
		ms = time.Millisecond
		s  = time.Second
	)
	tests := []struct {
		jitter  backoff.Jitter
		attempt int
		prev    time.Duration
		u       float64
		want    time.Duration
	}{
		{backoff.None, 3, 0, 0, 2 * s},
		{backoff.None, 3, time.Hour, 0.5, 2 * s},
		{backoff.None, 3, 0, justBelowOne, 2 * s},

		{backoff.Full, 1, 0, 0, 0},
		{backoff.Full, 1, 0, 0.5, 250 * ms},
		{backoff.Full, 1, 0, justBelowOne, 500*ms - 1},
		{backoff.Full, 5, 0, 0, 0},
		{backoff.Full, 5, 0, 0.5, 4 * s},
		{backoff.Full, 5, 0, justBelowOne, 8*s - 1},
		{backoff.Full, 100, 0, 0.25, 2 * s},

		{backoff.Equal, 1, 0, 0, 250 * ms},
		{backoff.Equal, 1, 0, 0.5, 375 * ms},
		{backoff.Equal, 1, 0, justBelowOne, 500*ms - 1},
		{backoff.Equal, 5, 0, 0, 4 * s},
		{backoff.Equal, 5, 0, 0.5, 6 * s},
		{backoff.Equal, 5, 0, justBelowOne, 8*s - 1},

		// prev 0 (the first attempt) counts as Base: uniform in [0.5 s, 1.5 s).
		{backoff.Decorrelated, 1, 0, 0, 500 * ms},
		{backoff.Decorrelated, 1, 0, 0.5, s},
		{backoff.Decorrelated, 1, 0, justBelowOne, 1500*ms - 1},
		{backoff.Decorrelated, 1, -s, 0.5, s},
		// The attempt number plays no part.
		{backoff.Decorrelated, 99, 0, 0.5, s},
		// prev 2 s: uniform in [0.5 s, 6 s).
		{backoff.Decorrelated, 2, 2 * s, 0, 500 * ms},
		{backoff.Decorrelated, 2, 2 * s, 0.5, 3250 * ms},
		{backoff.Decorrelated, 2, 2 * s, justBelowOne, 6*s - 1},
		// prev 3 s: 3·prev = 9 s is above the cap, so large draws stop at 8 s.
		{backoff.Decorrelated, 3, 3 * s, 0, 500 * ms},
		{backoff.Decorrelated, 3, 3 * s, 0.5, 4750 * ms},
		{backoff.Decorrelated, 3, 3 * s, justBelowOne, 8 * s},
		// A huge prev neither overflows nor escapes the cap.
		{backoff.Decorrelated, 3, maxDuration, 0, 500 * ms},
		{backoff.Decorrelated, 3, maxDuration, 0.5, 8 * s},
	}
	for _, tt := range tests {
		sched := mustNew(t, course(tt.jitter))
		got := sched.Delay(tt.attempt, tt.prev, tt.u)
		assert.Equal(t, tt.want, got, "%v jitter: Delay(attempt %d, prev %v, u %v) want %v got %v",
			tt.jitter, tt.attempt, tt.prev, tt.u, tt.want, got)
	}
}

// TestDelayClampsDraw checks that draws outside [0, 1) count as the nearest
// end of the interval.
func TestDelayClampsDraw(t *testing.T) {
	tests := []struct {
		u, as float64
	}{
		{-1, 0},
		{math.Inf(-1), 0},
		{math.NaN(), 0},
		{1, justBelowOne},
		{1.5, justBelowOne},
		{math.Inf(1), justBelowOne},
	}
	for _, j := range []backoff.Jitter{backoff.None, backoff.Full, backoff.Equal, backoff.Decorrelated} {
		sched := mustNew(t, course(j))
		for _, tt := range tests {
			want := sched.Delay(4, time.Second, tt.as)
			got := sched.Delay(4, time.Second, tt.u)
			assert.Equal(t, want, got, "%v jitter: Delay(4, 1s, %v) should equal Delay(4, 1s, %v) = %v, got %v",
				j, tt.u, tt.as, want, got)
		}
	}
}

// TestDelayLargestDurations runs every jitter at the edges of time.Duration.
func TestDelayLargestDurations(t *testing.T) {
	configs := []backoff.Config{
		{Base: 1, Cap: maxDuration},
		{Base: 1, Cap: maxDuration, Multiplier: 1.5},
		{Base: maxDuration / 3, Cap: maxDuration, Multiplier: 1.0001},
		{Base: maxDuration, Cap: maxDuration},
	}
	for _, c := range configs {
		for _, j := range []backoff.Jitter{backoff.None, backoff.Full, backoff.Equal, backoff.Decorrelated} {
			c.Jitter = j
			sched := mustNew(t, c)
			for _, attempt := range []int{1, 62, 63, 64, 10_000, math.MaxInt} {
				for _, prev := range []time.Duration{0, c.Base, maxDuration / 3, maxDuration} {
					for _, u := range []float64{0, 0.5, justBelowOne} {
						got := sched.Delay(attempt, prev, u)
						assert.True(t, got >= 0 && got <= c.Cap,
							"config %+v: Delay(%d, %v, %v) = %v, want within [0, %v]", c, attempt, prev, u, got, c.Cap)
						if j == backoff.Decorrelated {
							assert.GreaterOrEqual(t, got, c.Base,
								"config %+v: Delay(%d, %v, %v) below base", c, attempt, prev, u)
						}
					}
				}
			}
		}
	}
}
