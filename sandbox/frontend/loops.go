package frontend

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/ast/astutil"
)

// loopKind says how a loop is lowered.
type loopKind int

const (
	loopPlain loopKind = iota // only per-iteration copies, if any
	loopInt                   // range over an integer
	loopFunc                  // range over a function
)

// loopPlan is what planFor and planRange decide on the original loop.
type loopPlan struct {
	kind     loopKind
	captured []types.Object // loop variables a closure or pointer can outlive an iteration with
	mutated  bool           // a three-clause loop's body may change a captured variable
}

// planRange classifies a range loop and finds its captured variables.
func (l *lowerer) planRange(n *ast.RangeStmt) {
	plan := &loopPlan{}
	switch u := l.typeAndValue(n.X).Type.Underlying().(type) {
	case *types.Basic:
		if u.Info()&types.IsInteger != 0 {
			plan.kind = loopInt
		}
	case *types.Signature:
		plan.kind = loopFunc
	}
	if plan.kind == loopPlain && n.Tok == token.DEFINE {
		vars := l.definedVars(n.Key, n.Value)
		plan.captured = l.escaping(vars, n.Body)
	}
	l.loops[n] = plan
}

// planFor finds the variables of a three-clause loop that need a copy per
// iteration (Go 1.22 semantics) and whether the body may change them.
func (l *lowerer) planFor(n *ast.ForStmt) {
	init, ok := n.Init.(*ast.AssignStmt)
	if !ok || init.Tok != token.DEFINE {
		return
	}
	vars := l.definedVars(init.Lhs...)
	plan := &loopPlan{captured: l.escaping(vars, n.Cond, n.Post, n.Body)}
	plan.mutated = l.mutates(plan.captured, n.Body)
	l.loops[n] = plan
}

// definedVars returns the variables that the identifiers declare.
func (l *lowerer) definedVars(exprs ...ast.Expr) map[types.Object]bool {
	vars := map[types.Object]bool{}
	for _, e := range exprs {
		if id, ok := e.(*ast.Ident); ok && id.Name != "_" {
			if obj := l.info.Defs[id]; obj != nil {
				vars[obj] = true
			}
		}
	}
	return vars
}

// escaping returns the variables of vars that a function literal refers to
// or whose address is taken within nodes, in a stable order.
func (l *lowerer) escaping(vars map[types.Object]bool, nodes ...ast.Node) []types.Object {
	found := map[types.Object]bool{}
	var order []types.Object
	add := func(obj types.Object) {
		if vars[obj] && !found[obj] {
			found[obj] = true
			order = append(order, obj)
		}
	}
	for _, node := range nodes {
		if node == nil || isNilNode(node) {
			continue
		}
		var walk func(n ast.Node, inFunc bool)
		walk = func(n ast.Node, inFunc bool) {
			ast.Inspect(n, func(c ast.Node) bool {
				switch c := c.(type) {
				case *ast.FuncLit:
					if !inFunc {
						walk(c.Body, true)
						return false
					}
				case *ast.Ident:
					if inFunc {
						add(l.info.Uses[c])
					}
				default:
					if root := l.addressed(c); root != nil {
						add(l.info.Uses[root])
					}
				}
				return true
			})
		}
		walk(node, false)
	}
	return order
}

// isNilNode reports whether n is a typed nil (an absent Cond or Post).
func isNilNode(n ast.Node) bool {
	switch n := n.(type) {
	case ast.Expr:
		return n == nil
	case ast.Stmt:
		return n == nil
	}
	return false
}

// addressed returns the variable whose address the node takes, explicitly
// (&x, &x.f, &a[i]) or implicitly (a pointer method on x, slicing an
// array), or nil.
func (l *lowerer) addressed(n ast.Node) *ast.Ident {
	switch n := n.(type) {
	case *ast.UnaryExpr:
		if n.Op == token.AND {
			return rootIdent(n.X)
		}
	case *ast.SliceExpr:
		if _, ok := l.typeAndValue(n.X).Type.Underlying().(*types.Array); ok {
			return rootIdent(n.X)
		}
	case *ast.SelectorExpr:
		sel := l.info.Selections[n]
		if sel == nil || sel.Kind() == types.FieldVal {
			return nil
		}
		sig := sel.Obj().Type().(*types.Signature)
		if sig.Recv() == nil {
			return nil
		}
		if _, ptr := sig.Recv().Type().(*types.Pointer); ptr {
			if _, xptr := l.typeAndValue(n.X).Type.Underlying().(*types.Pointer); !xptr {
				return rootIdent(n.X)
			}
		}
	}
	return nil
}

