package sandbox

import (
	"go/ast"
	"go/token"
	"reflect"
	"strings"
	"sync"

	"golang.org/x/tools/go/ast/astutil"
)

// Panics during panics.
//
// When a deferred call panics while an earlier panic is still on its
// goroutine (one not recovered yet, or recovered by a deferred function
// that has not returned), Go prints the earlier ones first:
//
//	panic: assignment to entry in nil map [recovered]
//		panic: cleanup failed
//
// and a value recovered and panicked again as it is once, as
// "panic: v [recovered, repanicked]". The rewrite tells the runtime when
// the program panics (flakylab_panicking_), recovers (flakylab_recovered_)
// and when a function that calls recover returns (a deferred
// RecoverExit, or RecoverDone where a function that panics nowhere
// itself returns): if it returns without having started a panic of its
// own, the panics it recovered are over, and with them, as far as the
// runtime can tell, every earlier one on that goroutine. A panic the
// interpreter raises itself (a run-time error) is only seen when it is
// recovered, or when it ends the program: one raised by a deferred
// function after its recovery prints the recovered ones first. (A
// function that panics itself and then meets a run-time error after its
// recovery is not told apart from one that returned: the chain is left
// out there.)
type panicChain struct {
	mu      sync.Mutex
	started map[string]int            // panics started with panic(v), per goroutine
	live    map[string][]chainedPanic // per goroutine, oldest first
	// The report's chain, built by Chain and finished by Messages.
	pending []chainedPanic
	lines   []string
}

type chainedPanic struct {
	v          any
	recovered  bool
	repanicked bool
	// named is how the runtime prints v, a value of the program's type
	// without methods, as recorded when it was panicked with (the
	// record names only the latest panic: progfmt.PanicNames), or "".
	named string
}

func (c *panicChain) init() {
	if c.live == nil {
		c.started = map[string]int{}
		c.live = map[string][]chainedPanic{}
	}
}

// Started records panic(v) on the calling goroutine.
func (c *panicChain) Started(v any) { c.startedNamed(v, "") }

// startedNamed records panic(v), printed as named when that is not "".
func (c *panicChain) startedNamed(v any, named string) {
	g := currentGoroutine()
	c.mu.Lock()
	defer c.mu.Unlock()
	c.init()
	c.started[g]++
	c.live[g] = append(c.live[g], chainedPanic{v: v, named: named})
}

// Recovered records that v, a panic's value, was recovered on the calling
// goroutine; ends: by a function that panics nowhere itself, which will
// return normally (or a function it calls panics, which is not told
// apart), so that the goroutine's panics are over.
func (c *panicChain) Recovered(v any, ends bool) {
	g := currentGoroutine()
	c.mu.Lock()
	defer c.mu.Unlock()
	c.init()
	if ends {
		delete(c.live, g)
		return
	}
	live := c.live[g]
	if n := len(live); n > 0 && !live[n-1].recovered && samePanicValue(live[n-1].v, v) {
		live[n-1].recovered = true
		return
	}
	c.live[g] = append(live, chainedPanic{v: v, recovered: true})
}

// Forget drops the latest panic with value v on the calling goroutine
// that is not recovered yet: fmt recovered it (a panic in a String or
// Error method it called, whose token it prints), and the method's
// caller goes on as if it had not happened.
func (c *panicChain) Forget(v any) {
	g := currentGoroutine()
	c.mu.Lock()
	defer c.mu.Unlock()
	c.init()
	live := c.live[g]
	for i := len(live) - 1; i >= 0; i-- {
		if !live[i].recovered && samePanicValue(live[i].v, v) {
			c.live[g] = append(live[:i:i], live[i+1:]...)
			return
		}
	}
}

// Count is the number of panics the calling goroutine has started, for
// RecoverExit.
func (c *panicChain) Count() int {
	g := currentGoroutine()
	c.mu.Lock()
	defer c.mu.Unlock()
	c.init()
	return c.started[g]
}

