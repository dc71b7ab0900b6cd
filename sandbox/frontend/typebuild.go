package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"
)

// Struct types that refer to each other.
//
// yaegi v0.16.1 builds the reflect type of a recursive struct in one pass
// from the first type it needs: each field that leads back to a struct
// still being built gets a placeholder, and at the end every placeholder
// becomes the type of the last struct the pass led back to. When a pass
// leads back to two different structs, some fields get the wrong type,
// and the program panics or reads the wrong memory. With
//
//	type List struct{ root Element; len int }
//	type Element struct{ next *Element; list *List }
//
// a pass from List leads back to Element (next) and to List (list), so
// next becomes a *List; a pass from Element leads back only to Element.
// Where the order of the passes matters, the lowered program starts with
// a blank variable of the type to build first (var _ Element), for each
// group of types that refer to each other, the groups they use first; a
// group that no start builds right is refused.

// planStructBuilds returns the blank variables to declare first, or a
// diagnostic for a group of types the interpreter cannot build.
func (l *lowerer) planStructBuilds() ([]*types.TypeName, *Diagnostic) {
	structs := l.recursiveStructs()
	if len(structs) == 0 {
		return nil, nil
	}
	built := map[*types.Named]bool{}
	var first []*types.TypeName
	for _, group := range structGroups(structs) {
		var start *types.Named
		for _, t := range group {
			if buildsRight(t, built) {
				start = t
				break
			}
		}
		if start == nil || start.Obj().Parent() != l.pkg.Scope() {
			// No start builds the group right, or the start is a local
			// type, which no package-level variable can name.
			bad := false
			for _, t := range group {
				bad = bad || !buildsRight(t, built)
			}
			if bad {
				names := make([]string, len(group))
				for i, t := range group {
					names[i] = t.Obj().Name()
					if shown, ok := l.instances[names[i]]; ok {
						names[i] = shown
					}
				}
				at := l.fset.Position(group[0].Obj().Pos())
				return nil, &Diagnostic{Kind: KindUnsupported, Line: at.Line, Column: at.Column,
					Message: "struct types that refer to each other this way (" + strings.Join(names, ", ") +
						") are not supported by the playground; refer to them through pointers"}
			}
		} else {
			first = append(first, start.Obj())
		}
		markBuilt(group, built)
	}
	return first, nil
}

// declareFirst puts "var _ T" for each type at the top of the file.
func (l *lowerer) declareFirst(first []*types.TypeName) {
	if len(first) == 0 {
		return
	}
	l.note("struct types built in order")
	decl := &ast.GenDecl{Tok: token.VAR}
	for _, tn := range first {
		decl.Specs = append(decl.Specs, &ast.ValueSpec{Names: []*ast.Ident{ast.NewIdent("_")}, Type: ast.NewIdent(tn.Name())})
	}
	if len(first) > 1 {
		decl.Lparen = token.Pos(1) // printed as a group
	}
	i := 0
	for i < len(l.file.Decls) {
		if gd, ok := l.file.Decls[i].(*ast.GenDecl); !ok || gd.Tok != token.IMPORT {
			break
		}
		i++
	}
	l.file.Decls = append(l.file.Decls[:i], append([]ast.Decl{decl}, l.file.Decls[i:]...)...)
}

