package frontend

import (
	"go/ast"
	"go/types"
	"strconv"
	"strings"
)

// Composite types the interpreter cannot tell apart.
//
// The interpreter makes a type of the program as its underlying type, so
// []Item and []struct{ S int } (with type Item struct{ S int }) are one
// type to it: asserting an interface holding the one to the other
// succeeds. An assertion or type switch case to a composite type (a
// slice, array, map, channel or pointer) of which the program uses
// another type of that shape is refused at the type.

// refuseCompositeTwins refuses the assertions and type switch cases to a
// composite type that has a twin in the program.
func (l *lowerer) refuseCompositeTwins() {
	var shapes map[string][]types.Type
	check := func(e ast.Expr) {
		t := l.info.TypeOf(e)
		if t == nil || !isComposite(t) {
			return
		}
		if shapes == nil {
			shapes = l.compositeShapes()
		}
		for _, u := range shapes[l.erasedShape(t, 0)] {
			if !types.Identical(t, u) {
				l.unsupported(e.Pos(), "asserting to "+l.goTypeName(t)+" in a program that also uses "+l.goTypeName(u)+
					" is not supported by the playground (the interpreter cannot tell the two apart); declare a named type for one of them")
				return
			}
		}
	}
	ast.Inspect(l.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.TypeAssertExpr:
			if n.Type != nil {
				check(n.Type)
			}
		case *ast.TypeSwitchStmt:
			for _, s := range n.Body.List {
				for _, e := range s.(*ast.CaseClause).List {
					check(e)
				}
			}
		}
		return true
	})
}

// isComposite reports whether t is an unnamed slice, array, map, channel
// or pointer type.
func isComposite(t types.Type) bool {
	switch types.Unalias(t).(type) {
	case *types.Slice, *types.Array, *types.Map, *types.Chan, *types.Pointer:
		return true
	}
	return false
}

// compositeShapes lists the composite types of the program's
// expressions by their erased shape.
func (l *lowerer) compositeShapes() map[string][]types.Type {
	out := map[string][]types.Type{}
	for _, tv := range l.info.Types {
		if tv.Type == nil || !isComposite(tv.Type) {
			continue
		}
		key := l.erasedShape(tv.Type, 0)
		if !containsIdentical(out[key], tv.Type) {
			out[key] = append(out[key], tv.Type)
		}
	}
	return out
}

// erasedShape spells t as the interpreter makes it: the program's named
// types replaced by their underlying types (with the tag of a tagged
// one), all the way down.
func (l *lowerer) erasedShape(t types.Type, depth int) string {
	if depth > 8 {
		return "..."
	}
	d := depth + 1
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		if l.tagged[t.Obj()] {
			// A struct type given a tag of its own (tagTwins).
			return l.erasedShape(t.Underlying(), d) + "#" + t.Obj().Name()
		}
		if t.Obj().Pkg() == l.pkg {
			return l.erasedShape(t.Underlying(), d)
		}
	case *types.Pointer:
		return "*" + l.erasedShape(t.Elem(), d)
	case *types.Slice:
		return "[]" + l.erasedShape(t.Elem(), d)
	case *types.Array:
		return "[" + strconv.FormatInt(t.Len(), 10) + "]" + l.erasedShape(t.Elem(), d)
	case *types.Map:
		return "map[" + l.erasedShape(t.Key(), d) + "]" + l.erasedShape(t.Elem(), d)
	case *types.Chan:
		return "chan(" + strconv.Itoa(int(t.Dir())) + ") " + l.erasedShape(t.Elem(), d)
	case *types.Struct:
		var b strings.Builder
		b.WriteString("struct{")
		for i := range t.NumFields() {
			f := t.Field(i)
			b.WriteString(f.Name() + " " + l.erasedShape(f.Type(), d) + " " + strconv.Quote(t.Tag(i)) + ";")
		}
		return b.String() + "}"
	}
	return types.TypeString(t, nil)
}

// unnamedStructTwins reports whether the program writes out a struct type
// (struct{ S int }) of the shape of one of its named struct types: the
// interpreter's values of the two are one type, which progfmt.TypeName
// would name after the named one.
func (l *lowerer) unnamedStructTwins() bool {
	named := map[string]bool{}
	for _, tn := range l.ownTypes() {
		if _, ok := tn.Type().Underlying().(*types.Struct); ok {
			named[l.erasedShape(tn.Type(), 0)] = true
		}
	}
	if len(named) == 0 {
		return false
	}
	found := false
	var walk func(t types.Type, depth int)
	walk = func(t types.Type, depth int) {
		if found || depth > 8 {
			return
		}
		switch t := types.Unalias(t).(type) {
		case *types.Struct:
			if named[l.erasedShape(t, 0)] {
				found = true
				return
			}
			for i := range t.NumFields() {
				walk(t.Field(i).Type(), depth+1)
			}
		case *types.Pointer:
			walk(t.Elem(), depth+1)
		case *types.Slice:
			walk(t.Elem(), depth+1)
		case *types.Array:
			walk(t.Elem(), depth+1)
		case *types.Map:
			walk(t.Key(), depth+1)
			walk(t.Elem(), depth+1)
		case *types.Chan:
			walk(t.Elem(), depth+1)
		}
	}
	declared := map[ast.Expr]bool{} // the struct of type T struct{...}
	ast.Inspect(l.file, func(n ast.Node) bool {
		if ts, ok := n.(*ast.TypeSpec); ok {
			declared[ts.Type] = true
		}
		return true
	})
	for e, tv := range l.info.Types {
		if tv.Type != nil && !declared[e] {
			walk(tv.Type, 0)
		}
	}
	return found
}
