package clock

import "time"

// rule is the quiescence rule of the package documentation: its tuning,
// and the world it observes and waits in. Every Virtual carries its own
// copy; NewVirtual and NewManual give it defaultRule, and tests give it a
// scripted world to drive the rule one round at a time.
type rule struct {
	quietRounds int           // rounds without clock activity before a firing
	spinRounds  int           // rounds with clock activity before napping instead of yielding
	busyRounds  int           // quiet rounds while others run before napping instead of yielding
	idleFires   int           // firings that changed nothing before the advancer slows down
	quietGrace  time.Duration // real time the quiet must also last
	busyCap     time.Duration // CPU time others may spend while the clock is quiet before time moves anyway
	napDelay    time.Duration // real-time pause instead of a yield
	idleNap     time.Duration // real-time pause before each firing once idle
	world       world
}

// defaultRule is the rule of every clock this package makes. The real-time
// and CPU-time figures differ between native and wasm builds
// (settle_native.go, settle_wasm.go).
var defaultRule = rule{
	quietRounds: 4,
	spinRounds:  1000,
	busyRounds:  16,
	idleFires:   64,
	quietGrace:  quietGrace,
	busyCap:     busyCap,
	napDelay:    napDelay,
	idleNap:     time.Millisecond,
	world:       process{},
}

// run is the advancer: while wake-ups are pending it waits for the program
// to be quiescent and fires the earliest one. It exits when the queue is
// empty (schedule starts a new one when needed) or when Close is called.
func (v *Virtual) run() {
	defer v.wg.Done()
	idle := 0
	for v.turn(&idle) {
	}
}

// turn is one turn of the advancer: unless the clock is closed or has
// nothing pending (then it reports false, and the advancer exits), it
// waits for quiescence and fires the earliest wake-up. idle counts the
// latest firings that could not let any goroutine make progress.
func (v *Virtual) turn(idle *int) bool {
	v.mu.Lock()
	if v.closed || len(v.queue) == 0 {
		v.running = false
		v.mu.Unlock()
		return false
	}
	v.mu.Unlock()
	if *idle >= v.rule.idleFires {
		v.rule.world.nap(v.done, v.rule.idleNap)
	}
	seen, ok := v.settle(v.done, 0)
	v.advanceMu.Lock()
	v.mu.Lock()
	fired, progress := false, false
	if ok && !v.closed && len(v.queue) > 0 &&
		v.activity.Load() == seen && v.waking.Load() == 0 {
		progress = v.fire(v.pop())
		fired = true
	}
	v.mu.Unlock()
	v.advanceMu.Unlock()
	switch {
	case progress:
		*idle = 0
	case fired:
		*idle++
	}
	return true
}

// settle waits until the program looks quiescent, as the package
// documentation defines it, and returns the activity count it saw last. It
// reports false if stop was closed first. A positive patience caps the wait
// at that much CPU time spent by the process.
func (v *Virtual) settle(stop <-chan struct{}, patience time.Duration) (uint64, bool) {
	r, w := &v.rule, v.rule.world
	capped := patience > 0
	began := w.cpu()
	var (
		quietWall time.Time     // the first quiet round, in real time
		quietCPU  time.Duration // and in the process's CPU time
		quiet     int           // consecutive rounds without clock activity
		changed   int           // consecutive rounds with clock activity
		busy      int           // quiet rounds in which other goroutines ran
	)
	last := v.activity.Load()
	for {
		// Spin while quiescence may be near; nap while the program is
		// busy, so that the advancer does not take a core from it.
		if changed < r.spinRounds && busy < r.busyRounds {
			w.yield()
		} else {
			w.nap(stop, r.napDelay)
		}
		select {
		case <-stop:
			return last, false
		default:
		}
		if capped && w.cpu()-began >= patience {
			return v.activity.Load(), true
		}
		if a := v.activity.Load(); a != last || v.waking.Load() > 0 {
			last, quiet, busy = a, 0, 0
			changed++
			continue
		}
		changed = 0
		quiet++
		if quiet == 1 {
			quietWall, quietCPU = w.wall(), w.cpu()
		}
		if quiet < r.quietRounds || w.wall().Sub(quietWall) < r.quietGrace {
			continue
		}
		// Others may be running between two clock calls: wait for them,
		// but not for ever, since some never touch the clock. Their CPU
		// time, not real time, measures the wait: a thread the operating
		// system has not scheduled yet has spent none.
		if !w.othersBusy() || w.cpu()-quietCPU >= r.busyCap {
			return last, true
		}
		busy++
	}
}
