// Package exercises holds the course's auto-graded exercises and the grader
// that the browser and the command line share.
//
// # Exercises
//
// Each exercise lives in a folder named by its slug: prompt.md (what to
// write), starter.go (what the editor opens with), solution.go (a reference
// solution, shown on request), checks.go (the behaviour checks) and wrong/
// (plausible mistakes, used by the tests to prove that the checks catch
// them). The Go files carry a //go:build ignore line so that the go tool
// leaves them alone; the catalogue strips it. The checks share
// harness/prelude.go.
//
// # How a check runs
//
// A learner's file is package main with the functions the prompt asks for.
// The grader validates it (Exercise.Validate: it parses, declares every
// function, method, type and constant of the starter with the same
// signature, and imports no package the exercise forbids), then runs one
// graded run of the sandbox per check: the learner's file, unchanged, is
// compiled as a package of its own, and Exercise.Harness is the program
// that runs: the prelude and the exercise's checks as package main, which
// imports the learner's package and calls its code and the course's
// reference packages (core/...) side by side on fixed instants and seeded
// random sources. The checks' names are out of the learner's reach, and
// their verdict travels through a package only they can import, never
// through the output.
//
// ParseCheck turns a run (RunOutput: output, error, verdict and the last
// input announced) into a CheckResult; running each check separately means
// a check that never ends is stopped by the runtime's watchdog and reported
// as timed out while the others still report. NewReport gathers the
// results, with a score and hints revealed one step at a time, and renders
// them as text (Report.Text) or as an Exercism results.json
// (ResultsJSON).
//
// In the browser the page runs the programs through the wasm runtime;
// natively Grade runs them through any Runner. Nothing in this package
// touches the file system, the network or a clock, so it builds for
// GOOS=js GOARCH=wasm.
package exercises
