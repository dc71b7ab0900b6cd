package sandbox

import (
	"context"
	"errors"
	"fmt"
	"go/token"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/flakylab/flakylab/core/clock"
	"github.com/flakylab/flakylab/sandbox/frontend"
	"github.com/traefik/yaegi/interp"

	"github.com/flakylab/flakylab/sandbox/internal/gosrc"
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
	prog        *program
	errs        []*Error // every compile error, when the front end rejected the program
	panics      panicTokens
	harness     string  // Options.Harness
	graded      grading // what the harness reported

	mu       sync.Mutex
	started  time.Time    // when main started, in real time
	returned bool         // main returned
	panicked *panicReport // the first fatal panic
	full     bool         // output reached the cap
	exited   *int         // the status os.Exit ended the program with
	// mainStarted: main has been called (package initialization is over).
	mainStarted bool
	elapsed     time.Duration
	frozen      bool // elapsed is final
}

// panicReport is what is known about the panic that ended a program.
type panicReport struct {
	msg           string
	frames        []frame // innermost first
	line, col     int     // where the panic started, if known
	goLine, goCol int     // where the panicking goroutine started; 0 for main
	exact         bool    // frames carry the statements' positions
}

// rerunBudget is how long a panicking run may have run (compiling aside:
// a graded run compiles the checks too, slowly on a busy machine) for Run
// to run it again, instrumented, to find the panic's exact position.
const rerunBudget = 500 * time.Millisecond

// Run interprets src and reports what it printed and how it ended. It
// never panics; when ctx ends, the program is stopped. Runs may proceed
// concurrently, each with its own interpreter and clock.
func Run(ctx context.Context, src string, opts Options) Result {
	began := time.Now()
	r := newRun(ctx, opts, false)
	failure, pr := r.safeExecute(src)
	r.stop()
	if pr != nil {
		if first := time.Since(began); !opts.RealTime && r.ranFor() < rerunBudget {
			if exact := rerun(ctx, src, opts, first); exact != nil && sameRuntimePanic(pr.msg, exact.msg) {
				exact.goLine, exact.goCol = pr.goLine, pr.goCol
				pr = exact
			}
		}
		failure = r.panicError(pr)
	}
	var res Result
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
	case failure.Kind == KindPanic:
		res.ExitCode = 2
	case failure.Kind == KindExit:
		res.ExitCode = r.exitStatus()
	default:
		res.ExitCode = 1
	}
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

// rerun runs a program that panicked again in trace mode, discarding its
// output, and returns its panic with exact frames, or nil if it did not
// panic again.
func rerun(ctx context.Context, src string, opts Options, first time.Duration) *panicReport {
	opts.Stdout, opts.Stderr, opts.OnInput = nil, nil, nil
	opts.Timeout = time.Second + 4*first
	r := newRun(ctx, opts, true)
	defer r.stop()
	_, pr := r.safeExecute(src)
	if pr != nil {
		pr.exact = true
	}
	return pr
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

// stop ends whatever still runs: the program's goroutines and the clock.
func (r *run) stop() {
	r.cancel()
	if r.clock != nil {
		r.clock.Close()
	}
}

func newRun(parent context.Context, opts Options, trace bool) *run {
	r := &run{seed: opts.Seed, compileOnly: opts.CompileOnly, release: make(chan struct{}), harness: opts.Harness}
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
		r.clock = clock.NewVirtual(DefaultStart)
	}
	return r
}

