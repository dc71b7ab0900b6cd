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
// signature, and imports no package the exercise forbids), then builds one
// program per check (Exercise.Program): the learner's file, unchanged line
// for line, followed by the prelude and the exercise's checks, which call
// the learner's code and the course's reference packages (core/...) side by
// side on fixed instants and seeded random sources. The learner's own main,
// if any, is renamed so that the checks' main runs instead.
//
// Each program runs in a fresh interpreter and prints one line,
//
//	@@check {"name":..,"pass":..,"message":..,"input":..,"expected":..,"got":..}
//
// (and "@@input" lines naming what it is about to do, so that a panic or an
// endless loop can be reported with its input). ParseCheck turns a run's
// output and error into a CheckResult; running each check separately means
// a check that never ends is stopped by the runtime's watchdog and reported
// as timed out while the others still report. NewReport gathers the
// results, with a score and hints revealed one step at a time, and renders
// them as text (Report.Text) or as an Exercism results.json
// (Report.ResultsJSON).
//
// In the browser the page runs the programs through the wasm runtime;
// natively Grade runs them through any Runner. Nothing in this package
// touches the file system, the network or a clock, so it builds for
// GOOS=js GOARCH=wasm.
package exercises
