package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Comparisons of a value with an interface value.
//
// yaegi v0.16.1 compares a value of one of the program's types with
// methods (or a pointer to one) with an interface value holding an equal
// value of that type as unequal: with type myint int and a method on
// myint, t == i is false where i holds myint(3) and t is myint(3), for an
// empty interface as for one with methods (a generic t == i written out
// for such a type meets it too). So
//
//	t == i   becomes   func(x T, y I) bool { return <y holds a T> && y.(T) == x }(t, i)
//
// with the type test that is right for T (typeTest: its comma-ok
// assertion would take an int 3 for a myint)
// (the operands evaluated in their order, as Go does), and != its
// negation. Only for the empty interface and the program's own: a value
// in another package's interface (fmt.Stringer) is wrapped by the
// interpreter, and no type test sees its type.

// lowerMixedEqual returns the replacement of x == y (or !=) where one
// operand is an interface and the other a value of such a type, or nil.
func (l *lowerer) lowerMixedEqual(n *ast.BinaryExpr) ast.Expr {
	if n.Op != token.EQL && n.Op != token.NEQ {
		return nil
	}
	x, y := l.info.Types[n.X], l.info.Types[n.Y]
	if x.Type == nil || y.Type == nil || x.IsNil() || y.IsNil() {
		return nil
	}
	ifaceFirst := types.IsInterface(x.Type)
	it, vt := x.Type, y.Type
	if !ifaceFirst {
		it, vt = vt, it
	}
	if !types.IsInterface(it) || types.IsInterface(vt) || !l.ownMethodType(vt) || !isEmptyInterface(it) && !l.ownInterface(it) {
		return nil
	}
	if _, boxed := l.boxKey(vt); boxed {
		return nil
	}
	iexpr, _ := l.typeExpr(it)
	vexpr, _ := l.typeExpr(vt)
	params := "x " + vexpr + ", y " + iexpr
	if ifaceFirst {
		params = "y " + iexpr + ", x " + vexpr
	}
	l.note("comparisons of values with interfaces")
	fn := l.parseExpr("func(" + params + ") bool {\nreturn " + l.typeTest("y", vt) + " && y.(" + vexpr + ") == x\n}")
	var e ast.Expr = &ast.CallExpr{Fun: fn, Args: []ast.Expr{n.X, n.Y}}
	l.info.Types[e] = types.TypeAndValue{Type: types.Typ[types.Bool]}
	if n.Op == token.NEQ {
		e = &ast.UnaryExpr{Op: token.NOT, X: e}
	}
	return e
}

// ownMethodType reports whether t is one of the program's named types
// with methods (on it or on its pointer), or a pointer to one.
func (l *lowerer) ownMethodType(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() != l.pkg || types.IsInterface(named) {
		return false
	}
	return types.NewMethodSet(named).Len() > 0 || types.NewMethodSet(types.NewPointer(named)).Len() > 0
}