// execute compiles and runs src. It returns why the program failed, or
// the panic that ended it, or neither.
func (r *run) execute(src string) (*Error, *panicReport) {
	if len(src) > MaxSourceBytes {
		return &Error{Kind: KindCompile, Message: fmt.Sprintf("the source is %d bytes; the limit is %s", len(src), byteSize(MaxSourceBytes))}, nil
	}
	// Nothing below may read a program past the limits: every reader
	// recurses, and a worker's stack is small.
	if d := frontend.CheckLimits([]byte(src)); d != nil {
		return &Error{Kind: KindCompile, Message: d.Message, Line: d.Line, Column: d.Column}, nil
	}
	if r.harness != "" {
		return r.executeGraded(src)
	}
	it := r.interpreter()
	p, perr := parseProgram(token.NewFileSet(), src)
	if perr != nil {
		// The front end words syntax errors as the Go compiler does.
		if _, diags := frontend.Check([]byte(p.text), frontend.Options{Filename: SourceName}); len(diags) > 0 {
			return r.diagnostics(p, diags), nil
		}
		return perr, nil
	}
	r.prog = p
	if perr := checkImports(p); perr != nil {
		return perr, nil
	}
	// The front end type-checks the program as go build would and lowers
	// what the interpreter lacks; the interpreter runs the lowered source,
	// whose positions map back to the learner's (through the snippet's
	// line directives too).
	// The instrumented second run of a panicking program also checks
	// bounds as Go does, for the exact message of a run-time panic.
	lowered, diags := frontend.Check([]byte(p.text), frontend.Options{Filename: SourceName, Checked: r.trace.exact})
	if len(diags) > 0 {
		return r.diagnostics(p, diags), nil
	}
	if err := p.parseLowered(it.FileSet(), lowered.Source, lowered.Position); err != nil {
		return &Error{Kind: KindInternal, Message: "reading the checked program: " + err.Error()}, nil
	}
	if err := rewrite(p, r.trace.exact); err != nil {
		return &Error{Kind: KindInternal, Message: "preparing the program: " + err.Error()}, nil
	}
	if err := it.Use(r.exports()); err != nil {
		return &Error{Kind: KindInternal, Message: "loading packages: " + err.Error()}, nil
	}
	prog, cerr := compile(it, p)
	if cerr != nil || r.compileOnly {
		return cerr, nil
	}

	r.mu.Lock()
	r.started = time.Now()
	r.mu.Unlock()
	// Execute runs the package's initialization (variables and init
	// functions); main was renamed, so it does not start. Main runs
	// through EvalWithContext, which stops every interpreted goroutine at
	// its next step once the context ends. (ExecuteWithContext would do
	// the same, but it races on its results when the context ends first.)
	_, err := it.Execute(prog)
	if r.initFailed(err) {
		close(r.release)
		return r.outcome(p, err)
	}
	r.mu.Lock()
	r.mainStarted = true
	r.mu.Unlock()
	_, err = it.EvalWithContext(r.ctx, mainName+"()")
	// EvalWithContext has stopped every interpreted goroutine at its
	// next step if the context ended first; a main blocked in MainDone or
	// reportPanic may now return.
	close(r.release)
	return r.outcome(p, err)
}