// rootIdent returns the variable an addressable expression is part of.
func rootIdent(e ast.Expr) *ast.Ident {
	for {
		switch x := e.(type) {
		case *ast.Ident:
			return x
		case *ast.ParenExpr:
			e = x.X
		case *ast.SelectorExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		default:
			return nil
		}
	}
}

// mutates reports whether body may assign to one of vars.
func (l *lowerer) mutates(vars []types.Object, body ast.Node) bool {
	if len(vars) == 0 {
		return false
	}
	set := map[types.Object]bool{}
	for _, v := range vars {
		set[v] = true
	}
	hit := func(e ast.Expr) bool {
		id := rootIdent(e)
		return id != nil && set[l.info.ObjectOf(id)]
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				found = found || hit(lhs)
			}
		case *ast.IncDecStmt:
			found = found || hit(n.X)
		case *ast.RangeStmt:
			found = found || n.Key != nil && hit(n.Key) || n.Value != nil && hit(n.Value)
		default:
			if id := l.addressed(n); id != nil {
				found = found || set[l.info.ObjectOf(id)]
			}
		}
		return !found
	})
	return found
}

// copies returns "a, b := a, b" for the named variables.
func copies(vars []types.Object) ast.Stmt {
	as := &ast.AssignStmt{Tok: token.DEFINE}
	for _, v := range vars {
		as.Lhs = append(as.Lhs, ast.NewIdent(v.Name()))
		as.Rhs = append(as.Rhs, ast.NewIdent(v.Name()))
	}
	return as
}

// lowerFor gives a three-clause loop per-iteration variables where a
// closure or pointer can tell the difference.
func (l *lowerer) lowerFor(n *ast.ForStmt) {
	plan := l.loops[n]
	if plan == nil || len(plan.captured) == 0 {
		return
	}
	l.note("per-iteration loop variables")
	if !plan.mutated {
		n.Body.List = append([]ast.Stmt{copies(plan.captured)}, n.Body.List...)
		return
	}
	// The body may change the variable, and the next iteration starts
	// from the changed value: iterate on a hidden variable, copy it in at
	// the top of the body and back at its end and before each continue.
	in := &ast.AssignStmt{Tok: token.DEFINE}
	out := &ast.AssignStmt{Tok: token.ASSIGN}
	for _, v := range plan.captured {
		hidden := l.fresh(v.Name())
		rename := func(node ast.Node) {
			if node == nil || isNilNode(node) {
				return
			}
			ast.Inspect(node, func(c ast.Node) bool {
				if id, ok := c.(*ast.Ident); ok && l.info.ObjectOf(id) == v {
					id.Name = hidden
				}
				return true
			})
		}
		rename(n.Init)
		rename(n.Cond)
		rename(n.Post)
		in.Lhs = append(in.Lhs, ast.NewIdent(v.Name()))
		in.Rhs = append(in.Rhs, ast.NewIdent(hidden))
		out.Lhs = append(out.Lhs, ast.NewIdent(hidden))
		out.Rhs = append(out.Rhs, ast.NewIdent(v.Name()))
	}
	label := l.labels[n]
	depth := 0 // loops nested in the body
	astutil.Apply(n.Body, func(c *astutil.Cursor) bool {
		switch s := c.Node().(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt, *ast.RangeStmt:
			depth++
		case *ast.BranchStmt:
			mine := s.Label == nil && depth == 0 || s.Label != nil && label != nil && s.Label.Name == label.Name
			if s.Tok == token.CONTINUE && mine {
				c.Replace(&ast.BlockStmt{List: []ast.Stmt{out, s}})
			}
		}
		return true
	}, func(c *astutil.Cursor) bool {
		switch c.Node().(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			depth--
		}
		return true
	})
	list := append([]ast.Stmt{in}, n.Body.List...)
	n.Body.List = append(list, out)
}

