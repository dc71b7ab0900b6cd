package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
)

// lowerSelectOrder evaluates the channels and sent values of a select's
// cases before the select, in source order, when one of them calls a
// function: Go evaluates them all on entering the select, in order; the
// interpreter evaluates each case's operands separately, so in
//
//	select {
//	case c <- x:
//	case <-makec(&x): // changes x
//	}
//
// it sends the new x. (A labeled select is left alone: its label cannot
// move to the block that holds the temporaries.)
func (l *lowerer) lowerSelectOrder(c *astutil.Cursor, n *ast.SelectStmt) {
	defer l.convertSentValues(n)
	if c.Index() < 0 {
		return
	}
	var operands []*ast.Expr
	recvOperand := func(e ast.Expr) {
		if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.ARROW {
			operands = append(operands, &u.X)
		}
	}
	for _, s := range n.Body.List {
		switch comm := s.(*ast.CommClause).Comm.(type) {
		case *ast.SendStmt:
			operands = append(operands, &comm.Chan, &comm.Value)
		case *ast.ExprStmt:
			recvOperand(comm.X)
		case *ast.AssignStmt:
			if len(comm.Rhs) == 1 {
				recvOperand(comm.Rhs[0])
			}
		}
	}
	calls := false
	for _, e := range operands {
		calls = calls || l.hasCall(*e)
	}
	for _, s := range n.Body.List {
		// The interpreter finds no type for the channel of "case v :=
		// <-ch" when ch is an index or a dereference ((*p)[0]) and fails
		// to compile the program; a variable it handles.
		if as, ok := s.(*ast.CommClause).Comm.(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
			if u, ok := ast.Unparen(as.Rhs[0]).(*ast.UnaryExpr); ok && u.Op == token.ARROW && !plainOperand(u.X) {
				calls = true
			}
		}
	}
	for _, s := range n.Body.List {
		if send, ok := s.(*ast.CommClause).Comm.(*ast.SendStmt); ok && l.sentIntoIface(l.typeOf(send.Chan), send.Value) {
			calls = true
		}
	}
	if !calls {
		return
	}
	l.note("select operands")
	var temps []ast.Stmt
	for _, e := range operands {
		if tv := l.typeAndValue(*e); tv.Value != nil || tv.IsNil() {
			continue
		}
		*e = l.temp(*e, nil, &temps)
	}
	c.Replace(&ast.BlockStmt{Lbrace: n.Pos(), List: append(temps, n)})
}

// lowerGoStmt evaluates before a go statement what the interpreter would
// read only when the goroutine runs: the receiver of "go x.M(args)" (Go
// copies it at the go statement: a value receiver sees x as it was, a
// pointer receiver the pointer as it was), and a lone call argument, as
// in "go f(g())", which the rewrite of go statements (sandbox/rewrite.go)
// cannot evaluate early without knowing how many results g has.
func (l *lowerer) lowerGoStmt(c *astutil.Cursor, n *ast.GoStmt) {
	if c.Index() < 0 {
		return
	}
	var temps []ast.Stmt
	l.goReceiver(n, &temps)
	l.goCallArg(n, &temps)
	if len(temps) > 0 {
		c.Replace(&ast.BlockStmt{Lbrace: n.Pos(), List: append(temps, n)})
	}
}

func (l *lowerer) goReceiver(n *ast.GoStmt, temps *[]ast.Stmt) {
	sel, ok := ast.Unparen(n.Call.Fun).(*ast.SelectorExpr)
	if !ok {
		return
	}
	s := l.info.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal || s.Obj().Pkg() != l.pkg {
		return // a package's method (wg.Done) is bound by the interpreter as Go does
	}
	if id, ok := sel.X.(*ast.Ident); ok && strings.HasPrefix(id.Name, helperPrefix) {
		return
	}
	recv, rtype := sel.X, l.typeOf(sel.X)
	msig := s.Obj().Type().(*types.Signature)
	_, ptrRecv := msig.Recv().Type().(*types.Pointer)
	_, isPtr := under(rtype).(*types.Pointer)
	switch {
	case types.IsInterface(rtype):
	case ptrRecv && !isPtr:
		recv = &ast.UnaryExpr{Op: token.AND, X: sel.X}
	case !ptrRecv && isPtr && len(s.Index()) == 1:
		// A value method through a pointer: the goroutine gets a copy
		// of *p made at the go statement (and a nil p panics there).
		recv = &ast.StarExpr{Star: sel.X.Pos(), X: sel.X}
	}
	l.note("receivers of go statements")
	sel.X = l.temp(recv, nil, temps)
}

// goCallArg evaluates the lone call argument of "go f(g())" (one value or
// several) into temporaries.
func (l *lowerer) goCallArg(n *ast.GoStmt, temps *[]ast.Stmt) {
	args := n.Call.Args
	if len(args) != 1 {
		return
	}
	if _, isCall := ast.Unparen(args[0]).(*ast.CallExpr); !isCall {
		return
	}
	l.note("arguments of go statements")
	if tuple, ok := l.tupleArg(args); ok {
		def := &ast.AssignStmt{Tok: token.DEFINE, Rhs: args}
		n.Call.Args = nil
		for i := range tuple.Len() {
			name := l.fresh("t")
			def.Lhs = append(def.Lhs, ast.NewIdent(name))
			ref := ast.NewIdent(name)
			l.info.Types[ref] = types.TypeAndValue{Type: tuple.At(i).Type()}
			n.Call.Args = append(n.Call.Args, ref)
		}
		*temps = append(*temps, def)
		return
	}
	if tv := l.typeAndValue(args[0]); tv.Value != nil || tv.IsNil() || tv.Type == nil || isUntyped(tv.Type) {
		return
	}
	args[0] = l.temp(args[0], nil, temps)
}

