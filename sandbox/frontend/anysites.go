package frontend

import (
	"go/ast"
	"go/types"
)

// A nil value of one of the program's interfaces with methods
// (var s Shape) that goes into an empty interface (var a any = s, or a
// call describe(s) of a func(any)) is, in the interpreter, an interface
// that compares equal to nil but makes every type assertion on it fail
// with a nil dereference: a.(int), v.(type) in a type switch, and the
// front end's own helpers naming a dynamic type for %T. Go asserts
// nothing from it (comma-ok gives false) and prints it as <nil>.
//
// lowerAnySites passes each such operand through a helper that turns a
// nil into a nil any:
//
//	describe(s)   becomes   describe(_fl_anyof(s))
//
// The arguments of the packages' functions are left alone: compiled code
// sees the nil as Go's.
func (l *lowerer) lowerAnySites(n ast.Node) {
	if call, ok := n.(*ast.CallExpr); ok && l.packageFunc(call) {
		return
	}
	var sig *types.Signature
	if len(l.funcs) > 0 {
		sig = l.funcs[len(l.funcs)-1]
	}
	l.nilSites(n, sig, func(e *ast.Expr, target types.Type) {
		if !isEmptyInterface(target) || !l.ownMethodInterface(l.typeOf(*e)) {
			return
		}
		name := l.helper("anyof", "anyof", func(f string) string {
			return "func " + f + "(v any) any {\n\tif v == nil {\n\t\treturn nil\n\t}\n\treturn v\n}"
		})
		l.note("nil interfaces into any")
		call := &ast.CallExpr{Fun: ast.NewIdent(name), Lparen: (*e).Pos(), Args: []ast.Expr{*e}, Rparen: (*e).End()}
		l.info.Types[call] = types.TypeAndValue{Type: target}
		*e = call
	})
}

// ownMethodInterface reports whether t is an interface type with methods
// that the program wrote (named or literal), other than error (an error
// goes into any through the unwrap sites, ifaceunwrap.go, and the
// assertion helpers test for nil, assert.go).
func (l *lowerer) ownMethodInterface(t types.Type) bool {
	t = types.Unalias(t)
	if t == nil {
		return false
	}
	if isError(t) {
		return false
	}
	if _, ok := t.(*types.TypeParam); ok {
		return false
	}
	i, ok := t.Underlying().(*types.Interface)
	if !ok || i.NumMethods() == 0 {
		return false
	}
	if named, ok := t.(*types.Named); ok {
		return named.Obj().Pkg() == l.pkg
	}
	return true
}

// packageFunc reports whether call calls a function of an imported
// package (fmt.Println, errors.Join).
func (l *lowerer) packageFunc(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	if !ok {
		return false
	}
	_, ok = l.info.Uses[id].(*types.PkgName)
	return ok
}
