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
// to error meets whenever nothing panicked; and it lets a value of the
// program's type without the methods through x.(I):
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
			"func " + f + "_must(v " + xexpr + ") " + texpr + " {\n\tif v == nil {\n\t\tpanic(" + l.errorsNew() + "(" + strconv.Quote("interface conversion: interface is nil, not "+show) + "))\n\t}\n" +
			"\tif r, ok := v.(" + texpr + "); ok {\n\t\treturn r\n\t}\n" + l.missingMethodPanics(t, show) + "\treturn v.(" + texpr + ")\n}"
	})
	if !commaOK {
		name += "_must"
	}
	return &ast.CallExpr{Fun: ast.NewIdent(name), Lparen: n.Lparen, Args: []ast.Expr{n.X}, Rparen: n.Rparen}
}

// lowerConcreteMust rewrites x.(T) of a concrete type T, from the empty
// interface or one of the program's, in a program that declares types,
// into a call of a helper that panics with Go's message: the
// interpreter's names a struct type of the program by its fields
// ("interface {} is struct { S int }, not int"). It returns nil to keep n.
func (l *lowerer) lowerConcreteMust(n *ast.TypeAssertExpr) ast.Expr {
	t, x := l.typeOf(n.Type), l.typeOf(n.X)
	if isError(x) {
		return l.grabGuardedMust(n, t)
	}
	if t == nil || x == nil || len(l.ownTypes()) == 0 || !isEmptyInterface(x) && !l.ownInterface(x) {
		return nil
	}
	texpr, tlocal := l.typeExpr(t)
	xexpr, xlocal := l.typeExpr(x)
	if tlocal || xlocal {
		return nil
	}
	static, show := l.goTypeName(x), l.goTypeName(t)
	name := l.helper("assertmust "+xexpr+" "+texpr, "assertmust", func(f string) string {
		return "func " + f + "(v " + xexpr + ") " + texpr + " {\n\tif r, ok := v.(" + texpr + "); ok {\n\t\treturn r\n\t}\n" +
			"\tif v == nil {\n\t\tpanic(" + l.errorsNew() + "(" + strconv.Quote("interface conversion: "+static+" is nil, not "+show) + "))\n\t}\n" +
			"\tpanic(" + l.errorsNew() + "(" + strconv.Quote("interface conversion: "+static+" is ") + " + " + l.dynTypeHelper() + "(v) + " + strconv.Quote(", not "+show) + "))\n}"
	})
	return &ast.CallExpr{Fun: ast.NewIdent(name), Lparen: n.Lparen, Args: []ast.Expr{n.X}, Rparen: n.Rparen}
}