// lowerRange rewrites a range loop over an integer or a function into
// one the interpreter runs, and adds per-iteration copies elsewhere. It
// returns the statement replacing n, or nil to keep n.
func (l *lowerer) lowerRange(n *ast.RangeStmt) ast.Stmt {
	plan := l.loops[n]
	if s := l.lowerRangeCalledArrayPointer(n); s != nil {
		return s
	}
	if s := l.lowerRangeString(n); s != nil {
		return s
	}
	if length, ok := l.arrayPointerLen(n); ok && (n.Value == nil || isBlank(n.Value)) {
		// Only the index of a pointer to an array: Go does not even
		// evaluate the pointer (it may be nil), the interpreter
		// dereferences it.
		l.note("range over a pointer to an array")
		n.X = &ast.BasicLit{Kind: token.INT, Value: strconv.FormatInt(length, 10)}
		l.info.Types[n.X] = types.TypeAndValue{Type: types.Typ[types.Int], Value: constant.MakeInt64(length)}
		return l.lowerRangeInt(n)
	}
	if s := l.lowerRangeArrayPointer(n); s != nil {
		return s
	}
	switch plan.kind {
	case loopInt:
		l.note("range over int")
		return l.lowerRangeInt(n)
	case loopFunc:
		l.note("range over func")
		return l.lowerRangeFunc(n)
	}
	var block ast.Stmt
	if n.Tok == token.DEFINE {
		block = l.lowerRangeChanElements(n, plan)
	}
	if len(plan.captured) > 0 {
		l.note("per-iteration loop variables")
		n.Body.List = append([]ast.Stmt{copies(plan.captured)}, n.Body.List...)
	}
	if n.Tok == token.ASSIGN {
		l.rangeIntoExisting(n)
		block = l.lowerRangeChanElements(n, nil)
	}
	return block
}

// rangeIntoExisting turns "for k, v = range x", which the interpreter runs
// without assigning k and v, into a loop on fresh variables that assigns
// them at the top of each iteration.
func (l *lowerer) rangeIntoExisting(n *ast.RangeStmt) {
	assign := &ast.AssignStmt{Tok: token.ASSIGN}
	for _, e := range []*ast.Expr{&n.Key, &n.Value} {
		if *e == nil || isBlank(*e) {
			continue
		}
		name := l.fresh("r")
		assign.Lhs = append(assign.Lhs, *e)
		assign.Rhs = append(assign.Rhs, ast.NewIdent(name))
		*e = ast.NewIdent(name)
	}
	if len(assign.Lhs) == 0 {
		return
	}
	l.note("range into existing variables")
	if n.Key == nil || isBlank(n.Key) {
		n.Key = ast.NewIdent("_")
	}
	n.Tok = token.DEFINE
	n.Body.List = append([]ast.Stmt{assign}, n.Body.List...)
}

// lowerRangeInt turns "for i := range n" into a counting loop on a hidden
// counter, so that changing i in the body does not change the iteration
// and each iteration has its own i.
func (l *lowerer) lowerRangeInt(n *ast.RangeStmt) ast.Stmt {
	typ := types.Default(l.typeAndValue(n.X).Type)
	if n.Key != nil {
		if t := l.typeOf(n.Key); t != nil {
			typ = t
		}
	}
	texpr, _ := l.typeExpr(typ)
	zero := "0"
	if texpr != "int" {
		zero = texpr + "(0)"
	}
	counter := l.fresh("i")
	var limit ast.Expr = n.X
	init := &ast.AssignStmt{Tok: token.DEFINE, Lhs: []ast.Expr{ast.NewIdent(counter)}, Rhs: []ast.Expr{l.parseExpr(zero)}}
	if l.typeAndValue(n.X).Value == nil {
		name := l.fresh("n")
		init.Lhs = append(init.Lhs, ast.NewIdent(name))
		init.Rhs = append(init.Rhs, n.X)
		limit = ast.NewIdent(name)
	}
	body := n.Body
	if n.Key != nil && !isBlank(n.Key) {
		set := &ast.AssignStmt{Tok: n.Tok, Lhs: []ast.Expr{n.Key}, Rhs: []ast.Expr{ast.NewIdent(counter)}}
		body.List = append([]ast.Stmt{set}, body.List...)
	}
	return &ast.ForStmt{
		For:  n.For,
		Init: init,
		Cond: &ast.BinaryExpr{X: ast.NewIdent(counter), Op: token.LSS, Y: limit},
		Post: &ast.IncDecStmt{X: ast.NewIdent(counter), Tok: token.INC},
		Body: body,
	}
}

