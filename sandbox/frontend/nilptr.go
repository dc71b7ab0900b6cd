package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
)

// Typed nils in the packages' interfaces.
//
// The interpreter turns a nil pointer (map, slice, func, chan) of the
// program's type into a nil interface when it stores it in an interface
// of a package (error, fmt.Stringer): var p *MyErr; var e error = p makes
// e == nil true, where in Go e holds (*MyErr)(nil) and is not nil. (In
// any and in the program's own interfaces it keeps the typed nil.) Such
// a value, going into a package's interface, therefore passes through a
// helper that gives, for nil, a marker standing for the typed nil:
//
//	func _fl_nilin1(p *MyErr) error { if p == nil { return _fl_nil2_it }; return p }
//
// The marker (a struct type whose field name makes its reflect type
// unique) has every method of *MyErr, each calling it on a nil *MyErr, so
// err.Error(), err != nil and assertions to interfaces behave. Assertions
// and type switches to *MyErr, errors.As and errors.AsType turn it back
// into (*MyErr)(nil), and fmt is handed what it would print for the typed
// nil (nilprint.go). Values provably not nil (&T{}, new(T)) go as they are.

// nilPlan is what the lowering knows of the typed nils: the types whose
// nil values need a marker, whether the program stores one in a package's
// interface at all, and the markers declared.
type nilPlan struct {
	types   []types.Type
	active  bool
	markers map[string]string // type expression -> marker name
	refused map[token.Pos]bool
}

// planNilPtrs finds the types with methods whose nil values the program
// may store in a package's interface. It walks the learner's tree before
// anything is rewritten.
func (l *lowerer) planNilPtrs() {
	l.nils.markers = map[string]string{}
	for _, tn := range l.ownTypes() {
		t := tn.Type()
		if p := types.NewPointer(t); types.NewMethodSet(p).Len() > 0 {
			l.nils.types = append(l.nils.types, p)
		}
		switch t.Underlying().(type) {
		case *types.Slice, *types.Map, *types.Signature, *types.Chan:
			if types.NewMethodSet(t).Len() > 0 {
				l.nils.types = append(l.nils.types, t)
			}
		}
	}
	if len(l.nils.types) == 0 {
		return
	}
	l.walkSites(func(e *ast.Expr, target types.Type) {
		if l.nilInto(*e, target) != nil {
			l.nils.active = true
		}
	})
}

// walkSites calls visit with each operand of the learner's tree that
// goes into a place of interface type, and that type (nilSites), before
// anything is rewritten.
func (l *lowerer) walkSites(visit func(e *ast.Expr, target types.Type)) {
	var funcs []*types.Signature
	astutil.Apply(l.file, func(c *astutil.Cursor) bool {
		switch n := c.Node().(type) {
		case *ast.FuncDecl:
			funcs = append(funcs, l.info.Defs[n.Name].Type().(*types.Signature))
		case *ast.FuncLit:
			funcs = append(funcs, l.typeAndValue(n).Type.(*types.Signature))
		}
		return true
	}, func(c *astutil.Cursor) bool {
		switch c.Node().(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			funcs = funcs[:len(funcs)-1]
		}
		var sig *types.Signature
		if len(funcs) > 0 {
			sig = funcs[len(funcs)-1]
		}
		l.nilSites(c.Node(), sig, visit)
		return true
	})
}

// nilType returns the type of the nil values the markers stand for that
// t is, or nil.
func (l *lowerer) nilType(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	for _, n := range l.nils.types {
		if types.Identical(n, t) {
			return n
		}
	}
	return nil
}

// nilInto returns the type of e when e may be a nil of a marked type and
// target is a package's interface, or nil.
func (l *lowerer) nilInto(e ast.Expr, target types.Type) types.Type {
	if e == nil || target == nil || !l.packageInterface(target) {
		return nil
	}
	tv := l.typeAndValue(e)
	if tv.Type == nil || tv.IsNil() || tv.IsType() {
		return nil
	}
	if types.IsInterface(tv.Type) {
		// The program's interface holds typed nils as Go does; the
		// interpreter's conversion to the package's loses them.
		if l.packageInterface(tv.Type) || len(l.nilImplementers(tv.Type, target)) == 0 {
			return nil
		}
		return tv.Type
	}
	t := l.nilType(tv.Type)
	if t == nil {
		return nil
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return nil // &T{...}, &v
		}
	case *ast.CallExpr:
		if id, ok := ast.Unparen(x.Fun).(*ast.Ident); ok {
			if b, ok := l.info.Uses[id].(*types.Builtin); ok && b.Name() == "new" {
				return nil
			}
		}
	}
	return t
}

