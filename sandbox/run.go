package sandbox

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/flakylab/flakylab/core/clock"
	"github.com/flakylab/flakylab/sandbox/frontend"
	"github.com/traefik/yaegi/interp"

	"github.com/flakylab/flakylab/sandbox/internal/gosrc"
	"github.com/flakylab/flakylab/sandbox/progfmt"
)

// run is the state of one Run: its output, clock, and how it ended.
type run struct {
	seed        int64
	compileOnly bool
	out         *output
	trace       *tracer
	clock       *clock.Virtual // nil for a real-time run
	ctx         context.Context
	cancel      context.CancelFunc
	release     chan struct{} // closed once the interpreter has been stopped
	watching    chan struct{} // closed when watchDeadlock returns; nil if it never started
	prog        *program
	errs        []*Error // every compile error, when the front end rejected the program
	panics      panicTokens
	chain       panicChain         // panics during panics
	panicNames  progfmt.PanicNames // the Go names of the values the program panics with
	checkLines  []int              // lines whose statements check bounds as Go does (rerun)
	harness     string             // Options.Harness
	graded      grading            // what the harness reported
	life        *lifecycle
	phases      *phaseClock

	mu         sync.Mutex
	started    time.Time    // when main started, in real time
	returned   bool         // main returned
	panicked   *panicReport // the first fatal panic
	full       bool         // output reached the cap
	exited     *int         // the status os.Exit ended the program with
	deadlocked bool         // every goroutine was asleep (deadlock.go)
	elapsed    time.Duration
	frozen     bool         // elapsed is final
	initProg   func() error // runs the package's initialization, once compiled
	initErr    error        // what initialization returned
}

// rerunBudget is how long a panicking run may have run (compiling aside:
// a graded run compiles the checks too, slowly on a busy machine) for Run
// to run it again, instrumented, to find the panic's exact position. It
// is real time, so it leaves room for a busy machine: a short program
// that panics must keep its exact line when the cores are shared. A
// run-time error whose message needs the second run's numbers (see
// numberless) is run again however long the first run took.
const rerunBudget = 2 * time.Second

// rerunLimit is how much real time a second run of a panicking program
// gets, given how long the first one took, compiling included: it
// repeats the first, with a little more work per statement and call.
// When the message needs the numbers (numberless), the run that finds
// them checks the bounds of the statement that panicked with a call per
// index, which a loop over that statement repeats: it gets more. A loaded
// machine slows all the runs alike; a run that does not finish in its
// time gives no wrong message either: panicError then says the numbers
// are missing. A variable, so that a test can make it zero (no rerun: a
// limit of a nanosecond may still let a short program finish).
var rerunLimit = func(first time.Duration, numbers bool) time.Duration {
	if numbers {
		return 2*time.Second + 8*first
	}
	return time.Second + 4*first
}

