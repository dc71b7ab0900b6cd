package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"github.com/flakylab/flakylab/sandbox/progfmt"
)

// What fmt sees of the program's values.
//
// The interpreter keeps a value of the program's type with methods in an
// interface as a structure of its own (the value and its type's m),
// and hands fmt a wrapper with the methods fmt knows only when the value
// is an operand itself. Nested in what fmt prints (an element of []any or
// []Shower, a map value, a struct field of interface type) or held in an
// interface whose methods fmt does not call (a Shower holding a Val),
// fmt prints the interpreter's structure; a value of the program's type
// with a String or Error method nested in a slice, map or struct field
// prints without its method.
//
// The front end therefore passes such an operand through a helper
// (showConv) that makes what Go's fmt would see: for a verb that calls
// String and Error (%v %s %q %x %X), a value with one of them becomes
// the string it returns; any other value of the program's type becomes a
// value of its underlying type (int(c), struct{ N int }(v)); slices,
// arrays and maps become []any and map[K]any of the converted elements;
// a struct holding any of these becomes a struct with the same field
// names (unexported fields convert without methods, as fmt cannot call
// them). A map whose keys of the program's type of a basic kind fmt
// prints with their method becomes progfmt.SortedMap's pairs, in the
// order of the original keys (fmt sorts keys by their values). An
// interface may also hold a slice, array, map or pointer of them
// (heldComposites), told apart by a comma-ok assertion (not when the
// program has another type the interpreter makes the same). What the
// helper cannot make is refused at the operand: other map keys that
// would need converting, values of types with Format or GoString
// methods, and types declared inside a function.

// showMode is how fmt prints a value: its verb ('#' for %#v) and whether
// it calls the value's String and Error methods (not for an unexported
// field).
type showMode struct {
	verb    byte
	methods bool
}

// modeOf is the mode of an operand printed with verb c ('#' for %#v, '+'
// for %+v).
func modeOf(c byte) showMode { return showMode{verb: c, methods: strings.IndexByte("vsqxX+", c) >= 0} }

// showVerb is the verb of modeOf for verb c with flags.
func showVerb(c byte, flags string) byte {
	switch {
	case c == 'v' && strings.Contains(flags, "#"):
		return '#'
	case c == 'v' && strings.Contains(flags, "+"):
		return '+'
	}
	return c
}

// field is the mode of a field of a value printed in mode m.
func (m showMode) field(exported bool) showMode {
	return showMode{verb: m.verb, methods: m.methods && exported}
}

// key tells helpers of different modes apart.
func (m showMode) key() string {
	if m.methods {
		return string(m.verb) + "m"
	}
	return string(m.verb)
}

// named reports whether fmt, printing a value of a basic type with the
// verb, may name its type (%!s(main.Plain=1)), which the interpreter's
// value, of the underlying type, would not do.
func (m showMode) named() bool { return strings.IndexByte("v#+", m.verb) < 0 }

// showNeeds reports whether a value of static type t, printed at depth (0
// for the operand itself), reaches fmt otherwise than Go's fmt would see
// it, methods telling whether the verb calls String and Error.
func (l *lowerer) showNeeds(t types.Type, depth int, m showMode, seen map[types.Type]bool) bool {
	if t == nil || seen[t] {
		return false
	}
	seen[t] = true
	t = types.Unalias(t)
	if types.IsInterface(t) {
		return l.dynamicShow(t, m)
	}
	if n, ok := t.(*types.Named); ok && n.Obj().Pkg() != l.pkg {
		return false // a package's type prints as in Go
	}
	if l.nameLost(t, depth, m) {
		return true
	}
	if l.ownPrintable(t) {
		// fmt calls the method of an operand (the interpreter passes
		// it a wrapper with it), not of what is nested.
		return depth > 0 && m.methods
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		if depth > 0 {
			return false // an address
		}
		return l.showNeeds(u.Elem(), depth+1, m, seen)
	case *types.Slice:
		return l.showNeeds(u.Elem(), depth+1, m, seen)
	case *types.Array:
		return l.showNeeds(u.Elem(), depth+1, m, seen)
	case *types.Map:
		return l.showNeeds(u.Key(), depth+1, m, seen) || l.showNeeds(u.Elem(), depth+1, m, seen)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			f := u.Field(i)
			if l.showNeeds(f.Type(), depth+1, m.field(f.Exported()), seen) {
				return true
			}
		}
	}
	return false
}

