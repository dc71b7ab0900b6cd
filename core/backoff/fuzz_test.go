package backoff_test

import (
	"math"
	"testing"
	"time"

	"github.com/flakylab/flakylab/core/backoff"
)

// FuzzDelay checks the promises of Delay and Exponential for any valid
// schedule, attempt, previous delay and draw: the delay lies in [0, Cap],
// full jitter stays below the backoff (or is 0 when it is 0), equal jitter
// stays within [backoff/2, backoff], decorrelated jitter never goes below
// Base, and the backoff never shrinks from one attempt to the next.
func FuzzDelay(f *testing.F) {
	const (
		ms = int64(time.Millisecond)
		s  = int64(time.Second)
	)
	f.Add(500*ms, 8*s, 0.0, uint8(backoff.Full), 3, int64(0), 0.5)
	f.Add(500*ms, 8*s, 0.0, uint8(backoff.Equal), 10_000, int64(0), 0.999)
	f.Add(500*ms, 8*s, 2.0, uint8(backoff.Decorrelated), 2, 3*s, 0.75)
	f.Add(int64(1), int64(math.MaxInt64), 1.5, uint8(backoff.Full), math.MaxInt, int64(math.MaxInt64), 1.0)
	f.Add(int64(1), int64(math.MaxInt64), 0.0, uint8(backoff.Equal), 63, int64(-1), -0.5)
	f.Add(s, s, 1.0, uint8(backoff.None), -7, int64(0), math.NaN())
	f.Add(int64(math.MaxInt64/3), int64(math.MaxInt64), 1.0001, uint8(backoff.Decorrelated), 64, int64(math.MaxInt64), math.Inf(1))
	f.Fuzz(func(t *testing.T, base, capacity int64, mult float64, jitter uint8, attempt int, prev int64, u float64) {
		c := backoff.Config{
			Base:       time.Duration(base),
			Cap:        time.Duration(capacity),
			Multiplier: mult,
			Jitter:     backoff.Jitter(jitter % 4),
		}
		sched, err := backoff.New(c)
		if err != nil {
			t.Skip()
		}
		d := sched.Exponential(attempt)
		if d < c.Base || d > c.Cap {
			t.Fatalf("config %+v: Exponential(%d) = %v, want within [%v, %v]", c, attempt, d, c.Base, c.Cap)
		}
		if attempt < math.MaxInt {
			if next := sched.Exponential(attempt + 1); next < d {
				t.Fatalf("config %+v: Exponential(%d) = %v shrank to %v at the next attempt", c, attempt, d, next)
			}
		}
		got := sched.Delay(attempt, time.Duration(prev), u)
		if got < 0 || got > c.Cap {
			t.Fatalf("config %+v: Delay(%d, %v, %v) = %v, want within [0, %v]", c, attempt, time.Duration(prev), u, got, c.Cap)
		}
		bad := false
		switch c.Jitter {
		case backoff.None:
			bad = got != d
		case backoff.Full:
			bad = got >= d && got != 0
		case backoff.Equal:
			bad = got < d/2 || got > d
		case backoff.Decorrelated:
			bad = got < c.Base
		}
		if bad {
			t.Fatalf("config %+v: Delay(%d, %v, %v) = %v, out of range for %v jitter over backoff %v",
				c, attempt, time.Duration(prev), u, got, c.Jitter, d)
		}
	})
}
