package backoff_test

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/core/backoff"
)

var allJitters = []backoff.Jitter{backoff.None, backoff.Full, backoff.Equal, backoff.Decorrelated}

func seeded(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed+1)) }

func TestIterReproducesWithSeed(t *testing.T) {
	for _, j := range allJitters {
		sched := mustNew(t, course(j))
		first := sched.Delays(20, seeded(7))
		again := sched.Delays(20, seeded(7))
		assert.Equal(t, first, again, "%v jitter: Delays(20) with the same seed must repeat", j)
		if j != backoff.None {
			other := sched.Delays(20, seeded(8))
			assert.NotEqual(t, first, other, "%v jitter: Delays(20) with seeds 7 and 8 should differ", j)
		}
	}
}

// TestIterMatchesDelay checks that Next is Delay fed with the source's draws
// and the previous delay.
func TestIterMatchesDelay(t *testing.T) {
	configs := []backoff.Config{
		course(backoff.None),
		{Base: 100 * time.Millisecond, Cap: 20 * time.Second, Multiplier: 1.5},
		{Base: time.Second, Cap: time.Second},
	}
	for _, c := range configs {
		for _, j := range allJitters {
			c.Jitter = j
			sched := mustNew(t, c)
			it := sched.Iter(seeded(42))
			draws := seeded(42)
			var prev time.Duration
			for attempt := 1; attempt <= 40; attempt++ {
				u := 0.0
				if j != backoff.None {
					u = draws.Float64()
				}
				want := sched.Delay(attempt, prev, u)
				got := it.Next()
				require.Equal(t, want, got, "config %+v: attempt %d: Next() want Delay(%d, %v, %v) = %v, got %v",
					c, attempt, attempt, prev, u, want, got)
				require.Equal(t, attempt, it.Attempt(), "config %+v: Attempt() after %d calls", c, attempt)
				prev = got
			}
		}
	}
}

func TestIterStaysInBounds(t *testing.T) {
	c := course(backoff.None)
	for _, j := range allJitters {
		c.Jitter = j
		sched := mustNew(t, c)
		it := sched.Iter(seeded(1))
		prev := c.Base
		for attempt := 1; attempt <= 1000; attempt++ {
			got := it.Next()
			d := sched.Exponential(attempt)
			lo, hi := time.Duration(0), c.Cap // inclusive bounds
			switch j {
			case backoff.None:
				lo, hi = d, d
			case backoff.Full:
				hi = d - 1
			case backoff.Equal:
				lo, hi = d/2, d-1
			case backoff.Decorrelated:
				lo, hi = c.Base, min(c.Cap, 3*prev-1)
			}
			require.True(t, got >= lo && got <= hi, "%v jitter: attempt %d (prev %v): got %v, want within [%v, %v]",
				j, attempt, prev, got, lo, hi)
			prev = got
		}
	}
}

func TestIterReset(t *testing.T) {
	for _, j := range allJitters {
		sched := mustNew(t, course(j))
		it := sched.Iter(seeded(3))
		for range 10 {
			it.Next()
		}
		require.Equal(t, 10, it.Attempt(), "%v jitter: Attempt() after 10 calls", j)
		it.Reset()
		assert.Equal(t, 0, it.Attempt(), "%v jitter: Attempt() after Reset", j)

		// After Reset the schedule starts over: attempt 1 again, and for
		// decorrelated jitter prev is Base again.
		got := it.Next()
		lo, hi := time.Duration(0), 500*time.Millisecond
		switch j {
		case backoff.None:
			lo = hi
		case backoff.Equal:
			lo = 250 * time.Millisecond
		case backoff.Decorrelated:
			lo, hi = 500*time.Millisecond, 1500*time.Millisecond
		}
		assert.True(t, got >= lo && got <= hi, "%v jitter: first Next after Reset = %v, want within [%v, %v]", j, got, lo, hi)
		assert.Equal(t, 1, it.Attempt(), "%v jitter: Attempt() after Reset and Next", j)
	}
}

func TestIterNilRand(t *testing.T) {
	got := mustNew(t, course(backoff.None)).Delays(5, nil)
	want := []time.Duration{500 * time.Millisecond, time.Second, 2 * time.Second, 4 * time.Second, 8 * time.Second}
	assert.Equal(t, want, got, "None jitter: Delays(5, nil)")

	for _, j := range allJitters[1:] {
		sched := mustNew(t, course(j))
		msg := "backoff: Iter needs a non-nil *rand.Rand for " + j.String() + " jitter"
		assert.PanicsWithValue(t, msg, func() { sched.Iter(nil) }, "%v jitter: Iter(nil)", j)
		assert.PanicsWithValue(t, msg, func() { sched.Delays(3, nil) }, "%v jitter: Delays(3, nil)", j)
	}
}

func TestDelaysEmpty(t *testing.T) {
	sched := mustNew(t, course(backoff.Full))
	for _, n := range []int{0, -1} {
		assert.Nil(t, sched.Delays(n, seeded(1)), "Delays(%d)", n)
	}
}

func TestNextAllocatesNothing(t *testing.T) {
	for _, j := range allJitters {
		it := mustNew(t, course(j)).Iter(seeded(1))
		allocs := testing.AllocsPerRun(1000, func() {
			if it.Attempt() == 8 {
				it.Reset()
			}
			it.Next()
		})
		assert.Zero(t, allocs, "%v jitter: allocations per Next", j)
	}
}

func BenchmarkNext(b *testing.B) {
	for _, j := range allJitters {
		b.Run(j.String(), func(b *testing.B) {
			it := mustNew(b, course(j)).Iter(seeded(1))
			b.ReportAllocs()
			for b.Loop() {
				it.Next()
			}
		})
	}
}

// BenchmarkNextWithReset restarts the schedule every five attempts, so most
// calls compute a backoff below the cap, as in a retry loop that succeeds.
func BenchmarkNextWithReset(b *testing.B) {
	configs := map[string]backoff.Config{
		"full":      course(backoff.Full),
		"full-x1.5": {Base: 500 * time.Millisecond, Cap: time.Minute, Multiplier: 1.5, Jitter: backoff.Full},
	}
	for name, c := range configs {
		b.Run(name, func(b *testing.B) {
			it := mustNew(b, c).Iter(seeded(1))
			b.ReportAllocs()
			for b.Loop() {
				if it.Attempt() == 5 {
					it.Reset()
				}
				it.Next()
			}
		})
	}
}
