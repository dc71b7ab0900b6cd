package sandbox

import "testing"

// skipUnderRace skips a test whose program starts goroutines from function
// literals when the race detector is on. yaegi v0.16.1 reads and writes a
// closure's slot in its frame without a lock (interp/run.go, getFunc), so
// even `go func() { defer wg.Done() }()` in a loop is reported as a race
// inside the interpreter. In the browser there is one thread and no
// preemption, so the race cannot strike there; these tests still run
// without -race and under GOOS=js GOARCH=wasm.
func skipUnderRace(t *testing.T) {
	t.Helper()
	if raceDetector {
		t.Skip("the interpreter races on closures started as goroutines (yaegi getFunc); covered without -race and under wasm")
	}
}
