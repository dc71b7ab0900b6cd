// Package breaker implements a circuit breaker: a guard in front of a
// dependency that stops calling it while it is down.
//
// # Model
//
// A Breaker is in one of three states.
//
//   - Closed: calls pass. Each failure adds to a count of consecutive
//     failures and any success resets it. When the count reaches
//     Settings.Threshold the circuit opens. Optionally the circuit also opens
//     when the failure rate over a rolling window reaches
//     Settings.FailureRate (see Settings.MinCalls).
//   - Open: calls fail fast with ErrOpen; the dependency is not called at
//     all. After Settings.Cooldown the next call moves the breaker to
//     half-open. The move is lazy: it happens when Allow or State is asked,
//     on the injected clock, so no timer or goroutine is involved.
//   - HalfOpen: up to Settings.Probes calls are let through as probes; more
//     get ErrTooManyProbes. A probe that succeeds closes the circuit; a probe
//     that fails opens it again for another cooldown.
//
// # Two-step use
//
// Allow asks for permission and returns a Ticket; Record reports the outcome
// of the call made with it. The Ticket carries the generation of the state it
// was issued in: every state change starts a new generation, and outcomes
// recorded with a ticket from an older generation are ignored, so a slow call
// that started before the circuit opened cannot close it again. The zero
// Ticket belongs to no generation and recording it does nothing. Execute
// wraps both steps around a function. Allow and Record allocate nothing.
//
// # Zero values and concurrency
//
// Zero fields of Settings select the documented defaults, except Threshold,
// which must be set. The zero Breaker is not usable; create one with New. A
// Breaker is safe for concurrent use by multiple goroutines.
package breaker

import (
	"errors"
	"fmt"
	"sync"
	"time"
)

// ErrOpen is returned by Allow and Execute while the circuit is open.
var ErrOpen = errors.New("breaker: circuit open")

// ErrTooManyProbes is returned by Allow and Execute in the half-open state
// when Settings.Probes probes are already in flight.
var ErrTooManyProbes = errors.New("breaker: too many half-open probes")

// State is the state of a circuit.
type State int

// The states of a circuit.
const (
	// Closed lets calls through and counts their failures.
	Closed State = iota
	// Open rejects calls with ErrOpen until the cooldown has passed.
	Open
	// HalfOpen lets a bounded number of probe calls through.
	HalfOpen
)

// String returns "closed", "open" or "half-open".
func (s State) String() string {
	switch s {
	case Closed:
		return "closed"
	case Open:
		return "open"
	case HalfOpen:
		return "half-open"
	}
	return fmt.Sprintf("State(%d)", int(s))
}

// Counts are the numbers of calls recorded since the breaker last changed
// state. They reset to zero on every state change.
type Counts struct {
	// Requests is the number of calls allowed through.
	Requests int
	// Successes and Failures are the outcomes recorded.
	Successes int
	Failures  int
	// ConsecutiveFailures is the number of failures since the last success.
	ConsecutiveFailures int
}

// Ticket is the permission returned by Allow. Pass it to Record exactly once
// with the outcome of the call. It is a small value; copying it is cheap.
type Ticket struct {
	gen uint64
}

// Breaker is a circuit breaker. See the package documentation for the model.
// Create one with New; it is safe for concurrent use.
type Breaker struct {
	name         string
	threshold    int
	cooldown     time.Duration
	probes       int
	rate         float64
	minCalls     int
	isSuccessful func(error) bool
	onChange     func(string, State, State)
	now          func() time.Time

	mu       sync.Mutex
	state    State
	gen      uint64    // starts at 1 so the zero Ticket is always stale
	since    time.Time // when the current state (or probe round) began
	inFlight int       // probes handed out in this half-open generation
	counts   Counts
	window   window
}

// Name returns Settings.Name.
func (b *Breaker) Name() string { return b.name }

// Allow is AllowAt with the current time. The clock is read only when the
// state depends on it (open or half-open), so a closed breaker's Allow costs
// no clock read.
func (b *Breaker) Allow() (Ticket, error) { return b.allow(instant{}) }

// AllowAt asks, at time t, whether a call may go ahead. On success the
// caller makes the call and passes the Ticket to Record. Otherwise it returns
// ErrOpen (circuit open, cooldown not over) or ErrTooManyProbes (half-open,
// all probe slots taken) and the call must not be made.
//
// A probe that has not been recorded within a Cooldown of the start of its
// half-open round is presumed lost: the next AllowAt starts a new round with
// fresh probe slots, so a caller that forgets to Record cannot wedge the
// breaker in the half-open state.
func (b *Breaker) AllowAt(t time.Time) (Ticket, error) { return b.allow(instant{t, true}) }

