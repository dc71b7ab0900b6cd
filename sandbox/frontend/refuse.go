package frontend

import (
	"go/ast"
	"go/types"
	"sort"
)

// Constructs the interpreter runs wrongly and the lowering cannot fix.
//
// refuseUnfaithful finds them on the learner's checked tree, before any
// rewrite, and reports each at its line as not supported, so that the
// program is refused instead of printing a wrong answer:
//
//   - a type assertion or type switch case naming a type (not an
//     interface) whose name another type of the program also has (a type declared inside a
//     function beside one at package level): the interpreter takes one
//     for the other;
//   - a struct whose embedded fields promote the same method at two
//     depths, the deeper in an earlier field: Go takes the shallower
//     one, the interpreter the first it finds;
//   - a deferred call that may panic, deferred after a function that
//     recovers (refuseDeferAfterRecover);
//   - a type declared inside a function that loses its identity in
//     interfaces the program tells apart (refuseLocalIdentity);
//   - a float argument that may be -0 in a program that tests the sign
//     of zero (refuseSignedZero);
//   - a conversion between interface types with methods in a program that
//     compares their values (refuseIfaceToIface);
//   - a map with interface keys in a program that recovers and has an
//     unhashable struct type (refuseUnhashableKeys);
//   - a key of a map with interface keys that may be a value of the
//     program's types with methods (refuseMapKeys);
//   - a struct value with value-receiver Unwrap, Is or As methods
//     stored in an interface, in a program that uses errors.Is, As or
//     Unwrap (refuseStructUnwrappers);
//   - a never-set pointer variable stored in an interface with methods
//     (refuseNilPointerInIface);
//   - a type assertion or type switch from a package's interface other
//     than error to a type of the program (refuseAssertFromPackageIface);
//   - a type assertion, type switch case or errors.As from an error to an
//     interface with more methods that only the packages' types have
//     (refusePackageErrorsToIface);
//   - an error or a function returning one handed to the course's
//     packages in a program with an error type with Unwrap, Is or As
//     methods (refuseChainsIntoCore);
//   - a type assertion or type switch case to a composite type of which
//     the program uses another type of that shape ([]Item and
//     []struct{ S int }; refuseCompositeTwins);
//   - == and != between pointers to a zero-size type
//     (refuseZeroSizePointerCompare);
//   - a capacity-sensitive use (cap, an append not assigned back, a
//     3-index slice, slices.Grow) of a slice gc may have grown on the
//     stack, with a different capacity (refuseStackCapacity);
//   - clear of a map whose keys may be NaN (floating-point, complex or
//     interface keys): NaN keys cannot be deleted one by one, and only
//     Go's clear removes them.
func (l *lowerer) refuseUnfaithful() {
	l.refuseLocalIdentity()
	l.refuseIterSeqIdentity()
	l.refuseStackCapacity()
	l.refuseMethodTwins() // before refuseCompositeTwins, which sees its tags
	l.refuseCompositeTwins()
	l.refuseFallthroughFromDefault()
	l.refuseSignedZero()
	l.refuseIfaceToIface()
	l.refuseUnhashableKeys()
	l.refuseMapKeys()
	l.refuseStructUnwrappers()
	l.refuseNilPointerInIface()
	l.refuseAssertFromPackageIface()
	l.refusePackageErrorsToIface()
	l.refuseChainsIntoCore()
	l.refuseDeclarations()
	l.refuseLocalAliases()
	l.refusePromotedIntoIface()
	l.refuseZeroSizePointerCompare()
	names := map[string]int{}
	for _, obj := range l.info.Defs {
		if tn, ok := obj.(*types.TypeName); ok && !tn.IsAlias() {
			names[tn.Name()]++
		}
	}
	sharedName := func(t types.Type) (string, bool) {
		for {
			p, ok := t.(*types.Pointer)
			if !ok {
				break
			}
			t = p.Elem()
		}
		n, ok := t.(*types.Named)
		if !ok || types.IsInterface(n) || n.Obj().Pkg() != l.pkg || names[n.Obj().Name()] < 2 {
			return "", false
		}
		return n.Obj().Name(), true
	}
	ast.Inspect(l.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.TypeAssertExpr:
			if n.Type == nil {
				break
			}
			if name, ok := sharedName(l.typeOf(n.Type)); ok {
				l.unsupported(n.Type.Pos(), "a type assertion to "+name+", a name two types of the program have, is not supported by the playground; give the types different names")
			}
		case *ast.TypeSwitchStmt:
			for _, s := range n.Body.List {
				for _, e := range s.(*ast.CaseClause).List {
					if name, ok := sharedName(l.typeOf(e)); ok {
						l.unsupported(e.Pos(), "a type switch case "+name+", a name two types of the program have, is not supported by the playground; give the types different names")
					}
				}
			}
		case *ast.StructType:
			if name, ok := shadowedPromotion(l.typeOf(n)); ok {
				l.unsupported(n.Pos(), "a struct whose embedded fields bring method "+name+" at two depths is not supported by the playground; call it through the field you mean")
			}
		case *ast.CallExpr:
			l.refuseClearNaN(n)
		case *ast.FuncDecl:
			l.refuseDeferAfterRecover(n.Body)
		case *ast.FuncLit:
			l.refuseDeferAfterRecover(n.Body)
		}
		return true
	})
}

