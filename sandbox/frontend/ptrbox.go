package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Pointers made by an expression, stored in an interface.
//
// The interpreter converts a pointer that an expression makes (&T{i}, a
// call returning *T) to an interface in a slot of the expression's own,
// and stores a reference to that slot: in a loop, every value appended,
// assigned, sent or passed on is the last one ([]I{&T{1}, &T{2}} made by
// append in a loop holds the last pointer three times). Converted from a
// variable, it is right, so such an operand goes through a helper whose
// parameter is that variable:
//
//	a = append(a, _fl_box1(&T{i}))   // func _fl_box1(p *T) I { return p }

// boxPointer returns e wrapped in the helper when e is a pointer made by
// an expression and target an interface type, or e.
func (l *lowerer) boxPointer(e ast.Expr, target types.Type) ast.Expr {
	if target == nil || !types.IsInterface(target) {
		return e
	}
	if l.valueWithMethods(e) {
		if len(l.funcs) == 0 && !l.packageInterface(target) {
			return e // a package-level declaration: see boxVia
		}
		return l.boxVia(e, l.typeOf(e), target)
	}
	pt, ok := l.typeOf(e).(*types.Pointer)
	if !ok {
		return e
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		return e
	case *ast.UnaryExpr:
		if x.Op != token.AND {
			return e
		}
	case *ast.CallExpr:
		if l.isConversion(x) {
			return e
		}
	default:
		return e
	}
	return l.boxVia(e, pt, target)
}

// valueWithMethods reports whether e is a value (not a pointer, nil or a
// constant) of a type of the program with methods: the interpreter stores
// in an interface a reference to the variable or the slot of the
// expression it came from, and the interface changes with it (var s
// fmt.Stringer = c; c = 5 makes s print 5; append(errs, v) in a loop
// over v holds the last v each time). Through a helper's parameter, the
// value is a copy of its own.
func (l *lowerer) valueWithMethods(e ast.Expr) bool {
	tv := l.typeAndValue(e)
	if tv.Type == nil || tv.IsNil() || tv.IsType() || tv.Value != nil || types.IsInterface(tv.Type) {
		return false
	}
	n, ok := tv.Type.(*types.Named)
	if s, isStruct := tv.Type.Underlying().(*types.Struct); isStruct && s.NumFields() == 0 {
		// No data to share; and the interpreter fails to assert an
		// empty struct back from the helper's variable.
		return false
	}
	return ok && n.Obj().Pkg() == l.pkg && n.TypeParams().Len() == 0 && types.NewMethodSet(n).Len() > 0
}

// structValueWithMethods is valueWithMethods for a value of a struct type.
func (l *lowerer) structValueWithMethods(e ast.Expr) bool {
	_, isStruct := under(l.typeOf(e)).(*types.Struct)
	return isStruct && l.valueWithMethods(e)
}

// packageInterface reports whether t is an interface type with methods
// of a package (error, fmt.Stringer).
func (l *lowerer) packageInterface(t types.Type) bool {
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != l.pkg && methodsOf(n)
}

// boxVia returns e passed through a helper func(p pt) target { return p }.
// Into an interface the program declares, or any, the helper stores p
// in a variable of the interface type first: returned as it is, p would
// be a reference to the parameter (any(p) would lose p's type).
func (l *lowerer) boxVia(e ast.Expr, pt, target types.Type) ast.Expr {
	texpr, local := l.typeExpr(target)
	pexpr, plocal := l.typeExpr(pt)
	if local || plocal {
		return e
	}
	l.note("pointers into interfaces")
	body := "return p"
	if !l.packageInterface(target) && len(l.funcs) > 0 {
		// (A package-level declaration runs once: no slot to share. The
		// interpreter's goroutines asserting one such value at once
		// crash it: fixedbugs/issue31419.go.)
		body = "var r " + texpr + " = p\n\treturn r\n"
	}
	name := l.helper("ptrbox "+pexpr+" "+texpr+" "+body, "box", func(f string) string {
		return "func " + f + "(p " + pexpr + ") " + texpr + " {\n\t" + body + "\n}"
	})
	return &ast.CallExpr{Fun: ast.NewIdent(name), Lparen: e.Pos(), Args: []ast.Expr{e}, Rparen: e.End()}
}

