package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
)

// zeroResults sets a function's named results to their zero values at
// the start of its body. yaegi v0.16.1 keeps a named result's value from
// one call of the function to the next:
//
//	func next() (n int) { n++; return n }
//
// returns 1, 2, 3, ... where Go returns 1 every time. Each named result
// is assigned *new(T), T spelled as in the signature (nil for an
// interface type).
func (l *lowerer) zeroResults(ft *ast.FuncType, body *ast.BlockStmt) {
	if body == nil || ft.Results == nil {
		return
	}
	var stmts []ast.Stmt
	for _, f := range ft.Results.List {
		for _, name := range f.Names {
			if name.Name == "_" {
				continue
			}
			zero := l.parseExpr("*new(" + types.ExprString(f.Type) + ")")
			if types.IsInterface(l.typeOf(f.Type)) && !l.builtinsShadowed() {
				// *new(I) of an interface left a value that == nil
				// dereferenced once the result was set in a loop.
				zero = ast.NewIdent("nil")
			}
			stmts = append(stmts, &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(name.Name)}, TokPos: body.Lbrace, Tok: token.ASSIGN, Rhs: []ast.Expr{zero}})
		}
	}
	if len(stmts) == 0 {
		return
	}
	l.note("named results")
	body.List = append(stmts, body.List...)
}