func isBlank(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == "_"
}

// lowerRangeArrayPointer writes a range loop with a value over a pointer
// to an array as a counting loop that reads each element through the
// pointer:
//
//	for i, v := range p { ... }
//	for _fl_i, _fl_p := 0, p; _fl_i < N; _fl_i++ { i, v := _fl_i, (*_fl_p)[_fl_i]; { ... } }
//
// The interpreter's own loop over a pointer to an array fails ("call of
// reflect.Value.Elem on array Value", "reflect.Set: value of type *[3]T
// is not assignable to type [3]T") when the body indexes through the
// same pointer or the loop runs a second time. The two loops are the
// same: the pointer is evaluated once, each value is read from the array
// when its iteration starts (a nil pointer panics there), and the loop
// variables are new in each iteration. The body keeps a block of its own,
// so that it may declare the loop variables' names again.
func (l *lowerer) lowerRangeArrayPointer(n *ast.RangeStmt) ast.Stmt {
	if n.Value == nil || isBlank(n.Value) {
		return nil
	}
	arr, ok := l.arrayPointer(n.X)
	if !ok {
		return nil
	}
	l.note("range over a pointer to an array")
	counter, ptr := l.fresh("i"), l.fresh("p")
	set := &ast.AssignStmt{Tok: n.Tok}
	if n.Key != nil && !isBlank(n.Key) {
		set.Lhs = append(set.Lhs, n.Key)
		set.Rhs = append(set.Rhs, ast.NewIdent(counter))
	}
	set.Lhs = append(set.Lhs, n.Value)
	set.Rhs = append(set.Rhs, &ast.IndexExpr{X: &ast.ParenExpr{X: &ast.StarExpr{X: ast.NewIdent(ptr)}}, Index: ast.NewIdent(counter)})
	return &ast.ForStmt{
		For: n.For,
		Init: &ast.AssignStmt{Tok: token.DEFINE, Lhs: []ast.Expr{ast.NewIdent(counter), ast.NewIdent(ptr)},
			Rhs: []ast.Expr{&ast.BasicLit{Kind: token.INT, Value: "0"}, n.X}},
		Cond: &ast.BinaryExpr{X: ast.NewIdent(counter), Op: token.LSS, Y: &ast.BasicLit{Kind: token.INT, Value: strconv.FormatInt(arr.Len(), 10)}},
		Post: &ast.IncDecStmt{X: ast.NewIdent(counter), Tok: token.INC},
		Body: &ast.BlockStmt{Lbrace: n.Body.Lbrace, List: []ast.Stmt{set, n.Body}, Rbrace: n.Body.Rbrace},
	}
}

// arrayPointer returns the array type x points to, if x is a pointer to
// an array.
func (l *lowerer) arrayPointer(x ast.Expr) (*types.Array, bool) {
	p, ok := under(l.typeOf(x)).(*types.Pointer)
	if !ok {
		return nil, false
	}
	arr, ok := under(p.Elem()).(*types.Array)
	return arr, ok
}

// arrayPointerLen returns the length of the array (or pointer to one) a
// range loop goes over, when Go does not evaluate the range expression
// (it holds no call), or false.
func (l *lowerer) arrayPointerLen(n *ast.RangeStmt) (int64, bool) {
	t := l.typeOf(n.X)
	if t == nil || !l.pure(n.X) {
		return 0, false // with a call, the range expression is evaluated
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	a, ok := t.Underlying().(*types.Array)
	if !ok {
		return 0, false
	}
	return a.Len(), true
}
