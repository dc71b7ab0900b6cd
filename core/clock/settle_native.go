//go:build !wasm

package clock

import "time"

const (
	// quietGrace is how long, in real time, the quiescence conditions
	// must hold before a firing. Natively other threads may be between
	// two clock calls, so a short grace is required on top.
	quietGrace = 50 * time.Microsecond
	// busyCap is how much CPU time the process may spend, after the last
	// clock activity, while the advancer waits for goroutines that keep
	// running. CPU time, not real time: on a loaded machine the operating
	// system may leave the thread of a goroutine that was just woken
	// unscheduled for longer than any real-time limit, and such a
	// goroutine spends nothing while it waits.
	busyCap = 250 * time.Millisecond
	// napDelay is the real-time pause used instead of spinning.
	napDelay = 200 * time.Microsecond
)