// RecoverDone is called by a function that calls recover and panics
// nowhere itself where it returns: the panics it recovered (every one on
// its goroutine, as far as the runtime can tell) are over.
func (c *panicChain) RecoverDone() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.live) == 0 {
		return // no goroutine has a panic: skip the look at the goroutine's id
	}
	delete(c.live, currentGoroutine())
}

// RecoverExit is deferred by every function that calls recover, with
// Count at its start: when it started no panic since, it returns
// normally (or a run-time error leaves it, which is not told apart), and
// the goroutine's panics are over.
func (c *panicChain) RecoverExit(count int) {
	g := currentGoroutine()
	c.mu.Lock()
	defer c.mu.Unlock()
	c.init()
	if c.started[g] == count {
		delete(c.live, g)
	}
}

// Chain returns the values of the panics to print before v, the panic
// ending the program on the calling goroutine, oldest first.
func (c *panicChain) Chain(v any) []any {
	g := currentGoroutine()
	c.mu.Lock()
	defer c.mu.Unlock()
	c.init()
	live := append([]chainedPanic(nil), c.live[g]...)
	if n := len(live); n > 0 && !live[n-1].recovered && samePanicValue(live[n-1].v, v) {
		live = live[:n-1] // v's own
	}
	// As the runtime's preprintpanics: a panic whose value the next one
	// (or v, the last) panics with again is marked, and that next one is
	// not printed.
	for i := range live {
		next := v
		if i+1 < len(live) {
			next = live[i+1].v
		}
		live[i].repanicked = samePanicValue(live[i].v, next)
	}
	c.pending = live
	out := make([]any, len(live))
	for i, p := range live {
		out[i] = p.v
	}
	return out
}

// Messages gives the messages of the values Chain returned (the program's
// Error or String methods run in the interpreter).
func (c *panicChain) Messages(msgs []string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(msgs) != len(c.pending) {
		c.pending, c.lines = nil, nil
		return
	}
	c.lines = nil
	for i, p := range c.pending {
		if i > 0 && c.pending[i-1].repanicked {
			continue
		}
		msg := msgs[i]
		if p.named != "" {
			msg = p.named // main.Reason("timeout"), not the value alone
		}
		line := "panic: " + goPanicMessage(msg)
		switch {
		case p.recovered && p.repanicked:
			line += " [recovered, repanicked]"
		case p.recovered:
			line += " [recovered]"
		}
		c.lines = append(c.lines, line)
	}
}

// take returns the lines to print before the final panic's, and whether
// the final one is the last of them panicked again (then it is not
// printed again).
func (c *panicChain) take() (lines []string, repanicked bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	lines = c.lines
	if n := len(c.pending); n > 0 && len(lines) > 0 {
		repanicked = c.pending[n-1].repanicked
	}
	return lines, repanicked
}

// samePanicValue approximates the runtime's test that two panics carry
// the same interface value: equal values of one comparable type.
func samePanicValue(a, b any) (same bool) {
	a, b = unwrapIValue(a), unwrapIValue(b)
	if a == nil || b == nil {
		return false
	}
	ta, tb := reflect.TypeOf(a), reflect.TypeOf(b)
	if ta != tb || !ta.Comparable() {
		return false
	}
	defer func() {
		if recover() != nil {
			same = false
		}
	}()
	return a == b
}

// chainText is what Go prints for the panics before the final one, each
// on its own line, the final one's indented after them.
func chainText(lines []string) string {
	var b strings.Builder
	for i, l := range lines {
		if i > 0 {
			b.WriteString("\t")
		}
		b.WriteString(l + "\n")
	}
	if len(lines) > 0 {
		b.WriteString("\t")
	}
	return b.String()
}

