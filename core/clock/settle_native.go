//go:build !wasm

package clock

import "time"

const (
	// quietGrace is how long, in real time, the quiescence conditions
	// must hold before a firing. Natively other threads may be between
	// two clock calls, so a short grace is required on top.
	quietGrace = 50 * time.Microsecond
	// busyCap is how long, after the last clock activity, the advancer
	// waits for goroutines that keep running. Natively a goroutine that
	// was just woken may also be a thread the operating system has not
	// scheduled for a while on a loaded machine, so the cap is generous.
	busyCap = 250 * time.Millisecond
	// napDelay is the real-time pause used instead of spinning.
	napDelay = 200 * time.Microsecond
)
