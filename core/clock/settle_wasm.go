//go:build wasm

package clock

import "time"

const (
	// quietGrace is zero: with one thread and no preemption, no other
	// goroutine can run while the advancer checks.
	quietGrace = 0
	// napDelay is the real-time pause used instead of spinning; timers
	// in a JavaScript host have about millisecond resolution.
	napDelay = time.Millisecond
)
