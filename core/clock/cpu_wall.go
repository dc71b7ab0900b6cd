//go:build !(linux || darwin)

package clock

import "time"

// cpu stands in real time for CPU time where the platform does not report
// it. Under wasm, with one thread that nothing else shares, the two differ
// only while the host pauses the program, and then nothing runs at all.
func (process) cpu() time.Duration { return time.Since(processStart) }
