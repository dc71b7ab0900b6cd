package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// Functions as elements of composite literals.
//
// In a slice, array or map literal, the interpreter takes a function
// declared further down the file as a value that does nothing when
// called ("[]func(int){f0}" where f0 follows: fs[0](1) returns at once).
// lowerFuncElems wraps each such element, a package-level function named
// directly, in a function literal that calls it:
//
//	[]func(int){func(_fl_a1 int) { f0(_fl_a1) }}
//
// (function values cannot be compared, so the wrapper is not told apart).
func (l *lowerer) lowerFuncElems(lit *ast.CompositeLit) {
	switch under(l.typeOf(lit)).(type) {
	case *types.Slice, *types.Array, *types.Map:
	default:
		return
	}
	for i, e := range lit.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if w := l.funcWrapper(kv.Value); w != nil {
				kv.Value = w
			}
			continue
		}
		if w := l.funcWrapper(e); w != nil {
			lit.Elts[i] = w
		}
	}
}

// funcWrapper returns a function literal calling the package-level
// function e names, or nil when e is something else.
func (l *lowerer) funcWrapper(e ast.Expr) ast.Expr {
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok && len(call.Args) == 1 && l.isConversion(call) {
		if w := l.funcWrapper(call.Args[0]); w != nil {
			call.Args[0] = w
		}
		return nil
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	fn, ok := l.info.Uses[id].(*types.Func)
	if !ok || fn.Parent() != l.pkg.Scope() {
		return nil
	}
	if _, generic := l.info.Instances[id]; generic {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	if sig.TypeParams() != nil {
		return nil
	}
	l.note("functions in composite literals")
	var params, args []string
	for i := 0; i < sig.Params().Len(); i++ {
		name := l.fresh("a")
		t := sig.Params().At(i).Type()
		if sig.Variadic() && i == sig.Params().Len()-1 {
			elem, _ := l.typeExpr(t.(*types.Slice).Elem())
			params = append(params, name+" ..."+elem)
			args = append(args, name+"...")
			continue
		}
		texpr, _ := l.typeExpr(t)
		params = append(params, name+" "+texpr)
		args = append(args, name)
	}
	var results []string
	for i := 0; i < sig.Results().Len(); i++ {
		texpr, _ := l.typeExpr(sig.Results().At(i).Type())
		results = append(results, texpr)
	}
	call := id.Name + "(" + strings.Join(args, ", ") + ")"
	body := call
	if len(results) > 0 {
		body = "return " + call
	}
	src := "func(" + strings.Join(params, ", ") + ") (" + strings.Join(results, ", ") + ") {\n" + body + "\n}"
	w := l.parseExpr(src)
	if tv, ok := l.info.Types[e]; ok {
		l.info.Types[w] = tv
	}
	return w
}

// funcIntoInterface wraps a package-level function named directly where
// it goes into an interface (returned as any, assigned to an interface,
// passed as one): the interpreter stores its own representation of the
// function there, which no assertion or type switch recognizes; and where
// it is returned as a function value, which the interpreter fails to
// store in the result.
func (l *lowerer) funcIntoInterface(id *ast.Ident, parent ast.Node) ast.Expr {
	if _, ok := l.info.Uses[id].(*types.Func); !ok {
		return nil
	}
	var target types.Type
	switch p := parent.(type) {
	case *ast.ReturnStmt:
		if len(l.funcs) == 0 {
			return nil
		}
		res := l.funcs[len(l.funcs)-1].Results()
		for i, r := range p.Results {
			if r == id && res.Len() == len(p.Results) {
				target = res.At(i).Type()
			}
		}
	case *ast.AssignStmt:
		if len(p.Lhs) == len(p.Rhs) {
			for i, r := range p.Rhs {
				if r == id && !isBlank(p.Lhs[i]) {
					target = l.typeOf(p.Lhs[i])
				}
			}
		}
	case *ast.ValueSpec:
		if p.Type != nil {
			target = l.typeOf(p.Type)
		}
	case *ast.CallExpr:
		sig, ok := under(l.typeOf(p.Fun)).(*types.Signature)
		if !ok || l.isConversion(p) {
			if l.isConversion(p) {
				target = l.typeOf(p.Fun)
			}
			break
		}
		for i, a := range p.Args {
			if a != id {
				continue
			}
			switch {
			case sig.Variadic() && i >= sig.Params().Len()-1 && !p.Ellipsis.IsValid():
				target = sig.Params().At(sig.Params().Len() - 1).Type().(*types.Slice).Elem()
			case i < sig.Params().Len():
				target = sig.Params().At(i).Type()
			}
		}
	case *ast.CompositeLit:
		switch u := under(l.typeOf(p)).(type) {
		case *types.Slice:
			target = u.Elem()
		case *types.Array:
			target = u.Elem()
		}
	}
	if target == nil {
		return nil
	}
	if _, isFunc := under(target).(*types.Signature); isFunc {
		// Returned as a function value, it fails the same way.
		if _, ret := parent.(*ast.ReturnStmt); !ret {
			return nil
		}
	} else if !types.IsInterface(target) {
		return nil
	}
	return l.funcWrapper(id)
}

// lowerMethodValue evaluates the receiver of a method value x.M (not
// called) as Go does when the value is made: through a pointer to a
// value method, *x is copied then (and a nil x panics); of a value, x is
// copied then; of an interface, a nil one panics. The interpreter defers
// them to the call. A pointer method binds the pointer (of a value, the
// value's address) then; the interpreter reads the receiver variable at
// each call, after it changed, or in a loop as the last iteration left it.
//
//	psv.M  ->  func(r *T) func(int) int { v := *r; return v.M }(psv)
//	i.M    ->  func(r I) func(int) int { if r == nil { <nil dereference> }; return r.M }(i)
//	p.PM   ->  func(r *T) func(int) int { return r.PM }(p)
//	v.PM   ->  func(r *T) func(int) int { return r.PM }(&v)
func (l *lowerer) lowerMethodValue(sel *ast.SelectorExpr, parent ast.Node) ast.Expr {
	if call, ok := parent.(*ast.CallExpr); ok && call.Fun == sel {
		return nil
	}
	s := l.info.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal {
		return nil
	}
	xt := l.typeOf(sel.X)
	ftype, local := l.typeExpr(l.typeOf(sel))
	rexpr, rlocal := l.typeExpr(xt)
	if local || rlocal {
		return nil
	}
	// A promoted method: its receiver is a field down the path.
	recv, rt := "r", xt
	for _, i := range s.Index()[:len(s.Index())-1] {
		st := under(rt)
		if p, ok := st.(*types.Pointer); ok {
			st = under(p.Elem())
		}
		f := st.(*types.Struct).Field(i)
		recv, rt = recv+"."+f.Name(), f.Type()
	}
	msig := s.Obj().Type().(*types.Signature)
	_, ptrRecv := msig.Recv().Type().(*types.Pointer)
	_, rtPtr := under(rt).(*types.Pointer)
	var body string
	var recvArg ast.Expr = sel.X
	switch {
	case types.IsInterface(rt):
		body = "if " + recv + " == nil {\nvar p *int\nv := *p\n_ = v\n}\nreturn " + recv + "." + sel.Sel.Name
	case !ptrRecv && rtPtr:
		body = "v := *" + recv + "\nreturn v." + sel.Sel.Name
	case len(s.Index()) > 1 && (!ptrRecv || rtPtr):
		// (A pointer method of a value field binds the field's address:
		// in the original, not in the literal's copy.) The field goes
		// into a variable first: the interpreter's compiler, given
		// r.Logger.Log, later crashes on a call of the promoted method
		// (s.Log("x")) elsewhere in the program.
		body = "f := " + recv + "\nreturn f." + sel.Sel.Name
	case ptrRecv && rtPtr && (l.isFieldSelection(sel.X) || s.Obj().Pkg() == l.pkg):
		// A pointer method of a pointer field (s.Logger.Log): the same
		// crash as above, the field passed as the literal's argument.
		// Of any pointer of the program's types: Go binds the pointer
		// when the value is made, the interpreter reads the variable
		// again at each call (after p = q, or in a loop the last
		// iteration's p: every p.Show made in a loop showed the last p).
		body = "return r." + sel.Sel.Name
	case ptrRecv && !rtPtr && !types.IsInterface(rt) && len(s.Index()) == 1 && s.Obj().Pkg() == l.pkg:
		// A pointer method of an addressable value binds its address,
		// which in a loop is this iteration's variable; the interpreter
		// reads the variable's slot at each call, by then the last
		// iteration's.
		ptype, plocal := l.typeExpr(types.NewPointer(xt))
		if plocal {
			return nil
		}
		rexpr = ptype
		recvArg = &ast.UnaryExpr{OpPos: sel.X.Pos(), Op: token.AND, X: sel.X}
		body = "return r." + sel.Sel.Name
	case !ptrRecv && s.Obj().Pkg() == l.pkg:
		// A value method of a value: the argument is the copy Go
		// makes (the interpreter binds the variable itself).
		body = "return " + recv + "." + sel.Sel.Name
	default:
		return nil
	}
	l.note("method values")
	call := l.parseExpr("func(r " + rexpr + ") " + ftype + " {\n" + body + "\n}(_fl_x)").(*ast.CallExpr)
	call.Args[0] = recvArg
	return call
}

// isFieldSelection reports whether e selects a field (s.Logger).
func (l *lowerer) isFieldSelection(e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s := l.info.Selections[sel]
	return s != nil && s.Kind() == types.FieldVal
}

// nameParams names the unnamed parameters of a method (M(int)): taken as
// a method value, such a method receives its argument in the wrong slot
// of the interpreter's frame.
func (l *lowerer) nameParams(fd *ast.FuncDecl) {
	if fd.Recv == nil || fd.Type.Params == nil {
		return
	}
	for _, f := range fd.Type.Params.List {
		if len(f.Names) > 0 {
			return
		}
	}
	for _, f := range fd.Type.Params.List {
		f.Names = []*ast.Ident{{NamePos: f.Type.Pos(), Name: l.fresh("p")}}
	}
}
