//go:build race

package sandbox

// raceDetector is true when the tests run with -race.
const raceDetector = true