// deferRecoverExits makes every function of f that calls recover and
// panic itself defer flakylab_rt_.RecoverExit(flakylab_rt_.PanicCount())
// first; one that does not panic calls flakylab_rt_.RecoverDone() where
// it returns (recoverDoneAtExits). See panicChain. (The
// deferred call costs two looks at the goroutine's id on every call,
// which a check calling a recovering function in a loop would feel.) It
// runs before recover is rewritten; the runtime's own calls of recover
// (the report, trace mode's frames) are left alone.
func (rw *rewriter) deferRecoverExits(f *ast.File) {
	add := func(body *ast.BlockStmt) {
		if body == nil {
			return
		}
		recovers, panics := rw.directCalls(body)
		if len(recovers) == 0 {
			return
		}
		if !panics {
			rw.recoverDoneAtExits(body)
			return
		}
		pos := body.Lbrace
		count := &ast.CallExpr{Fun: &ast.SelectorExpr{X: &ast.Ident{NamePos: pos, Name: rtName}, Sel: ast.NewIdent("PanicCount")}, Lparen: pos, Rparen: pos}
		exit := &ast.CallExpr{Fun: &ast.SelectorExpr{X: &ast.Ident{NamePos: pos, Name: rtName}, Sel: ast.NewIdent("RecoverExit")}, Args: []ast.Expr{count}, Lparen: pos, Rparen: pos}
		body.List = append([]ast.Stmt{&ast.DeferStmt{Defer: pos, Call: exit}}, body.List...)
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			add(n.Body)
		case *ast.FuncLit:
			add(n.Body)
		}
		return true
	})
}

// recoverDoneAtExits makes body, of a function that calls recover and
// panics nowhere itself, call flakylab_rt_.RecoverDone() where it returns
// (before each return statement, and at its end): the panics it recovered
// are over only then. A run-time error after the recovery leaves it
// without the call, and Go prints the recovered panic before it ("panic:
// x [recovered]", or "[recovered, repanicked]" for the same value).
func (rw *rewriter) recoverDoneAtExits(body *ast.BlockStmt) {
	done := func(pos token.Pos) ast.Stmt {
		c := &ast.CallExpr{Fun: &ast.SelectorExpr{X: &ast.Ident{NamePos: pos, Name: rtName}, Sel: ast.NewIdent("RecoverDone")}, Lparen: pos, Rparen: pos}
		return &ast.ExprStmt{X: c}
	}
	astutil.Apply(body, func(c *astutil.Cursor) bool {
		switch n := c.Node().(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if _, inList := c.Parent().(*ast.BlockStmt); inList || isCaseBody(c.Parent()) {
				c.InsertBefore(done(n.Return))
			} else {
				c.Replace(&ast.BlockStmt{Lbrace: n.Return, List: []ast.Stmt{done(n.Return), n}, Rbrace: n.End()})
			}
		}
		return true
	}, nil)
	body.List = append(body.List, done(body.Rbrace))
}

// isCaseBody reports whether n holds a statement list (a case or select
// clause), where a statement can be inserted before another.
func isCaseBody(n ast.Node) bool {
	switch n.(type) {
	case *ast.CaseClause, *ast.CommClause:
		return true
	}
	return false
}

// directCalls returns the calls of recover() in body itself (not in a
// function literal inside it, nor the runtime's own), and whether body
// itself calls panic.
func (rw *rewriter) directCalls(body *ast.BlockStmt) (recovers []*ast.CallExpr, panics bool) {
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			id, ok := n.Fun.(*ast.Ident)
			switch {
			case !ok || rw.generated[n]:
			case id.Name == "recover" && len(n.Args) == 0:
				recovers = append(recovers, n)
			case id.Name == "panic":
				panics = true
			}
		}
		return true
	})
	return recovers, panics
}

// unwrapIValue returns the value inside the interpreter's wrapper of an
// interface (a struct whose first field is IValue), which it makes anew
// each time a value of the program's type becomes an error.
func unwrapIValue(v any) any {
	for range 4 {
		rv := reflect.ValueOf(v)
		if !rv.IsValid() || rv.Kind() != reflect.Struct || rv.NumField() == 0 || rv.Type().Field(0).Name != "IValue" {
			return v
		}
		v = rv.Field(0).Interface()
	}
	return v
}
