package frontend

import (
	"go/ast"
	"go/types"
	"strconv"
	"strings"
)

// Unnamed types that share a representation with the program's types.
//
// The interpreter's types are reflect types, and reflect cannot make a
// named struct type: a Pt (type Pt struct{ N int }) in an interface is a
// struct{ N int } to its comma-ok assertion, with or without methods. An
// assertion or type switch case to an unnamed type of the representation
// of one of the program's named types first rules those out.

// representationTwins returns the program's types (and pointers to them)
// that the interpreter takes for the unnamed type t, or nil.
func (l *lowerer) representationTwins(t types.Type) []types.Type {
	if t == nil || types.IsInterface(t) {
		return nil
	}
	base := types.Unalias(t)
	if p, ok := base.(*types.Pointer); ok {
		base = types.Unalias(p.Elem())
	}
	if _, isStruct := base.(*types.Struct); !isStruct {
		return nil // a named type, or one the boxes or type switch tell apart
	}
	r := representation(t)
	var out []types.Type
	for _, tn := range l.ownTypes() {
		for _, c := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
			if _, local := l.typeExpr(c); !local && !types.Identical(c, t) && types.Identical(representation(c), r) {
				out = append(out, c)
			}
		}
	}
	return out
}

// twinsExcluded is the test that the value v holds none of the
// program's types twins, or "".
func (l *lowerer) twinsExcluded(v string, twins []types.Type) string {
	var tests []string
	for _, c := range twins {
		tests = append(tests, l.typeTest(v, c))
	}
	if len(tests) == 0 {
		return ""
	}
	return "!(" + strings.Join(tests, " || ") + ")"
}

// lowerTwinAssert rewrites x.(T) of an unnamed type T that shares its
// representation with a type of the program into a helper that rules
// that type out first. It returns the replacement or nil.
func (l *lowerer) lowerTwinAssert(n *ast.TypeAssertExpr) ast.Expr {
	if n.Type == nil {
		return nil
	}
	t, x := l.typeOf(n.Type), l.typeOf(n.X)
	twins := l.representationTwins(t)
	if len(twins) == 0 || x == nil || isError(x) {
		return nil
	}
	texpr, local := l.typeExpr(t)
	xexpr, localX := l.typeExpr(x)
	if local || localX {
		return nil
	}
	l.note("assertions to types that share a representation")
	static := l.goTypeName(x)
	show := l.goTypeName(t)
	name := l.helper("twinassert "+xexpr+" "+texpr, "twinassert", func(f string) string {
		return "func " + f + "(v " + xexpr + ") (" + texpr + ", bool) {\n\tif " + l.twinsExcluded("v", twins) + " {\n" +
			"\t\tc, ok := v.(" + texpr + ")\n\t\treturn c, ok\n\t}\n\tvar zero " + texpr + "\n\treturn zero, false\n}\n\n" +
			"func " + f + "_must(v " + xexpr + ") " + texpr + " {\n\tr, ok := " + f + "(v)\n\tif !ok {\n" +
			"\t\tif v == nil {\n\t\t\tpanic(" + l.errorsNew() + "(" + strconv.Quote("interface conversion: "+static+" is nil, not "+show) + "))\n\t\t}\n" +
			"\t\tpanic(" + l.errorsNew() + "(" + strconv.Quote("interface conversion: "+static+" is ") + " + " + l.dynTypeHelper() + "(v) + " + strconv.Quote(", not "+show) + "))\n\t}\n\treturn r\n}"
	})
	if _, commaOK := l.typeOf(n).(*types.Tuple); !commaOK {
		name += "_must"
	}
	return &ast.CallExpr{Fun: ast.NewIdent(name), Lparen: n.Lparen, Args: []ast.Expr{n.X}, Rparen: n.Rparen}
}
