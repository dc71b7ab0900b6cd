package sandbox

import (
	"fmt"
	"go/ast"
	"go/token"
	"strconv"
	"strings"
)

// Names the rewrite introduces. The trailing underscore and the prefix
// keep them clear of anything a learner would write.
const (
	rtPath        = "flakylab.internal/rt"
	rtName        = "flakylab_rt_"
	reportName    = "flakylab_report_"
	recoveredName = "flakylab_recovered_"
	guardFuncName = "flakylab_guardfn_"
	panickingName = "flakylab_panicking_"
	panicValName  = "flakylab_panicvalue_"
	messageName   = "flakylab_message_"
	mainName      = "flakylab_main_"
	goClosureName = "flakylab_go_"
)

// initLine is the goroutine line reported for init functions: like main
// (0) they run on the first goroutine, but the runtime must not hold them
// back after a panic, since they run before main is started.
const initLine = -1

// builtins may be called with go but are not values to bind.
var builtins = map[string]bool{
	"append": true, "cap": true, "clear": true, "close": true, "complex": true, "copy": true,
	"delete": true, "imag": true, "len": true, "make": true, "max": true, "min": true, "new": true,
	"panic": true, "print": true, "println": true, "real": true, "recover": true,
}

// rewriter makes the program's panics reportable instead of fatal. A
// panic that escapes a goroutine ends a Go process, and here the process
// is the whole browser runtime, so:
//
//   - main and init run their body in a closure under a deferred report;
//     main then tells the runtime it returned (rt.MainDone);
//   - every guarded body is counted while it runs (deferExit), so that
//     the run can tell whether its goroutines all ended;
//   - every go f(args), go x.M(args) and go func(...){...}(args) becomes a
//     block that evaluates f and the arguments into fresh variables, as
//     the go statement would, then starts a guarded closure calling f with
//     them through compiled code (flakylab_rt_.Safe), which a panic
//     reaches when the run was stopped mid-panic. Untyped constants are
//     passed as written, so that they still convert to the parameter type;
//   - the func() passed to any AfterFunc(d, f) (time, context, a core
//     clock) or to a WaitGroup's Go(f) is wrapped the same way, since it
//     runs on a goroutine of its own;
//   - recover() becomes flakylab_recovered_(recover()), which tells the
//     runtime that a panic was handled, so its trace frames are dropped;
//   - print and println write to stderr, as in Go (yaegi uses stdout);
//   - panic(v) becomes panic(flakylab_panicking_(v, line, col)), which
//     tells the runtime where the panic starts, keeps v in the program
//     and panics with a compiled token instead: a value of the program's
//     own type that goes through the interpreter's panic and recover
//     comes back without its methods (an error is no longer an error);
//     recover and the report swap the token for v;
//   - in trace mode (trace.go), every learner function also reports the
//     statement it was running when a panic leaves it.
//
// Synthetic nodes carry the position of the statement they came from.
type rewriter struct {
	harness   bool // the checks' file of a graded run
	fset      *token.FileSet
	learner   func(line, col int) (int, int) // the file's positions to the learner's
	text      string                         // the learner's program as the front end read it
	consts    map[string]bool                // names declared const anywhere in the file
	funcs     map[string]bool                // top-level functions
	pkgs      map[string]bool                // names of imported packages
	generated map[ast.Node]bool
	panics    bool // a panic(v) was rewritten: the file makes panic tokens
}

// rewrite applies the rewriter to p's file and adds the helpers; trace
// selects the instrumented form of trace.go.
func rewrite(p *program, trace bool) error {
	f := p.file
	rw := &rewriter{
		harness:   p.harness,
		fset:      p.fset,
		learner:   p.learner,
		text:      p.text,
		consts:    map[string]bool{},
		funcs:     map[string]bool{},
		pkgs:      map[string]bool{},
		generated: map[ast.Node]bool{},
	}
	for _, spec := range f.Imports {
		ip, _ := strconv.Unquote(spec.Path.Value)
		name := allowed[ip]
		if spec.Name != nil {
			name = spec.Name.Name
		}
		rw.pkgs[name] = true
	}
	ast.Inspect(f, func(n ast.Node) bool {
		if d, ok := n.(*ast.GenDecl); ok && d.Tok == token.CONST {
			for _, s := range d.Specs {
				for _, id := range s.(*ast.ValueSpec).Names {
					rw.consts[id.Name] = true
				}
			}
		}
		return true
	})
	readVarsLive(f, p.source)
	if trace && !p.harness {
		rw.instrument(f)
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv != nil || fd.Body == nil {
			continue
		}
		rw.funcs[fd.Name.Name] = true
		switch fd.Name.Name {
		case "main":
			if p.library {
				continue
			}
			fd.Body = rw.guardBody(fd.Body, nil, 0, 0, true)
			// Renamed so that compiling the file does not run it: Run
			// calls it through EvalWithContext, which can stop it.
			fd.Name = &ast.Ident{NamePos: fd.Name.NamePos, Name: mainName}
		case "init":
			fd.Body = rw.guardBody(fd.Body, nil, initLine, 0, false)
		}
	}
	rw.deferRecoverExits(f)
	ast.Inspect(f, rw.visit)
	freshClosures(f)

	// Only flakylab_panicking_ makes tokens, and a plain run has one
	// file: with no panic(v) in it, a panic value is never a token, and
	// the report and recover need neither the table of values nor the
	// function that reads it.
	tokens := rw.panics || p.harness || p.library
	if err := addPrelude(p, preludeFor(f, tokens)); err != nil {
		return err
	}
	addImport(f, rtName, rtPath)
	addImport(f, "flakylab_fmt_", "fmt")
	return nil
}

