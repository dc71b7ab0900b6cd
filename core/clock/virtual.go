package clock

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// Virtual is a deterministic clock for lessons, tests and the browser
// runtime. Its time moves only through Advance or, for clocks made by
// NewVirtual, automatically whenever the program is waiting for it; the
// package documentation describes the model and its guarantees.
//
// The zero value is not usable; create one with NewVirtual or NewManual.
// A Virtual is safe for concurrent use.
type Virtual struct {
	mu      sync.Mutex
	start   time.Time
	now     time.Time
	seq     uint64        // next event sequence number
	queue   queue         // pending wake-ups
	changed chan struct{} // closed when the queue changes; nil if unwatched
	manual  bool          // only Advance moves time
	closed  bool          // Close was called
	running bool          // the advancer goroutine is live
	done    chan struct{} // closed by Close

	// activity counts clock calls; the advancer treats an unchanged count
	// as one sign of quiescence. waking counts goroutines released by a
	// firing that have not resumed yet, and changes only with mu held.
	// Both are atomic so that the advancer can poll them without the
	// lock. A few calls that never wait bump activity without mu; a bump
	// that misses the advancer's final check under mu simply counts as
	// coming after that firing.
	activity atomic.Uint64
	waking   atomic.Int64

	advanceMu sync.Mutex     // one firing sequence at a time
	wg        sync.WaitGroup // the advancer, for Close
	rule      rule           // when the program counts as waiting; never changes
}

// NewVirtual returns an auto-advancing virtual clock reading start. Call
// Close when done with it so that its advancer goroutine does not outlive
// the test or run.
func NewVirtual(start time.Time) *Virtual {
	return newVirtual(start, false, defaultRule)
}

// NewManual returns a virtual clock reading start whose time moves only
// when Advance is called. It starts no goroutine.
func NewManual(start time.Time) *Virtual {
	return newVirtual(start, true, defaultRule)
}

func newVirtual(start time.Time, manual bool, r rule) *Virtual {
	start = start.Round(0)
	return &Virtual{start: start, now: start, manual: manual, done: make(chan struct{}), rule: r}
}

// Now returns the current virtual instant.
func (v *Virtual) Now() time.Time {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.activity.Add(1)
	return v.now
}

// Since returns the virtual time elapsed since t.
func (v *Virtual) Since(t time.Time) time.Duration { return v.Now().Sub(t) }

// Until returns the virtual time from now until t.
func (v *Virtual) Until(t time.Time) time.Duration { return t.Sub(v.Now()) }

// Elapsed returns the virtual time elapsed since the clock's start.
func (v *Virtual) Elapsed() time.Duration { return v.Since(v.start) }

// Sleep blocks until d of virtual time has passed and returns nil, or
// returns ctx's error if ctx ends first or has already ended. A d <= 0
// returns at once.
func (v *Virtual) Sleep(ctx context.Context, d time.Duration) error {
	if err := ctx.Err(); err != nil || d <= 0 {
		v.activity.Add(1)
		return err
	}
	ev := &event{kind: wakeSleeper, wake: make(chan struct{})}
	v.mu.Lock()
	v.schedule(ev, v.now.Add(d))
	v.mu.Unlock()
	select {
	case <-ev.wake:
	case <-ctx.Done():
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	v.activity.Add(1)
	if ev.fired {
		// The wake-up fired before ctx ended in virtual time; the sleep
		// is complete even if ctx has ended since.
		v.waking.Add(-1)
		return nil
	}
	v.unschedule(ev)
	return ctx.Err()
}

// SleepPlain blocks until d of virtual time has passed. It is the
// counterpart of time.Sleep.
func (v *Virtual) SleepPlain(d time.Duration) {
	_ = v.Sleep(context.Background(), d)
}

// Advance moves time forward by d (a negative d counts as zero). Every
// wake-up due by then fires in order, Now reading its instant as it fires;
// after each firing Advance lets the goroutines it released run until they
// block again, by the rule auto-advance uses, but only until the process has
// spent 250ms of CPU time on that firing natively (10ms of real time under
// wasm). Advance works on both kinds of clock, also after Close.
func (v *Virtual) Advance(d time.Duration) {
	v.advanceMu.Lock()
	defer v.advanceMu.Unlock()
	v.mu.Lock()
	v.activity.Add(1)
	target := v.now
	if d > 0 {
		target = target.Add(d)
	}
	v.mu.Unlock()
	v.settle(nil, v.rule.busyCap)
	for {
		v.mu.Lock()
		if len(v.queue) == 0 || v.queue[0].when.After(target) {
			if target.After(v.now) {
				v.now = target
			}
			v.mu.Unlock()
			return
		}
		progress := v.fire(v.pop())
		v.mu.Unlock()
		if progress {
			v.settle(nil, v.rule.busyCap)
		}
	}
}

// Pending returns the number of wake-ups waiting to fire: sleepers, timers,
// AfterFunc callbacks, tickers and context deadlines.
func (v *Virtual) Pending() int {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.activity.Add(1)
	return len(v.queue)
}

// BlockUntil waits in real time until at least n wake-ups are pending, or
// returns ctx's error if ctx ends first. With a manual clock it lets a test
// wait until its goroutines have started sleeping before it calls Advance.
func (v *Virtual) BlockUntil(ctx context.Context, n int) error {
	v.mu.Lock()
	v.activity.Add(1)
	for len(v.queue) < n {
		if v.changed == nil {
			v.changed = make(chan struct{})
		}
		changed := v.changed
		v.mu.Unlock()
		select {
		case <-changed:
		case <-ctx.Done():
			return ctx.Err()
		}
		v.mu.Lock()
	}
	v.mu.Unlock()
	return nil
}

// Close stops auto-advance for good and waits for the advancer goroutine to
// exit. Pending wake-ups stay pending; only Advance can fire them. Close is
// idempotent.
func (v *Virtual) Close() {
	v.mu.Lock()
	if !v.closed {
		v.closed = true
		close(v.done)
	}
	v.mu.Unlock()
	v.wg.Wait()
}
