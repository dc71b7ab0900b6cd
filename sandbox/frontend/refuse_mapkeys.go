package frontend

import (
	"go/ast"
	"go/types"
)

// Maps with interface keys and values of the program's types with methods.
//
// The interpreter hands a value of the program's type with methods to an
// interface in one of three shapes: as its plain reflect value (m[Code(3)]
// = 1, which then also answers m[3], an int), in its own wrapper whose
// hash is the wrapper's address (a key written in a literal, or held in an
// any variable: a lookup with an equal value misses), or, in an interface
// of a package (error, fmt.Stringer), in a compiled wrapper with function
// fields, which cannot be a key at all ("hash of unhashable type
// interp._error"). refuseMapKeys refuses, at the key, each key of a map
// whose key type is an interface that may be such a value: a lookup,
// assignment or delete by a key of the program's type with methods or of an
// interface such a type implements, and, for a map keyed by a package's
// interface with methods, the keys of its literals too (a literal of
// map[any]V is kept: its keys, ranged over, keep their values and types).

// refuseMapKeys refuses the keys described above.
func (l *lowerer) refuseMapKeys() {
	hazards := l.methodTypes()
	if len(hazards) == 0 {
		return
	}
	check := func(mapType types.Type, key ast.Expr, literal bool) {
		m, ok := under(mapType).(*types.Map)
		if !ok || !types.IsInterface(m.Key()) {
			return
		}
		held := l.keyHolds(l.typeOf(key), hazards)
		if held == nil {
			return
		}
		if literal && !l.packageInterface(m.Key()) && !l.packageInterface(l.typeOf(key)) {
			return
		}
		qualify := func(p *types.Package) string { return p.Name() }
		l.unsupported(key.Pos(), "a key of a "+l.typeString(mapType, qualify)+" that may be a "+l.typeString(held, qualify)+
			" (a type of the program with methods) is not supported by the playground (the map would not find it); key the map by a string, such as the value's Error or String text")
	}
	ast.Inspect(l.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IndexExpr:
			check(l.typeOf(n.X), n.Index, false)
		case *ast.CallExpr:
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && l.info.Uses[id] == types.Universe.Lookup("delete") && len(n.Args) == 2 {
				check(l.typeOf(n.Args[0]), n.Args[1], false)
			}
		case *ast.CompositeLit:
			t := l.typeOf(n)
			if _, ok := under(t).(*types.Map); !ok {
				return true
			}
			for _, e := range n.Elts {
				if kv, ok := e.(*ast.KeyValueExpr); ok {
					check(t, kv.Key, true)
				}
			}
		}
		return true
	})
}

// methodTypes lists the program's types, and pointers to them, that have
// methods.
func (l *lowerer) methodTypes() []types.Type {
	var out []types.Type
	for _, tn := range l.ownTypes() {
		for _, t := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
			if types.NewMethodSet(t).Len() > 0 {
				out = append(out, t)
			}
		}
	}
	return out
}

// keyHolds returns the first of hazards a key of static type t may be,
// or nil.
func (l *lowerer) keyHolds(t types.Type, hazards []types.Type) types.Type {
	if t == nil {
		return nil
	}
	iface, isIface := under(t).(*types.Interface)
	for _, h := range hazards {
		if isIface && types.Implements(h, iface) || !isIface && types.Identical(h, t) {
			return h
		}
	}
	return nil
}
