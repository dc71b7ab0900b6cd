//go:build wasm

package clock

import "time"

const (
	// quietGrace is zero: with one thread and no preemption, no other
	// goroutine can run while the advancer checks.
	quietGrace = 0
	// busyCap is how long, after the last clock activity, the advancer
	// waits for goroutines that keep running. Without preemption only a
	// goroutine that yields in a loop can keep running, so it is short.
	busyCap = 10 * time.Millisecond
	// napDelay is the real-time pause used instead of spinning; timers
	// in a JavaScript host have about millisecond resolution.
	napDelay = time.Millisecond
)
