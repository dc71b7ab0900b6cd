package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Values the interpreter stores wrongly on their way into a variable: a
// function returned as an interface result, and a received value.

// lowerReturnFuncAsIface rewrites a return of a function value as an
// interface result (return f, from a func() any) into a return of an
// interface variable holding it: the interpreter's implicit conversion
// there loses the function's type (a type switch no longer finds
// func(int) any), its variable declaration keeps it. Every result goes
// through a variable, in order, so they are evaluated as before. It
// returns the replacement or nil.
func (l *lowerer) lowerReturnFuncAsIface(n *ast.ReturnStmt) ast.Stmt {
	if len(l.funcs) == 0 {
		return nil
	}
	res := l.funcs[len(l.funcs)-1].Results()
	if res.Len() != len(n.Results) {
		return nil
	}
	found := false
	for i, e := range n.Results {
		tv := l.typeAndValue(e)
		if _, isFunc := typeUnder(tv.Type).(*types.Signature); isFunc && !tv.IsNil() && types.IsInterface(res.At(i).Type()) {
			found = true
		}
	}
	if !found || hasReceive(n) {
		return nil // lowerReturnRecv's
	}
	var texprs []string
	for i := range n.Results {
		texpr, local := l.typeExpr(res.At(i).Type())
		if local && types.IsInterface(res.At(i).Type()) {
			return nil
		}
		texprs = append(texprs, texpr)
	}
	l.note("function values returned as interfaces")
	block := &ast.BlockStmt{}
	ret := &ast.ReturnStmt{Return: n.Return}
	for i, e := range n.Results {
		v := l.fresh("r")
		block.List = append(block.List, &ast.DeclStmt{Decl: &ast.GenDecl{Tok: token.VAR, Specs: []ast.Spec{
			&ast.ValueSpec{Names: []*ast.Ident{ast.NewIdent(v)}, Type: l.parseExpr(texprs[i]), Values: []ast.Expr{e}},
		}}})
		ret.Results = append(ret.Results, ast.NewIdent(v))
	}
	block.List = append(block.List, ret)
	return block
}

// hasReceive reports whether a receive operation occurs in n.
func hasReceive(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.ARROW {
			found = true
		}
		return !found
	})
	return found
}

// parenReceives puts parentheses around a receive assigned to a variable
// (s := <-c, s = <-c, var s = <-c): the interpreter binds such a variable
// to the received value itself, and a later s = f(s) fails ("reflect:
// reflect.Value.Set using unaddressable value"); a parenthesized receive
// is copied into the variable.
func (l *lowerer) parenReceives(lhs []ast.Expr, rhs []ast.Expr) {
	if len(lhs) != len(rhs) {
		return // comma-ok forms: lowered apart
	}
	for i, e := range rhs {
		if _, plain := lhs[i].(*ast.Ident); !plain {
			continue
		}
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.ARROW {
			l.note("receives into variables")
			paren := &ast.ParenExpr{Lparen: u.Pos(), X: u, Rparen: u.End()}
			if tv, ok := l.info.Types[u]; ok {
				l.info.Types[paren] = tv
			}
			rhs[i] = paren
		}
	}
}