// interpreter returns a fresh interpreter writing to this run's output.
func (r *run) interpreter() *interp.Interpreter {
	return interp.New(interp.Options{
		Stdin:                strings.NewReader(""),
		Stdout:               r.out.stdout(),
		Stderr:               r.trace,
		Args:                 []string{"main"},
		GoPath:               ".",
		SourcecodeFilesystem: gosrc.FS(),
	})
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

// initFailed reports whether package initialization ended the program.
func (r *run) initFailed(err error) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return err != nil || r.panicked != nil || r.full || r.exited != nil
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

// outcome decides how the run ended, given what the interpreter said.
func (r *run) outcome(p *program, err error) (*Error, *panicReport) {
	r.mu.Lock()
	returned, panicked, full, exited := r.returned, r.panicked, r.full, r.exited
	r.mu.Unlock()
	switch {
	case panicked != nil:
		return nil, panicked
	case exited != nil && *exited == 0:
		return nil, nil
	case exited != nil:
		return exitError(*exited), nil
	case full:
		// Even if main went on to return: what it printed is incomplete.
		return &Error{Kind: KindRuntime, Message: fmt.Sprintf(
			"the program was stopped: it printed more than %s", byteSize(r.out.limit))}, nil
	case returned:
		return nil, nil
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
		return nil, &panicReport{msg: goPanicMessage(sprintPanicValue(pe.Value)), frames: frames, line: line, col: col}
	}
	if err != nil {
		return p.interpError(KindRuntime, err), nil
	}
	return nil, nil
}

// panicError writes a Go-style panic trace to stderr and returns the
// error, positioned where the panic happened.
func (r *run) panicError(pr *panicReport) *Error {
	p := r.prog
	var b strings.Builder
	fmt.Fprintf(&b, "panic: %s\n\n", pr.msg)
	if pr.goLine <= 0 {
		b.WriteString("goroutine 1 [running]:\n")
	} else {
		fmt.Fprintf(&b, "goroutine started at %s:%d:%d [running]:\n", SourceName, pr.goLine, pr.goCol)
	}
	// Positions here are the learner's already: the rewrite recorded them
	// so, and reportPanic mapped the interpreter's.
	line, col := pr.line, pr.col
	if pr.exact {
		// The innermost frame in the learner's own code: a panic inside
		// a helper the front end added is reported where it was called.
		for _, f := range pr.frames {
			if f.Line > 0 {
				line, col = f.Line, f.Column
				break
			}
		}
	}
	if line == 0 && pr.goLine > 0 {
		line, col = pr.goLine, pr.goCol
	}
	line, col = p.clamp(line, col)
	if interpreterFault(pr.msg) {
		// Not the program's panic: the interpreter failed.
		r.out.writeNote(stderrStream, fmt.Sprintf("the playground's Go interpreter failed at %s:%d:%d (%s)\nThis is a limit of the playground, not a mistake in your program.\n", SourceName, line, col, pr.msg))
		return &Error{Kind: KindInternal, Message: "the playground's Go interpreter failed while running this line (" + pr.msg + "); this is a limit of the playground, not a mistake in your program", Line: line, Column: col}
	}
	for i, f := range pr.frames {
		f.Func = instanceName.ReplaceAllString(f.Func, "$1[...]")
		if strings.Contains(f.Func, "._fl_") {
			continue // a helper the front end added: not the learner's code
		}
		fl, fc := f.Line, f.Column
		if !pr.exact {
			// The interpreter's own trace names functions only.
			f.Func = cleanFuncName(f.Func)
			fl, fc = 0, 0
			if i == 0 {
				fl, fc = line, col
			}
		}
		fmt.Fprintf(&b, "%s(...)\n", f.Func)
		if fl > 0 {
			fl, fc = p.clamp(fl, fc)
			fmt.Fprintf(&b, "\t%s:%d:%d\n", SourceName, fl, fc)
		}
	}
	r.out.writeNote(stderrStream, b.String())
	return &Error{Kind: KindPanic, Message: "panic: " + pr.msg, Line: line, Column: col}
}

// instanceName matches the name the front end gives an instance of a
// generic function or type (_fl_Stack_1); Go's traces say Stack[...].
var instanceName = regexp.MustCompile(`\b_fl_([A-Za-z]\w*?)_\d+\b`)

// cleanFuncName drops the closure the runtime wraps main and init in.
func cleanFuncName(name string) string {
	name = strings.Replace(name, "main."+mainName, "main.main", 1)
	for _, f := range []string{"main.main", "main.init"} {
		if strings.HasPrefix(name, f+".func") {
			return f + strings.TrimPrefix(name, f+".func")
		}
	}
	return name
}

// reportPanic records a panic that reached the top of main, init, a
// goroutine or an AfterFunc callback, and stops the program, as an
// unrecovered panic ends a Go program. line and col locate the go
// statement (0 for main and init, whose goroutine must not return before
// the interpreter is stopped).
func (r *run) reportPanic(msg string, line, col int) {
	frames, pl, pc := r.trace.take()
	r.mu.Lock()
	if r.panicked == nil && !r.returned {
		r.out.end()
		if pl == 0 {
			pl, pc = r.prog.learner(messagePosition(msg))
		}
		r.panicked = &panicReport{msg: goPanicMessage(msg), frames: frames, line: pl, col: pc, goLine: line, goCol: col}
		r.freezeLocked()
	}
	r.mu.Unlock()
	r.cancel()
	if line == 0 {
		<-r.release
	}
}

// mainDone records that main returned and stops the program's other
// goroutines, as the end of main does in Go.
func (r *run) mainDone() {
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
