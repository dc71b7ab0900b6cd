package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// Deferred calls.
//
// yaegi v0.16.1 keeps, for a deferred call, references to where its
// arguments live instead of their values: a variable argument (or
// receiver) is read when the call finally runs, so
//
//	for i := 0; i < 3; i++ { defer fmt.Println(i) }
//
// prints 3 3 3, and "defer r.Close(); r = other" closes other. Values on
// the heap are not reused, so the lowering evaluates the function value,
// the receiver and every argument that is not a constant into a fresh
// heap cell, in Go's order, and defers the call on the cell's fields:
//
//	{
//		_fl_d1 := &struct{ r *R; a0 int }{r, i}
//		defer _fl_d1.r.Close(_fl_d1.a0)
//	}
//
// A deferred function literal is deferred as it is (recover must be
// called directly by the deferred function), but the variables of the
// enclosing loop it reads become its parameters, since it would read the
// last iteration's.
//
// Second, the interpreter holds a function's frame locked while it runs
// the deferred calls, and a closure made in that frame locks it when it
// returns: calling such a closure from a deferred call deadlocks the
// interpreter. In a function that defers, every function literal (other
// than one deferred or started with go directly) is therefore made inside
// a function of its own: func() T { return func(...) {...} }().

// hasDirectDefer reports whether body defers a call itself (not in a
// nested function literal).
func hasDirectDefer(body *ast.BlockStmt) bool {
	found := false
	if body == nil {
		return false
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.DeferStmt:
			found = true
		}
		return !found
	})
	return found
}

// enterFunc and leaveFunc track, for the literal wrapping, whether each
// enclosing function defers.
func (l *lowerer) enterFunc(body *ast.BlockStmt) {
	l.deferring = append(l.deferring, hasDirectDefer(body))
	l.loopBase = append(l.loopBase, len(l.loopStack))
}

func (l *lowerer) leaveFunc() {
	l.deferring = l.deferring[:len(l.deferring)-1]
	l.loopBase = l.loopBase[:len(l.loopBase)-1]
}

// markDirect records the function literals a defer or go statement calls
// directly, which are not wrapped.
func (l *lowerer) markDirect(call *ast.CallExpr) {
	if lit, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok {
		l.direct[lit] = true
	}
}

// wrapLiteral makes a function literal inside a function that defers in a
// function of its own. It returns the replacement or nil.
func (l *lowerer) wrapLiteral(lit *ast.FuncLit) ast.Expr {
	if l.direct[lit] || len(l.deferring) == 0 || !l.deferring[len(l.deferring)-1] {
		return nil
	}
	return l.madeApart(lit)
}

// madeApart returns func() T { return lit }(), which makes the closure in
// a frame of its own.
func (l *lowerer) madeApart(lit *ast.FuncLit) ast.Expr {
	sig, ok := l.typeOf(lit).(*types.Signature)
	if !ok {
		return nil
	}
	l.note("closures in functions that defer")
	texpr, _ := l.typeExpr(sig)
	maker := &ast.FuncLit{
		Type: &ast.FuncType{Params: &ast.FieldList{}, Results: &ast.FieldList{List: []*ast.Field{{Type: l.parseExpr(texpr)}}}},
		Body: &ast.BlockStmt{List: []ast.Stmt{&ast.ReturnStmt{Results: []ast.Expr{lit}}}},
	}
	return &ast.CallExpr{Fun: maker}
}

// staticFunc reports whether fun always names the same function: a
// function declared at package level (generic or not), a builtin, a
// package's function, or a function literal.
func (l *lowerer) staticFunc(fun ast.Expr) bool {
	switch f := ast.Unparen(fun).(type) {
	case *ast.FuncLit:
		return true
	case *ast.Ident:
		switch obj := l.info.Uses[f].(type) {
		case *types.Builtin:
			return true
		case *types.Func:
			return obj.Parent() == l.pkg.Scope()
		}
	case *ast.SelectorExpr:
		if id, ok := f.X.(*ast.Ident); ok {
			_, isPkg := l.info.Uses[id].(*types.PkgName)
			return isPkg
		}
	case *ast.IndexExpr:
		return l.staticFunc(f.X)
	case *ast.IndexListExpr:
		return l.staticFunc(f.X)
	}
	return false
}