func (rw *rewriter) visit(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.BlockStmt:
		rw.stmts(n.List)
	case *ast.CaseClause:
		rw.stmts(n.Body)
	case *ast.CommClause:
		rw.stmts(n.Body)
	case *ast.LabeledStmt:
		if g, ok := n.Stmt.(*ast.GoStmt); ok && !rw.generated[g] {
			n.Stmt = rw.goStmt(g)
		}
	case *ast.CallExpr:
		rw.call(n)
	}
	return true
}

func (rw *rewriter) stmts(list []ast.Stmt) {
	for i, s := range list {
		if g, ok := s.(*ast.GoStmt); ok && !rw.generated[g] {
			list[i] = rw.goStmt(g)
		}
	}
}

// call rewrites recover(), panic(v) and AfterFunc(d, f) in place.
func (rw *rewriter) call(c *ast.CallExpr) {
	if rw.generated[c] {
		return
	}
	if id, ok := c.Fun.(*ast.Ident); ok && id.Name == "recover" && len(c.Args) == 0 {
		inner := &ast.CallExpr{Fun: ast.NewIdent("recover"), Lparen: c.Lparen, Rparen: c.Rparen}
		rw.generated[inner] = true
		c.Fun = &ast.Ident{NamePos: id.NamePos, Name: recoveredName}
		c.Args = []ast.Expr{inner, &ast.Ident{NamePos: id.NamePos, Name: "false"}} // the function's exits end its panics (recoverDoneAtExits)
		return
	}
	if id, ok := c.Fun.(*ast.Ident); ok && (id.Name == "print" || id.Name == "println") {
		// The builtins write to stderr in Go; yaegi sends them to stdout.
		name := "Print"
		if id.Name == "println" {
			name = "Println"
		}
		c.Fun = &ast.SelectorExpr{X: &ast.Ident{NamePos: id.NamePos, Name: rtName}, Sel: &ast.Ident{NamePos: id.NamePos, Name: name}}
		return
	}
	if id, ok := c.Fun.(*ast.Ident); ok && id.Name == "panic" && len(c.Args) == 1 && !c.Ellipsis.IsValid() {
		line, col := rw.position(c.Pos())
		rw.panics = true
		c.Args[0] = &ast.CallExpr{
			Fun:  &ast.Ident{NamePos: c.Args[0].Pos(), Name: panickingName},
			Args: []ast.Expr{c.Args[0], intLit(line), intLit(col)},
		}
		return
	}
	// Compiled functions that call a func() on a goroutine of their own:
	// AfterFunc(d, f) of time, context and a core clock, and
	// sync.WaitGroup's Go(f).
	sel, ok := c.Fun.(*ast.SelectorExpr)
	if !ok || c.Ellipsis.IsValid() {
		return
	}
	switch {
	case sel.Sel.Name == "AfterFunc" && len(c.Args) == 2:
		c.Args[1] = rw.guardFunc(c, c.Args[1])
	case sel.Sel.Name == "Go" && len(c.Args) == 1:
		c.Args[0] = rw.guardFunc(c, c.Args[0])
	}
}

// guardFunc wraps the func() f passed in call c so that a panic in it is
// reported as the program's, positioned at c.
func (rw *rewriter) guardFunc(c *ast.CallExpr, f ast.Expr) ast.Expr {
	line, col := rw.goPosition(c.Pos())
	return &ast.CallExpr{
		Fun:  &ast.Ident{NamePos: f.Pos(), Name: guardFuncName},
		Args: []ast.Expr{f, intLit(line), intLit(col)},
	}
}

