package clock

import (
	"fmt"
	"sync"
	"time"
)

// t0 of the package's own tests.
var at0 = time.Date(2025, 3, 14, 9, 0, 0, 0, time.UTC)

// script is a world a test drives round by round, on the test's own
// goroutine: every yield or nap is one round. A round moves the real clock
// by wallStep and the CPU clock by cpuStep, is logged ("y" for a yield,
// "n" and the duration for a nap), and then runs the step given for its
// number, standing in for what other goroutines do meanwhile (call the
// clock, stop a timer). After limit rounds the script ends the wait: it
// closes stop, or closes the clock when stop is the clock's own.
type script struct {
	mu       sync.Mutex
	v        *Virtual
	rounds   int
	log      []string
	wallAt   time.Time
	cpuAt    time.Duration
	wallStep time.Duration
	cpuStep  time.Duration
	steps    map[int]func()
	busy     func(round int) bool // nil: others are never busy
	limit    int
	stop     chan struct{} // closed after limit rounds, if not nil
	ranOut   bool
}

// testRule is a rule small enough to follow by hand.
func testRule(w world) rule {
	return rule{
		quietRounds: 3,
		spinRounds:  4,
		busyRounds:  2,
		idleFires:   2,
		quietGrace:  0,
		busyCap:     100 * time.Millisecond,
		napDelay:    time.Millisecond,
		idleNap:     7 * time.Millisecond,
		world:       w,
	}
}

// newScript returns a script with the CPU clock at 1s (so that a
// difference taken the wrong way round shows) and a manual clock that
// uses it, with r's tuning.
func newScript(tune func(*rule)) *script {
	s := &script{wallAt: at0, cpuAt: time.Second, limit: 40, steps: map[int]func(){}}
	r := testRule(s)
	if tune != nil {
		tune(&r)
	}
	s.v = newVirtual(at0, true, r)
	return s
}

func (s *script) round(entry string) {
	s.mu.Lock()
	s.rounds++
	n := s.rounds
	s.wallAt = s.wallAt.Add(s.wallStep)
	s.cpuAt += s.cpuStep
	s.log = append(s.log, entry)
	step := s.steps[n]
	s.mu.Unlock()
	if step != nil {
		step()
	}
	if n == s.limit {
		s.ranOut = true
		if s.stop != nil {
			close(s.stop)
		} else {
			s.v.Close()
		}
	}
}

func (s *script) yield() { s.round("y") }

func (s *script) nap(_ <-chan struct{}, d time.Duration) { s.round("n" + d.String()) }

func (s *script) wall() time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.wallAt
}

func (s *script) cpu() time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cpuAt
}

func (s *script) othersBusy() bool {
	s.mu.Lock()
	n, busy := s.rounds, s.busy
	s.mu.Unlock()
	return busy != nil && busy(n)
}

// trace is the log as one string, "y y n1ms".
func (s *script) trace() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return fmt.Sprint(s.log)
}

// every returns a step for each of the rounds from, ..., to.
func every(from, to int, f func()) map[int]func() {
	m := map[int]func(){}
	for n := from; n <= to; n++ {
		m[n] = f
	}
	return m
}