// ownPrintable reports whether t is a type of the program, or a pointer
// to one, with a String or Error method.
func (l *lowerer) ownPrintable(t types.Type) bool {
	base := t
	if p, ok := t.(*types.Pointer); ok {
		base = p.Elem()
	}
	n, ok := base.(*types.Named)
	return ok && n.Obj().Pkg() == l.pkg && l.hasPrintMethod(t)
}

// nameLost reports whether fmt, printing a value of type t at depth in
// mode m, may write the name of t, which the interpreter's value would
// not have: a type of the program of a basic kind (%!s(main.Plain=1)),
// unless fmt calls its String or Error method.
func (l *lowerer) nameLost(t types.Type, depth int, m showMode) bool {
	if !m.named() || m.methods && l.ownPrintable(t) {
		return false
	}
	if p, ok := t.(*types.Pointer); ok && depth > 0 && m.verb == 's' {
		n, ok := types.Unalias(p.Elem()).(*types.Named)
		return ok && n.Obj().Pkg() == l.pkg
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() != l.pkg {
		return false
	}
	_, basic := t.Underlying().(*types.Basic)
	return basic
}

// dynamicShow reports whether an interface of type t may hold a value of
// the program's that fmt, in mode m, would not see as Go's does: a value
// of a type with methods (or a pointer to one), one whose name fmt may
// print, or a boxed one.
func (l *lowerer) dynamicShow(t types.Type, m showMode) bool {
	return len(l.showTypes(t, m.named())) > 0 || isEmptyInterface(t) && len(l.boxes) > 0
}

// showTypes are the program's types (and pointers to them) that an
// interface of type t may hold and the interpreter keeps apart: those
// with methods, and those with something inside to convert. Structs and
// pointers come first: their comma-ok test is exact, the type switch that
// tells the others apart may take a box or a struct for them.
func (l *lowerer) showTypes(t types.Type, named bool) []types.Type {
	it, ok := t.Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	key, _ := l.typeExpr(t)
	if named {
		key += " named"
	}
	if l.shows == nil {
		l.shows = map[string][]types.Type{}
	}
	if found, ok := l.shows[key]; ok {
		if found == nil {
			// In progress (a struct holding this interface): assume
			// something inside needs converting.
			return []types.Type{t}
		}
		return found
	}
	l.shows[key] = nil
	var first, last []types.Type
	for _, tn := range l.ownTypes() {
		for _, c := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
			if !types.Implements(c, it) {
				continue
			}
			if _, boxed := l.boxKey(c); boxed {
				continue // the unboxing helper has it
			}
			_, basic := c.Underlying().(*types.Basic)
			_, ptr := c.(*types.Pointer)
			if types.NewMethodSet(c).Len() == 0 && !l.showNeeds(c, 1, modeOf('v'), map[types.Type]bool{}) && !(named && (basic || ptr)) &&
				!(ptr && l.structOrPointer(c) && l.showNeeds(c, 0, modeOf('v'), map[types.Type]bool{})) {
				// (A pointer to a struct holding values with methods
				// prints them as the operand: &{c open}.)
				continue
			}
			if nativeTypeTest(c) {
				last = append(last, c)
			} else {
				first = append(first, c)
			}
		}
	}
	for _, c := range l.heldComposites() {
		// A []Level in an any: fmt calls the String of each element
		// (and of a *[]Level's, printed as the operand). Left out (as
		// the interpreter prints it) is one of a type the comma-ok
		// assertion would take for another, or one the helper cannot
		// convert.
		if types.Implements(c, it) && l.showNeeds(c, 0, modeOf('v'), map[types.Type]bool{}) &&
			l.compositeTwin(c) == nil && l.showProblem(c, modeOf('v'), map[types.Type]bool{}) == "" {
			last = append(last, c)
		}
	}
	found := append(append([]types.Type{}, first...), last...)
	l.shows[key] = found
	return found
}

