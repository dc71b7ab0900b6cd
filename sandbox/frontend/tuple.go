package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
)

// Assignments to places other than variables.
//
// Go evaluates an assignment in two phases: first the index expressions
// and pointer indirections on the left and every value on the right, in
// the usual order, then the assignments, left to right. The interpreter
// mixes the phases when a destination is not a plain variable:
//
//	i, m[i] = 1, 2            // indexes m with the new i
//	m[f()], *g() = h()        // stores nothing
//	r[k], ok = x.(string)     // stores nothing in r[k]
//	m[0] = *p                 // inserts m[0] although *p panics
//
// lowerPlaces spells the two phases out: temporaries for the operands of
// each destination (the map or slice and its index, the pointer), then
// for the values, then one plain assignment per destination:
//
//	{
//		_fl_m1, _fl_k2 := m, i
//		_fl_v3 := 1
//		_fl_v4 := 2
//		i = _fl_v3
//		_fl_m1[_fl_k2] = _fl_v4
//	}
func (l *lowerer) lowerPlaces(c *astutil.Cursor, n *ast.AssignStmt) bool {
	if c.Index() < 0 {
		return false
	}
	if n.Tok != token.ASSIGN && n.Tok != token.DEFINE {
		return l.lowerOpAssign(c, n)
	}
	if n.Tok != token.ASSIGN || !l.placesNeedPhases(n) {
		return false
	}
	l.note("assignments to places")
	var temps []ast.Stmt
	lhs := make([]ast.Expr, len(n.Lhs))
	for i, x := range n.Lhs {
		lhs[i] = l.placeOperands(x, &temps)
	}
	values := make([]ast.Expr, len(n.Lhs))
	if len(n.Rhs) == 1 && len(n.Lhs) > 1 {
		// One call or comma-ok form with several values.
		def := &ast.AssignStmt{Tok: token.DEFINE, Rhs: n.Rhs}
		for i := range n.Lhs {
			name := l.fresh("v")
			def.Lhs = append(def.Lhs, ast.NewIdent(name))
			values[i] = ast.NewIdent(name)
		}
		temps = append(temps, def)
	} else {
		// As in go run, the calls first, then the other operands.
		for i, e := range n.Rhs {
			n.Rhs[i] = l.hoistCalls(e, &temps)
		}
		for i, e := range n.Rhs {
			var typ types.Type
			if tv := l.typeAndValue(e); tv.Type == nil || isUntyped(tv.Type) {
				if !isBlank(n.Lhs[i]) {
					typ = l.typeOf(n.Lhs[i])
				}
			} else if tv.Value != nil {
				// A constant has the type it is converted to (1 into a
				// float64); written alone it would be an int.
				typ = tv.Type
			}
			values[i] = l.temp(e, typ, &temps)
		}
	}
	for i, x := range lhs {

		v := values[i]
		if len(n.Rhs) == 1 && len(n.Lhs) == 2 && i == 1 && l.isCommaOK(n.Rhs[0]) {
			if t := l.typeOf(n.Lhs[1]); t != nil && !types.Identical(t, types.Typ[types.Bool]) {
				texpr, _ := l.typeExpr(t)
				v = &ast.CallExpr{Fun: l.parseExpr("(" + texpr + ")"), Args: []ast.Expr{v}}
			}
		}
		temps = append(temps, &ast.AssignStmt{Lhs: []ast.Expr{x}, TokPos: n.TokPos, Tok: token.ASSIGN, Rhs: []ast.Expr{v}})
	}
	c.Replace(&ast.BlockStmt{Lbrace: n.Pos(), List: temps})
	return true
}

