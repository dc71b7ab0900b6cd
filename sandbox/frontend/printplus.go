package frontend

import (
	"go/types"
	"strconv"
)

// Structs of the program printed with %+v from an interface. progfmt
// prints them with Go's field names (the interpreter's type spells an
// unexported field otherwise) but hands fmt what they hold without the
// program's String and Error methods, which it cannot call: a struct
// holding such values goes through showConv as with %v when it has no
// unexported field (plusConverted), and stops the run with the
// playground's message when it has one (plusRefused).

// plusConverted reports whether a struct of type c (or a pointer to one),
// found in an interface printed with %+v, goes through showConv like
// with %v rather than progfmt's names: fmt calls String or Error methods
// of values in it (progfmt would hand fmt them without), and no struct
// in it by value has an unexported field (whose name the interpreter's
// type spells otherwise).
func (l *lowerer) plusConverted(c types.Type) bool {
	return l.printCallNeeded(c, 0, map[types.Type]bool{}) && !l.unexportedInside(c, true, map[types.Type]bool{})
}

// unexportedInside reports whether a value of type t, printed, shows a
// struct with an unexported field (through a pointer only at the top).
func (l *lowerer) unexportedInside(t types.Type, top bool, seen map[types.Type]bool) bool {
	if t == nil || seen[t] {
		return false
	}
	seen[t] = true
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != l.pkg {
		return false // a package's type prints as in Go
	}
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Pointer:
		return top && l.unexportedInside(u.Elem(), false, seen)
	case *types.Slice:
		return l.unexportedInside(u.Elem(), false, seen)
	case *types.Array:
		return l.unexportedInside(u.Elem(), false, seen)
	case *types.Map:
		return l.unexportedInside(u.Key(), false, seen) || l.unexportedInside(u.Elem(), false, seen)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if !u.Field(i).Exported() || l.unexportedInside(u.Field(i).Type(), false, seen) {
				return true
			}
		}
	}
	return false
}

// plusRefused declares the helper that refuses, when the program runs, a
// value of c (a struct of the program, or a pointer to one, with an
// unexported field beside values whose String or Error method fmt would
// call) printed with %+v: progfmt writes Go's field names, but cannot
// call the program's methods. It returns its name.
func (l *lowerer) plusRefused(c types.Type) string {
	texpr, _ := l.typeExpr(c)
	qualify := func(p *types.Package) string { return p.Name() }
	return l.helper("plus refused "+texpr, "plusrefused", func(n string) string {
		return "func " + n + "(v " + texpr + ") any {\n\tpanic(" + strconv.Quote("printing with %+v a "+l.typeString(c, qualify)+
			" (unexported fields beside values of the program's types with String or Error methods) is not supported by the playground (it would not print as in Go); print its parts one by one") + ")\n}"
	})
}

// ownPrintableInside reports whether a value of type t, printed at
// depth, holds a value of the program's types with a String or Error
// method below the top that fmt calls (not through an unexported field),
// not through an interface (what an interface holds is known only when
// the program runs).
func (l *lowerer) ownPrintableInside(t types.Type, depth int, seen map[types.Type]bool) bool {
	if t == nil || seen[t] || types.IsInterface(t) {
		return false
	}
	seen[t] = true
	if l.ownPrintable(t) {
		return depth > 0
	}
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != l.pkg {
		return false
	}
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Pointer:
		return depth == 0 && l.ownPrintableInside(u.Elem(), depth+1, seen)
	case *types.Slice:
		return l.ownPrintableInside(u.Elem(), depth+1, seen)
	case *types.Array:
		return l.ownPrintableInside(u.Elem(), depth+1, seen)
	case *types.Map:
		return l.ownPrintableInside(u.Key(), depth+1, seen) || l.ownPrintableInside(u.Elem(), depth+1, seen)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if f := u.Field(i); f.Exported() && l.ownPrintableInside(f.Type(), depth+1, seen) {
				return true
			}
		}
	}
	return false
}

// isPointer reports whether t is a pointer type.
func isPointer(t types.Type) bool {
	_, ok := t.(*types.Pointer)
	return ok
}