// boxPointerOperands applies boxPointer to the operands of n that go
// into an interface: arguments (append's too), assigned and declared
// values, returned results and elements of slice, array and map literals.
func (l *lowerer) boxPointerOperands(n ast.Node) {
	switch n := n.(type) {
	case *ast.CallExpr:
		if l.isConversion(n) || n.Ellipsis.IsValid() {
			return
		}
		if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok {
			if b, ok := l.info.Uses[id].(*types.Builtin); ok {
				if s, ok := under(l.typeOf(n)).(*types.Slice); ok && b.Name() == "append" {
					for i := 1; i < len(n.Args); i++ {
						n.Args[i] = l.boxPointer(n.Args[i], s.Elem())
					}
				}
				return
			}
		}
		sig, ok := under(l.typeOf(n.Fun)).(*types.Signature)
		if ok && !l.ownFunc(n.Fun) {
			// A package's function (fmt's) takes the value as Go does,
			// but for a struct value with methods passed as an
			// interface with methods other than error (the io.Writer of
			// fmt.Fprintln(prefix{">"}, x)): the interpreter failed to
			// compile that call in a program with other types with
			// methods ("invalid memory address"), and converts it from
			// the helper's variable.
			for i := range min(len(n.Args), sig.Params().Len()) {
				if p := sig.Params().At(i).Type(); l.packageInterface(p) && !isError(p) && l.structValueWithMethods(n.Args[i]) {
					n.Args[i] = l.boxPointer(n.Args[i], p)
				}
			}
			return
		}
		if !ok {
			return
		}
		for i := range n.Args {
			switch {
			case sig.Variadic() && i >= sig.Params().Len()-1:
				n.Args[i] = l.boxPointer(n.Args[i], sig.Params().At(sig.Params().Len()-1).Type().(*types.Slice).Elem())
			case i < sig.Params().Len():
				n.Args[i] = l.keepIface(l.boxPointer(n.Args[i], sig.Params().At(i).Type()), sig.Params().At(i).Type())
			}
		}
	case *ast.AssignStmt:
		if n.Tok == token.ASSIGN && len(n.Lhs) == len(n.Rhs) {
			for i := range n.Rhs {
				if !isBlank(n.Lhs[i]) {
					n.Rhs[i] = l.boxPointer(n.Rhs[i], l.typeOf(n.Lhs[i]))
				}
			}
		}
	case *ast.ValueSpec:
		if n.Type != nil {
			for i := range n.Values {
				n.Values[i] = l.boxPointer(n.Values[i], l.typeOf(n.Type))
			}
		}
	case *ast.ReturnStmt:
		if len(l.funcs) == 0 {
			return
		}
		res := l.funcs[len(l.funcs)-1].Results()
		if res.Len() == len(n.Results) {
			for i := range n.Results {
				n.Results[i] = l.boxPointer(n.Results[i], res.At(i).Type())
			}
		}
	case *ast.SendStmt:
		if ch, ok := under(l.typeOf(n.Chan)).(*types.Chan); ok {
			n.Value = l.boxPointer(n.Value, ch.Elem())
		}
	case *ast.CompositeLit:
		var key, elem types.Type
		t := l.typeOf(n)
		if p, ok := under(t).(*types.Pointer); ok { // &T{...} elided in a literal
			t = p.Elem()
		}
		switch u := under(t).(type) {
		case *types.Slice:
			elem = u.Elem()
		case *types.Array:
			elem = u.Elem()
		case *types.Map:
			key, elem = u.Key(), u.Elem()
		case *types.Struct:
			l.boxFieldValues(n, u)
			return
		default:
			return
		}
		for i, e := range n.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				if key != nil {
					kv.Key = l.boxPointer(kv.Key, key)
				}
				kv.Value = l.boxPointer(kv.Value, elem)
				continue
			}
			n.Elts[i] = l.boxPointer(e, elem)
		}
	}
}

// boxFieldValues applies boxPointer to the values of a struct literal
// that go into fields of interface type.
func (l *lowerer) boxFieldValues(n *ast.CompositeLit, u *types.Struct) {
	for i, e := range n.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				if f, ok := l.info.Uses[id].(*types.Var); ok {
					kv.Value = l.boxPointer(kv.Value, f.Type())
				}
			}
			continue
		}
		if i < u.NumFields() {
			n.Elts[i] = l.boxPointer(e, u.Field(i).Type())
		}
	}
}

// ownFunc reports whether fun names a function or method of the program.
func (l *lowerer) ownFunc(fun ast.Expr) bool {
	switch f := ast.Unparen(fun).(type) {
	case *ast.Ident:
		obj := l.info.Uses[f]
		return obj != nil && obj.Pkg() == l.pkg
	case *ast.SelectorExpr:
		obj := l.info.Uses[f.Sel]
		return obj != nil && obj.Pkg() == l.pkg
	case *ast.FuncLit:
		return true
	}
	return false
}

// keepIface returns e, an argument for a parameter of type target, as
// []target{e}[0] when e is a call and target an interface the program
// declares: the interpreter passes a call's result on to a function
// without the value's type (x.(T) then fails in the callee), an element
// with it.
func (l *lowerer) keepIface(e ast.Expr, target types.Type) ast.Expr {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || !l.ownInterface(target) || l.isConversion(call) || l.typeAndValue(call.Fun).IsType() {
		return e
	}
	texpr, local := l.typeExpr(target)
	if local {
		return e
	}
	lit := &ast.CompositeLit{Type: &ast.ArrayType{Elt: ast.NewIdent(texpr)}, Elts: []ast.Expr{e}}
	return &ast.IndexExpr{X: lit, Index: &ast.BasicLit{Kind: token.INT, Value: "0"}}
}
