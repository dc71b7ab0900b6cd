package frontend

import (
	"go/ast"
	"go/types"
	"sort"
)

// Types defined in terms of themselves.
//
// yaegi v0.16.1 builds a recursive type only when the recursion goes
// through a struct (type Node struct{ next *Node }). A named type whose
// own definition leads back to it through slices, maps, pointers, arrays,
// channels or function signatures alone (type Chan chan Chan, type F
// func() F, type Tree map[string]Tree) makes it crash or recurse without
// end while it compiles the program, whatever the program does with the
// type. Such types are refused at their declaration; a struct with one
// field runs.

// refuseSelfRefTypes reports, at its declaration, the first of the
// program's types that refers to itself other than through a struct or
// an interface.
func (l *lowerer) refuseSelfRefTypes() *Diagnostic {
	// Only named types whose underlying type is neither a struct nor an
	// interface can make such a cycle; edges are the named types their
	// definition mentions outside structs and interfaces.
	edges := map[*types.TypeName][]*types.TypeName{}
	var decls []*ast.Ident
	for id, obj := range l.info.Defs {
		tn, ok := obj.(*types.TypeName)
		if !ok || tn.IsAlias() || tn.Pkg() != l.pkg || !selfRefCandidate(tn.Type()) {
			continue
		}
		decls = append(decls, id)
		edges[tn] = namedIn(tn.Type().Underlying(), nil)
	}
	sort.Slice(decls, func(i, j int) bool { return decls[i].Pos() < decls[j].Pos() })
	for _, id := range decls {
		tn := l.info.Defs[id].(*types.TypeName)
		if !onCycle(tn, edges) {
			continue
		}
		name := tn.Name()
		if shown, ok := l.instances[name]; ok {
			name = shown
		}
		at := l.fset.Position(id.Pos())
		return &Diagnostic{Kind: KindUnsupported, Line: at.Line, Column: at.Column,
			Message: "a type defined in terms of itself other than through a struct (" + name +
				") is not supported by the playground; make it a struct type with one field"}
	}
	return nil
}

// selfRefCandidate reports whether t is a named type of a kind that can
// refer to itself without a struct.
func selfRefCandidate(t types.Type) bool {
	named, ok := t.(*types.Named)
	if !ok {
		return false
	}
	switch named.Underlying().(type) {
	case *types.Struct, *types.Interface, *types.Basic:
		return false
	}
	return true
}

// namedIn appends to out the named types t mentions, not looking inside
// structs, interfaces or the named types themselves (generic instances
// count as their generic type).
func namedIn(t types.Type, out []*types.TypeName) []*types.TypeName {
	switch t := t.(type) {
	case *types.Named:
		return append(out, t.Origin().Obj())
	case *types.Alias:
		return namedIn(types.Unalias(t), out)
	case *types.Pointer:
		return namedIn(t.Elem(), out)
	case *types.Slice:
		return namedIn(t.Elem(), out)
	case *types.Array:
		return namedIn(t.Elem(), out)
	case *types.Chan:
		return namedIn(t.Elem(), out)
	case *types.Map:
		return namedIn(t.Elem(), namedIn(t.Key(), out))
	case *types.Signature:
		for _, tuple := range []*types.Tuple{t.Params(), t.Results()} {
			for i := range tuple.Len() {
				out = namedIn(tuple.At(i).Type(), out)
			}
		}
	}
	return out
}

// onCycle reports whether start can reach itself along edges.
func onCycle(start *types.TypeName, edges map[*types.TypeName][]*types.TypeName) bool {
	seen := map[*types.TypeName]bool{}
	stack := append([]*types.TypeName(nil), edges[start]...)
	for len(stack) > 0 {
		tn := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if tn == start {
			return true
		}
		if seen[tn] {
			continue
		}
		seen[tn] = true
		stack = append(stack, edges[tn]...)
	}
	return false
}