// Run interprets src and reports what it printed and how it ended. It
// never panics; when ctx ends, the program is stopped. Runs may proceed
// concurrently, each with its own interpreter and clock.
func Run(ctx context.Context, src string, opts Options) Result {
	began := time.Now()
	phases := newPhaseClock(began)
	process := beginProcessCheck()
	phases.mark("process check")
	r := newRun(ctx, opts, false)
	r.phases = phases
	failure, pr := r.safeExecute(src)
	ran := r.ranFor() // before finish, which may wait for goroutines
	running := r.finish()
	phases.mark("settle")
	if pr != nil {
		numbers := numberless(pr.msg)
		if first := time.Since(began); !opts.RealTime && (ran < rerunBudget || numbers) {
			// The first rerun finds the statement; for a message
			// without its numbers, a second one checks that
			// statement's bounds as Go does.
			exact, left := rerun(ctx, src, opts, rerunLimit(first, false), nil)
			running += left
			if exact != nil && sameRuntimePanic(pr.msg, exact.msg) {
				exact.goLine, exact.goCol = pr.goLine, pr.goCol
				pr = exact
			}
			phases.mark("instrumented rerun")
			if line := pr.learnerLine(); numberless(pr.msg) && line > 0 {
				exact, left := rerun(ctx, src, opts, rerunLimit(first, true), []int{line})
				running += left
				if exact != nil && sameRuntimePanic(pr.msg, exact.msg) && exact.learnerLine() == line {
					exact.goLine, exact.goCol = pr.goLine, pr.goCol
					pr = exact
				}
				phases.mark("checked rerun")
			}
		}
		failure = r.panicError(pr)
	}
	var res Result
	// The goroutines still running include those counted in running.
	patience := settlePatience
	if running > 0 {
		patience = 0 // not clean anyway
	}
	others := process.others(patience)
	phases.mark("other goroutines")
	res.Leftover = leftover(running, others, restoreShared(importPaths(r.prog)))
	phases.mark("shared state")
	if failure != nil && failure.Kind == KindInternal && res.Leftover == "" {
		// The interpreter failed: nothing proves that it left nothing
		// behind.
		res.Leftover = "the Go interpreter failed on this program"
	}
	res.VirtualElapsed = r.finalElapsed()
	res.Stdout, res.Stderr, res.Truncated = r.out.close()
	res.Verdict, res.Input = r.graded.result()
	res.Err = failure
	switch {
	case len(r.errs) > 0:
		res.Errors = r.errs
	case failure != nil:
		res.Errors = []*Error{failure}
	}
	switch {
	case failure == nil:
	case failure.Kind == KindPanic, r.isDeadlocked():
		res.ExitCode = 2
	case failure.Kind == KindExit:
		res.ExitCode = r.exitStatus()
	default:
		res.ExitCode = 1
	}
	phases.mark("result")
	res.Phases = phases.phases
	res.RealElapsed = time.Since(began)
	return res
}

// sameRuntimePanic reports whether the second, instrumented run panicked
// as the first: with the same message, or with the same run-time error
// given with its numbers ("index out of range" then "index out of range
// [5] with length 3").
func sameRuntimePanic(first, second string) bool {
	return first == second || strings.HasPrefix(second, first+" [")
}

// numberless reports whether msg is a run-time error the first run gives
// without the numbers Go's message has ("index out of range" for "index
// out of range [5] with length 3"): the interpreter indexes through
// reflect, whose panics name no index, and only the second run checks
// bounds as Go does.
func numberless(msg string) bool {
	return msg == "runtime error: index out of range" || msg == "runtime error: slice bounds out of range"
}

// rerun runs a program that panicked again in trace mode, discarding its
// output, with Go's bounds checks in the statements starting on
// checkLines, and returns its panic with exact frames, or nil if it did
// not panic again within limit (or the run's own time limit, if shorter), and
// how many of its goroutines outlived it.
func rerun(ctx context.Context, src string, opts Options, limit time.Duration, checkLines []int) (*panicReport, int) {
	if limit <= 0 {
		return nil, 0 // no time at all: as a rerun that did not finish
	}
	opts.Stdout, opts.Stderr, opts.OnInput = nil, nil, nil
	if opts.Timeout <= 0 || limit < opts.Timeout {
		opts.Timeout = limit
	}
	r := newRun(ctx, opts, true)
	r.checkLines = checkLines
	_, pr := r.safeExecute(src)
	running := r.finish()
	if pr != nil {
		pr.exact = true
	}
	return pr, running
}

// safeExecute is execute with interpreter panics turned into errors.
func (r *run) safeExecute(src string) (failure *Error, pr *panicReport) {
	defer func() {
		if v := recover(); v != nil {
			failure, pr = &Error{Kind: KindInternal, Message: fmt.Sprintf("the Go interpreter failed: %v", v)}, nil
		}
	}()
	return r.execute(src)
}

// stop ends whatever still runs: the program's goroutines, the clock, the
// wall-clock timers and the deadline contexts.
func (r *run) stop() {
	r.cancel()
	if r.clock != nil {
		r.clock.Close()
	}
	r.life.stopAll()
}

// finish stops the run and waits for its goroutines to unwind; it returns
// how many were still running when it gave up waiting.
func (r *run) finish() int {
	r.stop()
	if r.watching != nil {
		// It returns once it sees the run stopped; waiting for it here
		// keeps the process check from napping until it does.
		<-r.watching
	}
	return r.life.settle(settlePatience)
}

