package clock_test

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/core/clock"
)

// received returns the value waiting in c, if any, without blocking.
func received(c <-chan time.Time) (time.Time, bool) {
	select {
	case at := <-c:
		return at, true
	default:
		return time.Time{}, false
	}
}

func TestSelectPicksEarlierTimer(t *testing.T) {
	for run := range 200 {
		v := clock.NewVirtual(t0)
		late := v.After(2 * time.Second)
		early := v.NewTimer(time.Second)
		select {
		case at := <-late:
			t.Fatalf("run %d: the 2s timer won at %v", run, at)
		case at := <-early.C:
			require.Equal(t, t0.Add(time.Second), at, "run %d", run)
		}
		require.Equal(t, t0.Add(time.Second), v.Now(), "run %d", run)
		v.Close()
	}
}

func TestTimerStop(t *testing.T) {
	v := clock.NewManual(t0)
	tm := v.NewTimer(2 * time.Second)
	v.Advance(time.Second)
	_, ok := received(tm.C)
	assert.False(t, ok, "nothing before 2s")
	assert.True(t, tm.Stop(), "Stop of a pending timer")
	assert.False(t, tm.Stop(), "second Stop")
	v.Advance(time.Hour)
	_, ok = received(tm.C)
	assert.False(t, ok, "a stopped timer never delivers")
}

func TestTimerStopDiscardsUndeliveredValue(t *testing.T) {
	v := clock.NewManual(t0)
	tm := v.NewTimer(time.Second)
	v.Advance(time.Second)
	assert.True(t, tm.Stop(), "Stop after firing but before the receive stops it (Go 1.23 semantics)")
	_, ok := received(tm.C)
	assert.False(t, ok, "no stale value after Stop")

	tm = v.NewTimer(time.Second)
	v.Advance(time.Second)
	at, ok := received(tm.C)
	require.True(t, ok)
	assert.Equal(t, t0.Add(2*time.Second), at)
	assert.False(t, tm.Stop(), "Stop after the value was received")
}

func TestTimerReset(t *testing.T) {
	v := clock.NewManual(t0)
	tm := v.NewTimer(time.Second)
	assert.True(t, tm.Reset(3*time.Second), "Reset of a pending timer")
	v.Advance(2 * time.Second)
	_, ok := received(tm.C)
	assert.False(t, ok, "the old 1s deadline is gone")
	v.Advance(time.Second)
	at, ok := received(tm.C)
	require.True(t, ok)
	assert.Equal(t, t0.Add(3*time.Second), at)

	assert.False(t, tm.Reset(time.Second), "Reset of a fired and received timer")
	v.Advance(time.Second)
	assert.True(t, tm.Reset(time.Second), "Reset with an undelivered value")
	_, ok = received(tm.C)
	assert.False(t, ok, "no stale value after Reset")
	v.Advance(time.Second)
	at, ok = received(tm.C)
	require.True(t, ok)
	assert.Equal(t, t0.Add(5*time.Second), at)
}

func TestTimerNonPositiveFiresAtOnce(t *testing.T) {
	v := clock.NewManual(t0)
	for _, d := range []time.Duration{0, -time.Second} {
		at, ok := received(v.After(d))
		require.True(t, ok, "After(%v) delivers at once", d)
		assert.Equal(t, t0, at)
	}
	tm := v.NewTimer(time.Hour)
	tm.Reset(0)
	at, ok := received(tm.C)
	require.True(t, ok)
	assert.Equal(t, t0, at)
	assert.Zero(t, v.Pending())
}

func TestAfterFunc(t *testing.T) {
	v := newAuto(t)
	at := make(chan time.Time, 1)
	v.AfterFunc(1500*time.Millisecond, func() { at <- v.Now() })
	assert.Equal(t, t0.Add(1500*time.Millisecond), <-at)
	assert.Nil(t, v.AfterFunc(time.Second, func() {}).C, "an AfterFunc timer has no channel")
}

func TestAfterFuncStopAndReset(t *testing.T) {
	v := clock.NewManual(t0)
	var calls atomic.Int32
	tm := v.AfterFunc(time.Second, func() { calls.Add(1) })
	assert.True(t, tm.Stop())
	v.Advance(time.Minute)
	assert.Zero(t, calls.Load(), "stopped before it fired")

	assert.False(t, tm.Reset(time.Second), "Reset of a stopped timer")
	v.Advance(time.Second)
	require.Eventually(t, func() bool { return calls.Load() == 1 }, 5*time.Second, time.Millisecond)
	assert.False(t, tm.Stop(), "Stop after the callback started")

	done := make(chan struct{})
	v.AfterFunc(0, func() { close(done) })
	<-done
}

