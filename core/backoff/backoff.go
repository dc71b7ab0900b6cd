// Package backoff computes how long to wait before retrying a failed call:
// an exponential backoff schedule, capped, with optional jitter.
//
// # The model
//
// A [Schedule] is built from a [Config] by [New]. Attempts are numbered from
// 1: the wait before the first retry is attempt 1. The un-jittered backoff of
// attempt n is
//
//	Base · Multiplier^(n−1), never above Cap
//
// so with Base 0.5 s, Multiplier 2 and Cap 8 s the backoffs are 0.5, 1, 2,
// 4, 8, 8, 8 … seconds ([Schedule.Exponential]). The cap keeps attempt 20
// from being a day long.
//
// Clients that failed together and wait the same backoff retry together,
// and their synchronized retries become the load that keeps the server down.
// Jitter spreads them out. With d the un-jittered backoff and u a random draw
// in [0, 1):
//
//   - [None]: d. Deterministic; only for a single client or for tests.
//   - [Full]: u·d, uniform in [0, d). Spreads retries the most; the usual
//     choice.
//   - [Equal]: d/2 + u·d/2, uniform in [d/2, d). Keeps half of the wait
//     fixed, so clients stay partly in step.
//   - [Decorrelated]: Base + u·(3·prev − Base), uniform in [Base, 3·prev) and
//     never above Cap, where prev is the previous delay (Base before the
//     first). It ignores the attempt number and grows from its own history.
//
// # Randomness
//
// The jitter arithmetic is a pure function of the draw u ([Schedule.Delay]),
// so tests can pin u to 0, 0.5 or just below 1 and check exact values. For
// real use, [Schedule.Iter] returns an [Iter] that draws u from a
// caller-supplied *rand.Rand (math/rand/v2); a seeded source such as
// rand.New(rand.NewPCG(1, 2)) reproduces a whole schedule. The package never
// uses a global random source.
//
// No delay is ever negative or above Cap, and attempt numbers as large as
// math.MaxInt neither overflow nor take longer to compute.
//
// A Schedule is an immutable value and safe for concurrent use; an Iter is
// not (neither is the *rand.Rand it draws from).
package backoff

import (
	"fmt"
	"math"
	"strings"
	"time"
)

// Jitter selects how a Schedule randomizes each backoff. The zero value is
// None; most callers want Full.
type Jitter int

const (
	// None waits exactly the exponential backoff.
	None Jitter = iota
	// Full waits a uniform random amount in [0, backoff).
	Full
	// Equal waits half the backoff plus a uniform random amount in
	// [0, backoff/2).
	Equal
	// Decorrelated waits a uniform random amount in [Base, 3·previous delay),
	// capped at Cap.
	Decorrelated
)

// String returns the jitter's name as ParseJitter accepts it: "none",
// "full", "equal" or "decorrelated" (or "Jitter(n)" for an unknown value).
func (j Jitter) String() string {
	switch j {
	case None:
		return "none"
	case Full:
		return "full"
	case Equal:
		return "equal"
	case Decorrelated:
		return "decorrelated"
	}
	return fmt.Sprintf("Jitter(%d)", int(j))
}

func (j Jitter) valid() bool { return j >= None && j <= Decorrelated }

// ParseJitter returns the Jitter named s ("none", "full", "equal" or
// "decorrelated"; case and surrounding spaces are ignored).
func ParseJitter(s string) (Jitter, error) {
	name := strings.ToLower(strings.TrimSpace(s))
	for j := None; j <= Decorrelated; j++ {
		if name == j.String() {
			return j, nil
		}
	}
	return None, fmt.Errorf("backoff: unknown jitter %q (want none, full, equal or decorrelated)", s)
}

// DefaultMultiplier is the growth factor used when Config.Multiplier is 0:
// each backoff doubles.
const DefaultMultiplier = 2.0

// Config describes a Schedule. New validates it.
type Config struct {
	// Base is the backoff of the first attempt. It must be > 0.
	Base time.Duration
	// Cap is the largest delay the schedule returns. It must be >= Base.
	Cap time.Duration
	// Multiplier is the growth factor between attempts. It must be >= 1 and
	// finite; 0 means DefaultMultiplier (2).
	Multiplier float64
	// Jitter selects the randomization; the zero value is None.
	Jitter Jitter
}

// Schedule is a validated backoff schedule. Build one with New; the zero
// Schedule returns zero delays. A Schedule is immutable and safe for
// concurrent use.
type Schedule struct {
	base, cap time.Duration
	mult      float64
	jitter    Jitter
}

