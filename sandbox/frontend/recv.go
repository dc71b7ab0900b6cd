package frontend

import (
	"go/ast"
	"go/token"
	"go/types"

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
// results, or a comparison returned as an interface (which the
// interpreter also fails on): every result that is not a constant is
// evaluated first, in order, into a temporary of its result type (a bool
// for the comparison).
func (l *lowerer) lowerReturnRecv(c *astutil.Cursor, n *ast.ReturnStmt) {
	if c.Index() < 0 || len(l.funcs) == 0 {
		return
	}
	results := l.funcs[len(l.funcs)-1].Results()
	if results.Len() != len(n.Results) {
		return // return f() of a multi-valued f
	}
	has, boolIntoIface := false, false
	for i, r := range n.Results {
		has = has || l.hasRecv(r)
		boolIntoIface = boolIntoIface || isBoolOp(r) && types.IsInterface(results.At(i).Type()) && l.typeAndValue(r).Value == nil
	}
	if !has && !boolIntoIface && !l.returnNeedsTemps(n, results) {
		return
	}
	l.note("receives and comparisons in return statements")
	var temps []ast.Stmt
	for i, r := range n.Results {
		if tv := l.typeAndValue(r); tv.Value != nil || tv.IsNil() {
			continue
		}
		typ := results.At(i).Type()
		if isBoolOp(r) && types.IsInterface(typ) {
			// The interpreter stores a comparison's result as a bool
			// into the interface itself and fails: keep it a bool first.
			typ = types.Default(l.typeOf(r))
		}
		n.Results[i] = l.temp(r, typ, &temps)
	}
	c.Replace(&ast.BlockStmt{List: append(temps, n)})
}

// isBoolOp reports whether e is a comparison or a logical operation.
func isBoolOp(e ast.Expr) bool {
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok {
		u, ok := ast.Unparen(e).(*ast.UnaryExpr)
		return ok && u.Op == token.NOT
	}
	switch b.Op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ, token.LAND, token.LOR:
		return true
	}
	return false
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

// Comma-ok definitions and select cases.
//
// The interpreter stores the values of "v, ok := m[k]", "v, ok := <-ch"
// and "v, ok := x.(T)", and of "case v := <-ch:", straight into the
// variables' slots, which a loop reuses: a closure made in one iteration
// sees the values of the last. (A plain definition makes new variables.)
// Inside loops such definitions go through temporaries and plain
// definitions. And a select case that receives with = ("case x = <-ch:")
// makes the interpreter panic: it receives into a temporary, assigned at
// the top of the case's body.

// inLoop reports whether the current node is inside a loop of the current
// function.
func (l *lowerer) inLoop() bool {
	base := 0
	if len(l.loopBase) > 0 {
		base = l.loopBase[len(l.loopBase)-1]
	}
	return len(l.loopStack) > base
}

// isCommaOK reports whether e is a map index, receive or type assertion:
// the forms with a comma-ok variant.
func (l *lowerer) isCommaOK(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.IndexExpr:
		_, ok := l.typeOf(x.X).Underlying().(*types.Map)
		return ok
	case *ast.UnaryExpr:
		return x.Op == token.ARROW
	case *ast.TypeAssertExpr:
		return x.Type != nil
	}
	return false
}

// lowerCommaOKDefine splits "v, ok := rhs" inside a loop into definitions
// of temporaries and plain definitions (assignments for the variables
// that already exist). It reports whether it did.
func (l *lowerer) lowerCommaOKDefine(c *astutil.Cursor, n *ast.AssignStmt) bool {
	if n.Tok != token.DEFINE || len(n.Lhs) != 2 || len(n.Rhs) != 1 || c.Index() < 0 || !l.inLoop() || !l.isCommaOK(n.Rhs[0]) {
		return false
	}
	l.note("comma-ok definitions in loops")
	stmts := l.zeroAssertTemps(n.Rhs[0], l.defineFromTemps(n.Lhs, n.Rhs[0]))
	for i, s := range stmts {
		if i < len(stmts)-1 {
			c.InsertBefore(s)
		}
	}
	c.Replace(stmts[len(stmts)-1])
	return true
}

// zeroAssertTemps declares the temporaries of a comma-ok type assertion
// or map index (stmts from defineFromTemps) with their zero values before
// assigning them: a failed assertion or a missing key leaves the result
// as it was, and in a loop the interpreter's slot holds the previous
// iteration's value (p, ok := v.(*T) gave a non-nil p with ok false).
func (l *lowerer) zeroAssertTemps(rhs ast.Expr, stmts []ast.Stmt) []ast.Stmt {
	if len(stmts) == 0 {
		return stmts
	}
	temps, ok := stmts[0].(*ast.AssignStmt)
	if !ok || temps.Tok != token.DEFINE || len(temps.Lhs) != 2 {
		return stmts
	}
	texpr, need := l.commaOKZeroType(rhs)
	if !need || texpr == "" {
		return stmts
	}
	var decls []ast.Stmt
	for i, e := range temps.Lhs {
		if id, ok := e.(*ast.Ident); ok && id.Name != "_" {
			t := texpr
			if i == 1 {
				t = "bool"
			}
			decls = append(decls, l.parseStmts("var "+id.Name+" "+t)...)
		}
	}
	temps.Tok = token.ASSIGN
	return append(decls, stmts...)
}