// convertSentValues converts a value sent in a select case to a channel
// of interface type explicitly: the interpreter sends the bare value
// there (a U128 arrives as a [2]uint64).
func (l *lowerer) convertSentValues(n *ast.SelectStmt) {
	for _, s := range n.Body.List {
		send, ok := s.(*ast.CommClause).Comm.(*ast.SendStmt)
		if !ok {
			continue
		}
		ch, ok := under(l.typeOf(send.Chan)).(*types.Chan)
		vt := l.typeOf(send.Value)
		if !ok || !types.IsInterface(ch.Elem()) || vt == nil || types.IsInterface(vt) || l.typeAndValue(send.Value).IsNil() {
			continue
		}
		texpr, local := l.typeExpr(ch.Elem())
		if local {
			continue
		}
		l.note("select operands")
		// A call, as lowerIfaceConversion makes: the interpreter's
		// explicit conversion loses the type too.
		name := l.helper("toiface "+texpr, "to", func(f string) string {
			return "func " + f + "(v " + texpr + ") " + texpr + " { return v }"
		})
		send.Value = &ast.CallExpr{Fun: ast.NewIdent(name), Args: []ast.Expr{send.Value}}
	}
}

// parenRecv parenthesizes the value of "v := <-c", "v = <-c" and
// "var v = <-c": the interpreter otherwise keeps the received value
// itself in v, which a later assignment cannot set ("reflect.Value.Set
// using unaddressable value"); in parentheses it copies it.
func parenRecv(values []ast.Expr, targets int) {
	if targets != 1 || len(values) != 1 {
		return
	}
	if u, ok := values[0].(*ast.UnaryExpr); ok && u.Op == token.ARROW {
		values[0] = &ast.ParenExpr{Lparen: u.Pos(), X: u, Rparen: u.End()}
	}
}

// parenIntoIface parenthesizes a composite literal or a call of a
// non-interface type that goes straight into a variable or result of
// interface type (var x I = T{...}, x = T{...}, return time.Unix(0, 0)):
// the interpreter builds such a value in the destination's own slot,
// without the interface around it, when its type is another package's
// (x == nil then fails inside the interpreter or dereferences nil, x.(T)
// answers false). In parentheses it is converted.
func (l *lowerer) parenIntoIface(targets []types.Type, values []ast.Expr) {
	if len(targets) != len(values) {
		return
	}
	for i, v := range values {
		if targets[i] == nil || !types.IsInterface(targets[i]) {
			continue
		}
		switch v := v.(type) {
		case *ast.CompositeLit:
		case *ast.CallExpr:
			if t := l.typeOf(v); t == nil || types.IsInterface(t) {
				continue
			}
		default:
			continue
		}
		values[i] = &ast.ParenExpr{Lparen: v.Pos(), X: v, Rparen: v.End()}
	}
}

// parenStructLit parenthesizes the struct literal of "x = T{...}": the
// interpreter builds such a literal in a new variable and puts it in x's
// slot instead of copying it into x, so that whatever had x before (a
// pointer &x, a closure, a goroutine) kept the old struct (p := &x;
// x = T{7} left p.f at its old value). In parentheses it is copied.
func (l *lowerer) parenStructLit(n *ast.AssignStmt) {
	if n.Tok != token.ASSIGN || len(n.Lhs) != 1 || len(n.Rhs) != 1 || isBlank(n.Lhs[0]) {
		return
	}
	if _, ok := n.Lhs[0].(*ast.Ident); !ok {
		return
	}
	lit, ok := n.Rhs[0].(*ast.CompositeLit)
	if !ok {
		return
	}
	if _, isStruct := under(l.typeOf(lit)).(*types.Struct); !isStruct {
		return
	}
	paren := &ast.ParenExpr{Lparen: lit.Pos(), X: lit, Rparen: lit.End()}
	if tv, ok := l.info.Types[lit]; ok {
		l.info.Types[paren] = tv
	}
	n.Rhs[0] = paren
}

// sentIntoIface reports whether a send of e on a channel of type ct puts
// a value made by the send's own expression (a literal, a call) into an
// interface: the interpreter converts it in a slot of the statement and
// sends that slot, so that every value a loop sends is the last one
// (c <- &T{i} three times delivers the third three times). A variable of
// the value's own type first keeps them apart.
func (l *lowerer) sentIntoIface(ct types.Type, e ast.Expr) bool {
	ch, ok := under(ct).(*types.Chan)
	vt := l.typeOf(e)
	if !ok || !types.IsInterface(ch.Elem()) || vt == nil || types.IsInterface(vt) || isUntyped(vt) {
		return false
	}
	tv := l.typeAndValue(e)
	if tv.Value != nil || tv.IsNil() {
		return false
	}
	_, isID := ast.Unparen(e).(*ast.Ident)
	return !isID
}

// lowerSendIntoIface evaluates the value of c <- v into a variable of
// its own type first when sentIntoIface says so.
func (l *lowerer) lowerSendIntoIface(c *astutil.Cursor, n *ast.SendStmt) {
	if c.Index() < 0 || !l.sentIntoIface(l.typeOf(n.Chan), n.Value) {
		return
	}
	l.note("sends into interface channels")
	var temps []ast.Stmt
	n.Value = l.temp(n.Value, nil, &temps)
	c.Replace(&ast.BlockStmt{Lbrace: n.Pos(), List: append(temps, n)})
}

// plainOperand reports whether e is a variable or a field of one
// (x, x.f, x.f.g).
func plainOperand(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return true
	case *ast.SelectorExpr:
		return plainOperand(e.X)
	}
	return false
}