// nilImplementers lists the marked types whose nils a value of the
// program's interface type from may hold and that implement to.
func (l *lowerer) nilImplementers(from, to types.Type) []types.Type {
	fi, ok := typeUnder(from).(*types.Interface)
	ti, ok2 := typeUnder(to).(*types.Interface)
	if !ok || !ok2 || fi.Empty() {
		return nil
	}
	var out []types.Type
	for _, nt := range l.nils.types {
		if types.Implements(nt, fi) && types.Implements(nt, ti) {
			out = append(out, nt)
		}
	}
	return out
}

// lowerNilSites passes the operands of n that may store a typed nil in a
// package's interface through the helper giving its marker.
func (l *lowerer) lowerNilSites(n ast.Node) {
	if !l.nils.active {
		return
	}
	var sig *types.Signature
	if len(l.funcs) > 0 {
		sig = l.funcs[len(l.funcs)-1]
	}
	l.nilSites(n, sig, func(e *ast.Expr, target types.Type) {
		t := l.nilInto(*e, target)
		if t == nil {
			return
		}
		texpr, localT := l.typeExpr(t)
		iexpr, local := l.typeExpr(target)
		if local || localT {
			return
		}
		name := l.helper("nilin "+texpr+" "+iexpr, "nilin", func(f string) string {
			if types.IsInterface(t) {
				var b strings.Builder
				b.WriteString("func " + f + "(v " + texpr + ") " + iexpr + " {\n")
				for _, nt := range l.nilImplementers(t, target) {
					ntexpr, _ := l.typeExpr(nt)
					b.WriteString("\tif p, ok := v.(" + ntexpr + "); ok && p == nil {\n\t\treturn " + l.nilMarker(nt) + "_it\n\t}\n")
				}
				b.WriteString("\treturn v\n}")
				return b.String()
			}
			return "func " + f + "(p " + texpr + ") " + iexpr + " {\n\tif p == nil {\n\t\treturn " + l.nilMarker(t) + "_it\n\t}\n\treturn p\n}"
		})
		l.note("typed nils in interfaces")
		call := &ast.CallExpr{Fun: ast.NewIdent(name), Lparen: (*e).Pos(), Args: []ast.Expr{*e}, Rparen: (*e).End()}
		l.info.Types[call] = types.TypeAndValue{Type: target}
		*e = call
	})
}

// nilSites calls visit with each operand of n that goes into a place of
// interface type, and that type: assigned, declared, returned (sig is the
// enclosing function's), sent, compared, converted, passed as an argument
// (append's too), and elements and fields of composite literals.
func (l *lowerer) nilSites(n ast.Node, sig *types.Signature, visit func(e *ast.Expr, target types.Type)) {
	switch n := n.(type) {
	case *ast.AssignStmt:
		if n.Tok == token.ASSIGN && len(n.Lhs) == len(n.Rhs) {
			for i := range n.Rhs {
				if !isBlank(n.Lhs[i]) {
					visit(&n.Rhs[i], l.typeOf(n.Lhs[i]))
				}
			}
		}
	case *ast.ValueSpec:
		if n.Type != nil && len(n.Names) == len(n.Values) {
			for i := range n.Values {
				visit(&n.Values[i], l.typeOf(n.Type))
			}
		}
	case *ast.ReturnStmt:
		if sig != nil && sig.Results().Len() == len(n.Results) {
			for i := range n.Results {
				visit(&n.Results[i], sig.Results().At(i).Type())
			}
		}
	case *ast.SendStmt:
		if ch, ok := typeUnder(l.typeOf(n.Chan)).(*types.Chan); ok {
			visit(&n.Value, ch.Elem())
		}
	case *ast.BinaryExpr:
		if n.Op == token.EQL || n.Op == token.NEQ {
			x, y := l.typeOf(n.X), l.typeOf(n.Y)
			visit(&n.X, y)
			visit(&n.Y, x)
		}
	case *ast.CompositeLit:
		l.nilElements(n, visit)
	case *ast.CallExpr:
		l.nilArguments(n, visit)
	}
}