func TestTickerTicksAtExactMultiples(t *testing.T) {
	for run := range 50 {
		v := clock.NewVirtual(t0)
		tk := v.NewTicker(time.Second)
		for i := 1; i <= 5; i++ {
			at := <-tk.C
			require.Equal(t, t0.Add(time.Duration(i)*time.Second), at, "run %d tick %d", run, i)
			require.Equal(t, at, v.Now(), "run %d tick %d", run, i)
		}
		tk.Stop()
		require.Zero(t, v.Pending(), "run %d", run)
		v.Close()
	}
}

func TestTickerWithSleeper(t *testing.T) {
	v := newAuto(t)
	var (
		mu    sync.Mutex
		ticks []time.Duration
	)
	tick := v.Tick(time.Second)
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case at := <-tick:
				mu.Lock()
				ticks = append(ticks, at.Sub(t0))
				mu.Unlock()
			case <-stop:
				return
			}
		}
	}()
	v.SleepPlain(3500 * time.Millisecond)
	close(stop)
	<-done
	assert.Equal(t, []time.Duration{time.Second, 2 * time.Second, 3 * time.Second}, ticks)
}

func TestTickerDropsTicksForSlowReceiver(t *testing.T) {
	v := clock.NewManual(t0)
	tk := v.NewTicker(time.Second)
	v.Advance(5 * time.Second)
	at, ok := received(tk.C)
	require.True(t, ok)
	assert.Equal(t, t0.Add(time.Second), at, "the first tick waited; 2s to 5s were dropped")
	_, ok = received(tk.C)
	assert.False(t, ok)
	v.Advance(time.Second)
	at, ok = received(tk.C)
	require.True(t, ok)
	assert.Equal(t, t0.Add(6*time.Second), at, "ticks stay on the original grid")
}

func TestTickerStopAndReset(t *testing.T) {
	v := clock.NewManual(t0)
	tk := v.NewTicker(time.Second)
	v.Advance(time.Second)
	tk.Reset(3 * time.Second)
	_, ok := received(tk.C)
	assert.False(t, ok, "Reset discards the unread tick")
	v.Advance(3 * time.Second)
	at, ok := received(tk.C)
	require.True(t, ok)
	assert.Equal(t, t0.Add(4*time.Second), at)

	v.Advance(3 * time.Second)
	tk.Stop()
	_, ok = received(tk.C)
	assert.False(t, ok, "Stop discards the unread tick")
	v.Advance(time.Hour)
	_, ok = received(tk.C)
	assert.False(t, ok, "a stopped ticker stays quiet")
	assert.Zero(t, v.Pending())

	tk.Reset(time.Minute)
	v.Advance(time.Minute)
	_, ok = received(tk.C)
	assert.True(t, ok, "Reset restarts a stopped ticker")
}

func TestTickerPanicsAndNils(t *testing.T) {
	v := clock.NewManual(t0)
	assert.PanicsWithValue(t, "clock: non-positive interval for NewTicker", func() { v.NewTicker(0) })
	tk := v.NewTicker(time.Second)
	assert.PanicsWithValue(t, "clock: non-positive interval for Ticker.Reset", func() { tk.Reset(-1) })
	assert.Nil(t, v.Tick(0))

	var zt clock.Timer
	assert.PanicsWithValue(t, "clock: Stop called on uninitialized Timer", func() { zt.Stop() })
	assert.PanicsWithValue(t, "clock: Reset called on uninitialized Timer", func() { zt.Reset(1) })
	var zk clock.Ticker
	assert.PanicsWithValue(t, "clock: Stop called on uninitialized Ticker", func() { zk.Stop() })
	assert.PanicsWithValue(t, "clock: Reset called on uninitialized Ticker", func() { zk.Reset(1) })
}

// This test has to let real time pass: it checks how fast the advancer
// fires when nothing reads the ticks. It waits by sleeping, not polling, so
// that the test goroutine neither touches the clock nor keeps running.
func TestLeakedTickerDoesNotSpin(t *testing.T) {
	v := newAuto(t)
	v.NewTicker(time.Second) // never read, never stopped
	giveUp := time.Now().Add(10 * time.Second)
	for v.Elapsed() < 64*time.Second {
		require.True(t, time.Now().Before(giveUp), "the advancer keeps firing a leaked ticker")
		time.Sleep(time.Millisecond)
	}
	began, from := time.Now(), v.Elapsed()
	time.Sleep(20 * time.Millisecond)
	ticks := int((v.Elapsed() - from) / time.Second)
	limit := int(time.Since(began)/time.Millisecond) + 2
	assert.LessOrEqual(t, ticks, limit, "after 64 idle firings each one waits 1ms of real time")
}

func TestBusyGoroutineIsNotWaitedForever(t *testing.T) {
	v := newAuto(t)
	var stop atomic.Bool
	spinning := make(chan struct{})
	go func() {
		close(spinning)
		for !stop.Load() {
			runtime.Gosched() // computes without touching the clock
		}
	}()
	<-spinning
	require.NoError(t, v.Sleep(context.Background(), time.Second))
	stop.Store(true)
	assert.Equal(t, t0.Add(time.Second), v.Now())
}
