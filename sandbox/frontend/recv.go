package frontend

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/ast/astutil"
)

// Receives the interpreter mishandles.
//
// yaegi v0.16.1 lets a receive store its value straight into its
// destination, which works for a variable and a map element but not for a
// slice or array element, a field or a pointer's target: in
//
//	results[i] = <-ch
//
// the value is received and lost. And a return statement whose result is
// (or holds) a receive panics with "reflect.Value.Set using unaddressable
// value". Both become plain assignments from temporaries:
//
//	{ _fl_v1 := <-ch; results[i] = _fl_v1 }
//	{ _fl_v1 := T(<-ch); return _fl_v1 }

// isRecv reports whether e is a receive expression.
func isRecv(e ast.Expr) bool {
	u, ok := ast.Unparen(e).(*ast.UnaryExpr)
	return ok && u.Op == token.ARROW
}

// lowerRecvAssign rewrites "x = <-ch" and "x, ok = <-ch" where x is not a
// variable name. It reports whether it did.
func (l *lowerer) lowerRecvAssign(c *astutil.Cursor, n *ast.AssignStmt) bool {
	if n.Tok != token.ASSIGN || len(n.Rhs) != 1 || !isRecv(n.Rhs[0]) || c.Index() < 0 {
		return false
	}
	plain := true
	for _, lhs := range n.Lhs {
		if _, ok := ast.Unparen(lhs).(*ast.Ident); !ok {
			plain = false
		}
	}
	if plain {
		return false
	}
	l.note("receives into elements and fields")
	// The left side's calls run before the receive, as in Go.
	var temps []ast.Stmt
	for i, lhs := range n.Lhs {
		if !isBlank(lhs) {
			n.Lhs[i] = l.hoistCalls(lhs, &temps)
		}
	}
	def := &ast.AssignStmt{Tok: token.DEFINE, Rhs: n.Rhs}
	var names []ast.Expr
	for range n.Lhs {
		name := l.fresh("v")
		def.Lhs = append(def.Lhs, ast.NewIdent(name))
		names = append(names, ast.NewIdent(name))
	}
	n.Rhs = names
	c.Replace(&ast.BlockStmt{List: append(append(temps, def), n)})
	return true
}

// lowerReturnRecv rewrites a return statement with a receive in one of its
// results: every result that is not a constant is evaluated first, in
// order, into a temporary of its result type.
func (l *lowerer) lowerReturnRecv(c *astutil.Cursor, n *ast.ReturnStmt) {
	if c.Index() < 0 || len(l.funcs) == 0 {
		return
	}
	has := false
	for _, r := range n.Results {
		has = has || l.hasRecv(r)
	}
	if !has {
		return
	}
	results := l.funcs[len(l.funcs)-1].Results()
	if results.Len() != len(n.Results) {
		return // return f() of a multi-valued f
	}
	l.note("receives in return statements")
	var temps []ast.Stmt
	for i, r := range n.Results {
		if tv := l.info.Types[r]; tv.Value != nil || tv.IsNil() {
			continue
		}
		n.Results[i] = l.temp(r, results.At(i).Type(), &temps)
	}
	c.Replace(&ast.BlockStmt{List: append(temps, n)})
}

// hasRecv reports whether e holds a receive outside function literals.
func (l *lowerer) hasRecv(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.UnaryExpr:
			found = found || x.Op == token.ARROW
		}
		return !found
	})
	return found
}
