// Package sandbox runs learner Go programs in the yaegi interpreter, safely
// enough for a browser tab: only allow-listed packages can be imported,
// time is virtual by default, output is captured and capped, and nothing a
// program does (a panic, a panicking goroutine, an interpreter failure) can
// take the runtime down with it.
//
// It builds natively and for GOOS=js GOARCH=wasm, so that most of its tests
// run natively (with -race) and the same code runs in the browser, where
// the wasm package main exposes it to JavaScript.
//
// # Programs and snippets
//
// Source that starts with a package clause must be package main with a
// func main. Anything else is a snippet: optional import declarations
// followed by statements, which Run wraps in package main and func main.
// Packages a snippet uses without importing them (fmt.Println,
// strings.ToUpper, bucket.New) are imported for it, by package name;
// "rand" means math/rand/v2. Every position Run reports (compile errors,
// refused imports, panics, the panic trace on stderr) is a line and column
// of the source as the learner wrote it.
//
// # Time and randomness
//
// By default a run has its own auto-advancing virtual clock
// (clock.NewVirtual from core/clock) that starts at DefaultStart: inside
// the program time.Now, Sleep, After, NewTimer, AfterFunc, NewTicker, Tick,
// Since and Until, and context.WithTimeout, WithDeadline and their Cause
// variants, all use it, so a program that sleeps for thirty seconds
// returns at once with the output it would have printed in real time.
// time.Timer and time.Ticker are the clock's Timer and Ticker.
// Options.RealTime switches a run to the wall clock. The top-level
// functions of math/rand and math/rand/v2 draw from a source seeded with
// Options.Seed, so runs are repeatable; rand.Seed reseeds it.
//
// Core types built inside a run with a nil Now or Sleep setting use the
// wall clock, as they do everywhere; programs pass time.Now (which is
// virtual here) or a clock explicitly.
package sandbox

import (
	"fmt"
	"time"
)

// Defaults applied to the zero values of Options.
const (
	// DefaultMaxOutput caps the bytes a run may print, stdout and stderr
	// together.
	DefaultMaxOutput = 1 << 20
	// DefaultSeed seeds math/rand and math/rand/v2 when Options.Seed is 0.
	DefaultSeed = 1
	// MaxSourceBytes is the largest source Run and Format accept.
	MaxSourceBytes = 1 << 20
)

// DefaultStart is the instant time.Now returns when a virtual run starts.
var DefaultStart = time.Date(2026, time.January, 1, 9, 0, 0, 0, time.UTC)

// SourceName is the file name positions are reported in.
const SourceName = "prog.go"

// Options configures one run. The zero value runs in virtual time with the
// default seed and output cap, and discards nothing but streams nothing.
type Options struct {
	// RealTime runs the program on the wall clock instead of a virtual one.
	RealTime bool
	// Seed seeds the top-level functions of math/rand and math/rand/v2;
	// 0 means DefaultSeed.
	Seed int64
	// MaxOutput caps the bytes printed to stdout and stderr together;
	// 0 means DefaultMaxOutput. Past the cap the run is stopped and a note
	// saying the output was truncated is appended.
	MaxOutput int
	// Stdout and Stderr, when not nil, receive output as it is produced,
	// chunk by chunk. They are called from the program's goroutines, one
	// call at a time, and must not block for long.
	Stdout, Stderr func(chunk string)
	// Timeout stops the program after this much real time; 0 means no
	// limit (the page's watchdog is the limit in the browser).
	Timeout time.Duration
	// CompileOnly checks and compiles the program as a run would, and
	// runs nothing: not even package initialization.
	CompileOnly bool
	// Harness, when not empty, grades the source instead of running it
	// (see graded.go): the source, a package main, is compiled as package
	// SubmissionPackage, and Harness is the program that runs: a package
	// main that imports it and reports its verdict through
	// GradingPackage. At most MaxSourceBytes.
	Harness string
	// OnInput, when not nil, receives each input a graded run's harness
	// announces, as it does, so that a host that kills a run still knows
	// what it was doing.
	OnInput func(s string)
}

// Kind classifies why a run failed.
type Kind string

// The kinds of Error, as BRIDGE.md documents them.
const (
	// KindCompile: the source does not parse or is not valid Go, as
	// `go build` says.
	KindCompile Kind = "compile"
	// KindUnsupported: valid Go the playground refuses before it runs,
	// naming the construct and its line ("... is not supported by the
	// playground"), or a program past the playground's limits (its size,
	// its length, its nesting).
	KindUnsupported Kind = "unsupported"
	// KindImport: the source imports a package outside the allow-list.
	KindImport Kind = "import"
	// KindRuntime: the run was stopped: time limit, cancellation, output
	// over the cap, or a deadlock (deadlock.go; Result.ExitCode 2, as Go's).
	KindRuntime Kind = "runtime"
	// KindPanic: the program panicked, in main or in a goroutine.
	KindPanic Kind = "panic"
	// KindExit: the program called os.Exit with a status other than 0;
	// Result.ExitCode is that status.
	KindExit Kind = "exit"
	// KindInternal: the interpreter itself failed on this program.
	KindInternal Kind = "internal"
)

// Error describes why a run or a format failed. Line and Column are
// 1-based positions in the learner's source; 0 when unknown.
type Error struct {
	Kind    Kind
	Message string
	Line    int
	Column  int
}

// Error renders the error as "line:column: message", as the Go tools do.
func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%d:%d: %s", e.Line, e.Column, e.Message)
	}
	return e.Message
}

// Result is what a run produced.
type Result struct {
	// Stdout and Stderr hold everything printed, up to the output cap.
	Stdout, Stderr string
	// Truncated reports that output went over the cap.
	Truncated bool
	// VirtualElapsed is the time the program saw pass: virtual time, or
	// the real elapsed time for a RealTime run.
	VirtualElapsed time.Duration
	// RealElapsed is the wall-clock time the run took, compile included.
	RealElapsed time.Duration
	// ExitCode is 0 on success, 2 after a panic or a deadlock (as with go run), the
	// status given to os.Exit, and 1 for every other failure.
	ExitCode int
	// Err is nil when the program ran to the end of main.
	Err *Error
	// Errors lists every error, in order, when there was one: for a
	// program the type checker rejected, each error `go build` reports (at
	// most ten, then "too many errors"); otherwise just Err.
	Errors []*Error
	// Verdict is what the harness of a graded run passed to
	// grading.Verdict (the first call only); empty if it never did.
	Verdict string
	// Input is what the harness last passed to grading.Input: what it was
	// doing when the run ended.
	Input string
	// Leftover is empty when the run is known to have left nothing
	// behind: every goroutine of the program returned or was stopped, its
	// timers were stopped, and what it shares with other runs is as it
	// was. Otherwise it says what may survive (a goroutine blocked where
	// it cannot be stopped, a failure of the interpreter itself, shared
	// state the program changed and Run put back). The process then cannot
	// be trusted to run more programs the same way: the browser runtime
	// retires its worker.
	Leftover string
	// Phases is how long each step of the run took, in order (parse,
	// check, compile, run, ...): where a run's time goes, for the
	// benchmarks. The names are descriptive, not a contract.
	Phases []Phase
}