// placesNeedPhases reports whether n assigns to a place the interpreter
// mishandles: several destinations of which one is not a variable, or a
// map element from a value that may panic.
func (l *lowerer) placesNeedPhases(n *ast.AssignStmt) bool {
	if len(n.Lhs) > 1 {
		for _, x := range n.Lhs {
			if l.isPlace(x) {
				return true
			}
		}
		if len(n.Rhs) == 1 {
			// "_, _ = m[k]": the interpreter does not evaluate m[k].
			for _, x := range n.Lhs {
				if !isBlank(x) {
					return false
				}
			}
			return !l.hasCall(n.Rhs[0]) && l.mayPanic(n.Rhs[0])
		}
		// "a, b = x, *p": the interpreter assigns a before *p panics.
		// (With calls, lowerAssign orders the statement.)
		if len(n.Rhs) != len(n.Lhs) || l.needsSplit(false, n.Rhs) {
			return false
		}
		for _, e := range n.Rhs {
			if l.hasCall(e) {
				return false
			}
		}
		for _, e := range n.Rhs[1:] {
			if l.mayPanic(e) {
				return true
			}
		}
		return false
	}
	if isBlank(n.Lhs[0]) && len(n.Rhs) == 1 {
		// "_ = *p": the interpreter does not evaluate *p; "_ = a == b"
		// it stores into the wrong slot.
		if tv := l.typeAndValue(n.Rhs[0]); tv.Value == nil && isBoolOp(n.Rhs[0]) {
			return true
		}
		return !l.hasCall(n.Rhs[0]) && l.mayPanic(n.Rhs[0])
	}
	ix, ok := ast.Unparen(n.Lhs[0]).(*ast.IndexExpr)
	if !ok || len(n.Rhs) != 1 {
		return false
	}
	if _, isMap := under(l.typeOf(ix.X)).(*types.Map); !isMap {
		return false
	}
	return l.mayPanic(n.Rhs[0])
}

// isPlace reports whether x is a destination other than a variable or _.
func (l *lowerer) isPlace(x ast.Expr) bool {
	switch x := ast.Unparen(x).(type) {
	case *ast.IndexExpr, *ast.StarExpr:
		return true
	case *ast.SelectorExpr:
		sel := l.info.Selections[x]
		return sel != nil && sel.Kind() == types.FieldVal
	}
	return false
}

// mayPanic reports whether evaluating e may panic or call a function:
// it dereferences, indexes, asserts, divides, calls or receives.
func (l *lowerer) mayPanic(e ast.Expr) bool {
	if tv, ok := l.info.Types[e]; ok && tv.Value != nil {
		return false
	}
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.StarExpr, *ast.IndexExpr, *ast.TypeAssertExpr, *ast.CallExpr, *ast.SliceExpr:
			found = true
		case *ast.UnaryExpr:
			found = x.Op == token.ARROW
		case *ast.BinaryExpr:
			found = x.Op == token.QUO || x.Op == token.REM
		case *ast.SelectorExpr:
			if sel := l.info.Selections[x]; sel != nil && sel.Indirect() {
				found = true
			}
		}
		return !found
	})
	return found
}

// placeOperands moves the operands of destination x that Go evaluates
// before the assignment (a map, slice or pointer and an index) into
// temporaries and returns the destination that uses them.
func (l *lowerer) placeOperands(x ast.Expr, temps *[]ast.Stmt) ast.Expr {
	operand := func(e ast.Expr) ast.Expr {
		if tv, ok := l.info.Types[e]; ok && tv.Value != nil {
			return e
		}
		var typ types.Type
		if t := l.typeOf(e); t != nil && isUntyped(t) {
			typ = types.Default(t)
		}
		ref := l.temp(e, typ, temps)
		ref.(*ast.Ident).NamePos = e.Pos() // a panic is placed at the destination
		return ref
	}
	switch p := ast.Unparen(x).(type) {
	case *ast.IndexExpr:
		// A checked index (checked.go) is checked when assigning.
		var check *ast.CallExpr
		index := p.Index
		if call, ok := index.(*ast.CallExpr); ok {
			if id, ok := call.Fun.(*ast.Ident); ok && strings.HasPrefix(id.Name, helperPrefix) && strings.HasSuffix(id.Name, "idx") {
				check, index = call, call.Args[0].(*ast.CallExpr).Args[0]
			}
		}
		var place ast.Expr
		switch under(l.typeOf(p.X)).(type) {
		case *types.Map, *types.Slice:
			place = operand(p.X)
		case *types.Pointer:
			place = &ast.ParenExpr{X: &ast.StarExpr{X: operand(p.X)}}
		default: // an array variable: only its index is evaluated early
			place = p.X
		}
		index = operand(index)
		if check != nil {
			index = &ast.CallExpr{Fun: check.Fun, Args: []ast.Expr{intArg(index), builtinCall("len", place)}}
		}
		return &ast.IndexExpr{X: place, Index: index}
	case *ast.StarExpr:
		return &ast.StarExpr{X: operand(p.X)}
	case *ast.SelectorExpr:
		sel := l.info.Selections[p]
		if sel == nil || len(sel.Index()) != 1 {
			break
		}
		if _, isPtr := under(l.typeOf(p.X)).(*types.Pointer); isPtr {
			return &ast.SelectorExpr{X: operand(p.X), Sel: p.Sel}
		}
		switch ast.Unparen(p.X).(type) {
		case *ast.SelectorExpr, *ast.IndexExpr, *ast.StarExpr:
			// A field of a field or element: its own operands.
			return &ast.SelectorExpr{X: l.placeOperands(p.X, temps), Sel: p.Sel}
		}
	}
	return x
}