// lowerDefer evaluates a deferred call's function value, receiver and
// arguments into a heap cell (see above). It returns the replacement or
// nil.
func (l *lowerer) lowerDefer(n *ast.DeferStmt) ast.Stmt {
	call := n.Call
	cell := l.fresh("d")
	var fields []string
	var values []ast.Expr
	var temps []ast.Stmt
	store := func(name string, t types.Type, e ast.Expr) ast.Expr {
		texpr, _ := l.typeExpr(t)
		fields = append(fields, name+" "+texpr)
		values = append(values, e)
		return &ast.SelectorExpr{X: ast.NewIdent(cell), Sel: ast.NewIdent(name)}
	}
	out := &ast.CallExpr{Fun: call.Fun, Lparen: call.Lparen, Ellipsis: call.Ellipsis, Rparen: call.Rparen}

	var sig *types.Signature
	if t := l.typeOf(call.Fun); t != nil {
		sig, _ = t.Underlying().(*types.Signature)
	}
	fun := ast.Unparen(call.Fun)
	var loopArgs []ast.Expr // passed after the call's own arguments
	throughParams := false  // see deferloop.go
	if lit, ok := fun.(*ast.FuncLit); ok {
		out.Fun, loopArgs = l.deferLiteral(lit, store)
		_, stored := out.Fun.(*ast.SelectorExpr)
		throughParams = stored
	} else if !l.staticFunc(fun) {
		sel, isSel := fun.(*ast.SelectorExpr)
		if s := l.info.Selections[sel]; isSel && s != nil && s.Kind() == types.MethodVal {
			recv, rtype := sel.X, l.typeOf(sel.X)
			msig := s.Obj().Type().(*types.Signature)
			_, ptrRecv := msig.Recv().Type().(*types.Pointer)
			if ptrRecv && !types.IsInterface(rtype) {
				if _, isPtr := rtype.Underlying().(*types.Pointer); !isPtr {
					recv, rtype = &ast.UnaryExpr{Op: token.AND, X: sel.X}, types.NewPointer(rtype)
				}
			}
			if !ptrRecv && !types.IsInterface(rtype) && s.Indirect() {
				recv, rtype = l.valueReceiver(sel.X, rtype, s.Index())
			}
			out.Fun = &ast.SelectorExpr{X: store("r", rtype, recv), Sel: ast.NewIdent(sel.Sel.Name)}
			throughParams = !l.methodRecovers(s)
		} else {
			if id, ok := fun.(*ast.Ident); ok && l.recoverVars()[l.info.Uses[id]] {
				l.unsupported(n.Pos(), "deferring a function value that calls recover is not supported by the playground; defer a function literal or a named function instead")
				return nil
			}
			out.Fun = store("f", l.typeOf(call.Fun), call.Fun)
			throughParams = true
		}
	}

	args := call.Args
	if tuple, ok := l.tupleArg(args); ok {
		// defer f(g()) of a g with several results.
		def := &ast.AssignStmt{Tok: token.DEFINE, Rhs: args}
		for i := range tuple.Len() {
			name := l.fresh("t")
			def.Lhs = append(def.Lhs, ast.NewIdent(name))
			out.Args = append(out.Args, store("a"+itoa(i), tuple.At(i).Type(), ast.NewIdent(name)))
		}
		temps = append(temps, def)
	} else {
		for i, a := range args {
			tv := l.typeAndValue(a)
			if tv.Value != nil || tv.IsNil() || tv.Type == nil {
				out.Args = append(out.Args, a)
				continue
			}
			t := tv.Type
			if isUntyped(t) {
				t = paramType(sig, i, call.Ellipsis.IsValid(), t)
			}
			out.Args = append(out.Args, store("a"+itoa(i), t, a))
		}
	}
	out.Args = append(out.Args, loopArgs...)
	if len(fields) == 0 {
		return nil
	}
	l.note("deferred calls evaluated at the defer")
	lit := l.parseExpr("&struct{" + strings.Join(fields, "; ") + "}{}").(*ast.UnaryExpr)
	lit.X.(*ast.CompositeLit).Elts = values
	def := &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(cell)}, Tok: token.DEFINE, Rhs: []ast.Expr{lit}}
	if throughParams && l.inLoop() {
		out = l.deferThroughParams(out, cell, fields)
	}
	stmts := append(temps, def, &ast.DeferStmt{Defer: n.Defer, Call: out})
	return &ast.BlockStmt{Lbrace: n.Defer, List: stmts, Rbrace: n.End()}
}

