package sandbox

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
	"sync"
)

// The interpreter does not know which statement was running when a panic
// went through a function: its own trace names only the function. Run
// therefore finds the exact positions by running a panicking program a
// second time, instrumented: every learner function keeps the position of
// its current statement in a local variable, and a deferred reporter, the
// first defer of the function and so the last to run, hands that position
// to the runtime when a panic leaves the function. Locals keep goroutines
// apart; the cost (a defer per call, an assignment per statement) is paid
// only by that second run. Virtual time and the seeded random source make
// the second run repeat the first.

const (
	atName    = "flakylab_at_"
	colBits   = 12
	maxColumn = 1<<colBits - 1
)

// encodePos packs a line and column into the int the instrumentation
// stores.
func encodePos(line, col int) int {
	if col > maxColumn {
		col = maxColumn
	}
	return line<<colBits | col
}

func decodePos(at int) (line, col int) { return at >> colBits, at & maxColumn }

// instrument adds statement tracking and a frame reporter to every
// function and function literal of the learner's file. It runs before
// the guards are added, so only the learner's own code is instrumented.
func (rw *rewriter) instrument(f *ast.File) {
	type body struct {
		name string
		b    *ast.BlockStmt
	}
	var bodies []body
	learnerNames := literalNames(rw.text)
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		name := "main." + funcName(fd)
		bodies = append(bodies, body{name, fd.Body})
		// The learner's literals are named as Go names them, by their
		// place in the learner's text: the front end adds literals of
		// its own (a deferred call's arguments evaluated at the defer, a
		// closure made fresh per iteration), which Go's traces never
		// count. Where such a literal wraps one of the learner's, at the
		// same place, the innermost is the learner's. The added ones are
		// numbered after the learner's.
		var lits []*ast.FuncLit
		ast.Inspect(fd.Body, func(x ast.Node) bool {
			if lit, ok := x.(*ast.FuncLit); ok {
				lits = append(lits, lit)
			}
			return true
		})
		at := make([]string, len(lits))
		owner := map[string]int{} // learner's name -> innermost literal at its place
		for i, lit := range lits {
			p := rw.fset.Position(lit.Pos())
			line, col := rw.learner(p.Line, p.Column)
			if n, ok := learnerNames[[2]int{line, col}]; ok && strings.HasPrefix(n, name+".func") {
				at[i] = n
				owner[n] = i
			}
		}
		n := 0
		for _, ln := range learnerNames {
			if k, err := strconv.Atoi(strings.TrimPrefix(ln, name+".func")); err == nil && strings.HasPrefix(ln, name+".func") {
				n = max(n, k)
			}
		}
		for i, lit := range lits {
			lname := at[i]
			if lname == "" || owner[lname] != i {
				n++
				lname = name + ".func" + strconv.Itoa(n)
			}
			bodies = append(bodies, body{lname, lit.Body})
		}
	}
	for _, b := range bodies {
		rw.track(b.b)
		b.b.List = append([]ast.Stmt{
			&ast.DeclStmt{Decl: &ast.GenDecl{Tok: token.VAR, TokPos: b.b.Lbrace, Specs: []ast.Spec{
				&ast.ValueSpec{Names: []*ast.Ident{{NamePos: b.b.Lbrace, Name: atName}}, Type: ast.NewIdent("int")},
			}}},
			rw.deferFrame(b.b.Lbrace, b.name),
		}, b.b.List...)
	}
}

// literalNames names each function literal of the learner's text as Go's
// traces name it (main.main.func2 for main's second), by its line and
// column in the learner's program; nil if the text does not parse.
func literalNames(text string) map[[2]int]string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", text, parser.SkipObjectResolution)
	if err != nil {
		return nil
	}
	names := map[[2]int]string{}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		name := "main." + funcName(fd)
		n := 0
		ast.Inspect(fd.Body, func(x ast.Node) bool {
			if lit, ok := x.(*ast.FuncLit); ok {
				n++
				p := fset.Position(lit.Pos())
				names[[2]int{p.Line, p.Column}] = name + ".func" + strconv.Itoa(n)
			}
			return true
		})
	}
	return names
}

