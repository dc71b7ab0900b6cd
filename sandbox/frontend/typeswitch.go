package frontend

import (
	"go/ast"
	"go/types"
	"strconv"
	"strings"
)

// lowerTypeSwitch rewrites a type switch (with an interface type among its
// cases the interpreter never matches; with a struct type it misses them
// too) into an expression switch whose cases use comma-ok type
// assertions, which it gets right:
//
//	switch x := v.(type) { case error: A; default: B }
//
// becomes
//
//	switch ts := v; { case func() bool { _, ok := ts.(error); return ok }(): x := ts.(error); A; default: x := ts; B }
//
// break and continue keep their meaning. It returns nil to keep n.
func (l *lowerer) lowerTypeSwitch(n *ast.TypeSwitchStmt) ast.Stmt {
	if !l.hasInterfaceCase(n) {
		return nil
	}
	var x ast.Expr
	var bound string
	switch a := n.Assign.(type) {
	case *ast.AssignStmt:
		x = a.Rhs[0].(*ast.TypeAssertExpr).X
		bound = a.Lhs[0].(*ast.Ident).Name
	case *ast.ExprStmt:
		x = a.X.(*ast.TypeAssertExpr).X
	}
	_, labeled := l.labels[n]
	if n.Init != nil && labeled {
		return nil // no room for both the init and the subject
	}
	l.note("type switches on interfaces")
	ts := l.fresh("ts")
	sw := l.parseStmts("switch " + ts + " := _fl_subject; {\n}")[0].(*ast.SwitchStmt)
	sw.Init.(*ast.AssignStmt).Rhs[0] = x
	sw.Switch = n.Switch
	for _, stmt := range n.Body.List {
		clause := stmt.(*ast.CaseClause)
		var conds []string
		var only types.Type
		for _, e := range clause.List {
			if l.typeAndValue(e).IsNil() {
				conds = append(conds, ts+" == nil")
				continue
			}
			texpr, _ := l.typeExpr(l.typeOf(e))
			if isEmptyInterface(l.typeOf(e)) {
				// The interpreter fails x.(any); any non-nil value is one.
				conds = append(conds, ts+" != nil")
				if len(clause.List) == 1 {
					only = l.typeOf(e)
				}
				continue
			}
			if box, ok := l.boxFor(l.typeOf(e)); ok {
				conds = append(conds, "func() bool {\n_, ok := "+box+"_unbox("+ts+")\nreturn ok\n}()")
			} else if okName, _, ok := l.assertHelpers(l.typeOf(x), l.typeOf(e)); ok {
				conds = append(conds, "func() bool {\n_, ok := "+okName+"("+ts+")\nreturn ok\n}()")
			} else if t := l.typeOf(e); isError(l.typeOf(x)) && !types.IsInterface(t) {
				h := l.grabHelper(t)
				if h == "" {
					h = l.assertConcrete(texpr)
				}
				conds = append(conds, "func() bool {\n_, ok := "+h+"("+ts+")\nreturn ok\n}()")
			} else if h := l.switchNativeHelper(l.typeOf(x), t); h != "" {
				conds = append(conds, "func() bool {\n_, ok := "+h+"("+ts+")\nreturn ok\n}()")
			} else if l.emptyStructFromPackage(l.typeOf(x), t) {
				conds = append(conds, l.typeTest("any("+ts+")", t)) // pkgvalues.go
			} else {
				conds = append(conds, l.typeTest(ts, l.typeOf(e)))
			}
			if nt := l.nilTest(ts, l.typeOf(e)); nt != "" {
				conds[len(conds)-1] = nt + " || " + conds[len(conds)-1]
			}
			if len(clause.List) == 1 {
				only = l.typeOf(e)
			}
		}
		src := "switch {\ndefault:\n}"
		if clause.List != nil {
			src = "switch {\ncase " + strings.Join(conds, " || ") + ":\n}"
		}
		out := l.parseStmts(src)[0].(*ast.SwitchStmt).Body.List[0].(*ast.CaseClause)
		out.Case = clause.Case
		if bound != "" {
			value := ts
			if only != nil && isEmptyInterface(only) {
				texpr, _ := l.typeExpr(only)
				value = texpr + "(" + ts + ")"
			} else if box, ok := l.boxFor(only); only != nil && ok {
				static := l.goTypeName(l.typeOf(x))
				value = box + "_must(" + ts + ", " + strconv.Quote(static) + ")"
			} else if only != nil {
				texpr, _ := l.typeExpr(only)
				value = ts + ".(" + texpr + ")"
				if l.emptyStructFromPackage(l.typeOf(x), only) {
					value = "any(" + value[:len(ts)] + ")" + value[len(ts):]
				}
				if _, must, ok := l.assertHelpers(l.typeOf(x), only); ok {
					value = must + "(" + ts + ")"
				}
				if h := l.switchNativeHelper(l.typeOf(x), only); h != "" {
					value = h + "_must(" + ts + ")"
				}
				if h := l.grabHelper(only); h != "" && isError(l.typeOf(x)) {
					value = h + "_must(" + ts + ")"
				}
			}
			if h := l.nilAssertHelper(l.typeOf(x), only); only != nil && h != "" {
				value = h + "_must(" + ts + ")"
			}
			out.Body = append(out.Body, l.parseStmts(bound+" := "+value)...)
		}
		out.Body = append(out.Body, clause.Body...)
		sw.Body.List = append(sw.Body.List, out)
	}
	if n.Init == nil {
		return sw
	}
	return &ast.BlockStmt{Lbrace: n.Switch, List: []ast.Stmt{n.Init, sw}}
}