func newRun(parent context.Context, opts Options, trace bool) *run {
	r := &run{seed: opts.Seed, compileOnly: opts.CompileOnly, release: make(chan struct{}), harness: opts.Harness, life: newLifecycle(), phases: newPhaseClock(time.Now())}
	r.graded.onInput = opts.OnInput
	if r.seed == 0 {
		r.seed = DefaultSeed
	}
	limit := opts.MaxOutput
	if limit <= 0 {
		limit = DefaultMaxOutput
	}
	if opts.Timeout > 0 {
		r.ctx, r.cancel = context.WithTimeout(parent, opts.Timeout)
	} else {
		r.ctx, r.cancel = context.WithCancel(parent)
	}
	r.out = newOutput(limit, opts.Stdout, opts.Stderr, r.outputFull)
	r.trace = &tracer{exact: trace, other: r.out.stderr()}
	if !opts.RealTime {
		// In Local, as go run's time.Now is: Location() prints "Local"
		// and compares equal to time.Local.
		r.clock = clock.NewVirtual(DefaultStart.In(time.Local))
	}
	return r
}

// execute compiles and runs src. It returns why the program failed, or
// the panic that ended it, or neither.
func (r *run) execute(src string) (*Error, *panicReport) {
	if len(src) > MaxSourceBytes {
		return &Error{Kind: KindUnsupported, Message: fmt.Sprintf("the source is %d bytes; the limit is %s", len(src), byteSize(MaxSourceBytes))}, nil
	}
	// Nothing below may read a program past the limits: every reader
	// recurses, and a worker's stack is small.
	if d := frontend.CheckLimits([]byte(src)); d != nil {
		return &Error{Kind: KindUnsupported, Message: d.Message, Line: d.Line, Column: d.Column}, nil
	}
	if r.harness != "" {
		return r.executeGraded(src)
	}
	r.phases.mark("limits")
	it := r.interpreter()
	r.phases.mark("new interpreter")
	// Parsed where the interpreter reads positions: a program the front
	// end leaves as it is runs as parsed here.
	p, perr := r.parse(it.FileSet(), src)
	if perr != nil {
		return perr, nil
	}
	if perr := checkImports(p); perr != nil {
		return perr, nil
	}
	if perr := checkReserved(p); perr != nil {
		return perr, nil
	}
	r.phases.mark("parse")
	// The front end type-checks the program as go build would and lowers
	// what the interpreter lacks; the interpreter runs the lowered source,
	// whose positions map back to the learner's (through the snippet's
	// line directives too).
	// A rerun of a panicking program may check the bounds of the
	// statement that panicked as Go does, for the numbers of the
	// message (Run).
	lowered, diags := checkPlain(p.text, false, r.checkLines)
	r.phases.mark("type check and lowering")
	if len(diags) > 0 {
		return r.diagnostics(p, diags), nil
	}
	if !lowered.Unchanged() || !p.asText {
		if err := p.parseLowered(it.FileSet(), lowered.Source, lowered.Position); err != nil {
			return &Error{Kind: KindInternal, Message: "reading the checked program: " + err.Error()}, nil
		}
	}
	r.phases.mark("parse lowered")
	if err := rewrite(p, r.trace.exact); err != nil {
		return &Error{Kind: KindInternal, Message: "preparing the program: " + err.Error()}, nil
	}
	r.phases.mark("rewrite")
	ex := r.exports()
	r.phases.mark("symbol tables")
	if err := it.Use(ex); err != nil {
		return &Error{Kind: KindInternal, Message: "loading packages: " + err.Error()}, nil
	}
	r.phases.mark("interpreter Use")
	if perr := r.makeCancellable(it); perr != nil {
		return perr, nil
	}
	r.phases.mark("cancellable")
	prog, cerr := compile(it, p)
	r.phases.mark("compile")
	if cerr != nil && cerr.Line == 0 {
		r.locateCompileFailure(p, cerr)
	}
	if cerr != nil || r.compileOnly {
		return cerr, nil
	}
	return r.start(it, p, prog)
}

// makeCancellable evaluates startImport through EvalWithContext, which
// makes the channel operations of everything compiled afterwards
// cancellable (function literals are made runnable as they are compiled):
// it comes before compile.
func (r *run) makeCancellable(it *interp.Interpreter) *Error {
	if r.compileOnly {
		return nil
	}
	if _, err := it.EvalWithContext(context.Background(), startImport); err != nil {
		return &Error{Kind: KindInternal, Message: "preparing the program: " + err.Error()}
	}
	return nil
}

