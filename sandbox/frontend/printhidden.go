package frontend

import (
	"go/ast"
	"go/types"
)

// Methods fmt may not call: values behind an unexported field.
//
// Go's fmt calls no method of a value it reached through an unexported
// field: a struct of the program with a field `last time.Time` prints
// {{0 63902854800 <nil>}} with %v, and a field `state breaker.State`
// prints its number. The interpreter's structs export every field, so its
// fmt called String on them ({2026-01-01 09:00:00 +0000 UTC}, {open}).
// An operand holding such a field is handed to progfmt even for a plain
// %v (fmtnames.go), which tracks the fields it went through as fmt does.

// hiddenMethods reports whether a value of type t, printed by fmt, holds
// behind an unexported field of one of the program's structs a value of a
// package's type with a method fmt would call there (String, Error,
// Format, GoString), or an interface (whose dynamic value may have one).
func (l *lowerer) hiddenMethods(t types.Type) bool {
	return l.hiddenMethodsIn(t, false, true, map[hiddenKey]bool{})
}

type hiddenKey struct {
	t      types.Type
	hidden bool
}

func (l *lowerer) hiddenMethodsIn(t types.Type, hidden, top bool, seen map[hiddenKey]bool) bool {
	if t == nil || seen[hiddenKey{t, hidden}] {
		return false
	}
	seen[hiddenKey{t, hidden}] = true
	t = types.Unalias(t)
	n, named := t.(*types.Named)
	ofPackage := named && n.Obj().Pkg() != nil && n.Obj().Pkg() != l.pkg
	if hidden && (types.IsInterface(t) || ofPackage && fmtMethods(t)) {
		return true // the program's own types are printshow.go's
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		// Below the operand a pointer prints as an address.
		return top && l.hiddenMethodsIn(u.Elem(), hidden, false, seen)
	case *types.Slice:
		return l.hiddenMethodsIn(u.Elem(), hidden, false, seen)
	case *types.Array:
		return l.hiddenMethodsIn(u.Elem(), hidden, false, seen)
	case *types.Map:
		return l.hiddenMethodsIn(u.Key(), hidden, false, seen) || l.hiddenMethodsIn(u.Elem(), hidden, false, seen)
	case *types.Struct:
		for i := range u.NumFields() {
			f := u.Field(i)
			if ofPackage && !f.Exported() {
				continue // the interpreter's fmt cannot call it either
			}
			if l.hiddenMethodsIn(f.Type(), hidden || !f.Exported(), false, seen) {
				return true
			}
		}
	}
	return false
}

// fmtMethods reports whether a value of type t has a method fmt calls.
func fmtMethods(t types.Type) bool {
	ms := types.NewMethodSet(t)
	for _, name := range []string{"String", "Error", "Format", "GoString"} {
		if sel := ms.Lookup(nil, name); sel != nil {
			return true
		}
	}
	return false
}

// refuseHiddenMethods refuses, at the operand, a value that printshow.go
// converts (it holds values of the program's types with String or Error
// methods) and that also holds what hiddenMethods finds: the conversion
// would hand fmt those hidden values with their methods.
func (l *lowerer) refuseHiddenMethods(op ast.Expr, t types.Type) bool {
	if !l.hiddenMethods(t) {
		return false
	}
	qualify := func(p *types.Package) string { return p.Name() }
	l.unsupported(op.Pos(), "printing a "+l.typeString(t, qualify)+" (values of the program's types with String or Error methods beside an unexported field of a package's type or of an interface type) is not supported by the playground (it would not print as in Go); print its fields one by one")
	return true
}

// pointerPrintMethods reports whether t is a type of the program (not a
// pointer or interface) without a method fmt calls that *t has: Go's fmt
// prints a value of t by its fields or by its own method, returned
// ("Error" or "String", "" for none), which fmt calls first.
func (l *lowerer) pointerPrintMethods(t types.Type) (own string, ok bool) {
	n, named := types.Unalias(t).(*types.Named)
	if !named || n.Obj().Pkg() != l.pkg || types.IsInterface(t) || l.hasTypeParam(t) {
		return "", false
	}
	if _, ptr := t.Underlying().(*types.Pointer); ptr {
		return "", false
	}
	vs, ps := types.NewMethodSet(t), types.NewMethodSet(types.NewPointer(t))
	for _, name := range []string{"Format", "GoString", "Error", "String"} {
		if vs.Lookup(nil, name) == nil && ps.Lookup(nil, name) != nil {
			ok = true
		}
		if vs.Lookup(nil, name) != nil && own == "" {
			own = name
		}
	}
	if own == "Format" || own == "GoString" {
		return "", false
	}
	return own, ok
}

// pointerPrintOperand reports whether an operand of type t is printed
// otherwise than the interpreter would (pointerPrintMethods).
func (l *lowerer) pointerPrintOperand(t types.Type) bool {
	_, ok := l.pointerPrintMethods(t)
	return ok
}
