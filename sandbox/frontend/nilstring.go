package frontend

import (
	"go/ast"
	"go/types"
	"strings"
)

// A nil of the program's type with a String or Error method, printed.
//
// Go's fmt calls the method of a nil pointer (slice, map) operand as of
// any other: a linked list's nil-safe String prints "end" for a nil
// *Node. The interpreter hands fmt a nil interface for it, and fmt prints
// <nil>. nilPrintedOperand therefore passes such an operand, printed with
// a verb that calls the method (%v %+v %s %q %x %X, and the operands of
// Print, Println and Sprint), through a helper that gives the nil's
// marker (nilptr.go), whose method calls the program's on the nil (and
// gives "<nil>" when it panics, as fmt does).

// nilPrintedOperand returns the operand to hand fmt in place of op, of
// static type t, printed with verb c and flags, or nil.
func (l *lowerer) nilPrintedOperand(op ast.Expr, t types.Type, c byte, flags string) ast.Expr {
	if t == nil || types.IsInterface(t) || strings.IndexByte("vsqxX", c) < 0 || strings.Contains(flags, "#") {
		return nil
	}
	nt := l.nilType(t)
	if nt == nil || l.nilInto(op, types.Universe.Lookup("error").Type()) == nil {
		return nil
	}
	iface := ""
	switch l.nilPrintMethod(nt) {
	case "Error":
		iface = "error"
	case "String":
		iface = l.importName("fmt") + ".Stringer"
	default:
		return nil
	}
	texpr, local := l.typeExpr(nt)
	if local {
		return nil
	}
	name := l.helper("nilprinted "+texpr, "nilprinted", func(f string) string {
		return "func " + f + "(p " + texpr + ") " + iface + " {\n\tif p == nil {\n\t\treturn " + l.nilMarker(nt) + "_it\n\t}\n\treturn p\n}"
	})
	l.note("typed nils printed")
	return &ast.CallExpr{Fun: ast.NewIdent(name), Lparen: op.Pos(), Args: []ast.Expr{op}, Rparen: op.End()}
}
