//go:build ignore

// States as an enumeration, the half-open move made in one helper that
// both Allow and State call.
package main

import "time"

type state int

const (
	closed state = iota
	open
	halfOpen
)

type Breaker struct {
	threshold, failures int
	cooldown            time.Duration
	st                  state
	until               time.Time // end of the cooldown while open
	probeOut            bool
}

func NewBreaker(threshold int, cooldown time.Duration) *Breaker {
	return &Breaker{threshold: threshold, cooldown: cooldown}
}

func (b *Breaker) refresh(now time.Time) {
	if b.st == open && !now.Before(b.until) {
		b.st, b.probeOut = halfOpen, false
	}
}

func (b *Breaker) Allow(now time.Time) bool {
	b.refresh(now)
	if b.st == closed {
		return true
	}
	if b.st == halfOpen && !b.probeOut {
		b.probeOut = true
		return true
	}
	return false
}

func (b *Breaker) Record(success bool, now time.Time) {
	if b.st == halfOpen {
		if success {
			b.st, b.failures = closed, 0
		} else {
			b.trip(now)
		}
		return
	}
	if success {
		b.failures = 0
		return
	}
	if b.failures++; b.failures >= b.threshold {
		b.trip(now)
	}
}

// trip opens the circuit for a cooldown from now.
func (b *Breaker) trip(now time.Time) {
	b.st = open
	b.until = now.Add(b.cooldown)
}

func (b *Breaker) State(now time.Time) string {
	b.refresh(now)
	return [...]string{"closed", "open", "half-open"}[b.st]
}
