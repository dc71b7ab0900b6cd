package frontend

import (
	"go/ast"
	"go/types"
)

// contextKey returns the key operand of context.WithValue(parent, key,
// val) or of ctx.Value(key) on a context.Context, or nil. The compiled
// context compares keys with ==, where the interpreter hands it a value
// of type ctxKey string as a plain string (ctx.Value("user") found the
// value stored under ctxKey("user")): such a key's type is boxed as one
// the program tells apart (boxing.go).
func (l *lowerer) contextKey(call *ast.CallExpr) ast.Expr {
	if l.isPackageFunc(call.Fun, "context", "WithValue") && len(call.Args) == 3 {
		return call.Args[1]
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Value" || len(call.Args) != 1 {
		return nil
	}
	if n, ok := types.Unalias(typeOrNil(l.typeOf(sel.X))).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context" {
		return call.Args[0]
	}
	return nil
}
