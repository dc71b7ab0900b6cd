package storm

import (
	"fmt"
	"strings"
	"time"

	"github.com/flakylab/flakylab/core/backoff"
)

// Strategy is what a client does after a failed call. The zero value is
// NoRetry.
type Strategy int

const (
	// NoRetry gives up on the first failure.
	NoRetry Strategy = iota
	// Immediate retries as soon as the failure comes back, with no wait.
	Immediate
	// Exponential waits Base, 2·Base, 4·Base … up to Cap, with no jitter:
	// clients that failed together retry together.
	Exponential
	// FullJitter waits a uniform random amount in [0, exponential backoff).
	FullJitter
	// EqualJitter waits half the exponential backoff plus a uniform random
	// amount in [0, half of it).
	EqualJitter
	// Decorrelated waits a uniform random amount in [Base, 3·previous wait),
	// capped at Cap.
	Decorrelated
)

// Strategies lists every Strategy in declaration order, for tables and
// pickers.
func Strategies() []Strategy {
	return []Strategy{NoRetry, Immediate, Exponential, FullJitter, EqualJitter, Decorrelated}
}

var strategyNames = [...]string{
	NoRetry:      "no-retry",
	Immediate:    "immediate",
	Exponential:  "exponential",
	FullJitter:   "full-jitter",
	EqualJitter:  "equal-jitter",
	Decorrelated: "decorrelated",
}

// String returns the strategy's name as ParseStrategy accepts it:
// "no-retry", "immediate", "exponential", "full-jitter", "equal-jitter" or
// "decorrelated" ("Strategy(n)" for an unknown value).
func (s Strategy) String() string {
	if s.valid() {
		return strategyNames[s]
	}
	return fmt.Sprintf("Strategy(%d)", int(s))
}

func (s Strategy) valid() bool { return s >= NoRetry && s <= Decorrelated }

// ParseStrategy returns the Strategy named s. Case, surrounding spaces and
// the separators '-', '_' and ' ' are ignored, so "full-jitter",
// "FullJitter" and "full jitter" all name FullJitter.
func ParseStrategy(s string) (Strategy, error) {
	key := normalizeName(s)
	for i, name := range strategyNames {
		if key == normalizeName(name) {
			return Strategy(i), nil
		}
	}
	return NoRetry, fmt.Errorf("storm: unknown strategy %q (want one of %s)", s, strings.Join(strategyNames[:], ", "))
}

func normalizeName(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case '-', '_', ' ':
			return -1
		}
		return r
	}, strings.ToLower(strings.TrimSpace(s)))
}

// waiter computes the wait before a retry for one Strategy. The jitter
// arithmetic is core/backoff's; waiter only adds the two strategies that
// have no backoff at all.
type waiter struct {
	strategy Strategy
	schedule backoff.Schedule
}

func newWaiter(s Strategy, base, cap time.Duration) (waiter, error) {
	w := waiter{strategy: s}
	var j backoff.Jitter
	switch s {
	case NoRetry, Immediate:
		return w, nil
	case Exponential:
		j = backoff.None
	case FullJitter:
		j = backoff.Full
	case EqualJitter:
		j = backoff.Equal
	case Decorrelated:
		j = backoff.Decorrelated
	default:
		return w, fmt.Errorf("storm: unknown strategy %v", s)
	}
	sch, err := backoff.New(backoff.Config{Base: base, Cap: cap, Jitter: j})
	if err != nil {
		return w, fmt.Errorf("storm: %w", err)
	}
	w.schedule = sch
	return w, nil
}

// retries reports whether the strategy ever retries.
func (w waiter) retries() bool { return w.strategy != NoRetry }

// wait returns the delay before retry number attempt (1 for the first
// retry) given the previous wait and a draw u in [0, 1).
func (w waiter) wait(attempt int, prev time.Duration, u float64) time.Duration {
	if w.strategy == NoRetry || w.strategy == Immediate {
		return 0
	}
	return w.schedule.Delay(attempt, prev, u)
}
