package frontend

import (
	"go/ast"
	"go/types"
	"strconv"
)

// lowerIfaceAssert rewrites x.(I), for an interface I the program's types
// need no help with (error, fmt.Stringer, an interface none of its types
// implements), into a call of a helper that handles a nil x first: the
// interpreter fails on a nil x ("reflect: call of reflect.Value.Type on
// zero Value"), which a recovering function asserting recover()'s result
// to error meets whenever nothing panicked:
//
//	err, ok := r.(error)  ->  err, ok := _fl_assertiface1(r)
//
// It returns nil to keep n.
func (l *lowerer) lowerIfaceAssert(n *ast.TypeAssertExpr, commaOK bool) ast.Expr {
	t := l.typeOf(n.Type)
	texpr, tlocal := l.typeExpr(t)
	xexpr, xlocal := l.typeExpr(l.typeOf(n.X))
	if tlocal || xlocal {
		return nil
	}
	l.note("assertions of nil interfaces")
	show := l.typeString(t, func(p *types.Package) string { return p.Name() })
	name := l.helper("assertiface "+xexpr+" "+texpr, "assertiface", func(f string) string {
		return "func " + f + "(v " + xexpr + ") (" + texpr + ", bool) {\n\tif v == nil {\n\t\treturn nil, false\n\t}\n\tr, ok := v.(" + texpr + ")\n\treturn r, ok\n}\n\n" +
			"func " + f + "_must(v " + xexpr + ") " + texpr + " {\n\tif v == nil {\n\t\tpanic(" + strconv.Quote("interface conversion: interface is nil, not "+show) + ")\n\t}\n\treturn v.(" + texpr + ")\n}"
	})
	if !commaOK {
		name += "_must"
	}
	return &ast.CallExpr{Fun: ast.NewIdent(name), Lparen: n.Lparen, Args: []ast.Expr{n.X}, Rparen: n.Rparen}
}
