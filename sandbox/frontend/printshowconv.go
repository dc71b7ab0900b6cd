package frontend

import (
	"go/ast"
	"go/types"
	"strconv"
	"strings"

	"github.com/flakylab/flakylab/sandbox/progfmt"
)

// showConv returns the helper converting a value of type t, printed at
// depth, for fmt (see printshow.go), declaring it on first use. The
// caller has made sure that showNeeds and not showProblem.
func (l *lowerer) showConv(t types.Type, depth int, m showMode) string {
	t = types.Unalias(t)
	texpr, _ := l.typeExpr(t)
	key := "show " + m.key() + " "
	if depth > 0 {
		key += "nested "
	}
	return l.helper(key+texpr, "show", func(n string) string {
		return "func " + n + "(v " + texpr + ") " + l.showResult(t, depth, m) + " {\n" + l.showBody(t, depth, m) + "}"
	})
}

// showResult is the type a helper for t returns: a struct with the same
// fields for a struct, any for the rest.
func (l *lowerer) showResult(t types.Type, depth int, m showMode) string {
	if l.ownPrintable(t) {
		return "any"
	}
	s, ok := t.Underlying().(*types.Struct)
	if !ok {
		return "any"
	}
	var b strings.Builder
	b.WriteString("struct {")
	for i := 0; i < s.NumFields(); i++ {
		f := s.Field(i)
		ft := "any"
		if !l.showNeeds(f.Type(), depth+1, m.field(f.Exported()), map[types.Type]bool{}) {
			ft, _ = l.typeExpr(f.Type())
		}
		if i > 0 {
			b.WriteString(";")
		}
		b.WriteString(" " + f.Name() + " " + ft)
	}
	b.WriteString(" }")
	return b.String()
}

// printCall is the call of t's String or Error method on v, as fmt would
// call it, or "" when t has neither.
func (l *lowerer) printCall(t types.Type, v string) string {
	ms := types.NewMethodSet(t)
	for _, m := range []string{"Error", "String"} {
		if ms.Lookup(l.pkg, m) != nil {
			return v + "." + m + "()"
		}
	}
	return ""
}

// recoveredCall returns the helper calling t's String or Error method
// (printCall) as fmt calls it: a panic in the method is recovered, and
// fmt is handed what it prints for one (progfmt.MethodPanic), the run
// going on.
func (l *lowerer) recoveredCall(t types.Type, m showMode) string {
	texpr, _ := l.typeExpr(t)
	call := l.printCall(t, "v")
	method := strings.TrimSuffix(call[strings.LastIndexByte(call, '.')+1:], "()")
	key := "method call " + string(m.verb) + " " + texpr
	return l.helper(key, "call", func(n string) string {
		shown := ""
		if l.panicMessageHelper() != "" {
			// A panic value of the program's type with a method of
			// its own prints with it.
			shown = "\t\t\tif m, ok := " + PanicMessageFunc + "(p); ok {\n\t\t\t\tp = m\n\t\t\t}\n"
		}
		return "func " + n + "(v " + texpr + ") (r any) {\n\tdefer func() {\n\t\tif p := recover(); p != nil {\n" + shown +
			"\t\t\tr = " + l.importName(progfmt.Path) + ".MethodPanic(" + strconv.QuoteRune(rune(m.verb)) + ", " + strconv.Quote(method) + ", p)\n" +
			"\t\t}\n\t}()\n\treturn " + call + "\n}"
	})
}

