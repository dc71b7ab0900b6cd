package sandbox

import (
	"bytes"
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"time"
)

// Nothing of a run may outlive it. The interpreter stops every goroutine
// of the program at its next step once the run is stopped, and a channel
// operation it is blocked in returns; but a goroutine blocked inside
// compiled code (a sync.Mutex that is never unlocked, a WaitGroup that
// never reaches zero) stays blocked. So the run counts the program's
// goroutines: every guarded body (main, init, go statements, AfterFunc and
// WaitGroup.Go callbacks, see rewrite.go) starts with
//
//	defer flakylab_rt_.Exit(flakylab_rt_.Enter())
//
// whose deferred half is compiled and so runs even when the interpreter
// unwinds a stopped goroutine. After the run, settle waits for the count to
// reach zero; what is left, with timers that could not be stopped and
// shared state the program changed, goes into Result.Leftover, and a host
// that sees it discards the process (the browser retires the worker).

// settleGrace is how long a run waits, after it is stopped, for its
// goroutines to unwind. A goroutine that needs longer is blocked where it
// cannot be stopped.
const settleGrace = time.Second

// lifecycle is what a run tracks to prove that it ended cleanly.
type lifecycle struct {
	mu     sync.Mutex
	live   int           // guarded bodies running
	idle   chan struct{} // receives when live drops to zero
	timers []stopper     // wall-clock timers, tickers and deadline contexts
	ended  bool          // stopAll ran: what is tracked later is stopped at once
}

// stopper is a *time.Timer, a tickerStopper or a cancelStopper.
type stopper interface{ Stop() bool }

func newLifecycle() *lifecycle {
	return &lifecycle{idle: make(chan struct{}, 1)}
}

// Enter counts a guarded body that starts; the program calls it.
func (l *lifecycle) Enter() struct{} {
	l.mu.Lock()
	l.live++
	l.mu.Unlock()
	return struct{}{}
}

// Exit counts a guarded body that returned or was unwound.
func (l *lifecycle) Exit(struct{}) {
	l.mu.Lock()
	l.live--
	if l.live == 0 {
		select {
		case l.idle <- struct{}{}:
		default:
		}
	}
	l.mu.Unlock()
}

// settle waits up to grace for every guarded body to end and returns how
// many are still running.
func (l *lifecycle) settle(grace time.Duration) int {
	deadline := time.NewTimer(grace)
	defer deadline.Stop()
	for {
		l.mu.Lock()
		n := l.live
		l.mu.Unlock()
		if n <= 0 {
			return 0
		}
		select {
		case <-l.idle:
		case <-deadline.C:
			l.mu.Lock()
			n = l.live
			l.mu.Unlock()
			return max(n, 0)
		}
	}
}

// track records a wall-clock timer or ticker, or a deadline context, so
// that the end of the run stops it; one made after the end is stopped at
// once.
func (l *lifecycle) track(s stopper) {
	l.mu.Lock()
	ended := l.ended
	if !ended {
		l.timers = append(l.timers, s)
	}
	l.mu.Unlock()
	if ended {
		s.Stop()
	}
}

// stopAll stops every timer and ticker the run made on the wall clock and
// ends its deadline contexts.
func (l *lifecycle) stopAll() {
	l.mu.Lock()
	l.ended = true
	timers := l.timers
	l.timers = nil
	l.mu.Unlock()
	for _, t := range timers {
		t.Stop()
	}
}

// bindRealTimers makes the wall-clock timers of a real-time run stoppable
// at its end: time.AfterFunc, NewTimer, NewTicker, After and Tick keep
// their behaviour and types, and the run remembers what they made.
func (r *run) bindRealTimers(t map[string]reflect.Value) {
	l := r.life
	t["AfterFunc"] = reflect.ValueOf(func(d time.Duration, f func()) *time.Timer {
		tm := time.AfterFunc(d, f)
		l.track(tm)
		return tm
	})
	t["NewTimer"] = reflect.ValueOf(func(d time.Duration) *time.Timer {
		tm := time.NewTimer(d)
		l.track(tm)
		return tm
	})
	t["After"] = reflect.ValueOf(func(d time.Duration) <-chan time.Time {
		tm := time.NewTimer(d)
		l.track(tm)
		return tm.C
	})
	t["NewTicker"] = reflect.ValueOf(func(d time.Duration) *time.Ticker {
		tk := time.NewTicker(d)
		l.track(tickerStopper{tk})
		return tk
	})
	t["Tick"] = reflect.ValueOf(func(d time.Duration) <-chan time.Time {
		if d <= 0 {
			return nil // as time.Tick does
		}
		tk := time.NewTicker(d)
		l.track(tickerStopper{tk})
		return tk.C
	})
}

