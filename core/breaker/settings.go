package breaker

import (
	"fmt"
	"math"
	"time"
)

// DefaultCooldown is the time an open circuit waits before letting a probe
// through when Settings.Cooldown is zero.
const DefaultCooldown = 30 * time.Second

// DefaultWindow is the length of the failure-rate window when
// Settings.MinCalls is set and Settings.Window is zero.
const DefaultWindow = 60 * time.Second

// Settings configures a Breaker. Zero fields select the documented defaults,
// except Threshold, which must be at least 1.
type Settings struct {
	// Name identifies the breaker in OnStateChange and Name.
	Name string

	// Threshold is the number of consecutive failures in the closed state
	// that opens the circuit. It must be >= 1.
	Threshold int

	// Cooldown is how long the circuit stays open before a probe is let
	// through. Zero means DefaultCooldown; negative values are rejected.
	Cooldown time.Duration

	// Probes is the number of probe calls allowed at once in the half-open
	// state. Zero means 1.
	Probes int

	// FailureRate, Window and MinCalls add an optional second way to open
	// the circuit: when at least MinCalls calls have been recorded in the
	// closed state during the last Window and the fraction of them that
	// failed is at least FailureRate. MinCalls 0 turns the rule off (and
	// then FailureRate and Window must be zero too). When MinCalls is set,
	// FailureRate must be in (0, 1] and a zero Window means DefaultWindow.
	// The window slides in steps of a tenth of its length.
	FailureRate float64
	Window      time.Duration
	MinCalls    int

	// IsSuccessful decides, for Execute, whether the error returned by the
	// function counts as a success. Nil means err == nil. It is useful when
	// some errors (a "not found", say) show the dependency is healthy.
	IsSuccessful func(err error) bool

	// OnStateChange, if set, is called after every state change. It runs
	// on the goroutine that caused the change, after the breaker's lock has
	// been released, so it may call the breaker's methods; under concurrent
	// use two callbacks may run at the same time.
	OnStateChange func(name string, from, to State)

	// Now returns the current time. Nil means time.Now. The methods with an
	// At suffix take the time as an argument instead. It is called with the
	// breaker's lock held, so it must not call the breaker.
	Now func() time.Time
}

// New validates s and returns a closed Breaker.
func New(s Settings) (*Breaker, error) {
	if err := validate(s); err != nil {
		return nil, err
	}
	b := &Breaker{
		name:         s.Name,
		threshold:    s.Threshold,
		cooldown:     s.Cooldown,
		probes:       s.Probes,
		rate:         s.FailureRate,
		minCalls:     s.MinCalls,
		isSuccessful: s.IsSuccessful,
		onChange:     s.OnStateChange,
		now:          s.Now,
		gen:          1,
	}
	if b.cooldown == 0 {
		b.cooldown = DefaultCooldown
	}
	if b.probes == 0 {
		b.probes = 1
	}
	if b.now == nil {
		b.now = time.Now
	}
	if s.MinCalls > 0 {
		w := s.Window
		if w == 0 {
			w = DefaultWindow
		}
		b.window.width = max(int64(w)/windowSlots, 1)
	}
	return b, nil
}

func validate(s Settings) error {
	switch {
	case s.Threshold < 1:
		return fmt.Errorf("breaker: Threshold must be >= 1, got %d", s.Threshold)
	case s.Cooldown < 0:
		return fmt.Errorf("breaker: Cooldown must be >= 0, got %v", s.Cooldown)
	case s.Probes < 0:
		return fmt.Errorf("breaker: Probes must be >= 0, got %d", s.Probes)
	case s.MinCalls < 0:
		return fmt.Errorf("breaker: MinCalls must be >= 0, got %d", s.MinCalls)
	case s.Window < 0:
		return fmt.Errorf("breaker: Window must be >= 0, got %v", s.Window)
	case math.IsNaN(s.FailureRate) || s.FailureRate < 0 || s.FailureRate > 1:
		return fmt.Errorf("breaker: FailureRate must be in [0, 1], got %v", s.FailureRate)
	case s.MinCalls == 0 && (s.FailureRate != 0 || s.Window != 0):
		return fmt.Errorf("breaker: MinCalls must be >= 1 when FailureRate or Window is set, got %d", s.MinCalls)
	case s.MinCalls > 0 && s.FailureRate == 0:
		return fmt.Errorf("breaker: FailureRate must be > 0 when MinCalls is set, got %v", s.FailureRate)
	}
	return nil
}
