package frontend

import (
	"go/ast"
	"go/types"
	"slices"
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

// lostTypeName returns a type whose values the program puts in an
// interface and that an interface of type iface can hold, whose name the
// interpreter loses there, or nil: a slice,
// array, map, channel or function type built from a type of the program
// that is neither a struct nor an interface ([]State with type State
// int), which the
// interpreter makes of the underlying types ([]int). %T of an interface
// holding one would print []int where go run prints []main.State. The
// program's types themselves, pointers to them and its struct types are
// named by the front end's helpers; values handed to fmt's print
// functions are printed there and never come back in an interface.
func (l *lowerer) lostTypeName(iface types.Type) types.Type {
	for _, t := range l.lostTypes() {
		if it, ok := typeUnder(iface).(*types.Interface); ok && types.Implements(t, it) && !l.lostNameable(t) {
			return t
		}
	}
	return nil
}

// lostTypes are the types of lostTypeNames.
func (l *lowerer) lostTypes() []types.Type {
	if l.lostNames == nil {
		l.lostNames = l.lostTypeNames()
	}
	return *l.lostNames
}

// lostNameable reports whether the dynamic type helper can name values of
// t, a type of lostTypes, by asserting to it: t can be written at the top
// level, and the program uses no type the interpreter would take for it
// (the type of the underlying types, []int for []State), whose values
// the assertion would take for t's.
func (l *lowerer) lostNameable(t types.Type) bool {
	if _, local := l.typeExpr(t); local {
		return false
	}
	twin := types.TypeString(erasedNames(t), nil)
	for _, tv := range l.info.Types {
		if tv.Type != nil && types.TypeString(tv.Type, nil) == twin {
			return false
		}
	}
	for _, u := range l.lostTypes() {
		if u != t && types.TypeString(erasedNames(u), nil) == twin {
			return false // []State and []Level
		}
	}
	return true
}

// lostTypeNames are the types lostTypeName looks among, in the order of
// their names.
func (l *lowerer) lostTypeNames() *[]types.Type {
	var lost []types.Type
	seen := map[string]bool{}
	var sigs []*types.Signature
	var stack []ast.Node
	ast.Inspect(l.file, func(n ast.Node) bool {
		if n == nil {
			switch stack[len(stack)-1].(type) {
			case *ast.FuncDecl, *ast.FuncLit:
				sigs = sigs[:len(sigs)-1]
			}
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		switch n := n.(type) {
		case *ast.FuncDecl:
			var sig *types.Signature
			if obj := l.info.Defs[n.Name]; obj != nil {
				sig, _ = obj.Type().(*types.Signature)
			}
			sigs = append(sigs, sig)
		case *ast.FuncLit:
			sig, _ := typeUnder(l.typeOf(n)).(*types.Signature)
			sigs = append(sigs, sig)
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && l.isPackageFunc(n.Fun, "fmt", sel.Sel.Name) && formatArg(sel.Sel.Name) != -2 {
				return true
			}
		}
		var sig *types.Signature
		if len(sigs) > 0 {
			sig = sigs[len(sigs)-1]
		}
		l.nilSites(n, sig, func(e *ast.Expr, target types.Type) {
			t := l.typeOf(ast.Unparen(*e))
			if target == nil || !types.IsInterface(target) || t == nil || types.IsInterface(t) || l.hasTypeParam(t) || !l.losesName(t, 0) {
				return
			}
			if name := types.TypeString(t, nil); !seen[name] {
				seen[name] = true
				lost = append(lost, t)
			}
		})
		return true
	})
	slices.SortFunc(lost, func(a, b types.Type) int { return strings.Compare(types.TypeString(a, nil), types.TypeString(b, nil)) })
	return &lost
}

// losesName reports whether the interpreter names t by the underlying
// types of the program's non-struct types it is built from (see
// lostTypeName); depth 0 is t itself, which the helpers name when it is
// one of the program's types or a pointer to one.
func (l *lowerer) losesName(t types.Type, depth int) bool {
	if depth > 8 {
		return false
	}
	switch u := types.Unalias(t).(type) {
	case *types.Named:
		if depth == 0 || u.Obj().Pkg() != l.pkg || u.TypeParams().Len() > 0 {
			return false
		}
		switch u.Underlying().(type) {
		case *types.Struct, *types.Interface:
			return false
		}
		return true
	case *types.Pointer:
		if depth == 0 {
			if _, named := types.Unalias(u.Elem()).(*types.Named); named {
				return false
			}
		}
		return l.losesName(u.Elem(), depth+1)
	case *types.Slice:
		return l.losesName(u.Elem(), depth+1)
	case *types.Array:
		return l.losesName(u.Elem(), depth+1)
	case *types.Map:
		return l.losesName(u.Key(), depth+1) || l.losesName(u.Elem(), depth+1)
	case *types.Chan:
		return l.losesName(u.Elem(), depth+1)
	case *types.Signature:
		for _, tup := range []*types.Tuple{u.Params(), u.Results()} {
			for i := range tup.Len() {
				if l.losesName(tup.At(i).Type(), depth+1) {
					return true
				}
			}
		}
	}
	return false
}

// erasedNames is t with each named non-struct type of the program
// replaced by its underlying type, as the interpreter builds t.
func erasedNames(t types.Type) types.Type {
	switch u := types.Unalias(t).(type) {
	case *types.Named:
		if _, ok := u.Underlying().(*types.Struct); ok || u.Obj().Pkg() == nil || u.Obj().Pkg().Name() != "main" {
			return u
		}
		return erasedNames(u.Underlying())
	case *types.Pointer:
		return types.NewPointer(erasedNames(u.Elem()))
	case *types.Slice:
		return types.NewSlice(erasedNames(u.Elem()))
	case *types.Array:
		return types.NewArray(erasedNames(u.Elem()), u.Len())
	case *types.Map:
		return types.NewMap(erasedNames(u.Key()), erasedNames(u.Elem()))
	case *types.Chan:
		return types.NewChan(u.Dir(), erasedNames(u.Elem()))
	case *types.Signature:
		erase := func(tup *types.Tuple) *types.Tuple {
			vars := make([]*types.Var, tup.Len())
			for i := range tup.Len() {
				vars[i] = types.NewParam(tup.At(i).Pos(), nil, "", erasedNames(tup.At(i).Type()))
			}
			return types.NewTuple(vars...)
		}
		return types.NewSignatureType(nil, nil, nil, erase(u.Params()), erase(u.Results()), u.Variadic())
	}
	return t
}
