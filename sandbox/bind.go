package sandbox

import (
	"context"
	"fmt"
	mathrand "math/rand"
	randv2 "math/rand/v2"
	"reflect"
	"strings"
	"time"

	"github.com/flakylab/flakylab/core/clock"
	"github.com/traefik/yaegi/interp"

	ctxname "github.com/flakylab/flakylab/sandbox/internal/context"
	"github.com/flakylab/flakylab/sandbox/progfmt"
	"github.com/flakylab/flakylab/sandbox/symbols"
)

// fmtKey is where fmt's table is handed to the interpreter. Use treats the
// key "fmt/fmt" as the signal to load its whole stdlib wrapper set (and to
// compile its own generic sources on every interpreter); "fmt/./fmt"
// names the same package without that side effect, and this package binds
// fmt's output functions itself.
const fmtKey = "fmt/./fmt"

// exports builds the symbol tables of one run: the generated tables, with
// the functions that touch time, randomness and stdout bound to this run,
// and the run's own copy of every package variable (packagevars.go).
// Tables that need no change are shared: Use copies what it is given.
//
// A plain run gets the tables of the packages its program imports only
// (the rewritten program: what the lowering and the rewrite import is
// there too): Use copies every entry it is given into the interpreter,
// about 2 000 for all the allowed packages, on every run. A graded run
// gets them all, since its checks import packages of their own.
func (r *run) exports() interp.Exports {
	imported := map[string]bool{}
	for _, ip := range importPaths(r.prog) {
		imported[ip] = true
	}
	load := func(key string) bool { return r.harness != "" || imported[dirOf(key)] }
	ex := r.compiledTables(imported)
	delete(ex, "fmt/fmt")
	if load("fmt/fmt") {
		ex[fmtKey] = r.bindFmt(symbols.Symbols["fmt/fmt"])
	}
	if load("time/time") {
		ex["time/time"] = r.bindTime(ex["time/time"])
	}
	if load("context/context") {
		ex["context/context"] = r.bindContext(ex["context/context"])
	}
	if load(osPath) {
		ex[osPath] = r.bindOS()
	}
	for key, table := range progfmt.Symbols(&r.panicNames) {
		ex[key] = table
	}
	if load("math/rand/rand") {
		ex["math/rand/rand"] = bindMethods(ex["math/rand/rand"], mathrand.New(newLockedSource(r.seed)))
	}
	if load("math/rand/v2/rand") {
		ex["math/rand/v2/rand"] = bindMethods(ex["math/rand/v2/rand"], randv2.New(newLockedSourceV2(r.seed)))
	}
	ex[rtPath+"/rt"] = r.rtSymbols()
	if r.harness != "" {
		ex[GradingPackage+"/grading"] = map[string]reflect.Value{
			"Verdict": reflect.ValueOf(r.graded.Verdict),
			"Input":   reflect.ValueOf(r.graded.Input),
		}
	}
	ex["."] = map[string]reflect.Value{"MapTypes": reflect.ValueOf(r.mapTypes(ex[fmtKey]))}
	return ex
}

// rtSymbols is the table of the package through which the rewritten
// program reports to this run (rewrite.go, prelude.go). It is a function
// of its own, as compiledTables is: one function for all of exports was
// among the largest that a first run in the browser had its engine
// optimise.
func (r *run) rtSymbols() map[string]reflect.Value {
	rt := map[string]reflect.Value{
		"Init":      reflect.ValueOf(r.runInit),
		"End":       reflect.ValueOf(r.end),
		"Enter":     reflect.ValueOf(r.life.Enter),
		"Exit":      reflect.ValueOf(r.life.Exit),
		"Panic":     reflect.ValueOf(r.reportPanic),
		"Recovered": reflect.ValueOf(r.trace.reset),
		"PanicAt":   reflect.ValueOf(r.trace.PanicAt),
		"Frame":     reflect.ValueOf(r.trace.Frame),
		"MainDone":  reflect.ValueOf(r.mainDone),
		"Safe":      reflect.ValueOf(r.safe),
		"Sprint":    reflect.ValueOf(r.sprintPanicValue),
		"Named":     reflect.ValueOf(r.namedPanicValue),
		"Unwrap":    reflect.ValueOf(unwrapPanicValue),
		"Runtime":   reflect.ValueOf(runtimePanicValue),
		"Token":     reflect.ValueOf(r.panics.Token),
		"TokenID":   reflect.ValueOf(r.panics.TokenID),
		"Lock":      reflect.ValueOf(r.panics.Lock),
		"Unlock":    reflect.ValueOf(r.panics.Unlock),
		"Print":     reflect.ValueOf(func(a ...any) { r.out.write(stderrStream, builtinPrint(a, false)) }),
		"Println":   reflect.ValueOf(func(a ...any) { r.out.write(stderrStream, builtinPrint(a, true)) }),
	}
	// Panics during panics (panicchain.go).
	for name, f := range map[string]any{
		"Started": func(v any) {
			named, _ := r.namedPanicValue(v) // before a later panic's record replaces v's
			r.chain.startedNamed(v, named)
		},
		"RecoveredValue": r.chain.Recovered, "PanicCount": r.chain.Count,
		"RecoverExit": r.chain.RecoverExit, "Chain": r.chain.Chain, "Messages": r.chain.Messages,
		"Forget": r.chain.Forget, "RecoverDone": r.chain.RecoverDone,
	} {
		rt[name] = reflect.ValueOf(f)
	}
	return rt
}