// New validates c and returns its Schedule. The error text starts with
// "backoff:" and names the offending parameter.
func New(c Config) (Schedule, error) {
	if c.Base <= 0 {
		return Schedule{}, fmt.Errorf("backoff: base must be > 0, got %v", c.Base)
	}
	if c.Cap < c.Base {
		return Schedule{}, fmt.Errorf("backoff: cap (%v) must be >= base (%v)", c.Cap, c.Base)
	}
	m := c.Multiplier
	switch {
	case math.IsNaN(m) || math.IsInf(m, 0):
		return Schedule{}, fmt.Errorf("backoff: multiplier must be a finite number, got %v", m)
	case m == 0:
		m = DefaultMultiplier
	case m < 1:
		return Schedule{}, fmt.Errorf("backoff: multiplier must be >= 1 (or 0 for the default %v), got %v", DefaultMultiplier, m)
	}
	if !c.Jitter.valid() {
		return Schedule{}, fmt.Errorf("backoff: unknown jitter %v", c.Jitter)
	}
	return Schedule{base: c.Base, cap: c.Cap, mult: m, jitter: c.Jitter}, nil
}

// Config returns the schedule's settings, with Multiplier resolved (a
// Config with Multiplier 0 comes back with DefaultMultiplier).
func (s Schedule) Config() Config {
	return Config{Base: s.base, Cap: s.cap, Multiplier: s.mult, Jitter: s.jitter}
}

// Exponential returns the un-jittered backoff of attempt:
// Base·Multiplier^(attempt−1), never above Cap. Attempt numbers below 1 are
// treated as 1.
func (s Schedule) Exponential(attempt int) time.Duration {
	if attempt <= 1 || s.base >= s.cap || s.mult == 1 {
		return s.base
	}
	n := attempt - 1
	if s.mult == 2 {
		// Exact integer doubling; Cap < 2^63 ns, so 63 doublings of any
		// Base >= 1 ns always reach it and the shift cannot overflow.
		if n >= 63 || s.base > s.cap>>n {
			return s.cap
		}
		return s.base << n
	}
	// math.Pow saturates to +Inf for huge n, which the comparison catches;
	// converting only values below Cap keeps the conversion in range.
	f := float64(s.base) * math.Pow(s.mult, float64(n))
	if !(f < float64(s.cap)) {
		return s.cap
	}
	return time.Duration(f)
}

// Delay returns the jittered delay of attempt for the draw u, which should
// lie in [0, 1): values below 0 or NaN count as 0, values of 1 or more as
// the largest float64 below 1. prev is the previous delay, used only by
// Decorrelated jitter (pass 0 before the first attempt; anything below Base
// counts as Base); the other kinds use only attempt. The result is never
// negative and never above Cap:
//
//	None:         d
//	Full:         u·d                       in [0, d), or 0 when d is 0
//	Equal:        d/2 + u·(d − d/2)         in [d/2, d]
//	Decorrelated: Base + u·(3·prev − Base)  in [Base, 3·prev), at most Cap
//
// where d is Exponential(attempt).
func (s Schedule) Delay(attempt int, prev time.Duration, u float64) time.Duration {
	u = clampDraw(u)
	switch s.jitter {
	case None:
		return s.Exponential(attempt)
	case Decorrelated:
		return s.decorrelated(prev, u)
	}
	return s.spread(s.Exponential(attempt), u)
}

// spread applies Full or Equal jitter to the un-jittered backoff d.
func (s Schedule) spread(d time.Duration, u float64) time.Duration {
	if s.jitter == Equal {
		half := d / 2
		return half + scale(d-half, u)
	}
	return scale(d, u)
}

func (s Schedule) decorrelated(prev time.Duration, u float64) time.Duration {
	if prev < s.base {
		prev = s.base
	}
	if prev <= s.cap/3 {
		// 3·prev fits under Cap: exact integer arithmetic, in [Base, 3·prev).
		return s.base + scale(3*prev-s.base, u)
	}
	// 3·prev exceeds Cap and may overflow, so draw in floats and cap the
	// result. The explicit conversion rounds the product before the
	// addition, so no platform fuses them into one instruction and results
	// agree everywhere.
	lo := float64(s.base)
	f := lo + float64(u*(3*float64(prev)-lo))
	if !(f < float64(s.cap)) {
		return s.cap
	}
	return max(time.Duration(f), s.base)
}

// scale returns u·d rounded down, kept below d when d > 0 (u < 1, but
// float64(d) can round up for very long durations).
func scale(d time.Duration, u float64) time.Duration {
	if d <= 0 {
		return 0
	}
	r := time.Duration(u * float64(d))
	if r >= d {
		return d - 1
	}
	if r < 0 {
		return 0
	}
	return r
}

// belowOne is the largest float64 less than 1.
const belowOne = 1 - 0x1p-53

func clampDraw(u float64) float64 {
	switch {
	case !(u > 0): // also NaN
		return 0
	case u >= 1:
		return belowOne
	}
	return u
}