func (b *Breaker) allow(in instant) (Ticket, error) {
	b.mu.Lock()
	from, to := b.advance(&in)
	var err error
	switch b.state {
	case Open:
		err = ErrOpen
	case HalfOpen:
		if b.inFlight >= b.probes {
			t := b.read(&in)
			if t.Sub(b.since) < b.cooldown {
				err = ErrTooManyProbes
				break
			}
			b.gen++
			b.since = t
			b.inFlight = 0
		}
		b.inFlight++
	}
	var tk Ticket
	if err == nil {
		b.counts.Requests++
		tk = Ticket{gen: b.gen}
	}
	b.mu.Unlock()
	b.notify(from, to)
	return tk, err
}

// Record is RecordAt with the current time. The clock is read only when the
// outcome changes the state or the failure-rate window is on.
func (b *Breaker) Record(tk Ticket, success bool) { b.record(instant{}, tk, success) }

// RecordAt reports, at time t, the outcome of the call made with tk. A ticket
// from before the latest state change, or the zero Ticket, is ignored.
func (b *Breaker) RecordAt(t time.Time, tk Ticket, success bool) {
	b.record(instant{t, true}, tk, success)
}

func (b *Breaker) record(in instant, tk Ticket, success bool) {
	b.mu.Lock()
	if tk.gen != b.gen {
		b.mu.Unlock()
		return
	}
	if success {
		b.counts.Successes++
		b.counts.ConsecutiveFailures = 0
	} else {
		b.counts.Failures++
		b.counts.ConsecutiveFailures++
	}
	from, to := b.state, b.state
	switch b.state {
	case Closed:
		if b.window.width > 0 {
			b.window.add(b.read(&in), success)
		}
		if !success && b.tripped(&in) {
			from, to = b.setState(Open, b.read(&in))
		}
	case HalfOpen:
		if success {
			from, to = b.setState(Closed, b.read(&in))
		} else {
			from, to = b.setState(Open, b.read(&in))
		}
	}
	b.mu.Unlock()
	b.notify(from, to)
}

// tripped reports whether the closed circuit should open. b.mu is held.
func (b *Breaker) tripped(in *instant) bool {
	if b.counts.ConsecutiveFailures >= b.threshold {
		return true
	}
	if b.window.width == 0 {
		return false
	}
	calls, failures := b.window.sum(b.read(in))
	return calls >= b.minCalls && float64(failures) >= b.rate*float64(calls)
}

// Execute runs fn if the breaker allows it and records the outcome: fn's
// error decides success through Settings.IsSuccessful (nil means err == nil).
// It returns ErrOpen or ErrTooManyProbes without running fn when the breaker
// refuses, and fn's error otherwise. If fn panics the call counts as a
// failure and the panic continues up the stack.
func (b *Breaker) Execute(fn func() error) error {
	tk, err := b.Allow()
	if err != nil {
		return err
	}
	done := false
	defer func() {
		if !done { // fn panicked or called runtime.Goexit
			b.Record(tk, false)
		}
	}()
	err = fn()
	done = true
	ok := err == nil
	if b.isSuccessful != nil {
		ok = b.isSuccessful(err)
	}
	b.Record(tk, ok)
	return err
}

// State is StateAt with the current time.
func (b *Breaker) State() State { return b.stateAt(instant{}) }

// StateAt returns the state at time t. An open circuit whose cooldown is over
// moves to half-open here, as it would on the next AllowAt.
func (b *Breaker) StateAt(t time.Time) State { return b.stateAt(instant{t, true}) }

func (b *Breaker) stateAt(in instant) State {
	b.mu.Lock()
	from, to := b.advance(&in)
	s := b.state
	b.mu.Unlock()
	b.notify(from, to)
	return s
}

// Counts returns the calls recorded since the last state change.
func (b *Breaker) Counts() Counts {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.counts
}

// advance moves an open circuit whose cooldown is over to half-open. b.mu is
// held. It returns the transition made, if any (from == to when none).
func (b *Breaker) advance(in *instant) (from, to State) {
	if b.state == Open {
		if t := b.read(in); t.Sub(b.since) >= b.cooldown {
			return b.setState(HalfOpen, t)
		}
	}
	return b.state, b.state
}

// instant is a time that is read from the clock only when first needed.
type instant struct {
	t   time.Time
	set bool
}

// read returns in's time, reading the clock the first time. b.mu is held,
// so Settings.Now must not call the breaker.
func (b *Breaker) read(in *instant) time.Time {
	if !in.set {
		in.t, in.set = b.now(), true
	}
	return in.t
}

// setState starts a new generation in state to. b.mu is held.
func (b *Breaker) setState(to State, t time.Time) (State, State) {
	from := b.state
	b.state = to
	b.gen++
	b.since = t
	b.inFlight = 0
	b.counts = Counts{}
	b.window.reset()
	return from, to
}

// notify calls OnStateChange for a transition; b.mu must not be held.
func (b *Breaker) notify(from, to State) {
	if from != to && b.onChange != nil {
		b.onChange(b.name, from, to)
	}
}
