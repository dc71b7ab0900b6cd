package frontend

import (
	"go/types"
	"strconv"
	"strings"
)

// Values that went through a package's interface, asserted back.
//
// A value of the program's type with methods stored in error or
// fmt.Stringer is held by the interpreter in a compiled wrapper of that
// interface, whose first field is the value (made from the value's
// reflect type: a Code is an int there). Converted on to any (any(st),
// or returned as any), the wrapper stays: the interpreter's type switch
// on it matches no type of the program, and its comma-ok assertion from
// any sees the wrapper's own type, so any(st).(Code) failed. From the
// package's interface itself, the comma-ok assertion reads the field and
// works, the type switch does not.
//
// The helpers asserting to a non-struct type of the program with methods
// (lowerNativeAssert's) therefore test a value of a package's interface
// with the comma-ok assertion, and a value of any or of the program's
// interfaces first with the type switch, then through the wrappers of
// error and fmt.Stringer (wrappedVia). The field holds only the reflect
// type, so this is done only when nothing else the program may put in
// the wrapper has that representation (wrapHazard): another non-struct
// type with methods of the same underlying type, or a struct type with
// value-receiver methods (the interpreter puts one of the struct's fields
// in the wrapper in its place) with a field of that type. An assertion to
// such a type from a package's interface is refused.

// wrappedVia lists the package interfaces (as the lowered program spells
// them) through whose wrapper a value of t may reach an interface of
// another type, when the helpers can see through it: t is a non-struct
// type of the program with methods and wrapHazard finds nothing.
func (l *lowerer) wrappedVia(t types.Type) []string {
	var out []string
	for _, p := range l.wrapIfaces(t) {
		if l.wrapHazard(t, p) != nil {
			return nil
		}
		if isError(p) {
			out = append(out, "error")
		} else {
			out = append(out, l.importName("fmt")+".Stringer")
		}
	}
	return out
}

// wrapIfaces lists error and fmt.Stringer, those of them t implements,
// for a non-struct named type t of the program with methods.
func (l *lowerer) wrapIfaces(t types.Type) []types.Type {
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() != l.pkg || types.NewMethodSet(t).Len() == 0 || !nativeTypeTest(t) {
		return nil
	}
	if _, boxed := l.boxFor(t); boxed {
		return nil
	}
	var out []types.Type
	for _, p := range []types.Type{types.Universe.Lookup("error").Type(), l.stringerType()} {
		if p != nil && types.Implements(t, p.Underlying().(*types.Interface)) {
			out = append(out, p)
		}
	}
	return out
}

// stringerType is fmt.Stringer when the program imports fmt, else nil.
func (l *lowerer) stringerType() types.Type {
	for _, imp := range l.pkg.Imports() {
		if imp.Path() == "fmt" {
			if obj := imp.Scope().Lookup("Stringer"); obj != nil {
				return obj.Type()
			}
		}
	}
	return nil
}

// wrapHazard returns a type of the program whose values, in the wrapper
// of the package's interface p, cannot be told apart from t's: a
// non-struct type with methods of t's representation implementing p, or
// a struct type with value-receiver methods implementing p with a field
// of t's representation. It returns nil when there is none.
func (l *lowerer) wrapHazard(t, p types.Type) types.Type {
	iface, ok := typeUnder(p).(*types.Interface)
	if !ok {
		return nil
	}
	return l.representedLike(t, func(u types.Type) bool { return types.Implements(u, iface) })
}

// representedLike returns a type u of the program other than t, for which
// consider(u) holds, whose values a wrapper would hold as t's: a
// non-struct type of t's representation, or a struct type with a field
// of it. It returns nil when there is none.
func (l *lowerer) representedLike(t types.Type, consider func(u types.Type) bool) types.Type {
	r := representation(t)
	for _, tn := range l.ownTypes() {
		u := tn.Type()
		if types.Identical(u, t) || !consider(u) {
			continue
		}
		s, isStruct := u.Underlying().(*types.Struct)
		if !isStruct {
			if types.Identical(representation(u), r) {
				return u
			}
			continue
		}
		for i := range s.NumFields() {
			if types.Identical(representation(s.Field(i).Type()), r) {
				return u
			}
		}
	}
	return nil
}

