package clock

import (
	"runtime"
	"runtime/metrics"
	"time"
)

// world is what the quiescence rule observes of the process and how it
// waits in it. process is the real one.
type world interface {
	// yield lets other goroutines run (runtime.Gosched).
	yield()
	// nap pauses d of real time, or less if stop is closed.
	nap(stop <-chan struct{}, d time.Duration)
	// wall reads the real clock.
	wall() time.Time
	// cpu returns the CPU time the process has used so far (real time
	// where the platform cannot tell).
	cpu() time.Duration
	// othersBusy reports whether any goroutine besides the caller is
	// running or ready to run.
	othersBusy() bool
}

// process is the world of the running program.
type process struct{}

// processStart is when the package was initialized: the origin of the
// real time that stands in for CPU time where there is none.
var processStart = time.Now()

func (process) yield() { runtime.Gosched() }

func (process) nap(stop <-chan struct{}, d time.Duration) { nap(stop, d) }

func (process) wall() time.Time { return time.Now() }

// othersBusy asks the Go scheduler how many goroutines are running or
// ready to run. The counts are approximate; a wrong answer only costs a
// wait, or a firing while a goroutine was between two clock calls.
func (process) othersBusy() bool {
	samples := [...]metrics.Sample{
		{Name: "/sched/goroutines/running:goroutines"},
		{Name: "/sched/goroutines/runnable:goroutines"},
	}
	metrics.Read(samples[:])
	var n uint64
	for _, s := range samples {
		if s.Value.Kind() == metrics.KindUint64 {
			n += s.Value.Uint64()
		}
	}
	return n > 1 // the caller is running
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
