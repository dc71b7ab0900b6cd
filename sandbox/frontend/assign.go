package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
)

// Parallel assignments.
//
// The interpreter compiles "a, b = x, y" into one node that assigns every
// pair, but it lets some right-hand sides store their value straight into
// their destination: a call (in an assignment with =), a receive and a
// composite literal. When one does, the node itself is dropped, and with
// it the assignments of every other pair, so that in
//
//	b.state, b.until = open, now.Add(cooldown)
//
// b.state never changes. Direct stores also happen too early: in
// "a, b = f(b), g(a)", g sees the new a.
//
// lowerAssign hoists the calls and receives of such a statement into
// temporaries, in the order Go evaluates them (those in the operands on
// the left, then those on the right, left to right), then its composite
// literals, and leaves a parallel assignment of plain operands, which the
// interpreter gets right (it evaluates every right-hand side before it
// assigns, as Go does). The statement above becomes
//
//	{
//		_fl_v1 := now.Add(cooldown)
//		b.state, b.until = open, _fl_v1
//	}
//
// An untyped nil among the values, on which the interpreter fails at run
// time, is given the type of its destination.
// As in `go run`, only calls and receives are evaluated early; other
// operands are read when the assignment happens.

// needsSplit reports whether the interpreter may drop or misorder part of
// a parallel assignment or definition with the right-hand sides rhs. (It
// also fails at run time on an untyped nil in a parallel assignment.)
func (l *lowerer) needsSplit(define bool, rhs []ast.Expr) bool {
	if len(rhs) < 2 {
		return false
	}
	for _, e := range rhs {
		if !define && l.isNil(e) {
			return true
		}
		switch e := ast.Unparen(e).(type) {
		case *ast.CompositeLit:
			return true
		case *ast.UnaryExpr:
			if e.Op == token.ARROW {
				return true
			}
		case *ast.CallExpr:
			// A definition stores a call's result through the node. A
			// call with a constant value (len of a constant string) is
			// still a call to the interpreter.
			if !define && !l.isConversion(e) {
				return true
			}
		}
	}
	return false
}

// isNil reports whether e is the predeclared nil.
func (l *lowerer) isNil(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && l.info.Uses[id] == types.Universe.Lookup("nil")
}

// isConversion reports whether call converts a value to a type.
func (l *lowerer) isConversion(call *ast.CallExpr) bool {
	tv, ok := l.info.Types[call.Fun]
	return ok && tv.IsType()
}

// lowerAssign rewrites a parallel assignment or definition that the
// interpreter gets wrong: where it stands in a list of statements, into
// temporaries and the assignment (in a block of their own for an
// assignment with =); elsewhere (the init or post statement of a loop, if
// or switch, a labeled statement), into one assignment from a function
// literal that returns the values.
func (l *lowerer) lowerAssign(c *astutil.Cursor, n *ast.AssignStmt) {
	if n.Tok != token.ASSIGN && n.Tok != token.DEFINE || len(n.Lhs) != len(n.Rhs) {
		return
	}
	if !l.needsSplit(n.Tok == token.DEFINE, n.Rhs) {
		return
	}
	l.note("parallel assignments")
	if c.Index() < 0 {
		l.assignFromFunc(n)
		return
	}
	var temps []ast.Stmt
	for i, lhs := range n.Lhs {
		if n.Tok == token.ASSIGN && !isBlank(lhs) {
			n.Lhs[i] = l.hoistCalls(lhs, &temps)
		}
	}
	for i, rhs := range n.Rhs {
		n.Rhs[i] = l.hoistCalls(rhs, &temps)
	}
	for i, rhs := range n.Rhs {
		switch {
		case l.isNil(rhs):
			// An untyped nil makes the interpreter fail at run time.
			texpr, _ := l.typeExpr(l.typeOf(n.Lhs[i]))
			n.Rhs[i] = l.parseExpr("(" + texpr + ")(nil)")
		case isCompositeLit(rhs):
			n.Rhs[i] = l.temp(rhs, nil, &temps)
		}
	}
	if n.Tok == token.DEFINE {
		// The temporaries come into scope with the defined variables.
		for _, s := range temps {
			c.InsertBefore(s)
		}
		return
	}
	// A block keeps the temporaries out of the scope of the statements
	// that follow (a goto may jump over them to a label).
	c.Replace(&ast.BlockStmt{List: append(temps, n)})
}

func isCompositeLit(e ast.Expr) bool {
	_, ok := ast.Unparen(e).(*ast.CompositeLit)
	return ok
}

// hoistCalls replaces the calls and receives in e, outside function
// literals, by temporaries that evaluate them, appended to temps in the
// order Go evaluates them, and returns the rewritten e. A logical
// operator whose right operand holds a call is hoisted whole, since that
// operand is evaluated only depending on the left one.
func (l *lowerer) hoistCalls(e ast.Expr, temps *[]ast.Stmt) ast.Expr {
	return astutil.Apply(e, func(c *astutil.Cursor) bool {
		switch x := c.Node().(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if l.isConversion(x) {
				return true
			}
			if tv := l.typeAndValue(x); tv.Value != nil {
				c.Replace(l.constExpr(tv.Value, tv.Type))
				return false
			}
			c.Replace(l.temp(x, nil, temps))
			return false
		case *ast.UnaryExpr:
			if x.Op == token.ARROW {
				c.Replace(l.temp(x, nil, temps))
				return false
			}
		case *ast.BinaryExpr:
			if (x.Op == token.LAND || x.Op == token.LOR) && l.hasCall(x.Y) {
				// An untyped boolean takes its type from the assignment.
				var typ types.Type
				if t := l.typeOf(x); t != nil && !isUntyped(t) && !types.Identical(t, types.Typ[types.Bool]) {
					typ = t
				}
				c.Replace(l.temp(x, typ, temps))
				return false
			}
		}
		return true
	}, nil).(ast.Expr)
}