// showBody is the body of the helper for t.
func (l *lowerer) showBody(t types.Type, depth int, m showMode) string {
	nilGuard := ""
	if _, isPtr := t.Underlying().(*types.Pointer); isPtr || types.IsInterface(t) {
		// (A nil error or fmt.Stringer field prints as <nil>: its method
		// is not called.)
		nilGuard = "\tif v == nil {\n\t\treturn v\n\t}\n"
		if p, ok := t.(*types.Pointer); ok && m.verb == 's' && l.printCall(t, "v") == "" && isNamed(p.Elem()) {
			// fmt names the type of a nil pointer with %s, which the
			// interpreter's type would not spell as Go does.
			name := l.typeString(t, func(p *types.Package) string { return p.Name() })
			nilGuard = "\tif v == nil {\n\t\treturn " + strconv.Quote("%!s("+name+"=<nil>)") + "\n\t}\n"
		}
	}
	if call := l.printCall(t, "v"); call != "" && m.methods && depth > 0 {
		if h := l.nilPrinted(t); nilGuard != "" && h != "" {
			// fmt calls the method of a nil pointer too (a nil-safe
			// String).
			nilGuard = "\tif v == nil {\n\t\treturn " + h + "(v)\n\t}\n"
		}
		return nilGuard + "\treturn " + l.recoveredCall(t, m) + "(v)\n"
	}
	if types.IsInterface(t) {
		return l.showDynamic(t, depth, m)
	}
	if l.nameLost(t, depth, m) {
		return nilGuard + "\treturn " + l.namedValue(t, "v") + "\n"
	}
	elem := func(et types.Type, x string, exported bool) string {
		if l.showNeeds(et, depth+1, m.field(exported), map[types.Type]bool{}) {
			return l.showConv(et, depth+1, m.field(exported)) + "(" + x + ")"
		}
		return x
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		if l.showResult(u.Elem(), depth+1, m) == "any" {
			// &q would be a *any (progfmt.Addr points to the converted
			// slice, array or map itself).
			return nilGuard + "\treturn " + l.importName(progfmt.Path) + ".Addr(" + l.showConv(u.Elem(), depth+1, m) + "(*v))\n"
		}
		return nilGuard + "\tq := " + l.showConv(u.Elem(), depth+1, m) + "(*v)\n\treturn &q\n"
	case *types.Slice, *types.Array:
		var et types.Type
		if s, ok := u.(*types.Slice); ok {
			et = s.Elem()
		} else {
			et = u.(*types.Array).Elem()
		}
		return "\tout := make([]any, len(v))\n\tfor i := range v {\n\t\tout[i] = " + elem(et, "v[i]", true) + "\n\t}\n\treturn out\n"
	case *types.Map:
		if l.showNeeds(u.Key(), depth+1, m, map[types.Type]bool{}) && l.keysShownSorted(u.Key(), m) {
			// fmt sorts the keys by their values (progfmt.SortedMap),
			// handed over as values of the basic type (the interpreter's
			// record of a k in an interface would refer to the variable).
			bexpr, _ := l.typeExpr(u.Key().Underlying())
			return "\tkeys := make([]any, 0, len(v))\n\tshownKeys := make([]any, 0, len(v))\n\tshown := make([]any, 0, len(v))\n" +
				"\tfor k, e := range v {\n\t\tkeys = append(keys, " + bexpr + "(k))\n\t\tshownKeys = append(shownKeys, " + elem(u.Key(), "k", true) + ")\n" +
				"\t\tshown = append(shown, " + elem(u.Elem(), "e", true) + ")\n\t}\n\treturn " + l.importName(progfmt.Path) + ".SortedMap(keys, shownKeys, shown)\n"
		}
		kexpr, _ := l.typeExpr(u.Key())
		return "\tout := make(map[" + kexpr + "]any, len(v))\n\tfor k, e := range v {\n\t\tout[k] = " + elem(u.Elem(), "e", true) + "\n\t}\n\treturn out\n"
	case *types.Struct:
		var b strings.Builder
		b.WriteString("\treturn " + l.showResult(t, depth, m) + "{")
		n := 0
		for i := 0; i < u.NumFields(); i++ {
			f := u.Field(i)
			if f.Name() == "_" {
				continue
			}
			if n > 0 {
				b.WriteString(", ")
			}
			n++
			b.WriteString(f.Name() + ": " + elem(f.Type(), "v."+f.Name(), f.Exported()))
		}
		b.WriteString("}\n")
		return b.String()
	}
	return "\treturn v\n"
}