// compiledTables returns the generated tables a run loads: those of
// the packages imported, with the run's own copy of their variables, or
// every table for a graded run.
func (r *run) compiledTables(imported map[string]bool) interp.Exports {
	ex := interp.Exports{}
	for key, table := range symbols.Symbols {
		switch {
		case imported[dirOf(key)]:
			ex[key] = ownVars(table)
		case r.harness != "":
			ex[key] = table
		}
	}
	return ex
}

func copyTable(t map[string]reflect.Value) map[string]reflect.Value {
	out := make(map[string]reflect.Value, len(t))
	for k, v := range t {
		out[k] = v
	}
	return out
}

// bindFmt sends the Print functions to this run's stdout and gives the
// Scan functions an empty input.
func (r *run) bindFmt(t map[string]reflect.Value) map[string]reflect.Value {
	t = copyTable(t)
	out := r.out.stdout()
	in := strings.NewReader("")
	t["Print"] = reflect.ValueOf(func(a ...any) (int, error) { return fmt.Fprint(out, a...) })
	t["Printf"] = reflect.ValueOf(func(format string, a ...any) (int, error) { return fmt.Fprintf(out, format, a...) })
	t["Println"] = reflect.ValueOf(func(a ...any) (int, error) { return fmt.Fprintln(out, a...) })
	t["Scan"] = reflect.ValueOf(func(a ...any) (int, error) { return fmt.Fscan(in, a...) })
	t["Scanf"] = reflect.ValueOf(func(format string, a ...any) (int, error) { return fmt.Fscanf(in, format, a...) })
	t["Scanln"] = reflect.ValueOf(func(a ...any) (int, error) { return fmt.Fscanln(in, a...) })
	return t
}

// mapTypes tells the interpreter which interfaces fmt looks for in its
// arguments, so that an interpreted type's Format, Error or String method
// is used when it is printed.
func (r *run) mapTypes(f map[string]reflect.Value) map[reflect.Value][]reflect.Type {
	printing := []reflect.Type{
		reflect.TypeOf((*fmt.Formatter)(nil)).Elem(),
		reflect.TypeOf((*error)(nil)).Elem(),
		reflect.TypeOf((*fmt.Stringer)(nil)).Elem(),
	}
	scanning := []reflect.Type{reflect.TypeOf((*fmt.Scanner)(nil)).Elem()}
	m := map[reflect.Value][]reflect.Type{}
	for _, name := range []string{"Append", "Appendf", "Appendln", "Errorf", "Fprint", "Fprintf", "Fprintln",
		"Print", "Printf", "Println", "Sprint", "Sprintf", "Sprintln"} {
		if v, ok := f[name]; ok {
			m[v] = printing
		}
	}
	for _, name := range []string{"Scan", "Scanf", "Scanln", "Fscan", "Fscanf", "Fscanln", "Sscan", "Sscanf", "Sscanln"} {
		if v, ok := f[name]; ok {
			m[v] = scanning
		}
	}
	return m
}

// bindTime points the time functions at this run's clock: the virtual
// one, or the wall clock with a Sleep that ends with the run and timers
// that the end of the run stops.
func (r *run) bindTime(t map[string]reflect.Value) map[string]reflect.Value {
	t = copyTable(t)
	v := r.clock
	if v == nil {
		t["Sleep"] = reflect.ValueOf(func(d time.Duration) { _ = clock.Real{}.Sleep(r.ctx, d) })
		r.bindRealTimers(t)
		return t
	}
	t["Now"] = reflect.ValueOf(v.Now)
	t["Since"] = reflect.ValueOf(v.Since)
	t["Until"] = reflect.ValueOf(v.Until)
	t["Sleep"] = reflect.ValueOf(func(d time.Duration) { _ = v.Sleep(r.ctx, d) })
	t["After"] = reflect.ValueOf(v.After)
	t["Tick"] = reflect.ValueOf(v.Tick)
	t["NewTimer"] = reflect.ValueOf(v.NewTimer)
	t["NewTicker"] = reflect.ValueOf(v.NewTicker)
	t["AfterFunc"] = reflect.ValueOf(v.AfterFunc)
	t["Timer"] = reflect.ValueOf((*clock.Timer)(nil))
	t["Ticker"] = reflect.ValueOf((*clock.Ticker)(nil))
	return t
}

