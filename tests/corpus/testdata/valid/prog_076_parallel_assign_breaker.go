package main

import (
	"errors"
	"fmt"
	"time"
)

type State int

const (
	Closed State = iota
	Open
	HalfOpen
)

func (s State) String() string {
	return [...]string{"closed", "open", "half-open"}[s]
}

type Breaker struct {
	state    State
	failures int
	until    time.Time
	cooldown time.Duration
}

var errOpen = errors.New("breaker open")

func (b *Breaker) Call(now time.Time, f func() error) error {
	if b.state == Open {
		if now.Before(b.until) {
			return errOpen
		}
		b.state, b.failures = HalfOpen, 0
	}
	if err := f(); err != nil {
		b.failures++
		if b.state == HalfOpen || b.failures >= 3 {
			b.state, b.until = Open, now.Add(b.cooldown)
		}
		return err
	}
	b.state, b.failures = Closed, 0
	return nil
}

func main() {
	start := time.Date(2024, 1, 1, 12, 0, 0, 0, time.UTC)
	b := &Breaker{cooldown: 5 * time.Second}
	fail := func() error { return errors.New("down") }
	ok := func() error { return nil }
	steps := []struct {
		at int
		f  func() error
	}{{0, fail}, {1, fail}, {2, fail}, {3, ok}, {6, ok}, {7, fail}, {8, ok}, {13, ok}, {14, ok}}
	for _, s := range steps {
		err := b.Call(start.Add(time.Duration(s.at)*time.Second), s.f)
		fmt.Printf("t=%2d err=%v state=%v until=%s\n", s.at, err, b.state, b.until.Format("15:04:05"))
	}
}
