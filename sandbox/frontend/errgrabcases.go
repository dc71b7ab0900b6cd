package frontend

import (
	"go/ast"
	"go/types"
	"strconv"
	"strings"

	"github.com/flakylab/flakylab/sandbox/progfmt"
)

// The other helpers that look into an error where Grab finds values
// (errgrab.go): comparisons, assertions to the program's interfaces, %T,
// and the assertions to other types, which pass over the values Grab
// finds (the interpreter's own may take one for theirs by its field);
// and the refusals of what Grab cannot tell.

// grabEqualCases is the code of the error comparison helper (a, b
// error) for the types found through Grab, which come first: the
// interpreter's wrapper of such a value would pass for another type's
// whose representation is one of its fields.
func (l *lowerer) grabEqualCases() string {
	var b strings.Builder
	for _, t := range l.grabbed {
		h := l.grabHelper(t)
		if h == "" {
			continue
		}
		if types.Comparable(t) {
			b.WriteString("\tif x, ok := " + h + "(a); ok {\n\t\ty, ok := " + h + "(b)\n\t\treturn ok && x == y\n\t}\n")
		} else {
			b.WriteString("\tif _, ok := " + h + "(a); ok {\n\t\tif _, ok := " + h + "(b); ok {\n\t\t\tpanic(" +
				l.importName(progfmt.Path) + ".RuntimeError(" + strconv.Quote("comparing uncomparable type "+l.goTypeName(t)) + "))\n\t\t}\n\t\treturn false\n\t}\n")
		}
		b.WriteString("\tif _, ok := " + h + "(b); ok {\n\t\treturn false\n\t}\n")
	}
	return b.String()
}

// grabIfaceCases is the code of the helper asserting an error v to the
// interface iface for the types found through Grab, which come first (as
// in grabEqualCases); notFound returns the interface's zero value.
func (l *lowerer) grabIfaceCases(iface types.Type, notFound string) string {
	it, ok := iface.Underlying().(*types.Interface)
	if !ok {
		return ""
	}
	var b strings.Builder
	for _, t := range l.grabbed {
		h := l.grabHelper(t)
		if h == "" {
			continue
		}
		if types.Implements(t, it) {
			b.WriteString("\tif c, ok := " + h + "(v); ok {\n\t\treturn c, true\n\t}\n")
		} else {
			b.WriteString("\tif _, ok := " + h + "(v); ok {\n" + notFound + "\t}\n")
		}
	}
	return b.String()
}

// hiddenUngrabbed is hiddenIn but for the types found through Grab, which
// an error does not hide.
func (l *lowerer) hiddenUngrabbed(t types.Type) types.Type {
	return l.hiddenAmong(t, func(c types.Type) bool { return !isError(t) || l.grabTag(c) == 0 })
}

// errorAssertion is the comma-ok assertion of the error v to t, a type
// of the program: through Grab for the types found there.
func (l *lowerer) errorAssertion(t types.Type, v string) string {
	if h := l.grabHelper(t); h != "" {
		return h + "(" + v + ")"
	}
	if len(l.grabbed) > 0 {
		return l.assertConcrete(l.assertType(t)) + "(" + v + ")"
	}
	return v + ".(" + l.assertType(t) + ")"
}

// grabbedTest is " || <the error v holds a value of a type found through
// Grab>", or "" when there is none: the interpreter's assertion to
// another type may take such a value for one, by its field.
func (l *lowerer) grabbedTest(v string) string {
	if len(l.grabbed) == 0 {
		return ""
	}
	h := l.helper("grabbed", "grabbed", func(f string) string {
		var b strings.Builder
		b.WriteString("func " + f + "(v error) bool {\n\tswitch tag, _ := " + l.importName(progfmt.Path) + ".Grab(v); tag {\n\tcase ")
		for i, t := range l.grabbed {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(strconv.Itoa(l.grabTag(t)))
		}
		b.WriteString(":\n\t\treturn true\n\t}\n\treturn false\n}")
		return b.String()
	})
	return " || " + h + "(" + v + ")"
}

