package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// lowerIfaceEqual rewrites x == y (or !=) of two interface values, when
// the program has types with methods, into a call of a helper that
// compares the values themselves: the interpreter would take the values
// of such a type for values of its underlying type (any(Status(1)) ==
// any(1)), two equal structs with methods in interfaces for different
// values, and a value of the program's type in an error or fmt.Stringer
// for an uncomparable wrapper. The helper's parameters have the operands'
// type when both have the same package's interface type (the wrappers
// are seen through only from there), else any (a call's result passed to
// a parameter of the program's interface type loses its type). It
// returns the replacement or nil.
func (l *lowerer) lowerIfaceEqual(n *ast.BinaryExpr) ast.Expr {
	if n.Op != token.EQL && n.Op != token.NEQ {
		return nil
	}
	x, y := l.typeAndValue(n.X), l.typeAndValue(n.Y)
	if x.Type == nil || y.Type == nil || x.IsNil() || y.IsNil() || !types.IsInterface(x.Type) || !types.IsInterface(y.Type) || (!l.hasMethodTypes() && len(l.pkgValueTypes()) == 0) {
		return nil
	}
	if c := l.hiddenUngrabbed(x.Type); c != nil {
		at := n.Pos()
		if !at.IsValid() {
			at = n.OpPos // the left operand is a call the front end rewrote (errors.Unwrap)
		}
		if !at.IsValid() {
			return nil // the front end's own comparison (errors.Is's)
		}
		l.unsupported(at, "comparing "+article(l.typeString(x.Type, func(p *types.Package) string { return p.Name() }))+
			" value that may hold a "+l.typeString(c, func(p *types.Package) string { return p.Name() })+
			" is not supported by the playground (the value would not be found); declare the variables with the program's own type or interface")
		return nil
	}
	param := "any"
	static := types.Type(types.NewInterfaceType(nil, nil))
	if types.Identical(x.Type, y.Type) && l.packageInterface(x.Type) {
		if texpr, local := l.typeExpr(x.Type); !local {
			param, static = texpr, x.Type
		}
	}
	name := l.ifaceEqHelper(param, static)
	var e ast.Expr = &ast.CallExpr{Fun: ast.NewIdent(name), Args: []ast.Expr{n.X, n.Y}}
	if n.Op == token.NEQ {
		e = &ast.UnaryExpr{Op: token.NOT, X: e}
	}
	return e
}

// ifaceEqHelper declares the helper comparing two interface values of
// the type param (static), and returns its name.
func (l *lowerer) ifaceEqHelper(param string, static types.Type) string {
	l.note("interface comparisons")
	return l.helper("ifaceeq "+param, "ifaceeq", func(f string) string {
		var b strings.Builder
		b.WriteString("func " + f + "(a, b " + param + ") bool {\n")
		if isError(static) {
			b.WriteString("\tif !" + l.assertable() + "(a) || !" + l.assertable() + "(b) {\n\t\treturn a == b\n\t}\n")
		} else {
			b.WriteString("\tif " + l.dynTypeHelper() + "(a) != " + l.dynTypeHelper() + "(b) {\n\t\treturn false\n\t}\n")
		}
		it, _ := static.Underlying().(*types.Interface)
		if isError(static) {
			b.WriteString(l.grabEqualCases())
		}
		// The interpreter's == of such values is not reliable: compare
		// the values themselves.
		for _, tn := range l.ownTypes() {
			for _, m := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
				if !types.Comparable(m) || it == nil || !types.Implements(m, it) || types.NewMethodSet(m).Len() == 0 {
					continue
				}
				if _, boxed := l.boxKey(m); boxed {
					continue
				}
				if _, local := l.typeExpr(m); local || isError(static) && l.grabTag(m) != 0 {
					continue
				}
				b.WriteString("\t" + l.caseOn("a", static, m, "x") + "\t\t" + l.caseOn("b", static, m, "y") +
					"\t\t\treturn x == y\n\t\t}\n\t\treturn false\n\t}\n")
			}
		}
		if param == "any" {
			// Nor two wrappers of a package's value (pkgvalues.go).
			b.WriteString(l.pkgValueCases("a", l.comparablePkgValues(), "y, ok := b.($T)\n\t\treturn ok && x == y"))
		}
		if isError(static) {
			// The interpreter cannot compare two of fmt.Errorf's
			// stand-ins either.
			for _, t := range l.errorfStandIns() {
				b.WriteString("\tif x, ok := a.(" + t[0] + "); ok {\n\t\ty, ok := b.(" + t[0] + ")\n\t\treturn ok && x == y\n\t}\n")
			}
		}
		b.WriteString("\treturn a == b\n}")
		return b.String()
	})
}

// hasMethodTypes reports whether the program declares a type with
// methods.
func (l *lowerer) hasMethodTypes() bool {
	for _, tn := range l.ownTypes() {
		if types.NewMethodSet(tn.Type()).Len() > 0 || types.NewMethodSet(types.NewPointer(tn.Type())).Len() > 0 {
			return true
		}
	}
	return false
}

// errorfStandIns returns the types standing in for fmt.Errorf's results
// with %w (lowerErrorf), each with the name Go gives its own, in a
// program whose own error types make lowerErrorf use them: the
// interpreter holds them in an error as it holds the program's types.
func (l *lowerer) errorfStandIns() [][2]string {
	if !l.hasOwnErrors() {
		return nil
	}
	errorf := l.helper("fmt.Errorf", "errorf", func(n string) string {
		return strings.ReplaceAll(errorfHelper, "$F", n)
	})
	return [][2]string{{"*" + errorf + "_one", "*fmt.wrapError"}, {"*" + errorf + "_list", "*fmt.wrapErrors"}}
}
