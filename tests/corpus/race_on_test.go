//go:build race

package corpus

// raceEnabled: the interpreter's goroutines share its frames without
// synchronisation, which the race detector reports; the browser runs one
// thread, so programs with go statements run in the interpreter only in
// builds without -race.
const raceEnabled = true