// hasCall reports whether e holds a call or a receive outside function
// literals.
func (l *lowerer) hasCall(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if !l.isConversion(x) && l.typeAndValue(x).Value == nil {
				found = true
			}
		case *ast.UnaryExpr:
			if x.Op == token.ARROW {
				found = true
			}
		}
		return !found
	})
	return found
}

// temp appends "t := e" (or "t := T(e)" when typ is not nil) to temps and
// returns a reference to t.
func (l *lowerer) temp(e ast.Expr, typ types.Type, temps *[]ast.Stmt) ast.Expr {
	name := l.fresh("v")
	value := e
	if typ != nil {
		texpr, _ := l.typeExpr(typ)
		value = &ast.CallExpr{Fun: l.parseExpr("(" + texpr + ")"), Args: []ast.Expr{e}}
	}
	*temps = append(*temps, &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(name)}, Tok: token.DEFINE, Rhs: []ast.Expr{value}})
	ref := ast.NewIdent(name)
	if tv, ok := l.info.Types[e]; ok {
		l.info.Types[ref] = tv
	}
	return ref
}

// assignFromFunc turns "a, b = x, y" into "a, b = func() (A, B) { return
// x, y }()", a single statement that can stay where only one may stand.
func (l *lowerer) assignFromFunc(n *ast.AssignStmt) {
	results := make([]string, len(n.Lhs))
	for i, lhs := range n.Lhs {
		var t types.Type
		if !isBlank(lhs) {
			t = l.typeOf(lhs)
		}
		if t == nil {
			t = types.Default(l.typeOf(n.Rhs[i]))
		}
		results[i], _ = l.typeExpr(t)
	}
	call := l.parseExpr("func() (" + strings.Join(results, ", ") + ") {\nreturn\n}()").(*ast.CallExpr)
	ret := call.Fun.(*ast.FuncLit).Body.List[0].(*ast.ReturnStmt)
	ret.Results = n.Rhs
	n.Rhs = []ast.Expr{call}
}

// lowerVarSpecs splits "var a, b = x, y" (where the interpreter would
// drop values, as for assignments) into one specification per variable.
// Inside a function, a value that names a variable declared earlier in
// the same specification would see the new one: then the values are
// first declared as temporaries.
func (l *lowerer) lowerVarSpecs(d *ast.GenDecl) {
	if d.Tok != token.VAR {
		return
	}
	var specs []ast.Spec
	for _, s := range d.Specs {
		vs := s.(*ast.ValueSpec)
		if len(vs.Names) == 2 && len(vs.Values) == 1 && l.isCommaOK(vs.Values[0]) {
			// var v, ok = m[k]: the interpreter fails on it (at package
			// level) or shares the variables (in a loop); a function
			// literal returns both values.
			l.note("comma-ok variable declarations")
			vs.Values[0] = l.commaOKFunc(vs.Values[0], vs.Names)
		}
		if len(vs.Names) != len(vs.Values) || !l.needsSplit(true, vs.Values) {
			specs = append(specs, s)
			continue
		}
		l.note("parallel assignments")
		values := vs.Values
		if len(l.funcs) > 0 && l.namesEarlier(vs) {
			values = make([]ast.Expr, len(vs.Values))
			for i, v := range vs.Values {
				name := l.fresh("v")
				specs = append(specs, &ast.ValueSpec{Names: []*ast.Ident{ast.NewIdent(name)}, Type: vs.Type, Values: []ast.Expr{v}})
				values[i] = ast.NewIdent(name)
			}
		}
		for i, name := range vs.Names {
			spec := &ast.ValueSpec{Names: []*ast.Ident{name}, Type: vs.Type, Values: []ast.Expr{values[i]}}
			if i == 0 {
				spec.Doc = vs.Doc
			}
			specs = append(specs, spec)
		}
	}
	if len(specs) > 1 && !d.Lparen.IsValid() {
		d.Lparen, d.Rparen = d.TokPos, d.TokPos
	}
	d.Specs = specs
}

// namesEarlier reports whether a value of vs mentions the name of a
// variable declared before it in vs.
func (l *lowerer) namesEarlier(vs *ast.ValueSpec) bool {
	seen := map[string]bool{}
	for i, v := range vs.Values {
		if i > 0 {
			seen[vs.Names[i-1].Name] = true
		}
		found := false
		ast.Inspect(v, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && seen[id.Name] {
				found = true
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// commaOKFunc returns func() (T, bool) { v, ok := e; return v, ok }(),
// where T is the type of the first of names.
func (l *lowerer) commaOKFunc(e ast.Expr, names []*ast.Ident) ast.Expr {
	t := l.typeOf(names[0])
	if t == nil {
		return e
	}
	texpr, _ := l.typeExpr(t)
	call := l.parseExpr("func() (" + texpr + ", bool) {\n_fl_v, _fl_ok := _fl_x\nreturn _fl_v, _fl_ok\n}()").(*ast.CallExpr)
	def := call.Fun.(*ast.FuncLit).Body.List[0].(*ast.AssignStmt)
	def.Rhs[0] = e
	return call
}