// heldComposites are the unnamed slice, array, map, channel and pointer
// types (not pointers to the program's types, which showTypes has) of
// the values the program puts into interfaces. Found once, on the
// learner's tree.
func (l *lowerer) heldComposites() []types.Type {
	if l.held != nil {
		return *l.held
	}
	held := []types.Type{}
	l.walkSites(func(e *ast.Expr, target types.Type) {
		t := l.typeOf(*e)
		if t == nil || target == nil || !types.IsInterface(target) || !isComposite(t) || containsIdentical(held, t) {
			return
		}
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			if _, named := types.Unalias(p.Elem()).(*types.Named); named {
				return
			}
		}
		held = append(held, t)
	})
	l.held = &held
	return held
}

// compositeTwin returns a composite type of the program's expressions
// other than c that the interpreter makes the same type as c, or nil:
// an interface holding the one would pass for holding the other.
func (l *lowerer) compositeTwin(c types.Type) types.Type {
	if !isComposite(c) {
		return nil
	}
	for _, u := range l.compositeShapes()[l.erasedShape(c, 0)] {
		if !types.Identical(c, u) {
			return u
		}
	}
	return nil
}

// showProblem says why a value of static type t cannot be converted for
// fmt, or "" when it can.
func (l *lowerer) showProblem(t types.Type, m showMode, seen map[types.Type]bool) string {
	if t == nil || seen[t] {
		return ""
	}
	seen[t] = true
	t = types.Unalias(t)
	qualify := func(p *types.Package) string { return p.Name() }
	if _, local := l.typeExpr(t); local {
		return "a value of a type declared inside a function"
	}
	if types.IsInterface(t) {
		if c := l.hiddenUngrabbed(t); c != nil && (!m.methods || l.errorAmong(t)) {
			return "a " + l.typeString(t, qualify) + " that may hold a " + l.typeString(c, qualify) + " with this verb"
		}
		for _, c := range l.showTypes(t, m.named()) {
			if m.verb == '+' && l.structOrPointer(c) {
				continue // showValue converts it, or progfmt prints it
			}
			if r := l.showProblem(c, m, seen); r != "" {
				return r
			}
		}
		return ""
	}
	ms := types.NewMethodSet(t)
	for _, m := range []string{"Format", "GoString"} {
		if ms.Lookup(l.pkg, m) != nil && l.mentionsOwnType(t) {
			return "a " + l.typeString(t, qualify) + " (with a " + m + " method)"
		}
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		return l.showProblem(u.Elem(), m, seen)
	case *types.Slice:
		return l.showProblem(u.Elem(), m, seen)
	case *types.Array:
		return l.showProblem(u.Elem(), m, seen)
	case *types.Map:
		if l.showNeeds(u.Key(), 1, m, map[types.Type]bool{}) {
			if !l.keysShownSorted(u.Key(), m) {
				return "a map whose keys may be values of the program's types (" + l.typeString(t, qualify) + ")"
			}
			if r := l.showProblem(u.Key(), m, seen); r != "" {
				return r
			}
		}
		return l.showProblem(u.Elem(), m, seen)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if m.verb == '+' && !u.Field(i).Exported() && l.showNeeds(t, 1, m, map[types.Type]bool{}) {
				return "with %+v a " + l.typeString(t, qualify) + " (unexported fields beside values of the program's types with String or Error methods)"
			}
			if r := l.showProblem(u.Field(i).Type(), m, seen); r != "" {
				return r
			}
		}
	}
	return ""
}

// keysShownSorted reports whether the keys of a map with key type k,
// printed in mode m, that fmt would print otherwise than the
// interpreter's values of them go through progfmt.SortedMap: a type of
// the program of a basic kind, whose values the interpreter holds as
// that kind's and fmt sorts by it, printed with a verb that calls String
// and Error (so that fmt calls the map's Format: no unexported field
// holds it).
func (l *lowerer) keysShownSorted(k types.Type, m showMode) bool {
	n, ok := types.Unalias(k).(*types.Named)
	if !ok || !m.methods || n.Obj().Pkg() != l.pkg || n.TypeParams().Len() > 0 {
		return false
	}
	if _, local := l.typeExpr(k); local {
		return false
	}
	b, ok := n.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsInteger|types.IsFloat|types.IsString|types.IsBoolean) != 0
}

