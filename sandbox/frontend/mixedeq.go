package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
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
//	t == i   becomes   mixeq(t, i), func mixeq(x T, y any) bool { return <y holds a T> && y.(T) == x }
//
// with the type test that is right for T (typeTest: its comma-ok
// assertion would take an int 3 for a myint)
// (the operands evaluated in their order, as Go does; a package-level
// helper, as a function literal with an interface literal parameter
// crashes the interpreter), and != its
// negation. Only for the empty interface and the program's own: a value
// in another package's interface (fmt.Stringer) is wrapped by the
// interpreter, and no type test sees its type.

// lowerMixedEqual returns the replacement of x == y (or !=) where one
// operand is an interface and the other a value of such a type, or nil.
func (l *lowerer) lowerMixedEqual(n *ast.BinaryExpr) ast.Expr {
	if n.Op != token.EQL && n.Op != token.NEQ {
		return nil
	}
	x, y := l.typeAndValue(n.X), l.typeAndValue(n.Y)
	if x.Type == nil || y.Type == nil || x.IsNil() || y.IsNil() {
		return nil
	}
	ifaceFirst := types.IsInterface(x.Type)
	it, vt := x.Type, y.Type
	if !ifaceFirst {
		it, vt = vt, it
	}
	if types.IsInterface(it) && !types.IsInterface(vt) && l.packageInterface(it) && l.ownMethodType(vt) {
		return l.lowerWrappedEqual(n, it, vt, ifaceFirst)
	}
	if !types.IsInterface(it) || !l.mixedLowerable(it, vt) {
		return nil
	}
	vexpr, local := l.typeExpr(vt)
	if local {
		return nil // no package-level helper can name the type
	}
	// y is an any: a type switch on a parameter of the interface's own
	// type crashes the interpreter when the value was passed through
	// another function's interface parameter.
	params := "x " + vexpr + ", y any"
	if ifaceFirst {
		params = "y any, x " + vexpr
	}
	l.note("comparisons of values with interfaces")
	name := l.helper("mixeq "+params, "mixeq", func(f string) string {
		compare := "\treturn y.(" + vexpr + ") == x\n"
		if nativeTypeTest(vt) {
			// As in a type switch's case: the plain assertion of a
			// value passed through an interface parameter crashes.
			compare = "\tswitch y.(type) {\n\tcase " + vexpr + ":\n\t\treturn y.(" + vexpr + ") == x\n\t}\n\treturn false\n"
		}
		return "func " + f + "(" + params + ") bool {\n\tif !(" + l.typeTest("y", vt) + ") {\n\t\treturn false\n\t}\n" + compare + "}"
	})
	var e ast.Expr = &ast.CallExpr{Fun: ast.NewIdent(name), Args: []ast.Expr{n.X, n.Y}}
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

// mixedSwitch reports whether a case of the switch n compares a value of
// one of the program's types with methods with an interface value (the
// tag or the case being the interface), or two interfaces in a program
// with such types: the interpreter's switch panics
// on some ("reflect.Value.Convert: value of type int cannot be converted
// to type interp.valueInterface") and misses others, so lowerInterfaceTag
// turns it into a switch without a tag and mixedCase lowers each test.
func (l *lowerer) mixedSwitch(n *ast.SwitchStmt) bool {
	tt := l.typeOf(n.Tag)
	if tt == nil {
		return false
	}
	for _, s := range n.Body.List {
		for _, e := range s.(*ast.CaseClause).List {
			ct := l.typeOf(e)
			if ct == nil || l.typeAndValue(e).IsNil() {
				continue
			}
			if types.IsInterface(ct) && types.IsInterface(tt) {
				if l.hasMethodTypes() {
					return true // lowerIfaceEqual's case
				}
				continue
			}
			if types.IsInterface(ct) == types.IsInterface(tt) {
				continue
			}
			it, vt := tt, ct
			if !types.IsInterface(tt) {
				it, vt = ct, tt
			}
			if l.mixedLowerable(it, vt) {
				return true
			}
		}
	}
	return false
}

// caseEqual returns the test tag == e of a switch on a tag of type
// tagType, lowered as the program's own == would be: a value compared
// with an interface, a typed nil in an interface (case ErrGone, ErrGone a
// pointer to the program's error type, is err == ErrGone), and interface
// values of the program's types.
func (l *lowerer) caseEqual(eq *ast.BinaryExpr, tagType types.Type) ast.Expr {
	l.info.Types[eq.X] = types.TypeAndValue{Type: tagType}
	l.info.Types[eq] = types.TypeAndValue{Type: types.Typ[types.UntypedBool]}
	l.lowerNilSites(eq)
	for _, lower := range []func(*ast.BinaryExpr) ast.Expr{l.lowerMixedEqual, l.lowerNilEqual, l.lowerIfaceEqual} {
		if m := lower(eq); m != nil {
			return m
		}
	}
	return eq
}

// mixedLowerable reports whether a comparison of a value of type vt with
// an interface of type it is lowered.
func (l *lowerer) mixedLowerable(it, vt types.Type) bool {
	if types.IsInterface(vt) || !l.ownMethodType(vt) || !isEmptyInterface(it) && !l.ownInterface(it) {
		return false
	}
	_, boxed := l.boxKey(vt)
	return !boxed
}

// switchComparesIfaces reports whether a case of the switch n compares
// an interface value (the tag or the case) with another value.
func (l *lowerer) switchComparesIfaces(n *ast.SwitchStmt) bool {
	tt := l.typeOf(n.Tag)
	for _, s := range n.Body.List {
		for _, e := range s.(*ast.CaseClause).List {
			tv := l.typeAndValue(e)
			if tt != nil && tv.Type != nil && !tv.IsNil() && (types.IsInterface(tt) || types.IsInterface(tv.Type)) {
				return true
			}
		}
	}
	return false
}

// lowerWrappedEqual returns the replacement of x == y (or !=) where one
// operand is of a package's interface type it (error, fmt.Stringer) and
// the other a value of the program's type vt with methods: the
// interpreter holds such a value in the interface in a wrapper of its
// own (err == ErrGone is false, or panics). Only the assertions from the
// interface see through the wrapper, and not for every type: the others
// are refused.
func (l *lowerer) lowerWrappedEqual(n *ast.BinaryExpr, it, vt types.Type, ifaceFirst bool) ast.Expr {
	iexpr, ilocal := l.typeExpr(it)
	vexpr, vlocal := l.typeExpr(vt)
	if ilocal || vlocal || !n.Pos().IsValid() {
		return nil
	}
	_, isPtr := vt.(*types.Pointer)
	_, isStruct := vt.Underlying().(*types.Struct)
	if !isPtr && (!isError(it) || isStruct && l.grabTag(vt) == 0) {
		qualify := func(p *types.Package) string { return p.Name() }
		l.unsupported(n.Pos(), "comparing "+article(l.typeString(it, qualify))+" value with a "+l.typeString(vt, qualify)+
			" is not supported by the playground (the value would not be found); compare pointers, or values of the program's own interface")
		return nil
	}
	if !isPtr && !isStruct && isError(it) {
		// Another type's value in the wrapper may pass for a vt
		// (assertwrapped.go), as in an assertion.
		if h := l.wrapHazard(vt, it); h != nil && l.errorWrapHazard(vt) != nil {
			qualify := func(p *types.Package) string { return p.Name() }
			msg := l.wrapHazardMessage("error", vt, l.errorWrapHazard(vt))
			l.unsupported(n.Pos(), "comparing an error value with "+article(l.typeString(vt, qualify))+strings.TrimPrefix(msg, "asserting an error value to "+l.typeString(vt, qualify)))
			return nil
		}
	}
	params := "x " + vexpr + ", y " + iexpr
	if ifaceFirst {
		params = "y " + iexpr + ", x " + vexpr
	}
	l.note("comparisons of values with interfaces")
	name := l.helper("wrappedeq "+params, "wrappedeq", func(f string) string {
		return "func " + f + "(" + params + ") bool {\n\t" + l.caseOn("y", it, vt, "c") + "\t\treturn c == x\n\t}\n\treturn false\n}"
	})
	var e ast.Expr = &ast.CallExpr{Fun: ast.NewIdent(name), Args: []ast.Expr{n.X, n.Y}}
	l.info.Types[e] = types.TypeAndValue{Type: types.Typ[types.Bool]}
	if n.Op == token.NEQ {
		e = &ast.UnaryExpr{Op: token.NOT, X: e}
	}
	return e
}