// refuseClearNaN refuses clear(m) of a map whose keys may be NaN.
func (l *lowerer) refuseClearNaN(call *ast.CallExpr) {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok || len(call.Args) != 1 {
		return
	}
	if b, ok := l.info.Uses[id].(*types.Builtin); !ok || b.Name() != "clear" {
		return
	}
	m, ok := under(l.typeOf(call.Args[0])).(*types.Map)
	if ok && mayHoldNaN(m.Key(), 0) {
		l.unsupported(call.Pos(), "clear of a map with floating-point or interface keys is not supported by the playground (its NaN keys would stay); delete the keys in a loop or make a new map")
	}
}

// mayHoldNaN reports whether a value of type t may be or hold a NaN.
func mayHoldNaN(t types.Type, depth int) bool {
	if depth > 8 {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&(types.IsFloat|types.IsComplex) != 0
	case *types.Interface:
		return true
	case *types.Array:
		return mayHoldNaN(u.Elem(), depth+1)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if mayHoldNaN(u.Field(i).Type(), depth+1) {
				return true
			}
		}
	}
	return false
}

// shadowedPromotion reports a method name that an embedded field of
// struct type t promotes from deeper than a later field does (the
// shallowest in each field's own tree counts: within a field, its
// methods shadow deeper ones as they should), if any.
func shadowedPromotion(t types.Type) (string, bool) {
	s, ok := under(t).(*types.Struct)
	if !ok {
		return "", false
	}
	// minDepth[name][i]: the shallowest depth of name under field i.
	minDepth := map[string]map[int]int{}
	seen := map[types.Type]bool{}
	var walk func(s *types.Struct, depth, branch int)
	walk = func(s *types.Struct, depth, branch int) {
		if depth > 6 {
			return
		}
		for i := 0; i < s.NumFields(); i++ {
			f := s.Field(i)
			if !f.Embedded() {
				continue
			}
			b := branch
			if depth == 1 {
				b = i
			}
			ft := f.Type()
			if p, ok := ft.(*types.Pointer); ok {
				ft = p.Elem()
			}
			if seen[ft] {
				continue // a cycle through pointers
			}
			ms := types.NewMethodSet(types.NewPointer(ft))
			if types.IsInterface(ft) {
				ms = types.NewMethodSet(ft)
			}
			for j := 0; j < ms.Len(); j++ {
				sel := ms.At(j)
				if len(sel.Index()) != 1 {
					continue // promoted further down: found there
				}
				name := sel.Obj().Name()
				if minDepth[name] == nil {
					minDepth[name] = map[int]int{}
				}
				if d, ok := minDepth[name][b]; !ok || depth < d {
					minDepth[name][b] = depth
				}
			}
			if inner, ok := ft.Underlying().(*types.Struct); ok {
				seen[ft] = true
				walk(inner, depth+1, b)
				delete(seen, ft)
			}
		}
	}
	walk(s, 1, 0)
	var found []string
	for name, byField := range minDepth {
		// The interpreter searches the fields in order, each to the
		// bottom: it goes wrong when a deeper one comes first.
		for i, di := range byField {
			for j, dj := range byField {
				if i < j && di > dj {
					found = append(found, name)
				}
			}
		}
	}
	if len(found) == 0 {
		return "", false
	}
	sort.Strings(found)
	return found[0], true
}

// refuseDeferAfterRecover refuses, in one function body, a deferred call
// that may panic (a function value or interface method, possibly nil, or
// a literal that panics) deferred after a function that recovers: Go runs
// the recovering one last and it recovers the panic; the interpreter
// stops running deferred calls at the panic.
func (l *lowerer) refuseDeferAfterRecover(body *ast.BlockStmt) {
	if body == nil {
		return
	}
	recovering := false
	ast.Inspect(body, func(n ast.Node) bool {
		d, ok := n.(*ast.DeferStmt)
		if _, lit := n.(*ast.FuncLit); lit {
			return false // its own body is checked on its own
		}
		if !ok {
			return true
		}
		if recovering && l.deferMayPanic(d.Call) {
			l.unsupported(d.Pos(), "a deferred call that may panic, deferred after a function that recovers, is not supported by the playground (the recovering function would not see the panic)")
		}
		if l.recovers(d.Call.Fun) {
			recovering = true
		}
		return true
	})
}

// recovers reports whether fun is a function literal or a package-level
// function whose body calls recover.
func (l *lowerer) recovers(fun ast.Expr) bool {
	switch f := ast.Unparen(fun).(type) {
	case *ast.FuncLit:
		return callsRecover(f.Body)
	case *ast.Ident:
		if l.recoverVars()[l.info.Uses[f]] {
			return true
		}
		for _, d := range l.file.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && l.info.Defs[fd.Name] == l.info.Uses[f] && fd.Body != nil {
				return callsRecover(fd.Body)
			}
		}
	}
	return false
}

// deferMayPanic reports whether a deferred call may panic in a way a
// learner would recover: its function is a value (possibly nil) or an
// interface's method, or it is a literal that calls panic.
func (l *lowerer) deferMayPanic(call *ast.CallExpr) bool {
	fun := ast.Unparen(call.Fun)
	if lit, ok := fun.(*ast.FuncLit); ok {
		panics := false
		ast.Inspect(lit.Body, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok {
				if id, ok := ast.Unparen(c.Fun).(*ast.Ident); ok && l.info.Uses[id] == types.Universe.Lookup("panic") {
					panics = true
				}
			}
			_, nested := n.(*ast.FuncLit)
			return !panics && (!nested || n == lit)
		})
		return panics
	}
	if l.staticFunc(fun) {
		return false
	}
	if sel, ok := fun.(*ast.SelectorExpr); ok {
		if s := l.info.Selections[sel]; s != nil && s.Kind() == types.MethodVal {
			return types.IsInterface(s.Recv())
		}
	}
	return true
}
