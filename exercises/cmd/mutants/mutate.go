package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Mutant is one small change to a reference solution, of the kinds a
// learner gets wrong: a flipped comparison, a constant or bound off by one,
// a dropped statement, swapped operands, another operator, the wall clock
// instead of the injected time, the global random source instead of the
// injected one.
type Mutant struct {
	// ID names the mutant stably enough for the list of equivalent ones:
	// "line:column: description".
	ID     string
	Line   int
	Source string // the mutated file
}

// site is one place to mutate: found on a parse of the original, applied
// to a fresh parse (nodes are matched by position and type).
type site struct {
	pos   token.Pos
	line  int
	col   int
	desc  string
	apply func(f *ast.File, fset *token.FileSet) bool
}

// sourceImporter type-checks imported packages from source, once each.
var (
	sourceMu       sync.Mutex
	sourceImporter = importer.ForCompiler(token.NewFileSet(), "source", nil)
)

// Generate returns the mutants of src, a reference solution, in source
// order, without duplicates and without those identical to src. The body
// of main is left alone: the checks never run it.
func Generate(src string) ([]Mutant, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "solution.go", src, parser.ParseComments)
	if err != nil {
		return nil, err
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}}
	sourceMu.Lock()
	conf := types.Config{Importer: sourceImporter}
	_, err = conf.Check("main", fset, []*ast.File{f}, info)
	sourceMu.Unlock()
	if err != nil {
		return nil, fmt.Errorf("type-checking the solution: %w", err)
	}
	g := &generator{fset: fset, info: info, randName: importName(f, "math/rand/v2")}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == "main" {
			continue
		}
		g.decl(d)
	}
	original, err := format.Source([]byte(src))
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{string(original): true}
	var out []Mutant
	sort.SliceStable(g.sites, func(i, j int) bool { return g.sites[i].pos < g.sites[j].pos })
	for _, s := range g.sites {
		mfset := token.NewFileSet()
		mf, err := parser.ParseFile(mfset, "solution.go", src, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		if !s.apply(mf, mfset) {
			return nil, fmt.Errorf("mutant %d:%d %s: its node is gone", s.line, s.col, s.desc)
		}
		var b bytes.Buffer
		if err := format.Node(&b, mfset, mf); err != nil {
			continue // not printable: not a mutant a learner could write
		}
		text := b.String()
		if seen[text] {
			continue
		}
		seen[text] = true
		out = append(out, Mutant{ID: fmt.Sprintf("%d:%d: %s", s.line, s.col, s.desc), Line: s.line, Source: text})
	}
	return out, nil
}

type generator struct {
	fset     *token.FileSet
	info     *types.Info
	randName string // the file's name for math/rand/v2, "" if not imported
	sites    []site
}

func (g *generator) add(n ast.Node, desc string, apply func(f *ast.File, fset *token.FileSet) bool) {
	p := g.fset.Position(n.Pos())
	g.sites = append(g.sites, site{pos: n.Pos(), line: p.Line, col: p.Column, desc: desc, apply: apply})
}

// find returns the node of the same type spanning [pos, end) in a fresh
// parse (nested binary expressions share their start).
func find[T ast.Node](f *ast.File, pos, end token.Pos) (T, bool) {
	var found T
	ok := false
	ast.Inspect(f, func(n ast.Node) bool {
		if ok || n == nil {
			return false
		}
		if t, is := n.(T); is && n.Pos() == pos && n.End() == end {
			found, ok = t, true
			return false
		}
		return true
	})
	return found, ok
}

var (
	flips = map[token.Token][]token.Token{
		token.LSS: {token.LEQ, token.GEQ}, token.LEQ: {token.LSS, token.GTR},
		token.GTR: {token.GEQ, token.LEQ}, token.GEQ: {token.GTR, token.LSS},
		token.EQL: {token.NEQ}, token.NEQ: {token.EQL},
	}
	operators = map[token.Token][]token.Token{
		token.ADD: {token.SUB}, token.SUB: {token.ADD}, token.MUL: {token.QUO},
		token.QUO: {token.MUL}, token.REM: {token.MUL},
		token.LAND: {token.LOR}, token.LOR: {token.LAND},
		token.SHL: {token.SHR}, token.SHR: {token.SHL},
	}
	swappable = map[token.Token]bool{token.SUB: true, token.QUO: true, token.REM: true, token.SHL: true, token.SHR: true}
)

