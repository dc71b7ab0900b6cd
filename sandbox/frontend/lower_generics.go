package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
)

// Constructs that written-out generic code meets often (a type argument
// puts a channel direction, an interface or a nil-only comparison where
// the generic code had a type parameter) and that yaegi v0.16.1 gets
// wrong in ordinary code too.

// prepareTypes refuses the types the interpreter cannot build and
// prepares the others, before the rewrite.
func (l *lowerer) prepareTypes() *Diagnostic {
	if d := l.refuseSelfRefTypes(); d != nil {
		return d
	}
	first, d := l.planStructBuilds()
	if d != nil {
		return d
	}
	l.declareFirst(first)
	l.promotedIfaceWrappers()
	return nil
}

// postGenerics rewrites the node at c after its children; it reports
// whether it replaced the node.
func (l *lowerer) postGenerics(c *astutil.Cursor) bool {
	switch n := c.Node().(type) {
	case *ast.CallExpr:
		if e := l.lowerMakeDirChan(n); e != nil {
			l.replaceExpr(c, n, e)
			return true
		}
	case *ast.BinaryExpr:
		if e := l.lowerMixedEqual(n); e != nil {
			l.replaceExpr(c, n, e)
			return true
		}
	case *ast.ReturnStmt:
		if s := l.lowerReturnFuncAsIface(n); s != nil {
			c.Replace(s)
			return true
		}
	case *ast.ValueSpec:
		var names []ast.Expr
		for _, id := range n.Names {
			names = append(names, id)
		}
		l.parenReceives(names, n.Values)
	case *ast.AssignStmt:
		if _, inSelect := c.Parent().(*ast.CommClause); !inSelect && (n.Tok == token.DEFINE || n.Tok == token.ASSIGN) {
			l.parenReceives(n.Lhs, n.Rhs) // not a select case's receive
		}
		l.convertLiteralsToIfaces(n)
		return l.lowerCommaOKConvert(c, n)
	case *ast.SelectorExpr:
		if s := l.info.Selections[n]; s != nil && s.Kind() == types.MethodVal {
			if path := embeddedIfacePath(s); path != nil {
				l.note("methods promoted from embedded interfaces")
				x := n.X
				for _, name := range path {
					x = &ast.SelectorExpr{X: x, Sel: ast.NewIdent(name)}
				}
				l.replaceExpr(c, n, &ast.SelectorExpr{X: x, Sel: n.Sel})
				return true
			}
		}
	}
	return false
}

// embeddedIfacePath returns the embedded fields a method selection goes
// through when the method is promoted from an embedded interface (s.m of
// struct{ I } is s.I.m), which the interpreter cannot call ("invalid
// interface value"); else nil.
func embeddedIfacePath(s *types.Selection) []string {
	index := s.Index()
	if len(index) < 2 {
		return nil
	}
	t := s.Recv()
	var path []string
	for _, i := range index[:len(index)-1] {
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			t = p.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok {
			return nil
		}
		path = append(path, st.Field(i).Name())
		t = st.Field(i).Type()
	}
	if !types.IsInterface(t) {
		return nil
	}
	return path
}

// convertLiteralsToIfaces converts a composite literal assigned to a
// field, element or pointer target of interface type to that type first
// (s.it = E{} becomes s.it = I(E{})): the interpreter stores it as the
// struct itself and panics ("reflect.Set: value of type
// interp.valueInterface is not assignable to type struct {...}").
func (l *lowerer) convertLiteralsToIfaces(n *ast.AssignStmt) {
	if n.Tok != token.ASSIGN || len(n.Lhs) != len(n.Rhs) {
		return
	}
	for i, lhs := range n.Lhs {
		if _, plain := ast.Unparen(lhs).(*ast.Ident); plain {
			continue
		}
		lit, ok := ast.Unparen(n.Rhs[i]).(*ast.CompositeLit)
		lt := l.typeOf(lhs)
		if !ok || lt == nil || !types.IsInterface(lt) || types.IsInterface(l.typeOf(lit)) {
			continue
		}
		l.note("composite literals assigned to interfaces")
		texpr, _ := l.typeExpr(lt)
		conv := &ast.CallExpr{Fun: l.parseExpr("(" + texpr + ")"), Args: []ast.Expr{n.Rhs[i]}}
		l.info.Types[conv] = types.TypeAndValue{Type: lt}
		n.Rhs[i] = conv
	}
}