// funcName is the name Go's traces give a function or method.
func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	if ix, ok := t.(*ast.IndexExpr); ok {
		t = ix.X
	}
	switch r := t.(type) {
	case *ast.StarExpr:
		x := r.X
		if ix, ok := x.(*ast.IndexExpr); ok {
			x = ix.X
		}
		if id, ok := x.(*ast.Ident); ok {
			return "(*" + id.Name + ")." + fd.Name.Name
		}
	case *ast.Ident:
		return r.Name + "." + fd.Name.Name
	}
	return fd.Name.Name
}

// track inserts `flakylab_at_ = <position>` before every statement of b,
// down to nested blocks but not into function literals, which track
// themselves. The body of a switch, type switch or select holds only its
// clauses: statements go into the clauses' bodies, never between the
// clauses (the interpreter would take such a statement for a case).
func (rw *rewriter) track(b *ast.BlockStmt) {
	clauses := map[*ast.BlockStmt]bool{}
	walk := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.SwitchStmt:
			clauses[n.Body] = true
		case *ast.TypeSwitchStmt:
			clauses[n.Body] = true
		case *ast.SelectStmt:
			clauses[n.Body] = true
		case *ast.BlockStmt:
			if !clauses[n] {
				n.List = rw.tracked(n.List)
			}
		case *ast.CaseClause:
			n.Body = rw.tracked(n.Body)
		case *ast.CommClause:
			n.Body = rw.tracked(n.Body)
		}
		return true
	}
	for _, s := range b.List {
		ast.Inspect(s, walk)
	}
	b.List = rw.tracked(b.List)
}

func (rw *rewriter) tracked(list []ast.Stmt) []ast.Stmt {
	out := make([]ast.Stmt, 0, 2*len(list))
	for _, s := range list {
		if a, ok := s.(*ast.AssignStmt); ok && len(a.Lhs) == 1 {
			if id, ok := a.Lhs[0].(*ast.Ident); ok && id.Name == atName {
				out = append(out, s) // already tracked
				continue
			}
		}
		line, col := rw.position(s.Pos())
		out = append(out, &ast.AssignStmt{
			Lhs:    []ast.Expr{&ast.Ident{NamePos: s.Pos(), Name: atName}},
			TokPos: s.Pos(), Tok: token.ASSIGN,
			Rhs: []ast.Expr{intLit(encodePos(line, col))},
		}, s)
	}
	return out
}