// start runs the compiled programs' initialization, in order, then main.
// p is the learner's program, for positions.
func (r *run) start(it *interp.Interpreter, p *program, progs ...*interp.Program) (*Error, *panicReport) {
	// What the imported packages share with other runs is recorded before
	// the program can change it (once per process and package), so that
	// restoreShared compares with the state at start-up, even after the
	// first run that imports the package.
	recordShared(importPaths(r.prog))
	r.mu.Lock()
	r.started = time.Now()
	r.initProg = func() error {
		for _, prog := range progs {
			if _, err := it.Execute(prog); err != nil || r.ended() {
				return err
			}
		}
		return nil
	}
	r.mu.Unlock()
	// The package's initialization (variables and init functions) and
	// main run inside one EvalWithContext (startSource), which stops
	// every interpreted goroutine at its next step once the context ends:
	// the goroutines an init started too, and those blocked on a channel,
	// since the program is only made runnable (Execute, called by Init)
	// after EvalWithContext has made channel operations cancellable. Both
	// ways out, MainDone (or a panic in main) and End, cancel the context
	// and wait for release, so the context always ends first and the
	// interpreter is always stopped. (ExecuteWithContext would stop it
	// too, but it races on its results when the context ends first.)
	if r.clock != nil {
		r.watching = make(chan struct{})
		go func() {
			defer close(r.watching)
			r.watchDeadlock()
		}()
	}
	_, err := it.EvalWithContext(r.ctx, startSource)
	r.phases.mark("run")
	// A main or End blocked in MainDone, reportPanic or End may now
	// return; the interpreter has stopped them.
	close(r.release)
	return r.outcome(p, err)
}

// interpreter returns a fresh interpreter writing to this run's output.
func (r *run) interpreter() *interp.Interpreter {
	it := interp.New(interp.Options{
		Stdin:                strings.NewReader(""),
		Stdout:               r.out.stdout(),
		Stderr:               r.trace,
		Args:                 []string{"main"},
		GoPath:               ".",
		SourcecodeFilesystem: gosrc.FS(),
	})
	// The positions below preludeRegion are the helpers' (prelude.go).
	it.FileSet().AddFile(preludeMark, preludeRegion-1, 0)
	return it
}

// startSource is what the interpreter evaluates to run the program.
const startSource = "if " + rtName + ".Init() {\n\t" + mainName + "()\n}\n" + rtName + ".End()\n"

// startImport makes the runtime's package visible to startSource, which
// the interpreter reads as a file of its own.
const startImport = "import " + rtName + " " + `"` + rtPath + `"`

// runInit runs the package's initialization; the interpreter calls it
// (rt.Init), from inside startSource. It reports whether main may start.
func (r *run) runInit() bool {
	r.mu.Lock()
	initProg := r.initProg
	r.mu.Unlock()
	err := initProg()
	r.mu.Lock()
	defer r.mu.Unlock()
	r.initErr = err
	return err == nil && !r.endedLocked()
}

// isDeadlocked reports whether the run ended as deadlocked.
func (r *run) isDeadlocked() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.deadlocked
}

// ended reports whether a panic, the output cap or os.Exit ended the
// program.
func (r *run) ended() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.endedLocked()
}

func (r *run) endedLocked() bool {
	return r.panicked != nil || r.full || r.exited != nil
}

// exitStatus is the status os.Exit was called with.
func (r *run) exitStatus() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.exited == nil {
		return 0
	}
	return *r.exited
}

// end is where startSource finishes when initialization failed: like
// mainDone, it ends the run and waits for the interpreter to be stopped.
// safe returns f wrapped in compiled code, for a goroutine of the
// program (rewrite.go's safeCall). The guard inside f recovers every
// panic of a running program; a panic that still leaves f was raised
// after the run was stopped, when the interpreter no longer runs the
// guard's deferred functions: it ends only that goroutine. Any other
// panic goes on, as before.
func (r *run) safe(f func()) func() {
	return func() {
		defer func() {
			if v := recover(); v != nil {
				if r.ctx.Err() != nil {
					return
				}
				panic(v)
			}
		}()
		f()
	}
}