// unwrapBranches is the code of a helper returning (T, true) for the
// value v of any or of the program's interfaces that holds a T in the
// wrapper of error or fmt.Stringer (wrappedVia gives them).
func (l *lowerer) unwrapBranches(texpr string, via []string) string {
	out := ""
	for _, p := range via {
		guard := ""
		if p == "error" {
			guard = " && " + l.assertable() + "(w)"
		}
		out += "\tif w, ok := v.(" + p + "); ok" + guard + " {\n\t\tif c, ok := w.(" + texpr + "); ok {\n\t\t\treturn c, true\n\t\t}\n\t}\n"
	}
	return out
}

// nativeAssertHelper declares the helpers asserting a value of static
// type x (an interface other than error) to t, a type the interpreter's
// type switch tells apart (not a struct or pointer): name(v) (t, bool)
// and name_must(v) t, which panics as Go does. It returns "" when a type
// cannot be named at package level.
func (l *lowerer) nativeAssertHelper(x, t types.Type) string {
	texpr, local := l.typeExpr(t)
	xexpr, localX := l.typeExpr(x)
	if local || localX {
		return ""
	}
	static := l.goTypeName(x)
	show := l.typeString(t, func(p *types.Package) string { return p.Name() })
	test := "\tswitch v.(type) {\n\tcase " + texpr + ":\n\t\treturn v.(" + texpr + "), true\n\t}\n" + l.unwrapBranches(texpr, l.wrappedVia(t))
	if l.packageInterface(x) {
		// The value is in the package's wrapper, which the comma-ok
		// assertion sees through and the type switch does not.
		test = "\tif c, ok := v.(" + texpr + "); ok {\n\t\treturn c, true\n\t}\n"
	}
	return l.helper("nassert "+xexpr+" "+texpr, "nassert", func(f string) string {
		return "func " + f + "(v " + xexpr + ") (" + texpr + ", bool) {\n" + test +
			"\tvar zero " + texpr + "\n\treturn zero, false\n}\n\n" +
			"func " + f + "_must(v " + xexpr + ") " + texpr + " {\n\tr, ok := " + f + "(v)\n\tif !ok {\n" +
			"\t\tif v == nil {\n\t\t\tpanic(" + l.errorsNew() + "(" + strconv.Quote("interface conversion: "+static+" is nil, not "+show) + "))\n\t\t}\n" +
			"\t\tpanic(" + l.errorsNew() + "(" + strconv.Quote("interface conversion: "+static+" is ") + " + " + l.dynTypeHelper() + "(v) + " + strconv.Quote(", not "+show) + "))\n\t}\n\treturn r\n}"
	})
}

// switchNativeHelper returns the nativeAssertHelper with which a type
// switch on a value of static type x tests its case t, or "": t is not a
// struct or pointer, and x is a package's interface other than error, or
// a value of another interface may hold t in such a wrapper.
func (l *lowerer) switchNativeHelper(x, t types.Type) string {
	if x == nil || t == nil || isError(x) || types.IsInterface(t) || !nativeTypeTest(t) {
		return ""
	}
	if _, boxed := l.boxFor(t); boxed {
		return ""
	}
	if l.packageInterface(x) && l.mentionsOwnType(t) || len(l.wrappedVia(t)) > 0 {
		return l.nativeAssertHelper(x, t)
	}
	return ""
}

// wrapHazardMessage is the refusal of an assertion from the package's
// interface named from to t, whose values hazard's would pass for.
func (l *lowerer) wrapHazardMessage(from string, t, hazard types.Type) string {
	qualify := func(p *types.Package) string { return p.Name() }
	hint := "make one of them a struct type"
	if _, isStruct := hazard.Underlying().(*types.Struct); isStruct {
		hint = "give " + l.typeString(hazard, qualify) + "'s methods pointer receivers and use a pointer to it"
	}
	return "asserting " + article(from) + " value to " + l.typeString(t, qualify) + ", in a program where a " + l.typeString(hazard, qualify) +
		" in " + article(from) + " would pass for one, is not supported by the playground (the interpreter cannot tell them apart there); " + strings.TrimSpace(hint)
}
