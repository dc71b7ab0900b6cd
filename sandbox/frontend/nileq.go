package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"
)

// Comparing typed nils held in interfaces.
//
// The interpreter's == of two values of a package's interface compares
// the compiled wrappers it holds them in, which panics for the markers
// of typed nils (nilptr.go): "comparing uncomparable type". A comparison
// where either side may hold a marker asks which marker each side holds
// first: two markers are equal when they stand for the same type's nil,
// and a marker equals nothing else.

// lowerNilEqual rewrites x == y (or !=) of two interface values, either
// of which may hold a marker, into a call of the comparing helper. It
// returns the replacement or nil.
func (l *lowerer) lowerNilEqual(n *ast.BinaryExpr) ast.Expr {
	if n.Op != token.EQL && n.Op != token.NEQ {
		return nil
	}
	x, y := l.typeAndValue(n.X), l.typeAndValue(n.Y)
	if x.Type == nil || y.Type == nil || x.IsNil() || y.IsNil() || !types.IsInterface(x.Type) || !types.IsInterface(y.Type) {
		return nil
	}
	if len(l.nilHolders(x.Type)) == 0 && len(l.nilHolders(y.Type)) == 0 {
		return nil
	}
	name := l.nilEqualHelper(x.Type, y.Type)
	if name == "" {
		return nil
	}
	l.note("typed nils in interfaces")
	var e ast.Expr = &ast.CallExpr{Fun: ast.NewIdent(name), Args: []ast.Expr{n.X, n.Y}}
	if n.Op == token.NEQ {
		e = &ast.UnaryExpr{OpPos: n.OpPos, Op: token.NOT, X: e}
	}
	return e
}

// nilEqualHelper declares the helper comparing a value of interface type
// x with one of interface type y, markers included, and returns its
// name; "" when a type cannot be named at package level.
func (l *lowerer) nilEqualHelper(x, y types.Type) string {
	xexpr, localX := l.typeExpr(x)
	yexpr, localY := l.typeExpr(y)
	if localX || localY {
		return ""
	}
	return l.helper("nileq "+xexpr+" "+yexpr, "nileq", func(f string) string {
		var b strings.Builder
		b.WriteString("func " + f + "(a " + xexpr + ", b " + yexpr + ") bool {\n\tma, mb := 0, 0\n")
		for _, side := range []struct {
			v, m string
			t    types.Type
		}{{"a", "ma", x}, {"b", "mb", y}} {
			for _, nt := range l.nilHolders(side.t) {
				id := strconv.Itoa(l.nilIndex(nt) + 1)
				b.WriteString("\tif _, ok := " + side.v + ".(*" + l.nilMarker(nt) + "); ok {\n\t\t" + side.m + " = " + id + "\n\t}\n")
			}
		}
		rest := "a == b"
		if l.hasMethodTypes() {
			// Values of the program's types: ifaceeq.go.
			param, static := "any", types.Type(types.NewInterfaceType(nil, nil))
			if types.Identical(x, y) && l.packageInterface(x) {
				param, static = xexpr, x
			}
			rest = l.ifaceEqHelper(param, static) + "(a, b)"
		}
		b.WriteString("\tif ma != 0 || mb != 0 {\n\t\treturn ma == mb\n\t}\n\treturn " + rest + "\n}")
		return b.String()
	})
}

// nilIndex is t's place among the marked types.
func (l *lowerer) nilIndex(t types.Type) int {
	for i, n := range l.nils.types {
		if types.Identical(n, t) {
			return i
		}
	}
	return -1
}
