package sandbox

import (
	"runtime"
	"strings"
	"time"
)

// A goroutine's panic runs the goroutine's deferred calls before it
// reaches the guard that reports it (rewrite.go), and one of those calls
// may wake main: `defer wg.Done()` then an index out of range. Go makes
// main's exit wait while a panic is running deferred calls
// (runningPanicDefers in runtime/proc.go: a bounded loop of Gosched,
// then main parks if the panic has begun to print), so that such a
// program prints the panic and exits with status 2. Here main's return
// (mainDone) won the race about one run in 20, natively, and the run
// ended as a success. (Go's own loop is bounded by yields, not time: on
// a machine whose two cores ran far more than two threads, the native
// binary of such a program exited 0 in 105 runs of 300; the wait below
// gives the panic the outcome Go's runtime means it to have.)
//
// awaitPanics is Go's loop: when main returns while other goroutines of
// the program still run, it waits, boundedly, as long as a goroutine of
// the process is inside a panic and not blocked; the panic then reaches
// its report first. A panicking goroutine that blocks in a deferred call
// on a channel, a sleep or a WaitGroup does not hold main, as in Go. The
// look cannot tell which run a goroutine belongs to, so a panic of
// another run under way in the same process holds main for as long, at
// most; it never makes this run end with a panic it did not have.
//
// The interpreter recovers a panic before it runs a frame's deferred
// calls and panics again after them (yaegi v0.16.1, interp/run.go,
// runCfg), so while those calls run the goroutine's stack holds the Go
// runtime's panic frame; that frame is what the wait looks for.

const (
	// panicWaitYields is how many times awaitPanics yields before it
	// naps between looks; after that many looks, panicWaitLimit bounds
	// the wait (a look reads every goroutine's stack, which under heavy
	// load took more than 50 ms: a bound on time alone gave up before it
	// had looked once).
	panicWaitYields = 100
	panicWaitNap    = 100 * time.Microsecond
	panicWaitLimit  = 200 * time.Millisecond
	// panicWaitMax bounds the wait whatever the looks cost (a program
	// with thousands of goroutines makes each look slow).
	panicWaitMax = 500 * time.Millisecond
)

// awaitPanics holds main's return while a panic is under way in another
// goroutine, until it is reported or stops, or the bounds above pass.
func (r *run) awaitPanics() {
	if r.life.running() <= 1 {
		return // main alone: nothing can be panicking beside it
	}
	self := currentGoroutine()
	start := time.Now()
	for look := 0; ; look++ {
		if r.ended() || !panicUnderWay(self) {
			return
		}
		waited := time.Since(start)
		if (look >= panicWaitYields && waited > panicWaitLimit) || waited > panicWaitMax {
			return
		}
		if look < panicWaitYields {
			runtime.Gosched()
		} else {
			time.Sleep(panicWaitNap)
		}
	}
}

// panicUnderWay reports whether a goroutine other than self is inside a
// panic and not blocked (see progressing).
func panicUnderWay(self string) bool {
	for _, g := range stacks() {
		if g.id == self || !progressing(g.state) {
			continue
		}
		for _, f := range g.funcs {
			if f == "panic" {
				return true
			}
		}
	}
	return false
}

// progressing reports whether a goroutine in this state of
// runtime.Stack's report goes on by itself: anything but blocked on a
// channel, a select, a sleep, a WaitGroup or a condition, which a
// program's deferred call may wait on for ever (a lock, the collector's
// assists and the like are soon let go).
func progressing(state string) bool {
	for _, s := range []string{"chan ", "select", "sleep", "sync.WaitGroup.Wait", "sync.Cond.Wait", "IO wait", "forever"} {
		if strings.HasPrefix(state, s) {
			return false
		}
	}
	return true
}