// valueReceiver is the receiver a method with a value receiver gets from
// x.M, where the path from x to M goes through a pointer (p.Close() of a
// func (R) Close, or of a Close promoted from a field): Go copies it at
// the defer, so the cell holds *p, or the embedded field's value
// (p.R, *p.PR), not the pointer. index is the selection's path.
func (l *lowerer) valueReceiver(x ast.Expr, t types.Type, index []int) (ast.Expr, types.Type) {
	e, orig := x, t
	for _, i := range index[:len(index)-1] {
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok {
			return x, orig
		}
		f := st.Field(i)
		e = &ast.SelectorExpr{X: e, Sel: ast.NewIdent(f.Name())}
		t = f.Type()
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		e, t = &ast.StarExpr{X: e}, p.Elem()
	}
	return e, t
}

// tupleArg returns the results of g in a call f(g()) of a g with several
// results. A call without arguments looks nothing up: looking up a nil
// expression in the type checker's maps crashes the wasm runtime (see
// nilKey in lower.go).
func (l *lowerer) tupleArg(args []ast.Expr) (*types.Tuple, bool) {
	if len(args) != 1 {
		return nil, false
	}
	tuple, ok := l.typeOf(args[0]).(*types.Tuple)
	return tuple, ok
}

// paramType is the type the i-th argument of a call of sig takes: the
// parameter's, or the default type of t when there is no signature (a
// builtin).
func paramType(sig *types.Signature, i int, spread bool, t types.Type) types.Type {
	if sig == nil {
		return types.Default(t)
	}
	params := sig.Params()
	if sig.Variadic() && i >= params.Len()-1 {
		last := params.At(params.Len() - 1).Type()
		if spread {
			return last
		}
		return last.(*types.Slice).Elem()
	}
	if i < params.Len() {
		return params.At(i).Type()
	}
	return types.Default(t)
}

// loopVars returns the variables of the loops around the defer (in the
// current function) that the deferred literal reads.
func (l *lowerer) loopVars(lit *ast.FuncLit) (vars []types.Object, loops []ast.Node) {
	base := 0
	if len(l.loopBase) > 0 {
		base = l.loopBase[len(l.loopBase)-1]
	}
	loops = l.loopStack[base:]
	inLoop := func(obj types.Object) bool {
		for _, lp := range loops {
			if obj.Pos() >= lp.Pos() && obj.Pos() < lp.End() {
				return true
			}
		}
		return false
	}
	seen := map[types.Object]bool{}
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		v, ok := l.info.Uses[id].(*types.Var)
		if ok && !seen[v] && !v.IsField() && inLoop(v) && !(v.Pos() >= lit.Pos() && v.Pos() < lit.End()) {
			seen[v] = true
			vars = append(vars, v)
		}
		return true
	})
	return vars, loops
}

