package frontend

import (
	"go/ast"
	"go/types"
)

// refuseMapKeysPlusV refuses an operand printed with %+v that holds a map
// whose keys may be values of the program's types with String or Error
// methods, and reports whether it did. %+v goes to progfmt, which sees
// the interpreter's value of such a key without its methods (it printed
// 1 for a key whose String gives "code-1"), and fmt sorts the keys by
// their values in an order the interpreter's would not keep: the same
// refusal as for %v.
func (l *lowerer) refuseMapKeysPlusV(op ast.Expr, t types.Type) bool {
	m := l.mapKeysShown(t, map[types.Type]bool{})
	if m == nil {
		return false
	}
	qualify := func(p *types.Package) string { return p.Name() }
	l.unsupported(op.Pos(), "printing a map whose keys may be values of the program's types ("+l.typeString(m, qualify)+
		") is not supported by the playground (it would not print as in Go); print its parts one by one")
	return true
}

// mapKeysShown returns the first map type in t (through pointers, slices,
// arrays, struct fields and map elements) whose key fmt would print
// through a method of the program's, or nil.
func (l *lowerer) mapKeysShown(t types.Type, seen map[types.Type]bool) types.Type {
	if t == nil || seen[t] {
		return nil
	}
	seen[t] = true
	switch u := types.Unalias(t).Underlying().(type) {
	case *types.Pointer:
		return l.mapKeysShown(u.Elem(), seen)
	case *types.Slice:
		return l.mapKeysShown(u.Elem(), seen)
	case *types.Array:
		return l.mapKeysShown(u.Elem(), seen)
	case *types.Map:
		if l.keyPrintedByMethod(u.Key()) {
			return t
		}
		return l.mapKeysShown(u.Elem(), seen)
	case *types.Struct:
		for i := range u.NumFields() {
			if m := l.mapKeysShown(u.Field(i).Type(), seen); m != nil {
				return m
			}
		}
	}
	return nil
}

// keyPrintedByMethod reports whether a map key of type k may be a value
// of the program's types whose String or Error method fmt calls.
func (l *lowerer) keyPrintedByMethod(k types.Type) bool {
	iface, ok := typeUnder(k).(*types.Interface)
	if !ok {
		return l.ownPrintable(k)
	}
	for _, tn := range l.ownTypes() {
		for _, c := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
			if types.Implements(c, iface) && l.ownPrintable(c) {
				return true
			}
		}
	}
	return false
}
