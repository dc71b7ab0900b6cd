package backoff

import (
	"math"
	"math/rand/v2"
	"time"
)

// Iter walks a Schedule one attempt at a time, drawing each jitter from a
// caller-supplied random source. A retry loop calls Next after each failure
// and Reset after a success. Next allocates nothing.
//
// The zero Iter is not usable; get one from Schedule.Iter. An Iter is not
// safe for concurrent use: give each goroutine its own, with its own
// *rand.Rand.
type Iter struct {
	s       Schedule
	r       *rand.Rand
	attempt int
	prev    time.Duration
	// capped records that the un-jittered backoff has reached Cap; since it
	// never shrinks, later attempts skip the exponent.
	capped bool
}

// Iter returns an iterator over s that draws from r. r may be nil only when
// the schedule's jitter is None, which draws nothing; for any other jitter a
// nil r panics here rather than silently falling back to a hidden source.
func (s Schedule) Iter(r *rand.Rand) *Iter {
	if r == nil && s.jitter != None {
		panic("backoff: Iter needs a non-nil *rand.Rand for " + s.jitter.String() + " jitter")
	}
	return &Iter{s: s, r: r}
}

// Next advances to the next attempt and returns its delay: the same value
// as s.Delay(attempt, previous delay, u) with u = r.Float64(). One value is
// drawn from r per call, except with None jitter, which draws none.
func (it *Iter) Next() time.Duration {
	if it.attempt < math.MaxInt {
		it.attempt++
	}
	var d time.Duration
	switch it.s.jitter {
	case None:
		d = it.exponential()
	case Decorrelated:
		d = it.s.decorrelated(it.prev, it.r.Float64())
	default:
		d = it.s.spread(it.exponential(), it.r.Float64())
	}
	it.prev = d
	return d
}

func (it *Iter) exponential() time.Duration {
	if it.capped {
		return it.s.cap
	}
	d := it.s.Exponential(it.attempt)
	it.capped = d >= it.s.cap
	return d
}

// Attempt returns the number of delays Next has returned since the Iter was
// created or last Reset: 0 before the first call, 1 after it.
func (it *Iter) Attempt() int { return it.attempt }

// Reset starts the schedule over, as after a success: the next delay is
// attempt 1's. The random source is kept, not reseeded.
func (it *Iter) Reset() {
	it.attempt = 0
	it.prev = 0
	it.capped = false
}

// Delays returns the delays of attempts 1 through n, drawn from r as an Iter
// would draw them (nil for n <= 0). The same rules for a nil r apply.
func (s Schedule) Delays(n int, r *rand.Rand) []time.Duration {
	it := s.Iter(r)
	if n <= 0 {
		return nil
	}
	out := make([]time.Duration, n)
	for i := range out {
		out[i] = it.Next()
	}
	return out
}