// tickerStopper gives a Ticker the Stop() bool of a Timer.
type tickerStopper struct{ t *time.Ticker }

func (s tickerStopper) Stop() bool { s.t.Stop(); return true }

// cancelStopper ends a deadline context.
type cancelStopper func()

func (c cancelStopper) Stop() bool { c(); return true }

// leftover says what of the run may have survived it, "" if nothing:
// goroutines of the program still running after settleGrace, other
// goroutines the run left in the process, and shared state the program
// changed (which has been put back).
func leftover(running, others int, restored []string) string {
	var parts []string
	switch {
	case running == 1:
		parts = append(parts, "1 goroutine of the program was still running after it ended (blocked where the runtime cannot stop it)")
	case running > 1:
		parts = append(parts, fmt.Sprintf("%d goroutines of the program were still running after it ended (blocked where the runtime cannot stop them)", running))
	}
	switch {
	case others == 1:
		parts = append(parts, "1 more goroutine started during the run was still running after it")
	case others > 1:
		parts = append(parts, fmt.Sprintf("%d more goroutines started during the run were still running after it", others))
	}
	if len(restored) > 0 {
		parts = append(parts, "the program changed state shared with other runs ("+strings.Join(restored, ", ")+"); it was put back")
	}
	return strings.Join(parts, "; ")
}

// The guards count only the goroutines that run the program's own code.
// Compiled code can start others on its behalf (context.WithCancel of a
// Context the program implements watches it from a goroutine of its own),
// so a Run that has the process to itself (no other Run overlaps it, as in
// the browser's worker and the command-line grader) also checks that every
// goroutine that started during the run has ended. Goroutines are told
// apart by their ids (runtime.Stack), not counted, so that one of an
// earlier run ending meanwhile cannot hide a new one.
var processRuns struct {
	mu      sync.Mutex
	active  int    // Runs in progress
	started uint64 // Runs started so far
}

// processCheck is what a Run noted about the process when it started.
type processCheck struct {
	alone  bool   // no other Run was in progress
	nth    uint64 // processRuns.started after this one started
	before map[string]bool
}

func beginProcessCheck() processCheck {
	processRuns.mu.Lock()
	defer processRuns.mu.Unlock()
	processRuns.active++
	processRuns.started++
	c := processCheck{alone: processRuns.active == 1, nth: processRuns.started}
	if c.alone {
		c.before = goroutineIDs()
	}
	return c
}

// extra waits up to grace for every goroutine that started during the
// run to end and returns how many have not; 0 when another Run
// overlapped this one, whose goroutines would count.
func (c processCheck) extra(grace time.Duration) int {
	defer func() {
		processRuns.mu.Lock()
		processRuns.active--
		processRuns.mu.Unlock()
	}()
	deadline := time.Now().Add(grace)
	for {
		processRuns.mu.Lock()
		alone := c.alone && processRuns.started == c.nth
		processRuns.mu.Unlock()
		if !alone {
			return 0
		}
		n := 0
		for id := range goroutineIDs() {
			if !c.before[id] {
				n++
			}
		}
		if n == 0 || time.Now().After(deadline) {
			return n
		}
		time.Sleep(time.Millisecond)
	}
}

// goroutineIDs returns the ids of the process's goroutines, from the
// headers ("goroutine 7 [select]:") of runtime.Stack.
func goroutineIDs() map[string]bool {
	buf := make([]byte, 8<<10)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			buf = buf[:n]
			break
		}
		buf = make([]byte, 2*len(buf))
	}
	ids := map[string]bool{}
	for _, line := range bytes.Split(buf, []byte("\n")) {
		rest, ok := bytes.CutPrefix(line, []byte("goroutine "))
		if !ok {
			continue
		}
		if id, _, ok := bytes.Cut(rest, []byte(" ")); ok {
			ids[string(id)] = true
		}
	}
	return ids
}