// refuseHiddenType refuses %T of an operand of a package's interface
// type that may hold a value of the program's type whose type the
// interpreter's wrapper hides, and reports whether it did.
func (l *lowerer) refuseHiddenType(op ast.Expr, t types.Type, c byte) bool {
	qualify := func(p *types.Package) string { return p.Name() }
	if h := l.hiddenUngrabbed(typeOrNil(t)); h != nil && c == 'T' {
		l.unsupported(op.Pos(), "%T of "+article(l.typeString(t, qualify))+" value that may hold a "+l.typeString(h, qualify)+
			" is not supported by the playground (the value would not be found); declare the variable with the program's own type or interface")
		return true
	}
	return false
}

// showOperandNeeds reports whether an operand of type t printed with
// verb c ('#' for %#v) goes through a helper of showConv.
func (l *lowerer) showOperandNeeds(t types.Type, c byte) bool {
	return t != nil && strings.IndexByte("Twp", c) < 0 && l.showNeeds(t, 0, modeOf(c), map[types.Type]bool{})
}

// refuseShow refuses an operand of type t printed with verb c that fmt
// would not print as Go does and that no helper converts, and reports
// whether it did.
func (l *lowerer) refuseShow(op ast.Expr, t types.Type, c byte) bool {
	if !l.showOperandNeeds(t, c) {
		return false
	}
	if r := l.showProblem(t, modeOf(c), map[types.Type]bool{}); r != "" {
		l.unsupported(op.Pos(), "printing "+r+" is not supported by the playground (it would not print as in Go); print its parts one by one")
		return true
	}
	return false
}

// sharpNames reports whether %#v of a value of type t would print a name
// of the program's types: a type of the program that is not of a basic
// type, or a composite type mentioning one, here or in an interface.
func (l *lowerer) sharpNames(t types.Type, seen map[types.Type]bool) bool {
	if t == nil || seen[t] {
		return false
	}
	seen[t] = true
	t = types.Unalias(t)
	if it, ok := t.Underlying().(*types.Interface); ok {
		for _, tn := range l.ownTypes() {
			if _, basic := tn.Type().Underlying().(*types.Basic); basic {
				continue // prints as its value (a pointer to one is rare)
			}
			for _, c := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
				if types.Implements(c, it) {
					return true
				}
			}
		}
		return false
	}
	if n, ok := t.(*types.Named); ok && n.Obj().Pkg() == l.pkg {
		_, basic := t.Underlying().(*types.Basic)
		return !basic
	}
	if n, ok := t.(*types.Named); ok && n.Obj().Pkg() != l.pkg {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		return l.sharpNames(u.Elem(), seen)
	case *types.Slice:
		return l.spellsOwnType(u.Elem()) || l.sharpNames(u.Elem(), seen)
	case *types.Array:
		return l.spellsOwnType(u.Elem()) || l.sharpNames(u.Elem(), seen)
	case *types.Map:
		for _, x := range []types.Type{u.Key(), u.Elem()} {
			if l.spellsOwnType(x) || l.sharpNames(x, seen) {
				return true
			}
		}
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if l.sharpNames(u.Field(i).Type(), seen) {
				return true
			}
		}
	}
	return false
}

// formatVerbs are the verbs of every string constant of the program read
// as a format (more than the formats: a box too many is harmless).
func (l *lowerer) formatVerbs() string {
	var b strings.Builder
	ast.Inspect(l.file, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && strings.Contains(lit.Value, "%") {
			if s, err := strconv.Unquote(lit.Value); err == nil {
				for _, v := range progfmt.Verbs(s) {
					b.WriteByte(v.C)
				}
			}
		}
		return true
	})
	return b.String()
}

