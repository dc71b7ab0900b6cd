package sandbox

import (
	"fmt"
	"strings"
)

// panicReport is what is known about the panic that ended a program.
type panicReport struct {
	msg           string
	frames        []frame // innermost first
	line, col     int     // where the panic started, if known
	goLine, goCol int     // where the panicking goroutine started; 0 for main
	exact         bool    // frames carry the statements' positions
	// Earlier panics Go prints first (panicchain.go); repanicked: the
	// last of them is this one panicked again, printed once.
	chain      []string
	repanicked bool
}

// learnerLine is the line of the innermost frame in the learner's own
// code, when the frames carry positions, or 0.
func (pr *panicReport) learnerLine() int {
	if pr.exact {
		for _, f := range pr.frames {
			if f.Line > 0 {
				return f.Line
			}
		}
	}
	return 0
}

// numberlessNote follows a run-time error's message when the numbers Go
// gives with it could not be found (see numberless).
const numberlessNote = " (the playground could not find the numbers Go's message gives: it finds them by running the program again, which did not finish in time, or is not done for a program on the wall clock)"

// panicError writes a Go-style panic trace to stderr and returns the
// error, positioned where the panic happened.
func (r *run) panicError(pr *panicReport) *Error {
	p := r.prog
	msg := pr.msg
	if numberless(msg) {
		// The second run, which finds the numbers, did not finish in
		// its time (or did not panic the same way): Go's message has
		// them, so the line says what is missing rather than pass for
		// Go's.
		msg += numberlessNote
	}
	var b strings.Builder
	if len(pr.chain) > 0 && pr.repanicked {
		b.WriteString(strings.TrimSuffix(chainText(pr.chain), "\t") + "\n")
	} else {
		fmt.Fprintf(&b, "%spanic: %s\n\n", chainText(pr.chain), msg)
	}
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
		f.Func = instanceName().ReplaceAllString(f.Func, "$1[...]")
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
	return &Error{Kind: KindPanic, Message: "panic: " + msg, Line: line, Column: col}
}

// instanceName matches the name the front end gives an instance of a
// generic function or type (_fl_Stack_1); Go's traces say Stack[...].
var instanceName = lazyRegexp(`\b_fl_([A-Za-z]\w*?)_\d+\b`)

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
		r.panicked.chain, r.panicked.repanicked = r.chain.take()
		r.freezeLocked()
	}
	r.mu.Unlock()
	r.cancel()
	if line == 0 {
		<-r.release
	}
}