func (r *run) end() {
	r.cancel()
	<-r.release
}

// diagnostics turns the front end's errors into the run's: the first is
// the failure, and all of them (at most ten, as the compiler prints) are
// kept for the result.
func (r *run) diagnostics(p *program, diags []frontend.Diagnostic) *Error {
	for _, d := range diags {
		e := &Error{Kind: KindCompile, Message: d.Message}
		switch d.Kind {
		case frontend.KindImport:
			e.Kind = KindImport
		case frontend.KindUnsupported:
			e.Kind = KindUnsupported
		case frontend.KindInternal:
			e.Kind = KindInternal
		}
		e.Line, e.Column = p.clamp(d.Line, d.Column)
		r.errs = append(r.errs, e)
	}
	return r.errs[0]
}

// compile turns the rewritten file into a program; the interpreter panics
// on some input, which becomes an internal error instead.
func compile(it *interp.Interpreter, p *program) (prog *interp.Program, e *Error) {
	defer func() {
		if v := recover(); v != nil {
			e = p.interpreterLimit(fmt.Sprint(v))
		}
	}()
	prog, err := it.CompileAST(p.file)
	if err != nil {
		return nil, p.interpreterLimit(err.Error())
	}
	return prog, nil
}

// outcome decides how the run ended, given what the interpreter said.
func (r *run) outcome(p *program, err error) (*Error, *panicReport) {
	r.mu.Lock()
	returned, panicked, full, exited, deadlocked := r.returned, r.panicked, r.full, r.exited, r.deadlocked
	if r.initErr != nil {
		// Initialization failed, and End stopped the run.
		err = r.initErr
	}
	initFailed := r.initErr != nil
	r.mu.Unlock()
	switch {
	case panicked != nil:
		return nil, panicked
	case exited != nil && *exited == 0:
		return nil, nil
	case deadlocked:
		return &Error{Kind: KindRuntime, Message: deadlockMessage}, nil
	case exited != nil:
		return exitError(*exited), nil
	case full:
		// Even if main went on to return: what it printed is incomplete.
		return &Error{Kind: KindRuntime, Message: fmt.Sprintf(
			"the program was stopped: it printed more than %s", byteSize(r.out.limit))}, nil
	case returned:
		return nil, nil
	case initFailed:
		// Below.
	case errors.Is(r.ctx.Err(), context.DeadlineExceeded):
		return &Error{Kind: KindRuntime, Message: "the program was stopped: it ran past its time limit"}, nil
	case r.ctx.Err() != nil:
		return &Error{Kind: KindRuntime, Message: "the program was stopped"}, nil
	}
	var pe interp.Panic
	if errors.As(err, &pe) {
		// A panic outside main and the goroutines: a package-level
		// variable's initializer.
		frames, line, col := r.trace.take()
		return nil, &panicReport{msg: goPanicMessage(r.sprintPanicValue(pe.Value)), frames: frames, line: line, col: col}
	}
	if err != nil {
		return p.interpError(KindRuntime, err), nil
	}
	return nil, nil
}

// mainDone records that main returned and stops the program's other
// goroutines, as the end of main does in Go.
func (r *run) mainDone() {
	r.awaitPanics()
	r.mu.Lock()
	if r.panicked == nil {
		r.out.end()
		r.returned = true
		r.freezeLocked()
	}
	r.mu.Unlock()
	r.cancel()
	<-r.release
}

// outputFull stops a program that printed past the cap.
func (r *run) outputFull() {
	r.mu.Lock()
	r.full = true
	r.freezeLocked()
	r.mu.Unlock()
	r.cancel()
}

// freezeLocked fixes the elapsed time the result reports; r.mu is held.
func (r *run) freezeLocked() {
	if r.frozen {
		return
	}
	r.frozen = true
	switch {
	case r.clock != nil:
		r.elapsed = r.clock.Elapsed()
	case !r.started.IsZero():
		r.elapsed = time.Since(r.started)
	}
}

// ranFor is how long the program has run, in real time, since main's
// package started initializing (0 if it never did).
func (r *run) ranFor() time.Duration {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.started.IsZero() {
		return 0
	}
	return time.Since(r.started)
}

func (r *run) finalElapsed() time.Duration {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.freezeLocked()
	return r.elapsed
}