func (g *generator) decl(d ast.Decl) {
	if fd, ok := d.(*ast.FuncDecl); ok {
		g.wallClock(fd)
	}
	ast.Inspect(d, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			g.binary(n)
		case *ast.UnaryExpr:
			g.unary(n)
		case *ast.BasicLit:
			g.literal(n)
		case *ast.BlockStmt:
			g.drops(n.List, func(f *ast.File, pos, end token.Pos) *[]ast.Stmt {
				if b, ok := find[*ast.BlockStmt](f, pos, end); ok {
					return &b.List
				}
				return nil
			}, n)
		case *ast.CaseClause:
			g.drops(n.Body, func(f *ast.File, pos, end token.Pos) *[]ast.Stmt {
				if c, ok := find[*ast.CaseClause](f, pos, end); ok {
					return &c.Body
				}
				return nil
			}, n)
		case *ast.CallExpr:
			g.globalRand(n)
		}
		return true
	})
}

func (g *generator) binary(n *ast.BinaryExpr) {
	at, end := n.Pos(), n.End()
	for _, to := range append(flips[n.Op], operators[n.Op]...) {
		g.add(n, fmt.Sprintf("%s → %s", n.Op, to), func(f *ast.File, _ *token.FileSet) bool {
			m, ok := find[*ast.BinaryExpr](f, at, end)
			if ok {
				m.Op = to
			}
			return ok
		})
	}
	if swappable[n.Op] {
		g.add(n, fmt.Sprintf("swap the operands of %s", n.Op), func(f *ast.File, _ *token.FileSet) bool {
			m, ok := find[*ast.BinaryExpr](f, at, end)
			if ok {
				m.X, m.Y = m.Y, m.X
			}
			return ok
		})
	}
	if _, isCmp := flips[n.Op]; isCmp && g.plainInteger(n.Y) {
		for _, delta := range []string{"+ 1", "- 1"} {
			g.add(n.Y, "bound "+delta, func(f *ast.File, _ *token.FileSet) bool {
				m, ok := find[*ast.BinaryExpr](f, at, end)
				if ok {
					m.Y = &ast.BinaryExpr{X: &ast.ParenExpr{X: m.Y}, Op: map[string]token.Token{"+ 1": token.ADD, "- 1": token.SUB}[delta], Y: &ast.BasicLit{Kind: token.INT, Value: "1"}}
				}
				return ok
			})
		}
	}
}

