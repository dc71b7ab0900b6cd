package clock

import (
	"runtime"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestOthersBusySeesAnotherGoroutine: with a goroutine spinning (running
// on another thread, or queued behind this one), othersBusy says so; once
// it has stopped, othersBusy says the process is quiet. The scheduler's
// counts are a snapshot, so each answer is looked for among several calls
// (the garbage collector's workers may be running at one of them).
func TestOthersBusySeesAnotherGoroutine(t *testing.T) {
	var w process
	some := func(want bool) bool {
		for range 100000 {
			if w.othersBusy() == want {
				return true
			}
		}
		return false
	}

	var stop atomic.Bool
	started, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		close(started)
		for !stop.Load() {
			runtime.Gosched() // under wasm nothing else would run
		}
	}()
	<-started
	assert.True(t, some(true), "othersBusy while a goroutine spins")
	stop.Store(true)
	<-stopped
	assert.True(t, some(false), "othersBusy never false once the spinner stopped")
}