// hasInterfaceCase reports whether a case of the switch names an interface.
func (l *lowerer) hasInterfaceCase(n *ast.TypeSwitchStmt) bool {
	// The interpreter's type switch also misses struct types when it
	// binds no variable (switch v.(type) { case P: }): every type switch
	// with a case takes the lowered form.
	for _, stmt := range n.Body.List {
		if len(stmt.(*ast.CaseClause).List) > 0 {
			return true
		}
	}
	for _, stmt := range n.Body.List {
		for _, e := range stmt.(*ast.CaseClause).List {
			if t := l.typeOf(e); t != nil && !l.typeAndValue(e).IsNil() && types.IsInterface(t) {
				return true
			}
			if _, boxed := l.boxKey(l.typeOf(e)); boxed && !l.typeAndValue(e).IsNil() {
				return true // a boxed type: unboxed by the lowered form
			}
		}
	}
	return false
}

// isEmptyInterface reports whether t is an interface with no methods and
// no type terms (any).
func isEmptyInterface(t types.Type) bool {
	if t == nil {
		return false
	}
	i, ok := t.Underlying().(*types.Interface)
	return ok && i.Empty()
}

// typeTest is a boolean expression testing whether the interface value v
// holds a value of the concrete type t. The interpreter's comma-ok
// assertion takes a value of a type with methods for one of its
// underlying type (Celsius for float64), and its type switch misses
// struct types and pointers: each test uses the one that is right for t.
func (l *lowerer) typeTest(v string, t types.Type) string {
	texpr, _ := l.typeExpr(t)
	if nativeTypeTest(t) {
		test := "func() bool {\nswitch " + v + ".(type) {\ncase " + texpr + ":\nreturn true\n}\nreturn false\n}()"
		if len(l.boxes) > 0 {
			// The type switch may take a box for a type with methods.
			test = "!" + l.isBoxHelper() + "(" + v + ") && " + test
		}
		return test
	}
	test := "func() bool {\n_, ok := " + v + ".(" + texpr + ")\nreturn ok\n}()"
	if twins := l.twinsExcluded(v, l.representationTwins(t)); twins != "" {
		test = twins + " && " + test
	}
	return test
}

// nativeTypeTest reports whether the interpreter's type switch tells
// values of t apart: not for structs, pointers, interfaces or functions.
func nativeTypeTest(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Struct, *types.Pointer, *types.Interface, *types.Signature:
		return false
	}
	return true
}
