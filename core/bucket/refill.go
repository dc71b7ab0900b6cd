package bucket

import (
	"fmt"
	"math"
	"time"
)

// Never is the wait reported for a request that no amount of waiting lets
// through: more tokens than the capacity, a bucket whose rate is 0 and that
// holds too few tokens, or a wait too long to fit in a time.Duration.
const Never time.Duration = math.MaxInt64

// maxWaitNs is 2^63, the first float64 that does not fit in an int64.
const maxWaitNs = float64(1 << 63)

// params are the fixed shape of a bucket: how much it holds and how fast it
// refills. Bucket and Keyed share the arithmetic below.
type params struct {
	capacity float64 // tokens
	rate     float64 // tokens per second
}

// state is what changes: the tokens held at instant last (Unix nanoseconds).
// Instants are only ever compared by subtracting them, so a wrapped
// UnixNano (dates outside 1678..2262, such as the zero time.Time) still
// yields the right elapsed time.
type state struct {
	tokens float64
	last   int64
}

func checkCapacity(c float64) error {
	if !(c >= 0) {
		return fmt.Errorf("bucket: capacity must be a number >= 0, got %v", c)
	}
	if math.IsInf(c, 1) {
		return fmt.Errorf("bucket: capacity must be finite, got %v", c)
	}
	return nil
}

func checkRate(r float64) error {
	if !(r >= 0) {
		return fmt.Errorf("bucket: rate must be a number >= 0, got %v", r)
	}
	return nil
}

func (p params) unlimited() bool { return p.rate > math.MaxFloat64 }

// refill returns the tokens held d nanoseconds after holding tokens. Every
// caller goes through this one expression, so a wait computed with it is
// exactly the wait that a later request will observe.
func (p params) refill(tokens float64, d int64) float64 {
	return min(tokens+float64(d)*p.rate/1e9, p.capacity)
}

// at returns s advanced to instant now without committing it. An instant
// before s.last counts as s.last: going back in time never adds tokens.
func (p params) at(s state, now int64) state {
	d := now - s.last
	if d <= 0 {
		return s
	}
	if s.tokens < p.capacity {
		s.tokens = p.refill(s.tokens, d)
	}
	s.last = now
	return s
}

// take spends n tokens at instant now if they are there. It reports the new
// state and whether the request was allowed; a refusal returns s unchanged.
func (p params) take(s state, now int64, n float64) (state, bool) {
	if p.unlimited() {
		return s, n >= 0
	}
	cur := p.at(s, now)
	if !(n >= 0 && n <= cur.tokens) { // also refuses NaN
		return s, false
	}
	cur.tokens -= n
	return cur, true
}

// decide is take with the full Decision.
func (p params) decide(s state, now int64, n float64) (Decision, state) {
	d := Decision{Limit: p.capacity}
	if p.unlimited() {
		d.Allowed, d.Remaining = n >= 0, p.capacity
		if !d.Allowed {
			d.RetryAfter = Never // a negative or NaN request
		}
		return d, s
	}
	cur := p.at(s, now)
	if n >= 0 && n <= cur.tokens {
		cur.tokens -= n
		d.Allowed = true
		d.Remaining = cur.tokens
		d.Reset = p.until(cur, now, p.capacity)
		return d, cur
	}
	d.Remaining = cur.tokens
	d.RetryAfter = Never
	if n >= 0 && n <= p.capacity {
		d.RetryAfter = p.until(s, now, n)
	}
	d.Reset = p.until(s, now, p.capacity)
	return d, s
}

// until returns how long after now a bucket in state s holds target tokens
// (at most the capacity): 0 if it already does, Never if it never will or
// the wait does not fit in a time.Duration.
//
// It finds the first nanosecond T after s.last at which
// refill(s.tokens, T-s.last) >= target, the very expression at uses, so a
// request made at now+until is allowed (if nothing spends tokens first)
// and, up to float rounding, one made a nanosecond earlier is not.
func (p params) until(s state, now int64, target float64) time.Duration {
	if s.tokens >= target {
		return 0
	}
	if p.rate == 0 {
		return Never
	}
	f := math.Ceil((target - s.tokens) * 1e9 / p.rate)
	if !(f < maxWaitNs) {
		return Never
	}
	d := max(int64(f), 0)
	// The division above can be off by a rounding step either way.
	for step := int64(1); p.refill(s.tokens, d) < target; step *= 2 {
		if d > math.MaxInt64-step {
			return Never
		}
		d += step
	}
	for i := 0; i < 4 && d > 0 && p.refill(s.tokens, d-1) >= target; i++ {
		d--
	}
	e := now - s.last
	switch {
	case e >= d:
		return 0
	case e < 0 && d > math.MaxInt64+e:
		return Never // now is so far behind s.last that d-e overflows
	}
	return time.Duration(d - e)
}