// commaOKZeroType spells the type of the value of a comma-ok type
// assertion or map index rhs, for temporaries declared just before it;
// need is false for a receive, which the interpreter zeroes itself. A
// type that cannot be named there is refused at rhs (texpr "").
func (l *lowerer) commaOKZeroType(rhs ast.Expr) (texpr string, need bool) {
	if _, recv := ast.Unparen(rhs).(*ast.UnaryExpr); recv {
		return "", false
	}
	tuple, ok := l.typeOf(rhs).(*types.Tuple)
	if !ok || tuple.Len() != 2 {
		return "", false
	}
	t := tuple.At(0).Type()
	texpr, local := l.typeExpr(t)
	if local && !l.namesAt(t, rhs.Pos()) {
		l.unsupported(rhs.Pos(), "a comma-ok type assertion or map index inside a loop, of a value whose type is declared inside a function and not named at this line, is not supported by the playground; declare the type at package level")
		return "", true
	}
	return texpr, true
}

// namesAt reports whether t, which mentions a type declared inside a
// function, is that named type (or a pointer to it) and its name means it
// at pos, so that typeExpr's spelling is valid there.
func (l *lowerer) namesAt(t types.Type, pos token.Pos) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := t.(*types.Named)
	if !ok || named.TypeArgs().Len() > 0 {
		return false
	}
	scope := l.pkg.Scope().Innermost(pos)
	if scope == nil {
		return false
	}
	_, obj := scope.LookupParent(named.Obj().Name(), pos)
	return obj == named.Obj()
}

// defineFromTemps returns "t1, t2 := rhs" followed by a definition of
// each new variable of lhs (an assignment of each existing one) from its
// temporary.
func (l *lowerer) defineFromTemps(lhs []ast.Expr, rhs ast.Expr) []ast.Stmt {
	temps := &ast.AssignStmt{Tok: token.DEFINE, Rhs: []ast.Expr{rhs}}
	var out []ast.Stmt
	for _, e := range lhs {
		if isBlank(e) {
			temps.Lhs = append(temps.Lhs, ast.NewIdent("_"))
			continue
		}
		name := l.fresh("t")
		temps.Lhs = append(temps.Lhs, ast.NewIdent(name))
		tok := token.ASSIGN
		if id, ok := e.(*ast.Ident); ok && l.info.Defs[id] != nil {
			tok = token.DEFINE
		}
		out = append(out, &ast.AssignStmt{Lhs: []ast.Expr{e}, Tok: tok, Rhs: []ast.Expr{ast.NewIdent(name)}})
	}
	if len(out) == 0 {
		return []ast.Stmt{&ast.AssignStmt{Lhs: temps.Lhs, Tok: token.ASSIGN, Rhs: temps.Rhs}}
	}
	return append([]ast.Stmt{temps}, out...)
}

// lowerCommClause rewrites a select case that receives into variables:
// with =, always; with :=, inside a loop. The case receives into
// temporaries, assigned or defined at the top of its body.
func (l *lowerer) lowerCommClause(n *ast.CommClause) {
	as, ok := n.Comm.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 || !isRecv(as.Rhs[0]) {
		return
	}
	if as.Tok == token.DEFINE && !l.inLoop() {
		return
	}
	l.note("select cases that receive into variables")
	stmts := l.defineFromTemps(as.Lhs, as.Rhs[0])
	if len(stmts) == 1 {
		// Every variable is blank: receive and drop.
		n.Comm = &ast.ExprStmt{X: as.Rhs[0]}
		return
	}
	n.Comm = stmts[0]
	n.Body = append(stmts[1:], n.Body...)
}

// commaOKInit lowers "v, ok := rhs" as the init statement of an if or a
// switch inside a loop, where lowerCommaOKDefine cannot put statements in
// front of it (see zeroAssertTemps). It returns the
// statements that must run first, declaring zeroed temporaries and
// assigning rhs to them, and makes the init define v and ok from the
// temporaries; nil when there is nothing to do.
func (l *lowerer) commaOKInit(init ast.Stmt) []ast.Stmt {
	n, ok := init.(*ast.AssignStmt)
	if !ok || n.Tok != token.DEFINE || len(n.Lhs) != 2 || len(n.Rhs) != 1 || !l.inLoop() || !l.isCommaOK(n.Rhs[0]) {
		return nil
	}
	texpr, need := l.commaOKZeroType(n.Rhs[0])
	if !need || texpr == "" {
		return nil
	}
	l.note("comma-ok definitions in loops")
	value, found := l.fresh("t"), l.fresh("t")
	pre := l.parseStmts("var " + value + " " + texpr + "\nvar " + found + " bool")
	pre = append(pre, &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(value), ast.NewIdent(found)}, Tok: token.ASSIGN, Rhs: n.Rhs})
	n.Rhs = []ast.Expr{ast.NewIdent(value), ast.NewIdent(found)}
	return pre
}