// bindContext makes context deadlines follow the run's clock, and ends
// every deadline context when the run ends: a context derived from one
// that is not the context package's own (the virtual clock's) is watched
// by a goroutine until either ends. The Cause variants are the virtual
// clock's too (ctxcause.go).
func (r *run) bindContext(t map[string]reflect.Value) map[string]reflect.Value {
	t = copyTable(t)
	l := r.life
	withTimeout, withDeadline := context.WithTimeout, context.WithDeadline
	deadlineCause := context.WithDeadlineCause
	if v := r.clock; v != nil {
		// The virtual clock's deadline contexts, named as Go's
		// (*context.timerCtx) where Go makes one: not when the parent's
		// deadline comes first, where both make a WithCancel context.
		named := func(ctx context.Context, parent context.Context, d time.Time) context.Context {
			if cur, ok := parent.Deadline(); ok && cur.Before(d) {
				return ctx
			}
			return ctxname.Timer(ctx)
		}
		withDeadline = func(parent context.Context, d time.Time) (context.Context, context.CancelFunc) {
			ctx, cancel := v.WithDeadline(parent, d)
			return named(ctx, parent, d), cancel
		}
		withTimeout = func(parent context.Context, d time.Duration) (context.Context, context.CancelFunc) {
			return withDeadline(parent, v.Now().Add(d))
		}
		deadlineCause = func(parent context.Context, d time.Time, cause error) (context.Context, context.CancelFunc) {
			ctx, cancel := withDeadlineCause(v, parent, d, cause) // ctxcause.go
			return named(ctx, parent, d), cancel
		}
	}
	now := time.Now
	if r.clock != nil {
		now = r.clock.Now
	}
	t["WithTimeoutCause"] = reflect.ValueOf(func(parent context.Context, d time.Duration, cause error) (context.Context, context.CancelFunc) {
		ctx, cancel := deadlineCause(parent, now().Add(d), cause)
		l.track(cancelStopper(cancel))
		return ctx, cancel
	})
	t["WithDeadlineCause"] = reflect.ValueOf(func(parent context.Context, d time.Time, cause error) (context.Context, context.CancelFunc) {
		ctx, cancel := deadlineCause(parent, d, cause)
		l.track(cancelStopper(cancel))
		return ctx, cancel
	})
	t["WithTimeout"] = reflect.ValueOf(func(parent context.Context, d time.Duration) (context.Context, context.CancelFunc) {
		ctx, cancel := withTimeout(parent, d)
		l.track(cancelStopper(cancel))
		return ctx, cancel
	})
	t["WithDeadline"] = reflect.ValueOf(func(parent context.Context, d time.Time) (context.Context, context.CancelFunc) {
		ctx, cancel := withDeadline(parent, d)
		l.track(cancelStopper(cancel))
		return ctx, cancel
	})
	return t
}

// bindMethods replaces every top-level function of a rand package with
// the method of the same name and type on src: rand.IntN becomes
// src.IntN, and so on. Types and constructors stay as they are.
func bindMethods(t map[string]reflect.Value, src any) map[string]reflect.Value {
	t = copyTable(t)
	rv := reflect.ValueOf(src)
	for name, fn := range t {
		if fn.Kind() != reflect.Func {
			continue
		}
		if m := rv.MethodByName(name); m.IsValid() && m.Type() == fn.Type() {
			t[name] = m
		}
	}
	return t
}

// sprintPanicValue formats a panic value the interpreter could not
// describe itself, as the Go runtime would print it: with its type's
// name when the program panicked with a value of its own type
// (progfmt.PanicNames).
func (r *run) sprintPanicValue(v any) string {
	if rv, ok := v.(reflect.Value); ok && rv.IsValid() && rv.CanInterface() {
		v = rv.Interface()
	}
	if s, ok := r.namedPanicValue(v); ok {
		return s
	}
	return sprintPanicValue(v)
}

// namedPanicValue formats v as the Go runtime prints a panic value of a
// type of the program without methods, if the program panicked with it.
func (r *run) namedPanicValue(v any) (string, bool) {
	if rv, ok := v.(reflect.Value); ok && rv.IsValid() && rv.CanInterface() {
		v = rv.Interface()
	}
	name, ok := r.panicNames.Name(v)
	if !ok {
		return "", false
	}
	return progfmt.Describe(v, name, builtinValue), true
}

// sprintPanicValue formats a panic value the interpreter could not
// describe itself, as the Go runtime would print a basic value.
func sprintPanicValue(v any) string {
	if rv, ok := v.(reflect.Value); ok && rv.IsValid() && rv.CanInterface() {
		v = rv.Interface()
	}
	switch x := v.(type) {
	case error:
		return x.Error()
	case fmt.Stringer:
		return x.String()
	}
	rt := reflect.TypeOf(v)
	if rt != nil && rt.PkgPath() != "" {
		return fmt.Sprintf("%s(%v)", rt.String(), v)
	}
	return fmt.Sprint(v)
}

// unwrapPanicValue undoes the interpreter's wrapping of panic values:
// yaegi panics with a reflect.Value, and recover would hand that to the
// program instead of the value it panicked with.
func unwrapPanicValue(v any) any {
	for {
		rv, ok := v.(reflect.Value)
		if !ok {
			return v
		}
		if !rv.IsValid() || !rv.CanInterface() {
			return nil
		}
		v = rv.Interface()
	}
}
