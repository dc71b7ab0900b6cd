package frontend

import (
	"go/ast"
	"go/types"
	"strings"
)

// The interpreter (yaegi v0.16.1) panics with "reflect: Field index out of
// bounds" when it asserts a value of static type error to a concrete type
// and the dynamic value is a compiled struct without fields, such as
// context.DeadlineExceeded: it reads the struct's first field to look for
// its own wrapper. The helpers and the program's comma-ok assertions from
// error to a concrete type therefore ask assertable first.

// assertable declares the helper reporting whether the interpreter can
// assert an error to a concrete type, and returns its name.
func (l *lowerer) assertable() string {
	return l.helper("assertable", "assertable", func(n string) string {
		return "type " + n + "_probe struct{ p int }\n\n" +
			"func (*" + n + "_probe) Error() string { return \"\" }\n\n" +
			"func " + n + "(e error) (ok bool) {\n" +
			"\tdefer func() {\n\t\tif recover() != nil {\n\t\t\tok = false\n\t\t}\n\t}()\n" +
			"\t_, ok = e.(*" + n + "_probe)\n" +
			"\treturn true\n}"
	})
}

// isError reports whether t is the predeclared error type.
func isError(t types.Type) bool {
	return t != nil && types.Identical(t, types.Universe.Lookup("error").Type())
}

// lowerConcreteAssert rewrites v, ok := x.(T), where x is of type error and
// T is a concrete type, into a call of a helper that asks assertable first.
// It returns nil to keep n.
func (l *lowerer) lowerConcreteAssert(n *ast.TypeAssertExpr, commaOK bool) ast.Expr {
	if !commaOK {
		return l.lowerConcreteMust(n)
	}
	if !isError(l.typeOf(n.X)) {
		return nil
	}
	t := l.typeOf(n.Type)
	if t == nil || types.IsInterface(t) {
		return nil
	}
	texpr, local := l.typeExpr(t)
	if local {
		return nil
	}
	name := l.assertConcrete(texpr)
	l.note("assertions from error")
	return &ast.CallExpr{Fun: ast.NewIdent(name), Lparen: n.Lparen, Args: []ast.Expr{n.X}, Rparen: n.Rparen}
}

// assertConcrete declares the helper name(v error) (T, bool) for the
// concrete type texpr and returns its name.
func (l *lowerer) assertConcrete(texpr string) string {
	ok := l.assertable()
	return l.helper("assertc "+texpr, "assertc", func(n string) string {
		return "func " + n + "(v error) (" + texpr + ", bool) {\n" +
			"\tif !" + ok + "(v)" + l.grabbedTest("v") + " {\n\t\tvar zero " + texpr + "\n\t\treturn zero, false\n\t}\n" +
			"\tc, ok := v.(" + texpr + ")\n\treturn c, ok\n}"
	})
}

// ownErrorValue declares the helper reporting whether an error's dynamic
// type is one the program declares (at package level) or the Errorf
// wrapper errorf, and returns its name: the values the compiled packages
// cannot see into.
func (l *lowerer) ownErrorValue(errorf string) string {
	ok := l.assertable()
	return l.helper("ownerror", "ownerror", func(n string) string {
		var b strings.Builder
		b.WriteString("func " + n + "(e error) bool {\n\tif e == nil || !" + ok + "(e) {\n\t\treturn false\n\t}\n")
		var cases []string
		for _, tn := range l.ownTypes() {
			for _, t := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
				if !types.Implements(t, errorType) {
					continue
				}
				cases = append(cases, l.assertType(t))
			}
		}
		cases = append(cases, "*"+errorf+"_one", "*"+errorf+"_list")
		for _, c := range cases {
			b.WriteString("\tif _, ok := e.(" + c + "); ok {\n\t\treturn true\n\t}\n")
		}
		b.WriteString("\treturn false\n}")
		return b.String()
	})
}