// deferFrame is
//
//	defer func() {
//		if r := recover(); r != nil {
//			flakylab_rt_.Frame(name, flakylab_at_)
//			panic(r)
//		}
//	}()
func (rw *rewriter) deferFrame(pos token.Pos, name string) ast.Stmt {
	rec := &ast.CallExpr{Fun: &ast.Ident{NamePos: pos, Name: "recover"}, Lparen: pos, Rparen: pos}
	rw.generated[rec] = true
	r := &ast.Ident{NamePos: pos, Name: "flakylab_r_"}
	frame := &ast.CallExpr{
		Fun:  &ast.SelectorExpr{X: &ast.Ident{NamePos: pos, Name: rtName}, Sel: ast.NewIdent("Frame")},
		Args: []ast.Expr{&ast.BasicLit{ValuePos: pos, Kind: token.STRING, Value: strconv.Quote(name)}, &ast.Ident{NamePos: pos, Name: atName}},
	}
	// (Unwrap: the value the interpreter's recover gives back is panicked
	// again as it came, so that fmt, recovering it from a String method,
	// sees the token itself and calls its String.)
	unwrapped := &ast.CallExpr{Fun: &ast.SelectorExpr{X: &ast.Ident{NamePos: pos, Name: rtName}, Sel: ast.NewIdent("Unwrap")}, Args: []ast.Expr{&ast.Ident{NamePos: pos, Name: r.Name}}}
	repanic := &ast.CallExpr{Fun: &ast.Ident{NamePos: pos, Name: "panic"}, Args: []ast.Expr{unwrapped}}
	rw.generated[repanic] = true
	ifStmt := &ast.IfStmt{
		If:   pos,
		Init: &ast.AssignStmt{Lhs: []ast.Expr{r}, TokPos: pos, Tok: token.DEFINE, Rhs: []ast.Expr{rec}},
		Cond: &ast.BinaryExpr{X: &ast.Ident{NamePos: pos, Name: r.Name}, OpPos: pos, Op: token.NEQ, Y: &ast.Ident{NamePos: pos, Name: "nil"}},
		Body: &ast.BlockStmt{Lbrace: pos, List: []ast.Stmt{&ast.ExprStmt{X: frame}, &ast.ExprStmt{X: repanic}}, Rbrace: pos},
	}
	lit := &ast.FuncLit{
		Type: &ast.FuncType{Func: pos, Params: &ast.FieldList{}},
		Body: &ast.BlockStmt{Lbrace: pos, List: []ast.Stmt{ifStmt}, Rbrace: pos},
	}
	rw.generated[lit] = true
	return &ast.DeferStmt{Defer: pos, Call: &ast.CallExpr{Fun: lit, Lparen: pos, Rparen: pos}}
}

// frame is one function a panic went through, innermost first.
type frame struct {
	Func         string
	Line, Column int // 0 when unknown
}

// tracer collects the frames of the panic in flight and where it started.
// It is also the interpreter's stderr: yaegi writes a line there for each
// function a panic unwinds ("prog.go:6:2: panic: main.f(...)"), naming
// the function but positioned at its first statement. Outside trace mode
// those lines supply the function names; in trace mode the instrumented
// program reports exact frames itself (Frame). Anything else the
// interpreter writes goes on to the learner's stderr.
type tracer struct {
	exact bool   // trace mode: ignore the interpreter's lines
	other stream // the learner's stderr

	mu     sync.Mutex
	frames []frame
	at     [2]int // line and column of the last panic(v), 0 if none
}

var traceLine = lazyRegexp(`^.*?: panic: (.*?)(?:\(\.\.\.\))?\n?$`)

// maxFrames bounds the trace of a deep recursion.
const maxFrames = 64

func (t *tracer) Write(p []byte) (int, error) {
	m := traceLine().FindSubmatch(p)
	if m == nil {
		return t.other.Write(p)
	}
	if !t.exact {
		t.add(frame{Func: string(m[1])})
	}
	return len(p), nil
}

func (t *tracer) add(f frame) {
	t.mu.Lock()
	if len(t.frames) < maxFrames {
		t.frames = append(t.frames, f)
	}
	t.mu.Unlock()
}

// Frame records, in trace mode, that a panic left function name while it
// ran the statement at the encoded position at.
func (t *tracer) Frame(name string, at int) {
	line, col := decodePos(at)
	t.add(frame{Func: name, Line: line, Column: col})
}

// PanicAt records where a panic(v) call is about to start a panic.
func (t *tracer) PanicAt(line, col int) {
	t.mu.Lock()
	t.at = [2]int{line, col}
	t.frames = nil
	t.mu.Unlock()
}

// reset forgets a panic that was recovered.
func (t *tracer) reset() {
	t.mu.Lock()
	t.frames = nil
	t.at = [2]int{}
	t.mu.Unlock()
}

// take returns what was collected about the panic in flight and forgets
// it.
func (t *tracer) take() (frames []frame, line, col int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	frames, line, col = t.frames, t.at[0], t.at[1]
	t.frames, t.at = nil, [2]int{}
	return frames, line, col
}