// showDynamic is the body of the helper for an interface type t: a test
// for each of the program's types it may hold.
func (l *lowerer) showDynamic(t types.Type, depth int, m showMode) string {
	var b strings.Builder
	b.WriteString("\tif v == nil {\n\t\treturn nil\n\t}\n")
	if call := l.printCall(t, "v"); m.methods && call != "" && !l.errorAmong(t) {
		// Every value it holds has the method: call it (the
		// interpreter's wrapper of a package's interface hides the
		// value's type).
		b.WriteString("\treturn " + l.recoveredCall(t, m) + "(v)\n")
		return b.String()
	}
	if isEmptyInterface(t) && len(l.boxes) > 0 {
		if m.named() {
			for _, key := range l.boxedBasics() {
				if name, ok := l.boxFor(key); ok {
					b.WriteString("\tif x, ok := v.(" + name + "); ok {\n\t\treturn " + l.namedValue(key, "x."+name+"_v") + "\n\t}\n")
				}
			}
		}
		b.WriteString("\tif " + l.isBoxHelper() + "(v) {\n\t\treturn " + l.unboxPrint() + "(v)\n\t}\n")
	}
	for _, c := range l.showTypes(t, m.named()) {
		b.WriteString("\t" + l.caseOn("v", t, c, "x") + "\t\treturn " + l.showValue(c, "x", depth, m) + "\n\t}\n")
	}
	if m.verb != '#' && isEmptyInterface(t) {
		// A value whose pointer has String or Error: in a slice fmt
		// would get the interpreter's record of it. (The underlying
		// type prints as it does but for a name in %!d(main.Code=3).)
		for _, tn := range l.ownTypes() {
			_, isStruct := tn.Type().Underlying().(*types.Struct)
			if own, ok := l.pointerPrintMethods(tn.Type()); ok && own == "" && (isStruct || m.verb == 'v' || m.verb == '+') {
				if uexpr, local := l.typeExpr(tn.Type().Underlying()); !local {
					b.WriteString("\t" + l.caseOn("v", t, tn.Type(), "x") + "\t\treturn " + uexpr + "(x)\n\t}\n")
				}
			}
		}
	}
	if m.methods && isEmptyInterface(t) {
		for _, c := range l.errorfStandIns() { // fmt.Errorf's
			b.WriteString("\tif x, ok := v.(" + c[0] + "); ok {\n\t\treturn x.Error()\n\t}\n")
		}
	}
	if m.verb != 'v' && isEmptyInterface(t) {
		// The rest with Go's names (fmtnames.go).
		n, pkg := l.fmtHelper(), l.importName(progfmt.Path)
		args := "(" + n + "_table, " + n + "_zeros, v)"
		if m.verb == '#' && !l.hasMethodOf("GoString", "Format") {
			// %#v calls no other method: also a value the interpreter
			// holds in its wrapper (progfmt.Sharp).
			b.WriteString("\treturn " + pkg + ".Sharp" + args + "\n")
			return b.String()
		}
		b.WriteString("\tif " + pkg + ".Handles" + args + " {\n\t\treturn " + pkg + ".Dynamic" + args + "\n\t}\n")
	}
	b.WriteString("\treturn v\n")
	return b.String()
}

// errorAmong reports whether an interface of type t, which has a String
// method, may hold a value of the program's with an Error method (which
// fmt prefers).
func (l *lowerer) errorAmong(t types.Type) bool {
	if isError(t) {
		return false
	}
	for _, c := range l.showTypes(t, false) {
		if types.NewMethodSet(c).Lookup(l.pkg, "Error") != nil {
			return true
		}
	}
	return false
}

// caseOn opens an if statement whose body runs when v, of interface type
// static, holds a value of the program's type c, with that value in x:
// a comma-ok assertion, or a type switch where a comma-ok would take an
// int for a myint; from error, the helper that sees into the
// interpreter's error wrapper.
func (l *lowerer) caseOn(v string, static, c types.Type, x string) string {
	cexpr, _ := l.typeExpr(c)
	if isError(static) {
		if h := l.grabHelper(c); h != "" {
			return "if " + x + ", ok := " + h + "(" + v + "); ok {\n"
		}
		return "if " + x + ", ok := " + l.assertConcrete(cexpr) + "(" + v + "); ok {\n"
	}
	if !nativeTypeTest(c) || isComposite(c) {
		// (The interpreter's type switch misses a []Level; its comma-ok
		// assertion, exact but for twins (compositeTwin), finds it.)
		return "if " + x + ", ok := " + v + ".(" + cexpr + "); ok {\n"
	}
	return "if " + l.typeTest(v, c) + " {\n\t\t" + x + " := " + v + ".(" + cexpr + ")\n"
}

// hiddenIn returns a type of the program whose values an interface of
// type t may hold in the interpreter's wrapper of a package's interface,
// which hides their type (the value would not be found): a type that is
// not a pointer, in an interface of a package; a struct type, in an
// error. It returns nil if there is none.
func (l *lowerer) hiddenIn(t types.Type) types.Type {
	return l.hiddenAmong(t, func(types.Type) bool { return true })
}

// hiddenAmong is hiddenIn among the types for which consider holds.
func (l *lowerer) hiddenAmong(t types.Type, consider func(c types.Type) bool) types.Type {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == l.pkg || !methodsOf(t) {
		return nil
	}
	for _, c := range l.showTypes(t, false) {
		_, isPtr := c.(*types.Pointer)
		_, isStruct := c.Underlying().(*types.Struct)
		if !isPtr && (!isError(t) || isStruct) && consider(c) {
			return c
		}
	}
	return nil
}