// lowerCommaOKConvert splits "v, ok = rhs" (or :=, for a v that already
// exists) where rhs is a map index, receive or type assertion whose value
// is not of v's type (an interface holding it): the interpreter fails to
// store the value ("reflect.Set: value of type int is not assignable to
// type interp.valueInterface"). The value goes through a temporary of its
// own type. It reports whether it rewrote n.
func (l *lowerer) lowerCommaOKConvert(c *astutil.Cursor, n *ast.AssignStmt) bool {
	if len(n.Lhs) != 2 || len(n.Rhs) != 1 || c.Index() < 0 || !l.isCommaOK(n.Rhs[0]) || isBlank(n.Lhs[0]) {
		return false
	}
	if id, ok := n.Lhs[0].(*ast.Ident); ok && l.info.Defs[id] != nil {
		return false // a new variable takes the value's type
	}
	lt := l.typeOf(n.Lhs[0])
	if lt == nil || types.Identical(lt, l.commaOKValueType(n.Rhs[0])) {
		return false
	}
	l.note("comma-ok assignments into interfaces")
	var temps []ast.Stmt
	for i, lhs := range n.Lhs {
		if !isBlank(lhs) {
			n.Lhs[i] = l.hoistCalls(lhs, &temps)
		}
	}
	stmts := append(temps, l.defineFromTemps(n.Lhs, n.Rhs[0])...)
	for _, s := range stmts[:len(stmts)-1] {
		c.InsertBefore(s)
	}
	c.Replace(stmts[len(stmts)-1])
	return true
}

// commaOKValueType returns the type of the value a comma-ok form yields.
func (l *lowerer) commaOKValueType(e ast.Expr) types.Type {
	switch x := ast.Unparen(e).(type) {
	case *ast.IndexExpr:
		return l.typeOf(x.X).Underlying().(*types.Map).Elem()
	case *ast.UnaryExpr:
		if ch, ok := l.typeOf(x.X).Underlying().(*types.Chan); ok {
			return ch.Elem()
		}
	case *ast.TypeAssertExpr:
		return l.typeOf(x.Type)
	}
	return nil
}

// lowerMakeDirChan rewrites make of a send-only or receive-only channel
// type, which the interpreter cannot make (reflect.MakeChan refuses it),
// into the conversion of a bidirectional channel: make(<-chan int, n)
// becomes (<-chan int)(make(chan int, n)).
func (l *lowerer) lowerMakeDirChan(call *ast.CallExpr) ast.Expr {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok || len(call.Args) == 0 {
		return nil
	}
	if b, ok := l.info.Uses[id].(*types.Builtin); !ok || b.Name() != "make" {
		return nil
	}
	tv := l.typeAndValue(call.Args[0])
	ch, ok := tv.Type.Underlying().(*types.Chan)
	if !ok || ch.Dir() == types.SendRecv {
		return nil
	}
	l.note("make of a directional channel")
	elem, _ := l.typeExpr(ch.Elem())
	bidi := l.parseExpr("make(chan (" + elem + "))").(*ast.CallExpr)
	bidi.Args = append(bidi.Args, call.Args[1:]...)
	return &ast.CallExpr{Fun: &ast.ParenExpr{X: call.Args[0]}, Args: []ast.Expr{bidi}}
}

// promotedIfaceWrappers declares, for each of the program's struct types,
// the methods it gets from an interface embedded two or more levels down
// (struct{ B } where B is struct{ I }): the interpreter does not find
// them when the struct is converted to an interface ("method not found").
// Each wrapper calls the method along the explicit path.
func (l *lowerer) promotedIfaceWrappers() {
	for _, tn := range l.ownTypes() {
		if _, ok := tn.Type().Underlying().(*types.Struct); !ok {
			continue
		}
		ms := types.NewMethodSet(tn.Type())
		for i := range ms.Len() {
			sel := ms.At(i)
			path := embeddedIfacePath(sel)
			if len(path) < 2 {
				continue
			}
			l.note("methods promoted from embedded interfaces")
			name := sel.Obj().Name()
			l.helper("promoted "+tn.Name()+"."+name, "promoted", func(string) string {
				return l.forwardingMethod(tn.Name(), name, path, sel.Type().(*types.Signature))
			})
		}
	}
}

// forwardingMethod returns the declaration of method name of the type
// recv that calls the same method of the field at path.
func (l *lowerer) forwardingMethod(recv, name string, path []string, sig *types.Signature) string {
	r := l.fresh("r")
	var params, args, results []string
	for i := range sig.Params().Len() {
		t, spread := sig.Params().At(i).Type(), ""
		if sig.Variadic() && i == sig.Params().Len()-1 {
			t, spread = t.(*types.Slice).Elem(), "..."
		}
		p := l.fresh("p")
		texpr, _ := l.typeExpr(t)
		params = append(params, p+" "+spread+texpr)
		args = append(args, p+spread)
	}
	for i := range sig.Results().Len() {
		texpr, _ := l.typeExpr(sig.Results().At(i).Type())
		results = append(results, texpr)
	}
	call := r + "." + strings.Join(path, ".") + "." + name + "(" + strings.Join(args, ", ") + ")"
	if len(results) > 0 {
		call = "return " + call
	}
	return "func (" + r + " " + recv + ") " + name + "(" + strings.Join(params, ", ") + ") (" +
		strings.Join(results, ", ") + ") {\n\t" + call + "\n}"
}
