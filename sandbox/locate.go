package sandbox

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"sort"
)

// Finding where the interpreter fails to compile a program.
//
// A failure of the interpreter's compiler (yaegi v0.16.1) on a program
// the front end accepted often carries no position: a panic in its
// control-flow pass ("runtime error: invalid memory address or nil
// pointer dereference"), a reflect error ("reflect.StructOf: duplicate
// field X_"). locateCompileFailure then finds the function at fault, to
// refuse the program at that function's line: the lowered program is
// compiled again, in fresh interpreters, with the bodies of all functions
// from some point on replaced by a panic; the first function whose own
// body makes the compilation fail is the one. A binary search keeps it to
// a handful of compilations, on the failure path only.

// locateCompileFailure positions e, a compile failure of p without a
// position, at the function whose body the interpreter cannot compile,
// when there is one.
func (r *run) locateCompileFailure(p *program, e *Error) {
	var funcs []int // indices in p.file.Decls of functions with bodies
	for i, d := range p.file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
			funcs = append(funcs, i)
		}
	}
	var src bytes.Buffer
	if len(funcs) == 0 || printer.Fprint(&src, p.fset, p.file) != nil || !r.compilesWithBodies(p, src.Bytes(), funcs, 0) {
		return // the failure is not in a body
	}
	// compilesWithBodies(k) is true for k = 0 and false for len(funcs):
	// find the first k for which it fails.
	k := sort.Search(len(funcs), func(k int) bool { return !r.compilesWithBodies(p, src.Bytes(), funcs, k+1) })
	if k == len(funcs) {
		return
	}
	fd := p.file.Decls[funcs[k]].(*ast.FuncDecl)
	pos := p.fset.Position(fd.Name.Pos())
	line, col := p.learner(pos.Line, pos.Column)
	if line == 0 {
		return // a function the front end added
	}
	e.Line, e.Column = line, col
	e.Message += " in func " + fd.Name.Name
}

// compilesWithBodies reports whether src, p's program as the interpreter
// gets it, compiles in a fresh interpreter with the bodies of the
// functions funcs[keep:] replaced by a panic. Each trial parses src anew:
// the interpreter keeps what it compiled tied to the syntax tree's nodes.
func (r *run) compilesWithBodies(p *program, src []byte, funcs []int, keep int) bool {
	it := r.interpreter()
	f, err := parser.ParseFile(it.FileSet(), SourceName, src, parser.SkipObjectResolution)
	if err != nil || len(f.Decls) != len(p.file.Decls) {
		return false
	}
	for _, i := range funcs[keep:] {
		fd, ok := f.Decls[i].(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			return false
		}
		at := fd.Body.Lbrace
		fd.Body.List = []ast.Stmt{&ast.ExprStmt{X: &ast.CallExpr{Fun: &ast.Ident{NamePos: at, Name: "panic"}, Lparen: at, Rparen: at,
			Args: []ast.Expr{&ast.BasicLit{ValuePos: at, Kind: token.INT, Value: "0"}}}}}
	}
	if err := it.Use(r.exports()); err != nil {
		return false
	}
	trial := *p
	trial.fset, trial.file = it.FileSet(), f
	_, cerr := compile(it, &trial)
	return cerr == nil
}