// deferLiteral handles a deferred function literal that reads variables
// of the loops around it, which the interpreter would read as the last
// iteration left them. When they do not change after the defer, they
// become parameters of the literal, passed from the heap cell (the
// returned arguments go after the literal's own). Otherwise, unless the
// literal calls recover (which must stay directly deferred), the closure
// is made at the defer, where it captures this iteration's variables, and
// the call of the stored closure is deferred (fun).
func (l *lowerer) deferLiteral(lit *ast.FuncLit, store func(string, types.Type, ast.Expr) ast.Expr) (fun ast.Expr, args []ast.Expr) {
	vars, loops := l.loopVars(lit)
	if len(vars) == 0 {
		return lit, nil
	}
	mutated := false
	for _, v := range vars {
		for _, lp := range loops {
			if v.Pos() >= lp.Pos() && v.Pos() < lp.End() && l.mutates([]types.Object{v}, loopBody(lp)) {
				mutated = true
			}
		}
	}
	if mutated || l.namesClash(lit, vars) || lit.Type.Params.NumFields() > 0 && isVariadic(lit) {
		if callsRecover(lit.Body) {
			return lit, nil
		}
		l.note("loop variables of deferred literals")
		return store("f", l.typeOf(lit), l.madeApart(lit)), nil
	}
	l.note("loop variables of deferred literals")
	for i, v := range vars {
		texpr, _ := l.typeExpr(v.Type())
		lit.Type.Params.List = append(lit.Type.Params.List, &ast.Field{Names: []*ast.Ident{ast.NewIdent(v.Name())}, Type: l.parseExpr(texpr)})
		args = append(args, store("v"+itoa(i), v.Type(), ast.NewIdent(v.Name())))
	}
	return lit, args
}

func loopBody(n ast.Node) *ast.BlockStmt {
	switch n := n.(type) {
	case *ast.ForStmt:
		return n.Body
	case *ast.RangeStmt:
		return n.Body
	}
	return nil
}

// isVariadic reports whether the literal's last parameter is variadic.
func isVariadic(lit *ast.FuncLit) bool {
	list := lit.Type.Params.List
	_, ok := list[len(list)-1].Type.(*ast.Ellipsis)
	return ok
}

// namesClash reports whether a parameter of lit already has the name of
// one of vars.
func (l *lowerer) namesClash(lit *ast.FuncLit, vars []types.Object) bool {
	for _, f := range lit.Type.Params.List {
		for _, name := range f.Names {
			for _, v := range vars {
				if name.Name == v.Name() {
					return true
				}
			}
		}
	}
	return false
}

// recoverVars returns the variables that are assigned a function literal
// calling recover directly: deferring such a variable cannot recover in
// the interpreter, which only lets a function deferred by name or as a
// literal see the panic.
// It is computed before the lowering starts, on the learner's tree.
func (l *lowerer) recoverVars() map[types.Object]bool {
	if l.recoverers != nil {
		return l.recoverers
	}
	l.recoverers = map[types.Object]bool{}
	mark := func(lhs ast.Expr, rhs ast.Expr) {
		id, ok := lhs.(*ast.Ident)
		lit, isLit := ast.Unparen(rhs).(*ast.FuncLit)
		if !ok || !isLit || !callsRecover(lit.Body) {
			return
		}
		if obj := l.info.ObjectOf(id); obj != nil {
			l.recoverers[obj] = true
		}
	}
	ast.Inspect(l.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i := range n.Lhs {
					mark(n.Lhs[i], n.Rhs[i])
				}
			}
		case *ast.ValueSpec:
			if len(n.Names) == len(n.Values) {
				for i := range n.Names {
					mark(n.Names[i], n.Values[i])
				}
			}
		}
		return true
	})
	return l.recoverers
}

// callsRecover reports whether body calls recover itself.
func callsRecover(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && id.Name == "recover" && len(n.Args) == 0 {
				found = true
			}
		}
		return !found
	})
	return found
}
