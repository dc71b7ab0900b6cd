package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
)

// refuseIfaceToIface refuses, in a program that compares two values of
// interface types with methods (not error) with == or !=, a conversion of
// a value of one such interface type to another: the interpreter's copy
// remembers where it was converted, and equal values compare unequal.
func (l *lowerer) refuseIfaceToIface() {
	methodful := func(t types.Type) bool {
		return t != nil && methodsOf(t) && !isError(t)
	}
	compares := false
	ast.Inspect(l.file, func(n ast.Node) bool {
		if b, ok := n.(*ast.BinaryExpr); ok && (b.Op == token.EQL || b.Op == token.NEQ) {
			if methodful(l.typeOf(b.X)) && methodful(l.typeOf(b.Y)) {
				compares = true
			}
		}
		return !compares
	})
	if !compares {
		return
	}
	done := false
	check := func(target types.Type, e ast.Expr) {
		src := l.typeOf(e)
		if done || !methodful(target) || src == nil || !types.IsInterface(src) || types.Identical(src, target) || l.typeAndValue(e).IsNil() {
			return
		}
		done = true
		l.unsupported(e.Pos(), "converting a value of one interface type to another ("+types.TypeString(target, types.RelativeTo(l.pkg))+"), in a program that compares such interface values, is not supported by the playground (equal values would compare unequal)")
	}
	ast.Inspect(l.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if n.Tok == token.ASSIGN && len(n.Lhs) == len(n.Rhs) {
				for i, r := range n.Rhs {
					check(l.typeOf(n.Lhs[i]), r)
				}
			}
		case *ast.ValueSpec:
			if n.Type != nil {
				for _, v := range n.Values {
					check(l.typeOf(n.Type), v)
				}
			}
		case *ast.CallExpr:
			if l.isConversion(n) && len(n.Args) == 1 {
				check(l.typeOf(n.Fun), n.Args[0])
				break
			}
			if sig, ok := under(l.typeOf(n.Fun)).(*types.Signature); ok && !n.Ellipsis.IsValid() {
				for i, a := range n.Args {
					if i < sig.Params().Len() && !(sig.Variadic() && i >= sig.Params().Len()-1) {
						check(sig.Params().At(i).Type(), a)
					}
				}
			}
		}
		return !done
	})
}

// refuseUnhashableKeys refuses, in a program that recovers from panics
// and declares a struct type that cannot be a map key, the use of a map
// with interface keys: storing such a struct under an interface key
// panics, and the interpreter's message names the struct's fields, not
// its type ("hash of unhashable type main.T").
func (l *lowerer) refuseUnhashableKeys() {
	recovers, unhashable := false, false
	ast.Inspect(l.file, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if id, ok := ast.Unparen(c.Fun).(*ast.Ident); ok && l.info.Uses[id] == types.Universe.Lookup("recover") {
				recovers = true
			}
		}
		return !recovers
	})
	for _, obj := range l.info.Defs {
		if tn, ok := obj.(*types.TypeName); ok {
			if _, isStruct := tn.Type().Underlying().(*types.Struct); isStruct && !types.Comparable(tn.Type()) {
				unhashable = true
			}
		}
	}
	if !recovers || !unhashable {
		return
	}
	done := false
	ast.Inspect(l.file, func(n ast.Node) bool {
		if ix, ok := n.(*ast.IndexExpr); ok && !done {
			if m, ok := under(l.typeOf(ix.X)).(*types.Map); ok && types.IsInterface(m.Key()) {
				done = true
				l.unsupported(ix.Pos(), "a map with interface keys, in a program that recovers from panics and has a struct type that cannot be a key, is not supported by the playground (the panic would not name the type)")
			}
		}
		return !done
	})
}

// refuseNilPointerInIface refuses storing in an interface with methods a
// pointer variable that is never assigned (so nil) whose type's methods
// have value receivers: calling one through the interface panics, with
// Go's words "value method main.T.F called using nil *T pointer"; the
// interpreter's panic says something else.
func (l *lowerer) refuseNilPointerInIface() {
	assigned := map[types.Object]bool{}
	var candidates []*types.Var
	ast.Inspect(l.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ValueSpec:
			for i, name := range n.Names {
				v, ok := l.info.Defs[name].(*types.Var)
				if !ok || i < len(n.Values) || len(n.Values) > 0 {
					continue
				}
				p, ok := v.Type().(*types.Pointer)
				if !ok {
					continue
				}
				if named, ok := p.Elem().(*types.Named); ok && named.Obj().Pkg() == l.pkg && types.NewMethodSet(named).Len() > 0 {
					candidates = append(candidates, v)
				}
			}
		case *ast.AssignStmt:
			for _, x := range n.Lhs {
				if id, ok := ast.Unparen(x).(*ast.Ident); ok {
					assigned[l.info.ObjectOf(id)] = true
				}
			}
		case *ast.UnaryExpr:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND {
				assigned[l.info.ObjectOf(id)] = true
			}
		case *ast.RangeStmt:
			for _, x := range []ast.Expr{n.Key, n.Value} {
				if id, ok := x.(*ast.Ident); ok {
					assigned[l.info.ObjectOf(id)] = true
				}
			}
		}
		return true
	})
	nilVars := map[types.Object]bool{}
	for _, v := range candidates {
		if !assigned[v] {
			nilVars[v] = true
		}
	}
	if len(nilVars) == 0 {
		return
	}
	done := false
	check := func(target types.Type, e ast.Expr) {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if done || !ok || !nilVars[l.info.Uses[id]] || target == nil || !methodsOf(target) {
			return
		}
		done = true
		l.unsupported(e.Pos(), "storing "+id.Name+", a pointer that is never set (nil), in an interface is not supported by the playground (calling a value method through it would panic with other words); give it a value first")
	}
	ast.Inspect(l.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i, r := range n.Rhs {
					check(l.typeOf(n.Lhs[i]), r)
				}
			}
		case *ast.ValueSpec:
			if n.Type != nil {
				for _, v := range n.Values {
					check(l.typeOf(n.Type), v)
				}
			}
		case *ast.CallExpr:
			if sig, ok := under(l.typeOf(n.Fun)).(*types.Signature); ok && !n.Ellipsis.IsValid() {
				for i, a := range n.Args {
					if i < sig.Params().Len() && !(sig.Variadic() && i >= sig.Params().Len()-1) {
						check(sig.Params().At(i).Type(), a)
					}
				}
			}
		}
		return !done
	})
}
