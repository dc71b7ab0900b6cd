package clock

import (
	"runtime"
	"runtime/metrics"
	"time"
)

// Tuning of the quiescence rule. The real-time grace, the cap on waiting
// for busy goroutines and the nap length differ between native and wasm
// builds (settle_native.go, settle_wasm.go).
const (
	quietRounds = 4                // Gosched rounds without clock activity
	spinRounds  = 1000             // Gosched rounds per settle before napping instead
	busyRounds  = 16               // Gosched rounds while others run before napping instead
	idleFires   = 64               // firings that changed nothing before the advancer slows down
	idleNap     = time.Millisecond // pause before each firing once idle
)

// run is the advancer: while wake-ups are pending it waits for the program
// to be quiescent and fires the earliest one. It exits when the queue is
// empty (schedule starts a new one when needed) or when Close is called.
func (v *Virtual) run() {
	defer v.wg.Done()
	idle := 0
	for {
		v.mu.Lock()
		if v.closed || len(v.queue) == 0 {
			v.running = false
			v.mu.Unlock()
			return
		}
		v.mu.Unlock()
		if idle >= idleFires {
			nap(v.done, idleNap)
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
			idle = 0
		case fired:
			idle++
		}
	}
}

// settle waits until the program looks quiescent, as the package
// documentation defines it, and returns the activity count it saw last. It
// reports false if stop was closed first. A positive patience caps the wait
// in real time.
func (v *Virtual) settle(stop <-chan struct{}, patience time.Duration) (uint64, bool) {
	var (
		probe      schedProbe
		began      time.Time
		quietSince time.Time
		quiet      int // consecutive rounds without clock activity
		changed    int // consecutive rounds with clock activity
		busy       int // quiet rounds in which other goroutines ran
	)
	if patience > 0 {
		began = time.Now()
	}
	last := v.activity.Load()
	for {
		// Spin while quiescence may be near; nap while the program is
		// busy, so that the advancer does not take a core from it.
		if changed < spinRounds && busy < busyRounds {
			runtime.Gosched()
		} else {
			nap(stop, napDelay)
		}
		select {
		case <-stop:
			return last, false
		default:
		}
		if patience > 0 && time.Since(began) >= patience {
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
			quietSince = time.Now()
		}
		if quiet < quietRounds {
			continue
		}
		idleFor := time.Since(quietSince)
		if idleFor < quietGrace {
			continue
		}
		if !probe.othersBusy() || idleFor >= busyCap {
			return last, true
		}
		busy++
	}
}

// nap sleeps d of real time, or less if stop is closed. A nil stop never is.
func nap(stop <-chan struct{}, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-stop:
	}
}

// schedProbe asks the Go scheduler how many goroutines are running or
// ready to run.
type schedProbe struct {
	samples []metrics.Sample
}

// othersBusy reports whether any goroutine besides the caller is running or
// runnable. The counts are approximate; a wrong answer only costs a wait.
func (p *schedProbe) othersBusy() bool {
	if p.samples == nil {
		p.samples = []metrics.Sample{
			{Name: "/sched/goroutines/running:goroutines"},
			{Name: "/sched/goroutines/runnable:goroutines"},
		}
	}
	metrics.Read(p.samples)
	var n uint64
	for _, s := range p.samples {
		if s.Value.Kind() == metrics.KindUint64 {
			n += s.Value.Uint64()
		}
	}
	return n > 1
}
