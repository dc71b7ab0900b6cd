package main

import (
	"go/ast"
	"go/parser"
	"go/token"
)

// statusNoBlock marks a NOT COVERED mutant that lies where a coverage
// profile has no block at all: gremlins reads coverage to decide what to
// run, so it never runs these, whatever the tests do.
const statusNoBlock = "NO BLOCK"

// outsideBlocks reports whether line:col of the Go source src lies outside
// every block of a coverage profile: in the expressions of a switch case or
// a select case, or in a package-level declaration (const, var).
func outsideBlocks(src []byte, line, col int) bool {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "", src, parser.SkipObjectResolution)
	if err != nil {
		return false
	}
	tf := fset.File(f.Pos())
	if line < 1 || line > tf.LineCount() {
		return false
	}
	pos := tf.LineStart(line) + token.Pos(col-1)
	within := func(n ast.Node) bool { return n != nil && n.Pos() <= pos && pos < n.End() }
	found := false
	for _, d := range f.Decls {
		if !within(d) {
			continue
		}
		if _, ok := d.(*ast.GenDecl); ok {
			return true
		}
		ast.Inspect(d, func(n ast.Node) bool {
			if found || n == nil || !within(n) {
				return false
			}
			switch c := n.(type) {
			case *ast.CaseClause:
				for _, e := range c.List {
					if within(e) {
						found = true
					}
				}
			case *ast.CommClause:
				found = within(c.Comm)
			}
			return !found
		})
	}
	return found
}

// markNoBlock turns the NOT COVERED mutants that lie outside every
// coverage block into statusNoBlock; source gives a file's text.
func markNoBlock(ms []mutant, source func(file string) []byte) {
	for i, m := range ms {
		if m.Status == statusNotCovered && outsideBlocks(source(m.File), m.Line, m.Column) {
			ms[i].Status = statusNoBlock
		}
	}
}