// grabMiss says why an assertion from error to t does not find t
// through Grab, when the reason is one of the program's making, as ": ..."
// for the refusal's message; "" otherwise.
func (l *lowerer) grabMiss(t types.Type) string {
	s, ok := typeOrNil(t).Underlying().(*types.Struct)
	if !ok || !ownError(t) {
		return ""
	}
	qualify := func(p *types.Package) string { return p.Name() }
	if u := l.errorPromoter(); u != nil {
		return ": " + l.typeString(u, qualify) + " gets its Error method from an embedded field, and would pass for it"
	}
	for i := range s.NumFields() {
		if f := s.Field(i); l.mayHoldPointerTo(types.NewStruct([]*types.Var{f}, nil), t) {
			return ": its field " + f.Name() + " may hold a " + l.typeString(types.NewPointer(t), qualify) + ", which the interpreter would take for it"
		}
	}
	return ""
}

// pointerLookalike refuses an assertion from error to *T, where T is a
// struct type of the program with a value-receiver Error method and a
// field that may hold a *T: the interpreter's wrapper of error holds such
// a T as that field, and the assertion would find the pointer there. It
// returns the message, or "".
func (l *lowerer) pointerLookalike(t types.Type) string {
	p, ok := typeOrNil(t).(*types.Pointer)
	if !ok {
		return ""
	}
	s, ok := p.Elem().Underlying().(*types.Struct)
	if !ok || !ownError(p.Elem()) {
		return ""
	}
	for i := range s.NumFields() {
		if f := s.Field(i); l.mayHoldPointerTo(types.NewStruct([]*types.Var{f}, nil), p.Elem()) {
			qualify := func(p *types.Package) string { return p.Name() }
			elem := l.typeString(p.Elem(), qualify)
			return "asserting an error value to " + l.typeString(t, qualify) + " is not supported by the playground (a " + elem + " in an error would pass for one: its field " +
				f.Name() + " may hold a " + l.typeString(t, qualify) + "); give " + elem + "'s methods pointer receivers and use a pointer to it"
		}
	}
	return ""
}

// errorWrapHazard is wrapHazard for an assertion from error to t, where
// the assertions the front end writes (assertConcrete's grabbedTest) pass
// over the values Grab finds.
func (l *lowerer) errorWrapHazard(t types.Type) types.Type {
	errT := types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
	return l.representedLike(t, func(u types.Type) bool {
		return types.Implements(u, errT) && !containsIdentical(l.grabbed, u)
	})
}

// grabGuardedMust rewrites x.(T), x an error and T a concrete type Grab
// does not find, in a program where it finds some, into a helper that
// passes over the values it finds (the interpreter's assertion may take
// one for a T by its field). It returns nil to keep n.
func (l *lowerer) grabGuardedMust(n *ast.TypeAssertExpr, t types.Type) ast.Expr {
	if len(l.grabbed) == 0 || t == nil || types.IsInterface(t) || l.grabTag(t) != 0 {
		return nil
	}
	texpr, local := l.typeExpr(t)
	if local {
		return nil
	}
	ok := l.assertConcrete(texpr)
	name := l.helper("grabmust "+texpr, "grabmust", func(f string) string {
		return "func " + f + "(v error) " + texpr + " {\n" + l.grabFailure(ok+"(v)", l.goTypeName(t)) + "}"
	})
	return l.asElement(&ast.CallExpr{Fun: ast.NewIdent(name), Lparen: n.Lparen, Args: []ast.Expr{n.X}, Rparen: n.Rparen}, t)
}

// grabFailure is the end of a helper asserting the error v to the type
// Go names show: the result of the comma-ok call if it finds one, else
// the panic of a failed assertion.
func (l *lowerer) grabFailure(call, show string) string {
	return "\tif r, ok := " + call + "; ok {\n\t\treturn r\n\t}\n" +
		"\tif v == nil {\n\t\tpanic(" + l.errorsNew() + "(" + strconv.Quote("interface conversion: error is nil, not "+show) + "))\n\t}\n" +
		"\tpanic(" + l.errorsNew() + "(" + strconv.Quote("interface conversion: error is ") + " + " + l.grabTypeName() + "(v) + " + strconv.Quote(", not "+show) + "))\n"
}

// grabDynCases are the first tests of the dynamic type helper (v any),
// for a value Grab finds in the wrapper of error that v may hold (a
// recovered panic(err)).
func (l *lowerer) grabDynCases() string {
	if len(l.grabbed) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("\tif e, ok := v.(error); ok {\n\t\tswitch tag, _ := " + l.importName(progfmt.Path) + ".Grab(e); tag {\n")
	for _, t := range l.grabbed {
		b.WriteString("\t\tcase " + strconv.Itoa(l.grabTag(t)) + ":\n\t\t\treturn " + strconv.Quote(l.goTypeName(t)) + "\n")
	}
	b.WriteString("\t\t}\n\t}\n")
	return b.String()
}