// showValue is the expression giving fmt x, a value of the program's type
// c found in an interface, printed at depth in mode m: its String or
// Error method's result, or its value as one of its underlying type
// (under its own name, where fmt may print it).
func (l *lowerer) showValue(c types.Type, x string, depth int, m showMode) string {
	if m.methods && l.printCall(c, x) != "" {
		return l.showConv(c, 1, m) + "(" + x + ")"
	}
	if l.nameLost(c, depth, m) {
		return l.namedValue(c, x)
	}
	if l.structOrPointer(c) && m.verb == '+' && !l.plusConverted(c) && l.ownPrintableInside(c, 0, map[types.Type]bool{}) && (depth == 0 || !isPointer(c)) {
		return l.plusRefused(c) + "(" + x + ")"
	}
	if _, isStruct := c.Underlying().(*types.Struct); isStruct && (m.verb == '#' || m.verb == '+' && !l.plusConverted(c)) {
		// Field names as Go writes them (progfmt).
		return l.fmtHelper() + "(" + strconv.Itoa(l.fmtEntry(c)) + ", " + x + ")"
	}
	if p, ok := c.(*types.Pointer); ok && depth == 0 && (m.verb == '#' || m.verb == '+' && !l.plusConverted(c)) {
		if _, isStruct := p.Elem().Underlying().(*types.Struct); isStruct {
			return l.fmtHelper() + "(" + strconv.Itoa(l.fmtEntry(c)) + ", " + x + ")"
		}
	}
	raw := c.Underlying()
	if p, ok := c.(*types.Pointer); ok {
		raw = types.NewPointer(p.Elem().Underlying())
	}
	rexpr, _ := l.typeExpr(raw)
	conv := "(" + rexpr + ")(" + x + ")"
	if l.showNeeds(raw, 0, m, map[types.Type]bool{}) {
		return l.showConv(raw, 0, m) + "(" + conv + ")"
	}
	return conv
}

// namedValue is the expression giving fmt x, of the program's type t (of
// a basic kind), printed where fmt names its type (a verb that does not
// fit it): progfmt's value, which prints it under its Go name.
func (l *lowerer) namedValue(t types.Type, x string) string {
	if p, ok := t.(*types.Pointer); ok {
		// Nested, printed with %s (nameLost): fmt's bad verb.
		raw, _ := l.typeExpr(types.NewPointer(p.Elem().Underlying()))
		name := l.typeString(t, func(p *types.Package) string { return p.Name() })
		return strconv.Quote("%!s("+name+"=") + " + " + l.importName("fmt") + ".Sprint((" + raw + ")(" + x + ")) + \")\""
	}
	return l.fmtHelper() + "(" + strconv.Itoa(l.fmtEntry(t)) + ", " + x + ")"
}

// boxedBasics are the boxed types of a basic kind, in a fixed order.
func (l *lowerer) boxedBasics() []types.Type {
	var out []types.Type
	for _, tn := range l.ownTypes() {
		if _, basic := tn.Type().Underlying().(*types.Basic); basic {
			if key, boxed := l.boxKey(tn.Type()); boxed {
				out = append(out, key)
			}
		}
	}
	return out
}

// isNamed reports whether t is a named type (not an alias of a type
// literal, whose name fmt would spell otherwise).
func isNamed(t types.Type) bool {
	_, ok := types.Unalias(t).(*types.Named)
	return ok
}

// refuseSizedNilPointer refuses an operand of type t printed with %s and
// a width or precision when what it holds may be a nil pointer to a
// named type, which the helper prints as a whole (fmt pads only its
// <nil>), and reports whether it did.
func (l *lowerer) refuseSizedNilPointer(op ast.Expr, t types.Type, sv byte) bool {
	if sv != 's' || !l.holdsNamedPointer(t, map[types.Type]bool{}) {
		return false
	}
	qualify := func(p *types.Package) string { return p.Name() }
	l.unsupported(op.Pos(), "%s with a width or precision of "+article(l.typeString(t, qualify))+" value is not supported by the playground (a nil pointer in it would not print as in Go); use %s without them")
	return true
}

// holdsNamedPointer reports whether a value of type t, printed, may show
// a pointer to a named type of the program (not behind an interface).
func (l *lowerer) holdsNamedPointer(t types.Type, seen map[types.Type]bool) bool {
	if t == nil || seen[t] {
		return false
	}
	seen[t] = true
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Pointer:
		return isNamed(u.Elem()) || l.holdsNamedPointer(u.Elem(), seen)
	case *types.Slice:
		return l.holdsNamedPointer(u.Elem(), seen)
	case *types.Array:
		return l.holdsNamedPointer(u.Elem(), seen)
	case *types.Map:
		return l.holdsNamedPointer(u.Elem(), seen)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if l.holdsNamedPointer(u.Field(i).Type(), seen) {
				return true
			}
		}
	}
	return false
}
