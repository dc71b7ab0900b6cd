package main

import "fmt"

type State int

const (
	Closed State = iota
	Open
	HalfOpen
)

func (s State) String() string { return [...]string{"closed", "open", "half-open"}[s] }

type Breaker struct {
	state     State
	failures  int
	threshold int
	openedAt  int
	cooldown  int
}

func (b *Breaker) Allow(now int) bool {
	if b.state == Open && now-b.openedAt >= b.cooldown {
		b.state = HalfOpen
	}
	return b.state != Open
}

func (b *Breaker) Record(now int, ok bool) {
	switch {
	case ok:
		b.state, b.failures = Closed, 0
	case b.state == HalfOpen:
		b.state, b.openedAt = Open, now
	default:
		b.failures++
		if b.failures >= b.threshold {
			b.state, b.openedAt = Open, now
		}
	}
}

func main() {
	b := &Breaker{threshold: 3, cooldown: 5}
	outcomes := []bool{false, false, false, true, true, false, true, true, true, true, true}
	for now, ok := range outcomes {
		if !b.Allow(now) {
			fmt.Printf("t=%d rejected (%v)\n", now, b.state)
			continue
		}
		b.Record(now, ok)
		fmt.Printf("t=%d ok=%v -> %v\n", now, ok, b.state)
	}
}