// plainInteger reports whether e has a basic integer type (not a named
// one such as time.Duration, where one unit is a nanosecond).
func (g *generator) plainInteger(e ast.Expr) bool {
	tv, ok := g.info.Types[e]
	if !ok || tv.Value != nil {
		return false // constants get their own ±1
	}
	b, ok := tv.Type.(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

func (g *generator) unary(n *ast.UnaryExpr) {
	if n.Op != token.NOT && n.Op != token.SUB {
		return
	}
	at, end := n.Pos(), n.End()
	g.add(n, "drop "+n.Op.String(), func(f *ast.File, _ *token.FileSet) bool {
		m, ok := find[*ast.UnaryExpr](f, at, end)
		if !ok {
			return false
		}
		return replaceExpr(f, m, m.X)
	})
}

func (g *generator) literal(n *ast.BasicLit) {
	if n.Kind != token.INT && n.Kind != token.FLOAT {
		return
	}
	at, end := n.Pos(), n.End()
	for _, delta := range []float64{1, -1} {
		value, ok := shift(n, delta)
		if !ok {
			continue
		}
		g.add(n, fmt.Sprintf("%s → %s", n.Value, value), func(f *ast.File, _ *token.FileSet) bool {
			m, ok := find[*ast.BasicLit](f, at, end)
			if ok {
				m.Value = value
			}
			return ok
		})
	}
}

// shift returns the literal plus delta.
func shift(n *ast.BasicLit, delta float64) (string, bool) {
	if n.Kind == token.INT {
		v, err := strconv.ParseInt(strings.ReplaceAll(n.Value, "_", ""), 0, 64)
		if err != nil {
			return "", false
		}
		return strconv.FormatInt(v+int64(delta), 10), true
	}
	v, err := strconv.ParseFloat(strings.ReplaceAll(n.Value, "_", ""), 64)
	if err != nil {
		return "", false
	}
	return strconv.FormatFloat(v+delta, 'g', -1, 64), true
}

// drops adds one mutant per statement of list, each leaving it out.
func (g *generator) drops(list []ast.Stmt, locate func(f *ast.File, pos, end token.Pos) *[]ast.Stmt, owner ast.Node) {
	pos, end := owner.Pos(), owner.End()
	for i, s := range list {
		g.add(s, "drop `"+firstLine(g.fset, s)+"`", func(f *ast.File, _ *token.FileSet) bool {
			l := locate(f, pos, end)
			if l == nil || i >= len(*l) {
				return false
			}
			*l = append((*l)[:i:i], (*l)[i+1:]...)
			return true
		})
	}
}

// wallClock replaces a time.Time parameter by time.Now() everywhere in its
// function, and a call of an injected Sleep or Now by the time package's.
func (g *generator) wallClock(fd *ast.FuncDecl) {
	if fd.Body == nil {
		return
	}
	for _, field := range fd.Type.Params.List {
		if !isTimeTime(g.info.Types[field.Type].Type) {
			continue
		}
		for _, name := range field.Names {
			obj := g.info.Defs[name]
			at, end := fd.Pos(), fd.End()
			g.add(name, "time.Now() for the parameter "+name.Name, func(f *ast.File, _ *token.FileSet) bool {
				m, ok := find[*ast.FuncDecl](f, at, end)
				if !ok {
					return false
				}
				n := 0
				astReplaceIdents(m.Body, obj.Name(), func() ast.Expr { n++; return parseExpr("time.Now()") })
				return n > 0
			})
		}
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || g.isPackage(sel.X) {
			return true
		}
		at, end := call.Pos(), call.End()
		switch {
		case sel.Sel.Name == "Sleep" && len(call.Args) == 2:
			g.add(call, "time.Sleep for the injected Sleep", func(f *ast.File, fset *token.FileSet) bool {
				m, ok := find[*ast.CallExpr](f, at, end)
				if !ok {
					return false
				}
				d := nodeText(fset, m.Args[1])
				return replaceExpr(f, m, parseExpr("func() error { time.Sleep("+d+"); return nil }()"))
			})
		case sel.Sel.Name == "Now" && len(call.Args) == 0:
			g.add(call, "time.Now() for the injected Now", func(f *ast.File, _ *token.FileSet) bool {
				m, ok := find[*ast.CallExpr](f, at, end)
				return ok && replaceExpr(f, m, parseExpr("time.Now()"))
			})
		}
		return true
	})
}

// globalRand turns r.F(args), r a *rand.Rand, into the package-level
// rand.F(args).
func (g *generator) globalRand(call *ast.CallExpr) {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || g.randName == "" {
		return
	}
	t := g.info.Types[sel.X].Type
	if t == nil || t.String() != "*math/rand/v2.Rand" {
		return
	}
	at, end := call.Pos(), call.End()
	g.add(call, "the global rand."+sel.Sel.Name+" for the injected source", func(f *ast.File, _ *token.FileSet) bool {
		m, ok := find[*ast.CallExpr](f, at, end)
		if !ok {
			return false
		}
		ms := m.Fun.(*ast.SelectorExpr)
		m.Fun = &ast.SelectorExpr{X: ast.NewIdent(g.randName), Sel: ast.NewIdent(ms.Sel.Name)}
		return true
	})
}

func (g *generator) isPackage(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	if !ok {
		return false
	}
	_, isPkg := g.info.Uses[id].(*types.PkgName)
	return isPkg
}

func isTimeTime(t types.Type) bool { return t != nil && t.String() == "time.Time" }

func importName(f *ast.File, path string) string {
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == path {
			if imp.Name != nil {
				return imp.Name.Name
			}
			return "rand"
		}
	}
	return ""
}

func parseExpr(s string) ast.Expr {
	e, err := parser.ParseExpr(s)
	if err != nil {
		panic("mutants: " + s + ": " + err.Error())
	}
	return e
}

func nodeText(fset *token.FileSet, n ast.Node) string {
	var b bytes.Buffer
	_ = format.Node(&b, fset, n)
	return b.String()
}

func firstLine(fset *token.FileSet, n ast.Node) string {
	s, _, _ := strings.Cut(nodeText(fset, n), "\n")
	if len(s) > 50 {
		s = s[:47] + "..."
	}
	return strings.TrimSpace(s)
}
