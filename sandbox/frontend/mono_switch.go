package frontend

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// Generic code may hold what ordinary code may not, once the type
// arguments are in: two cases of a switch or two keys of a map literal
// that become the same type or constant, a type assertion or type switch
// case that cannot succeed. Go runs such code (the first matching case
// wins; the last of equal keys stays; the impossible case never matches),
// so the instances drop the duplicate cases and impossible ones, keep
// the keys out of constants, and turn an impossible assertion into its
// failure.

// switchEdits returns the edits for the cases of a switch in an instance.
func (m *monomorphizer) switchEdits(n ast.Node, bind map[*types.TypeParam]types.Type) []edit {
	switch n := n.(type) {
	case *ast.TypeSwitchStmt:
		var subject types.Type
		switch a := n.Assign.(type) {
		case *ast.AssignStmt:
			subject = m.typeOf(a.Rhs[0].(*ast.TypeAssertExpr).X)
		case *ast.ExprStmt:
			subject = m.typeOf(a.X.(*ast.TypeAssertExpr).X)
		}
		if subject == nil {
			return nil
		}
		subject = m.subst(subject, bind)
		iface, _ := subject.Underlying().(*types.Interface)
		var seen []types.Type
		return m.pruneCases(n.Body, func(e ast.Expr) bool {
			tv := m.typeAndValue(e)
			if tv.IsNil() {
				return true
			}
			t := m.subst(tv.Type, bind)
			for _, s := range seen {
				if types.Identical(s, t) {
					return false
				}
			}
			seen = append(seen, t)
			return iface == nil || types.IsInterface(t) || types.AssertableTo(iface, t)
		})
	case *ast.CompositeLit:
		return m.mapKeyEdits(n, bind)
	case *ast.SwitchStmt:
		if n.Tag == nil {
			return nil
		}
		type key struct {
			t string
			v string
		}
		seen := map[key]bool{}
		return m.pruneCases(n.Body, func(e ast.Expr) bool {
			t, v := m.caseConstant(e, bind)
			if v == nil {
				return true
			}
			k := key{types.TypeString(t, nil), v.ExactString()}
			if seen[k] {
				return false
			}
			seen[k] = true
			return true
		})
	}
	return nil
}

// mapKeyEdits returns the edits that keep each key of a map literal that
// is a constant only in the instance (T(0)) a value computed at run
// time, as in the generic code: []K{T(0)}[0].
func (m *monomorphizer) mapKeyEdits(lit *ast.CompositeLit, bind map[*types.TypeParam]types.Type) []edit {
	mt, ok := m.subst(m.typeOf(lit), bind).Underlying().(*types.Map)
	if !ok {
		return nil
	}
	var edits []edit
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok || m.typeAndValue(kv.Key).Value != nil {
			continue
		}
		if t, v := m.caseConstant(kv.Key, bind); v == nil || !types.Identical(t, mt.Key()) && !types.IsInterface(mt.Key()) {
			continue
		}
		t := m.subst(m.typeOf(kv.Key), bind)
		start, end := m.offset(kv.Key.Pos()), m.offset(kv.Key.End())
		edits = append(edits,
			edit{start: start, end: start, text: "[]" + m.typeText(t, false) + "{"},
			edit{start: end, end: end, text: "}[0]"})
	}
	return edits
}

// caseConstant returns the type and value a case expression has in the
// instance when it is a constant there: a constant, or a type parameter
// converting one (T(0)).
func (m *monomorphizer) caseConstant(e ast.Expr, bind map[*types.TypeParam]types.Type) (types.Type, constant.Value) {
	tv := m.typeAndValue(e)
	if tv.Value != nil {
		return tv.Type, tv.Value
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil, nil
	}
	arg := m.typeAndValue(call.Args[0])
	fun := m.typeAndValue(call.Fun)
	if arg.Value == nil || !fun.IsType() {
		return nil, nil
	}
	t := m.subst(fun.Type, bind)
	if _, isParam := t.(*types.TypeParam); isParam {
		return nil, nil
	}
	return t, arg.Value
}

// pruneCases drops the case expressions keep rejects, and a case clause
// left without any.
func (m *monomorphizer) pruneCases(body *ast.BlockStmt, keep func(ast.Expr) bool) []edit {
	var edits []edit
	for _, s := range body.List {
		cc := s.(*ast.CaseClause)
		if cc.List == nil {
			continue // default
		}
		var kept []int
		for i, e := range cc.List {
			if keep(e) {
				kept = append(kept, i)
			}
		}
		switch {
		case len(kept) == len(cc.List):
		case len(kept) == 0:
			edits = append(edits, edit{start: m.offset(cc.Pos()), end: m.offset(cc.End()), blank: true})
		default:
			// Drop each rejected expression with the comma before it
			// (after it, for the first).
			k := map[int]bool{}
			for _, i := range kept {
				k[i] = true
			}
			for i, e := range cc.List {
				if k[i] {
					continue
				}
				start, end := e.Pos(), e.End()
				if i > 0 {
					start = cc.List[i-1].End()
				} else {
					end = cc.List[1].Pos()
				}
				edits = append(edits, edit{start: m.offset(start), end: m.offset(end), text: " "})
			}
		}
	}
	return edits
}

// assertEdit returns the edit for a type assertion that cannot succeed in
// the instance, or false.
func (m *monomorphizer) assertEdit(n *ast.TypeAssertExpr, parent ast.Node, bind map[*types.TypeParam]types.Type) (edit, bool) {
	if n.Type == nil {
		return edit{}, false
	}
	x := m.subst(m.typeOf(n.X), bind)
	t := m.subst(m.typeOf(n.Type), bind)
	iface, ok := x.Underlying().(*types.Interface)
	if !ok || types.IsInterface(t) || types.AssertableTo(iface, t) {
		return edit{}, false
	}
	zero := "*new(" + m.typeText(t, false) + ")"
	if as, ok := parent.(*ast.AssignStmt); ok && len(as.Lhs) == 2 && len(as.Rhs) == 1 {
		// v, ok := x.(T): the zero value and false.
		return edit{start: m.offset(n.Pos()), end: m.offset(n.End()), text: zero + ", false"}, true
	}
	msg := "interface conversion: " + types.TypeString(x, func(p *types.Package) string { return p.Name() }) +
		" is not " + types.TypeString(t, func(p *types.Package) string { return p.Name() })
	return edit{start: m.offset(n.Pos()), end: m.offset(n.End()),
		text: "func() " + m.typeText(t, false) + " { panic(" + quote(msg) + ") }()"}, true
}

func quote(s string) string { return constant.MakeString(s).ExactString() }

var _ = token.NoPos