// recursiveStructs returns the program's struct types (package-level and
// local), in source order.
func (l *lowerer) recursiveStructs() []*types.Named {
	var out []*types.Named
	for _, obj := range l.info.Defs {
		tn, ok := obj.(*types.TypeName)
		if !ok || tn.IsAlias() || tn.Pkg() != l.pkg {
			continue
		}
		if named, ok := tn.Type().(*types.Named); ok && named.TypeParams().Len() == 0 {
			if _, isStruct := named.Underlying().(*types.Struct); isStruct {
				out = append(out, named)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Obj().Pos() < out[j].Obj().Pos() })
	return out
}

// structGroups returns the strongly connected groups of structs (a
// struct reaches another when a field's type mentions it), groups that
// others reach first, each in source order. Groups of one struct that
// does not reach itself are left out.
func structGroups(structs []*types.Named) [][]*types.Named {
	own := map[*types.Named]bool{}
	for _, t := range structs {
		own[t] = true
	}
	reach := func(t *types.Named) []*types.Named {
		var out []*types.Named
		st := t.Underlying().(*types.Struct)
		for i := range st.NumFields() {
			out = structsIn(st.Field(i).Type(), own, map[types.Type]bool{}, out)
		}
		return out
	}
	// Tarjan's algorithm; it emits a group after every group it reaches.
	index, low := map[*types.Named]int{}, map[*types.Named]int{}
	onStack := map[*types.Named]bool{}
	var stack []*types.Named
	var groups [][]*types.Named
	var visit func(t *types.Named)
	visit = func(t *types.Named) {
		index[t], low[t] = len(index), len(index)
		stack = append(stack, t)
		onStack[t] = true
		self := false
		for _, u := range reach(t) {
			self = self || u == t
			if _, seen := index[u]; !seen {
				visit(u)
				low[t] = min(low[t], low[u])
			} else if onStack[u] {
				low[t] = min(low[t], index[u])
			}
		}
		if low[t] != index[t] {
			return
		}
		var group []*types.Named
		for {
			u := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			onStack[u] = false
			group = append(group, u)
			if u == t {
				break
			}
		}
		if len(group) > 1 || self {
			sort.Slice(group, func(i, j int) bool { return group[i].Obj().Pos() < group[j].Obj().Pos() })
			groups = append(groups, group)
		}
	}
	for _, t := range structs {
		if _, seen := index[t]; !seen {
			visit(t)
		}
	}
	return groups
}

// structsIn appends the program's structs t mentions, not looking inside
// them, through interfaces or into other packages' types.
func structsIn(t types.Type, own map[*types.Named]bool, seen map[types.Type]bool, out []*types.Named) []*types.Named {
	if named, ok := t.(*types.Named); ok {
		if own[named] {
			return append(out, named)
		}
		if seen[named] || !sameOwner(named, own) {
			return out
		}
		seen[named] = true
		t = named.Underlying()
	}
	visitParts(t, func(u types.Type) { out = structsIn(u, own, seen, out) })
	return out
}

// sameOwner reports whether t is declared in the package of the structs
// in own (a named slice of them, say).
func sameOwner(t *types.Named, own map[*types.Named]bool) bool {
	for s := range own {
		return s.Obj().Pkg() == t.Obj().Pkg()
	}
	return false
}

// passTargets returns the structs a pass of the interpreter from start
// leads back to (see above), the structs in built being done already,
// and whether it leads back to one by value (a field of the struct type
// itself, or an array of it), which no placeholder can stand for: the
// struct holding it gets the wrong size.
func passTargets(start *types.Named, built map[*types.Named]bool) (targets map[*types.Named]bool, byValue bool) {
	state := map[*types.Named]int{} // 1 building, 2 built
	targets = map[*types.Named]bool{}
	seen := map[*types.Named]bool{} // named types that are not structs
	var visit func(t types.Type, direct bool)
	visit = func(t types.Type, direct bool) {
		named, ok := t.(*types.Named)
		switch {
		case !ok:
			_, array := t.(*types.Array)
			_, anon := t.(*types.Struct)
			visitParts(t, func(u types.Type) { visit(u, direct && (array || anon)) })
			return
		case named.Obj().Pkg() != start.Obj().Pkg() || built[named]:
			return // compiled, or built by an earlier pass
		}
		if _, isStruct := named.Underlying().(*types.Struct); !isStruct {
			if !seen[named] {
				seen[named] = true
				visit(named.Underlying(), direct)
			}
			return
		}
		switch state[named] {
		case 1:
			targets[named] = true
			byValue = byValue || direct
			return
		case 2:
			return
		}
		state[named] = 1
		visitParts(named.Underlying(), func(u types.Type) { visit(u, true) })
		state[named] = 2
	}
	visit(start, true)
	return targets, byValue
}

// buildsRight reports whether a pass from start builds its structs right.
func buildsRight(start *types.Named, built map[*types.Named]bool) bool {
	targets, byValue := passTargets(start, built)
	return len(targets) <= 1 && !byValue
}

// visitParts calls f on the types t is made of (not through interfaces).
func visitParts(t types.Type, f func(types.Type)) {
	switch t := t.(type) {
	case *types.Alias:
		f(types.Unalias(t))
	case *types.Pointer:
		f(t.Elem())
	case *types.Slice:
		f(t.Elem())
	case *types.Array:
		f(t.Elem())
	case *types.Chan:
		f(t.Elem())
	case *types.Map:
		f(t.Key())
		f(t.Elem())
	case *types.Signature:
		for _, tuple := range []*types.Tuple{t.Params(), t.Results()} {
			for i := range tuple.Len() {
				f(tuple.At(i).Type())
			}
		}
	case *types.Struct:
		for i := range t.NumFields() {
			f(t.Field(i).Type())
		}
	}
}

func markBuilt(group []*types.Named, built map[*types.Named]bool) {
	for _, t := range group {
		built[t] = true
	}
}
