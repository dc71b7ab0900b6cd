package clock_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/flakylab/flakylab/core/clock"
)

// TestTickerResetToZeroPanics: a zero interval is as invalid for Reset as
// for NewTicker, like time.Ticker.Reset.
func TestTickerResetToZeroPanics(t *testing.T) {
	v := clock.NewManual(t0)
	tk := v.NewTicker(time.Second)
	defer tk.Stop()
	assert.PanicsWithValue(t, "clock: non-positive interval for Ticker.Reset", func() { tk.Reset(0) })
}

// TestStopAnyTimerAmongMany: whichever timer is stopped, whatever order
// the timers were made in (so that later ones move earlier ones around in
// the queue), Stop finds it, and only the others fire, each at its instant.
func TestStopAnyTimerAmongMany(t *testing.T) {
	orders := [][]int{ // seconds of each timer, in the order they are made
		{1, 2, 3, 4, 5},
		{5, 4, 3, 2, 1},
		{3, 1, 4, 5, 2},
		{2, 5, 1, 3, 4},
	}
	for _, order := range orders {
		for stop := range order {
			v := clock.NewManual(t0)
			timers := make([]*clock.Timer, len(order))
			for i, s := range order {
				timers[i] = v.NewTimer(time.Duration(s) * time.Second)
			}
			assert.True(t, timers[stop].Stop(), "order %v: Stop of the %ds timer", order, order[stop])
			v.Advance(10 * time.Second)
			for i, s := range order {
				at, fired := received(timers[i].C)
				if i == stop {
					assert.False(t, fired, "order %v: the stopped %ds timer fired at %v", order, s, at)
					continue
				}
				if assert.True(t, fired, "order %v, %ds stopped: the %ds timer did not fire", order, order[stop], s) {
					assert.Equal(t, t0.Add(time.Duration(s)*time.Second), at, "order %v: the %ds timer", order, s)
				}
			}
		}
	}
}
