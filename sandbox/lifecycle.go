package sandbox

import (
	"fmt"
	"reflect"
	"sort"
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

// settlePatience is how many naps of a millisecond a run waits, after it
// is stopped, for its goroutines to unwind, counted from the last one that
// ended: a goroutine still there then is blocked where it cannot be
// stopped. Naps rather than a duration, so that a machine too busy to
// schedule the goroutines does not make them look stuck: a nap takes
// longer there too.
const settlePatience = 500

// waitDown polls count until it is 0 or has not gone down for patience
// naps of a millisecond, and returns its last value. A nap ends early when
// wake receives (a goroutine that ended says so; nil: never): in the
// browser a nap is a round trip through the JavaScript event loop, and the
// goroutine a run usually waits for, main unwinding, ends without one.
func waitDown(patience int, count func() int, wake <-chan struct{}) int {
	last, naps := count(), 0
	if last <= 0 {
		return 0
	}
	nap := time.NewTimer(time.Millisecond)
	defer nap.Stop()
	for last > 0 && naps < patience {
		select {
		case <-wake:
			if !nap.Stop() {
				<-nap.C
			}
		case <-nap.C:
		}
		nap.Reset(time.Millisecond)
		naps++
		if n := count(); n < last {
			last, naps = n, 0
		}
	}
	return max(last, 0)
}

// lifecycle is what a run tracks to prove that it ended cleanly.
type lifecycle struct {
	mu     sync.Mutex
	live   int           // guarded bodies running
	exited chan struct{} // a guarded body ended (settle's wake-up; holds one)
	timers []stopper     // wall-clock timers, tickers and deadline contexts
	ended  bool          // stopAll ran: what is tracked later is stopped at once
}

// stopper is a *time.Timer, a tickerStopper or a cancelStopper.
type stopper interface{ Stop() bool }

func newLifecycle() *lifecycle {
	return &lifecycle{exited: make(chan struct{}, 1)}
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
	l.mu.Unlock()
	select {
	case l.exited <- struct{}{}:
	default:
	}
}

// settle waits for every guarded body to end (see settlePatience) and
// returns how many are still running.
func (l *lifecycle) settle(patience int) int {
	return waitDown(patience, l.running, l.exited)
}

// running is how many guarded bodies are running.
func (l *lifecycle) running() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.live
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
// goroutines of the program still running when the run gave up on them,
// other goroutines started during the run and still there (named by what
// started them), and shared state the program changed (which has been put
// back).
func leftover(running int, others []string, restored []string) string {
	var parts []string
	switch {
	case running == 1:
		parts = append(parts, "1 goroutine of the program was still running after it ended (blocked where the runtime cannot stop it)")
	case running > 1:
		parts = append(parts, fmt.Sprintf("%d goroutines of the program were still running after it ended (blocked where the runtime cannot stop them)", running))
	}
	switch {
	case len(others) == 1:
		parts = append(parts, "1 more goroutine started during the run was still running after it (started by "+others[0]+")")
	case len(others) > 1:
		parts = append(parts, fmt.Sprintf("%d more goroutines started during the run were still running after it (started by %s)",
			len(others), strings.Join(others, ", ")))
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
// goroutine started during the run by anything but the interpreter (whose
// goroutines are the guarded ones) and the Go runtime has ended.
// Goroutines are told apart by their ids (runtime.Stack), not counted, so
// that one of an earlier run ending meanwhile cannot hide a new one.
var processRuns struct {
	mu      sync.Mutex
	active  int    // Runs in progress
	started uint64 // Runs started so far
}

// processCheck is what a Run noted about the process when it started.
type processCheck struct {
	alone  bool   // no other Run was in progress
	nth    uint64 // processRuns.started after this one started
	before map[string]string
}

func beginProcessCheck() processCheck {
	processRuns.mu.Lock()
	defer processRuns.mu.Unlock()
	processRuns.active++
	processRuns.started++
	c := processCheck{alone: processRuns.active == 1, nth: processRuns.started}
	if c.alone {
		c.before = goroutines()
	}
	return c
}

// others waits for every goroutine started during the run, other than
// the interpreter's and the runtime's, to end (see settlePatience) and
// names what started those that have not; nothing when another Run
// overlapped this one, whose goroutines would count.
func (c processCheck) others(patience int) []string {
	defer func() {
		processRuns.mu.Lock()
		processRuns.active--
		processRuns.mu.Unlock()
	}()
	alone := func() bool {
		processRuns.mu.Lock()
		defer processRuns.mu.Unlock()
		return c.alone && processRuns.started == c.nth
	}
	var left []string
	waitDown(patience, func() int {
		left = nil
		if !alone() {
			return 0
		}
		for id, creator := range goroutines() {
			if _, old := c.before[id]; !old && !strings.HasPrefix(creator, interpPackage) {
				left = append(left, creator)
			}
		}
		return len(left)
	}, nil)
	if !alone() {
		return nil
	}
	sort.Strings(left)
	return left
}

// interpPackage starts the name of the interpreter's functions.
const interpPackage = "github.com/traefik/yaegi/interp."

// goroutines returns the process's goroutines, id -> the function that
// started it ("context.(*cancelCtx).propagateCancel"), from runtime.Stack,
// leaving out those of the Go runtime itself (under GOOS=js, the goroutine
// that takes the JavaScript host's events comes and goes with the event
// loop).
func goroutines() map[string]string {
	out := map[string]string{}
	for _, g := range stacks() {
		// A goroutine the program could have started has a creator; the
		// main goroutine, and under GOOS=js the one that takes the host's
		// events (runtime.handleEvent), have none.
		if g.creator == "" || strings.HasPrefix(g.creator, "runtime.") {
			continue
		}
		out[g.id] = g.creator
	}
	return out
}