// under is t's underlying type, nil for nil.
func under(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	return t.Underlying()
}

// returnNeedsTemps reports whether the interpreter would store some of
// n's results before it has evaluated all of them: the function names its
// results and a result reads one ("return b, a" stores b into a, then
// reads the new a), or a result after the first may panic ("return true,
// *p" returns true to a deferred recover).
func (l *lowerer) returnNeedsTemps(n *ast.ReturnStmt, results *types.Tuple) bool {
	if len(n.Results) < 2 {
		return false
	}
	named := map[types.Object]bool{}
	for i := 0; i < results.Len(); i++ {
		if results.At(i).Name() != "" {
			named[results.At(i)] = true
		}
	}
	for i, r := range n.Results {
		if i > 0 && l.mayPanic(r) {
			return true
		}
		reads := false
		ast.Inspect(r, func(x ast.Node) bool {
			if id, ok := x.(*ast.Ident); ok && named[l.info.Uses[id]] && l.info.Uses[id] != results.At(i) {
				reads = true
			}
			return !reads
		})
		if reads {
			return true
		}
	}
	return false
}

// lowerAppendArgs turns append(s, a, b) into append(s, []T{a, b}...)
// when a later value reads memory: the interpreter stores each value
// into s's array before it evaluates the next, so in
// append(s[:n-1], '5', s[n-1]) the last value reads the '5'.
func (l *lowerer) lowerAppendArgs(call *ast.CallExpr) {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok || call.Ellipsis.IsValid() || len(call.Args) < 3 {
		return
	}
	if b, ok := l.info.Uses[id].(*types.Builtin); !ok || b.Name() != "append" {
		return
	}
	s, ok := under(l.typeOf(call)).(*types.Slice)
	if !ok {
		return
	}
	reads := false
	for _, a := range call.Args[2:] {
		if tv := l.typeAndValue(a); tv.Value == nil {
			if _, isID := ast.Unparen(a).(*ast.Ident); !isID {
				reads = true
			}
		}
	}
	if !reads {
		return
	}
	l.note("append of several values")
	texpr, _ := l.typeExpr(s.Elem())
	lit := &ast.CompositeLit{Type: l.parseExpr("[]" + texpr), Elts: call.Args[1:]}
	call.Args = []ast.Expr{call.Args[0], lit}
	call.Ellipsis = lit.End()
}

// lowerOpAssign rewrites "*x += f()" (or x[i] or m[k] with any operator)
// where the value calls a function: go run calls f first, then reads and
// writes *x through x as f left it; the interpreter reads *x before the
// call and writes it after, through the new x. The call goes first, into
// a temporary.
func (l *lowerer) lowerOpAssign(c *astutil.Cursor, n *ast.AssignStmt) bool {
	if len(n.Lhs) != 1 || len(n.Rhs) != 1 || !l.isPlace(n.Lhs[0]) || !l.hasCall(n.Rhs[0]) {
		return false
	}
	l.note("assignments to places")
	var temps []ast.Stmt
	var typ types.Type
	if t := l.typeOf(n.Rhs[0]); t != nil && isUntyped(t) && n.Tok != token.SHL_ASSIGN && n.Tok != token.SHR_ASSIGN {
		typ = l.typeOf(n.Lhs[0])
	}
	v := l.temp(n.Rhs[0], typ, &temps)
	temps = append(temps, &ast.AssignStmt{Lhs: n.Lhs, TokPos: n.TokPos, Tok: n.Tok, Rhs: []ast.Expr{v}})
	c.Replace(&ast.BlockStmt{Lbrace: n.Pos(), List: temps})
	return true
}