// goStmt returns the guarded replacement of a go statement: a block that
// evaluates the function and its arguments into fresh variables, as the
// go statement would, makes a guarded closure calling the function with
// them, and starts it under flakylab_rt_.Safe (see safeCall).
//
// The closure is declared before the go statement, not written inside
// it: the interpreter makes a literal that is evaluated on its own (as a
// variable's value, or the function of a go statement) over a copy of
// the enclosing frame, so that it keeps this iteration's variables of a
// loop, but a literal passed straight to a compiled function reads the
// live frame when it runs, by then the next iteration's. A go
// statement's own literal is bound like any other function value, and
// its arguments with it.
func (rw *rewriter) goStmt(g *ast.GoStmt) ast.Stmt {
	rw.generated[g] = true
	line, col := rw.goPosition(g.Go)
	call := g.Call
	inner := &ast.CallExpr{Fun: call.Fun, Lparen: call.Lparen, Ellipsis: call.Ellipsis, Rparen: call.Rparen}
	var names, values []ast.Expr
	bind := func(name string, e ast.Expr) ast.Expr {
		names = append(names, &ast.Ident{NamePos: e.Pos(), Name: name})
		values = append(values, e)
		return &ast.Ident{NamePos: e.Pos(), Name: name}
	}
	if rw.mustBindFunc(call.Fun) && !loweredReceiver(call.Fun) {
		inner.Fun = bind("flakylab_f_", call.Fun)
	}
	for i, a := range call.Args {
		// A lone call argument may return several values: the front end
		// evaluates it before the go statement (frontend lowerGoStmt).
		_, isCall := unparen(a).(*ast.CallExpr)
		if rw.isConst(a) || (isCall && len(call.Args) == 1) {
			inner.Args = append(inner.Args, a)
			continue
		}
		inner.Args = append(inner.Args, bind(fmt.Sprintf("flakylab_a%d_", i), a))
	}
	var binds []ast.Stmt
	if len(names) > 0 {
		binds = append(binds, &ast.AssignStmt{Lhs: names, TokPos: g.Go, Tok: token.DEFINE, Rhs: values})
	}
	lit := &ast.FuncLit{
		Type: &ast.FuncType{Func: g.Go, Params: &ast.FieldList{}},
		Body: &ast.BlockStmt{Lbrace: g.Go, List: []ast.Stmt{deferExit(g.Go), rw.deferReport(g.Go, line, col), &ast.ExprStmt{X: inner}}, Rbrace: g.End()},
	}
	closure := &ast.Ident{NamePos: g.Go, Name: goClosureName}
	binds = append(binds, &ast.AssignStmt{Lhs: []ast.Expr{closure}, TokPos: g.Go, Tok: token.DEFINE, Rhs: []ast.Expr{lit}})
	start := safeCall(g.Go, &ast.Ident{NamePos: g.Go, Name: goClosureName})
	started := &ast.GoStmt{Go: g.Go, Call: &ast.CallExpr{Fun: start, Lparen: g.Go, Rparen: g.End()}}
	rw.generated[started] = true
	return &ast.BlockStmt{Lbrace: g.Go, List: append(binds, started), Rbrace: g.End()}
}

