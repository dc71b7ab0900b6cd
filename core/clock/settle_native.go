//go:build !wasm

package clock

import "time"

const (
	// quietGrace is how long, in real time, the quiescence conditions
	// must hold before a firing. Natively other threads may be between
	// two clock calls, so a short grace is required on top.
	quietGrace = 50 * time.Microsecond
	// napDelay is the real-time pause used instead of spinning.
	napDelay = 200 * time.Microsecond
)