// badVerbFor reports whether one of verbs does not fit values of t, of a
// basic kind: fmt then names their type (%!s(main.Plain=1)), so their
// values must keep it in interfaces (be boxed).
func badVerbFor(t types.Type, verbs string) bool {
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return false
	}
	fits := "v"
	switch info := b.Info(); {
	case info&types.IsInteger != 0:
		fits = "bcdoOqxXUv"
	case info&(types.IsFloat|types.IsComplex) != 0:
		fits = "beEfFgGxXv"
	case info&types.IsString != 0:
		fits = "sqxXv"
	case info&types.IsBoolean != 0:
		fits = "tv"
	}
	for i := 0; i < len(verbs); i++ {
		if strings.IndexByte(fits+"Tpw", verbs[i]) < 0 {
			return true
		}
	}
	return false
}

// spellsOwnType reports whether t, written out, names a type of the
// program.
func (l *lowerer) spellsOwnType(t types.Type) bool {
	return strings.Contains(types.TypeString(t, func(p *types.Package) string {
		if p == l.pkg {
			return "\x00"
		}
		return p.Path()
	}), "\x00")
}

// showPreferred reports whether an operand of type t printed with verb
// sv (showVerb) goes through showConv rather than progfmt's names
// (fmtnames.go; named tells whether those would take it): progfmt hands
// the values it meets to fmt without the program's String and Error
// methods, and shows a value of the program's type with methods held in
// an interface as the interpreter keeps it.
func (l *lowerer) showPreferred(t types.Type, sv byte, named bool) bool {
	if !l.showOperandNeeds(t, sv) {
		return false
	}
	// Values with methods in interfaces, or methods fmt calls below the
	// top: only showConv makes them right (with %#v, for the program's
	// numbers; anything else is refused).
	core := l.showNeeds(t, 0, showMode{verb: 'v', methods: modeOf(sv).methods}, map[types.Type]bool{})
	switch {
	case sv == '#':
		// Names are progfmt's; showConv gives it the program's values
		// with methods found in an interface operand, and prints the
		// program's numbers.
		return core && (types.IsInterface(t) || !l.sharpNames(t, map[types.Type]bool{}))
	case !named:
		return true
	case sv == '+':
		// Field names are progfmt's (showConv hands it the program's
		// structs found in interfaces).
		// (Where that would refuse the operand, progfmt prints it.)
		return (l.printCallNeeded(t, 0, map[types.Type]bool{}) || types.IsInterface(t) && core) &&
			l.showProblem(t, modeOf(sv), map[types.Type]bool{}) == ""
	}
	return core
}

// printCallNeeded reports whether fmt, printing a value of type t at
// depth, would call a String or Error method of the program's below the
// top (nested, or on a value held in an interface).
func (l *lowerer) printCallNeeded(t types.Type, depth int, seen map[types.Type]bool) bool {
	if t == nil || seen[t] {
		return false
	}
	seen[t] = true
	t = types.Unalias(t)
	if types.IsInterface(t) {
		for _, c := range l.showTypes(t, false) {
			if l.ownPrintable(c) {
				return true
			}
		}
		return false
	}
	if l.ownPrintable(t) {
		return depth > 0
	}
	if n, ok := t.(*types.Named); ok && n.Obj().Pkg() != l.pkg {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		return depth == 0 && l.printCallNeeded(u.Elem(), depth+1, seen)
	case *types.Slice:
		return l.printCallNeeded(u.Elem(), depth+1, seen)
	case *types.Array:
		return l.printCallNeeded(u.Elem(), depth+1, seen)
	case *types.Map:
		return l.printCallNeeded(u.Key(), depth+1, seen) || l.printCallNeeded(u.Elem(), depth+1, seen)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if f := u.Field(i); f.Exported() && l.printCallNeeded(f.Type(), depth+1, seen) {
				return true
			}
		}
	}
	return false
}

// structOrPointer reports whether t is a struct type or a pointer to one.
func (l *lowerer) structOrPointer(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	_, isStruct := t.Underlying().(*types.Struct)
	return isStruct
}
