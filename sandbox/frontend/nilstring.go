package frontend

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/flakylab/flakylab/sandbox/progfmt"
)

// A nil of the program's type with a String or Error method, printed.
//
// Go's fmt calls the method of a nil pointer (slice, map) operand as of
// any other: a linked list's nil-safe String prints "end" for a nil
// *Node. The interpreter hands fmt a nil interface for it, and fmt prints
// <nil>. nilPrintedOperand therefore passes such an operand, printed with
// a verb that calls the method (%v %+v %s %q %x %X, and the operands of
// Print, Println and Sprint), through a helper that gives the nil's
// marker (nilptr.go), whose method calls the program's on the nil, or,
// when the method panics on the nil, progfmt's value that prints <nil>
// with every verb, as fmt does.

// nilPrintedOperand returns the operand to hand fmt in place of op, of
// static type t, printed with verb c and flags, or nil.
func (l *lowerer) nilPrintedOperand(op ast.Expr, t types.Type, c byte, flags string) ast.Expr {
	if t == nil || types.IsInterface(t) || strings.IndexByte("vsqxX", c) < 0 || strings.Contains(flags, "#") {
		return nil
	}
	if l.nilType(t) == nil || l.nilInto(op, types.Universe.Lookup("error").Type()) == nil {
		return nil
	}
	name := l.nilPrinted(t)
	if name == "" {
		return nil
	}
	return &ast.CallExpr{Fun: ast.NewIdent(name), Lparen: op.Pos(), Args: []ast.Expr{op}, Rparen: op.End()}
}

// nilPrinted declares the helper giving fmt, for a value of t (a marked
// type with a String or Error method), the value itself, or for its nil
// the marker, or progfmt's <nil> when the method panics on the nil; it
// returns its name, "" when t has no such method or is local.
func (l *lowerer) nilPrinted(t types.Type) string {
	nt := l.nilType(t)
	if nt == nil {
		return ""
	}
	method := l.nilPrintMethod(nt)
	iface, angle := "error", "NilError"
	switch method {
	case "Error":
	case "String":
		iface, angle = l.importName("fmt")+".Stringer", "NilStringer"
	default:
		return ""
	}
	texpr, local := l.typeExpr(nt)
	if local {
		return ""
	}
	l.note("typed nils printed")
	return l.helper("nilprinted "+texpr, "nilprinted", func(f string) string {
		pkg := l.importName(progfmt.Path)
		return "func " + f + "(p " + texpr + ") " + iface + " {\n\tif p == nil {\n" +
			"\t\tif " + f + "_panics() {\n\t\t\treturn " + pkg + "." + angle + "()\n\t\t}\n" +
			"\t\treturn " + l.nilMarker(nt) + "_it\n\t}\n\treturn p\n}\n\n" +
			"func " + f + "_panics() (panics bool) {\n\tdefer func() {\n\t\tif recover() != nil {\n\t\t\tpanics = true\n\t\t}\n\t}()\n" +
			"\tvar v " + texpr + "\n\t_ = v." + method + "()\n\treturn false\n}"
	})
}