// nilElements visits the elements of a composite literal.
func (l *lowerer) nilElements(n *ast.CompositeLit, visit func(e *ast.Expr, target types.Type)) {
	t := l.typeOf(n)
	if p, ok := typeUnder(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	switch u := typeUnder(t).(type) {
	case *types.Struct:
		for i := range n.Elts {
			if kv, ok := n.Elts[i].(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok {
					if f, ok := l.info.Uses[id].(*types.Var); ok {
						visit(&kv.Value, f.Type())
					}
				}
			} else if i < u.NumFields() {
				visit(&n.Elts[i], u.Field(i).Type())
			}
		}
	case *types.Slice, *types.Array, *types.Map:
		var key, elem types.Type
		switch u := u.(type) {
		case *types.Slice:
			elem = u.Elem()
		case *types.Array:
			elem = u.Elem()
		case *types.Map:
			key, elem = u.Key(), u.Elem()
		}
		for i := range n.Elts {
			if kv, ok := n.Elts[i].(*ast.KeyValueExpr); ok {
				if key != nil {
					visit(&kv.Key, key)
				}
				visit(&kv.Value, elem)
				continue
			}
			visit(&n.Elts[i], elem)
		}
	}
}

// nilArguments visits the operand of a conversion and the arguments of a
// call, to the program's functions and to the packages' (errors.Join).
func (l *lowerer) nilArguments(n *ast.CallExpr, visit func(e *ast.Expr, target types.Type)) {
	if l.isConversion(n) {
		if len(n.Args) == 1 {
			visit(&n.Args[0], l.typeOf(n.Fun))
		}
		return
	}
	if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok {
		if b, ok := l.info.Uses[id].(*types.Builtin); ok {
			if len(n.Args) == 0 {
				return
			}
			if s, ok := typeUnder(l.typeOf(n.Args[0])).(*types.Slice); ok && b.Name() == "append" && !n.Ellipsis.IsValid() {
				for i := 1; i < len(n.Args); i++ {
					visit(&n.Args[i], s.Elem())
				}
			}
			return
		}
	}
	sig, ok := typeUnder(l.typeOf(n.Fun)).(*types.Signature)
	if !ok || n.Ellipsis.IsValid() {
		return
	}
	params := sig.Params()
	for i := range n.Args {
		switch {
		case sig.Variadic() && i >= params.Len()-1:
			visit(&n.Args[i], params.At(params.Len()-1).Type().(*types.Slice).Elem())
		case i < params.Len():
			visit(&n.Args[i], params.At(i).Type())
		}
	}
}

// nilMarker declares the marker of the nil values of t and returns its
// name: the type N, its one value N_it, t's methods called on a nil t,
// and N_show(verb), what fmt prints for the nil with that verb.
func (l *lowerer) nilMarker(t types.Type) string {
	texpr, _ := l.typeExpr(t)
	if name, ok := l.nils.markers[texpr]; ok {
		return name
	}
	name := l.helper("nilmarker "+texpr, "nil", func(n string) string {
		var b strings.Builder
		b.WriteString("type " + n + " struct{ " + n + "_v int }\n\nvar " + n + "_it = &" + n + "{}\n")
		ms := types.NewMethodSet(t)
		for i := range ms.Len() {
			m := ms.At(i).Obj().(*types.Func)
			if l.nilRecovers(t, m.Name()) {
				b.WriteString("\n" + l.nilRecovering(n, texpr, m.Name()) + "\n")
				continue
			}
			b.WriteString("\n" + l.nilForward(n, texpr, m) + "\n")
		}
		b.WriteString("\n" + l.nilShow(n, t, texpr))
		return b.String()
	})
	l.nils.markers[texpr] = name
	return name
}

// nilForward is the marker n's method calling m on a nil value of texpr.
func (l *lowerer) nilForward(n, texpr string, m *types.Func) string {
	sig := m.Type().(*types.Signature)
	var params, args []string
	for i := range sig.Params().Len() {
		p := "a" + strconv.Itoa(i)
		pt := sig.Params().At(i).Type()
		pexpr, _ := l.typeExpr(pt)
		if sig.Variadic() && i == sig.Params().Len()-1 {
			pexpr, _ = l.typeExpr(pt.(*types.Slice).Elem())
			params = append(params, p+" ..."+pexpr)
			args = append(args, p+"...")
			continue
		}
		params = append(params, p+" "+pexpr)
		args = append(args, p)
	}
	var results []string
	for i := range sig.Results().Len() {
		r, _ := l.typeExpr(sig.Results().At(i).Type())
		results = append(results, r)
	}
	res := ""
	switch len(results) {
	case 0:
	case 1:
		res = " " + results[0]
	default:
		res = " (" + strings.Join(results, ", ") + ")"
	}
	call := "v." + m.Name() + "(" + strings.Join(args, ", ") + ")"
	if len(results) > 0 {
		call = "return " + call
	}
	return "func (*" + n + ") " + m.Name() + "(" + strings.Join(params, ", ") + ")" + res + " {\n\tvar v " + texpr + "\n\t" + call + "\n}"
}

// nilTest is a boolean expression testing whether the interface value v
// holds the marker of t's nil; "" when t has none.
func (l *lowerer) nilTest(v string, t types.Type) string {
	if !l.nils.active || l.nilType(t) == nil {
		return ""
	}
	return "func() bool {\n_, ok := " + v + ".(*" + l.nilMarker(l.nilType(t)) + ")\nreturn ok\n}()"
}