// loweredReceiver reports whether fun is a method of a receiver the front
// end has already evaluated into a variable of its own (`_fl_v1.M`, see
// frontend lowerGoStmt). Such a call is left in the closure as it is: the
// closure keeps this go statement's variable, while a method value bound
// here would read its receiver from the variable's slot in the live frame
// when the goroutine calls it (yaegi v0.16.1, genFunctionWrapper), which
// in a loop is by then a later iteration's (`go p.run()` for each p of a
// loop ran the last few p's only).
func loweredReceiver(fun ast.Expr) bool {
	sel, ok := unparen(fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	return ok && strings.HasPrefix(id.Name, "_fl_")
}

// safeCall is `flakylab_rt_.Safe(f)`: the goroutine then starts in
// compiled code (run.safe), which a panic reaches when the run was
// stopped while the goroutine was panicking (the interpreter no longer
// runs the guard's deferred recover then, and the panic would end the
// whole process).
func safeCall(pos token.Pos, f ast.Expr) ast.Expr {
	return &ast.CallExpr{
		Fun:    &ast.SelectorExpr{X: &ast.Ident{NamePos: pos, Name: rtName}, Sel: &ast.Ident{NamePos: pos, Name: "Safe"}},
		Args:   []ast.Expr{f},
		Lparen: pos, Rparen: pos,
	}
}

// guardBody returns a body that runs body in a closure under a deferred
// report of any panic; line and col say where the goroutine started (0
// for main and init). For main it then reports that main returned.
func (rw *rewriter) guardBody(body *ast.BlockStmt, results *ast.FieldList, line, col int, isMain bool) *ast.BlockStmt {
	pos := body.Lbrace
	run := &ast.ExprStmt{X: &ast.CallExpr{
		Fun:    &ast.FuncLit{Type: &ast.FuncType{Func: pos, Params: &ast.FieldList{}, Results: results}, Body: body},
		Lparen: body.Rbrace, Rparen: body.Rbrace,
	}}
	list := []ast.Stmt{deferExit(pos), rw.deferReport(pos, line, col), run}
	if isMain {
		list = append(list, &ast.ExprStmt{X: &ast.CallExpr{
			Fun:    &ast.SelectorExpr{X: &ast.Ident{NamePos: body.Rbrace, Name: rtName}, Sel: ast.NewIdent("MainDone")},
			Lparen: body.Rbrace, Rparen: body.Rbrace,
		}})
	}
	return &ast.BlockStmt{Lbrace: body.Lbrace, List: list, Rbrace: body.Rbrace}
}

// deferExit is `defer flakylab_rt_.Exit(flakylab_rt_.Enter())`, which
// counts a guarded body while it runs (lifecycle.go).
func deferExit(pos token.Pos) ast.Stmt {
	rt := func(name string) ast.Expr {
		return &ast.SelectorExpr{X: &ast.Ident{NamePos: pos, Name: rtName}, Sel: &ast.Ident{NamePos: pos, Name: name}}
	}
	enter := &ast.CallExpr{Fun: rt("Enter"), Lparen: pos, Rparen: pos}
	return &ast.DeferStmt{Defer: pos, Call: &ast.CallExpr{Fun: rt("Exit"), Args: []ast.Expr{enter}, Lparen: pos, Rparen: pos}}
}

// deferReport is `defer func() { flakylab_report_(recover(), line, col) }()`.
func (rw *rewriter) deferReport(pos token.Pos, line, col int) ast.Stmt {
	rec := &ast.CallExpr{Fun: &ast.Ident{NamePos: pos, Name: "recover"}, Lparen: pos, Rparen: pos}
	rw.generated[rec] = true
	report := &ast.CallExpr{Fun: &ast.Ident{NamePos: pos, Name: reportName}, Args: []ast.Expr{rec, intLit(line), intLit(col)}, Lparen: pos, Rparen: pos}
	lit := &ast.FuncLit{
		Type: &ast.FuncType{Func: pos, Params: &ast.FieldList{}},
		Body: &ast.BlockStmt{Lbrace: pos, List: []ast.Stmt{&ast.ExprStmt{X: report}}, Rbrace: pos},
	}
	return &ast.DeferStmt{Defer: pos, Call: &ast.CallExpr{Fun: lit, Lparen: pos, Rparen: pos}}
}

// mustBindFunc reports whether the function of a go statement must be
// evaluated before the goroutine starts: anything but a top-level
// function, a builtin or a package's function, which cannot change.
func (rw *rewriter) mustBindFunc(fun ast.Expr) bool {
	switch f := unparen(fun).(type) {
	case *ast.Ident:
		return !rw.funcs[f.Name] && !builtins[f.Name]
	case *ast.SelectorExpr:
		id, ok := f.X.(*ast.Ident)
		return !ok || !rw.pkgs[id.Name]
	}
	return true
}

// isConst reports whether e looks like a constant expression, which may
// be untyped and so must stay where the parameter type can apply to it.
func (rw *rewriter) isConst(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.BasicLit:
		return true
	case *ast.Ident:
		return e.Name == "true" || e.Name == "false" || e.Name == "nil" || e.Name == "iota" || rw.consts[e.Name]
	case *ast.SelectorExpr:
		id, ok := e.X.(*ast.Ident)
		return ok && rw.pkgs[id.Name]
	case *ast.ParenExpr:
		return rw.isConst(e.X)
	case *ast.UnaryExpr:
		return e.Op != token.AND && e.Op != token.ARROW && rw.isConst(e.X)
	case *ast.BinaryExpr:
		return rw.isConst(e.X) && rw.isConst(e.Y)
	}
	return false
}

// position is the learner's line and column of pos (0, 0 inside helper
// code the front end added).
func (rw *rewriter) position(pos token.Pos) (int, int) {
	at := rw.fset.Position(pos)
	return rw.learner(at.Line, at.Column)
}

// goPosition is position for a go statement or a guarded callback, whose
// line must not be 0 (that means main): helper code gets the end of the
// learner's source.
func (rw *rewriter) goPosition(pos token.Pos) (int, int) {
	if rw.harness {
		// Not the learner's, and not main's goroutine either.
		return initLine, 0
	}
	line, col := rw.position(pos)
	if line == 0 {
		return rw.learner(1<<30, 1)
	}
	return line, col
}

func intLit(n int) *ast.BasicLit {
	return &ast.BasicLit{Kind: token.INT, Value: strconv.Itoa(n)}
}

func unparen(e ast.Expr) ast.Expr {
	for {
		p, ok := e.(*ast.ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}
