package frontend

import (
	"go/ast"
	"go/constant"
	"go/types"
	"strings"
)

// Errors of the packages asserted to an interface with more methods.
//
// The interpreter tells whether an interface value has an interface's
// methods from the type it knew the value by. An error a package's
// function returned (provider's lost response, context.DeadlineExceeded
// through a function) it knows as an error, with Error alone, so
// err.(interface{ Timeout() bool }) and a type switch case of that type
// were false where Go finds the package type's Timeout method; and the
// compiled errors.As, given a pointer to such an interface, panicked
// ("errors: *target must be interface or implement error").
//
// refusePackageErrorsToIface refuses, at the type, an assertion or type
// switch case from an error to an interface type with methods error does
// not have when no type of the program has them (only the packages'
// values could pass, and the interpreter would not let them), and an
// errors.As the compiled errors package would do into an interface
// other than error (it always panicked).
func (l *lowerer) refusePackageErrorsToIface() {
	nilVars := l.neverSetVars()
	ast.Inspect(l.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.TypeAssertExpr:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && nilVars[l.info.Uses[id]] {
				break // always nil: the assertion answers false, as in Go
			}
			if n.Type != nil {
				l.refuseErrorOrValueToIface(n, n.X, n.Type, "a type assertion")
			}
		case *ast.TypeSwitchStmt:
			x := switchOperand(n)
			if x == nil {
				break
			}
			if id, ok := ast.Unparen(x).(*ast.Ident); ok && nilVars[l.info.Uses[id]] {
				break
			}
			for _, s := range n.Body.List {
				cc := s.(*ast.CaseClause)
				for _, e := range cc.List {
					var bound ast.Node = cc
					if len(cc.List) > 1 {
						bound = nil // the clause's variable has the operand's type
					}
					l.refuseErrorOrValueToIface(bound, x, e, "a type switch case")
				}
			}
		case *ast.CallExpr:
			if !l.isPackageFunc(n.Fun, "errors", "As") || len(n.Args) != 2 {
				break
			}
			ptr, ok := under(l.typeOf(n.Args[1])).(*types.Pointer)
			if !ok || l.ownErrorType(ptr.Elem()) {
				break // the front end's As (library.go)
			}
			if _, ok := l.hiddenAsserter(ptr.Elem()); ok && l.ownInterface(ptr.Elem()) {
				if l.hiddenAsTarget(n.Args[1]) {
					break // the front end's As, asking progfmt (hidden.go)
				}
				l.unsupported(n.Args[1].Pos(), "errors.As into a variable of interface type "+l.typeString(ptr.Elem(), l.qualifyByName())+
					" is not supported by the playground unless it is a local variable used only by calling its methods, comparing it with nil or printing it with Print or Println (the interpreter would hold a package's error there in a wrapper of its own); call its methods only")
				break
			}
			if it, ok := under(ptr.Elem()).(*types.Interface); ok && it.NumMethods() > 0 && !types.Identical(it, errorType) {
				l.unsupported(n.Args[1].Pos(), "errors.As into a variable of interface type "+l.typeString(ptr.Elem(), l.qualifyByName())+
					" is not supported by the playground (the interpreter's interface values cannot be its target); assert to a concrete type of the program instead")
			}
		}
		return true
	})
}

// switchOperand is the expression a type switch switches on.
func switchOperand(n *ast.TypeSwitchStmt) ast.Expr {
	var e ast.Expr
	switch a := n.Assign.(type) {
	case *ast.ExprStmt:
		e = a.X
	case *ast.AssignStmt:
		if len(a.Rhs) == 1 {
			e = a.Rhs[0]
		}
	}
	if ta, ok := ast.Unparen(e).(*ast.TypeAssertExpr); ok {
		return ta.X
	}
	return nil
}

// refuseErrorOrValueToIface refuses what, from x to the type at texpr,
// for refuseErrorToIface's reason or else refusePackageValueToIface's.
// An assertion (or the case clause binding) at at that the front end's
// helpers answer, asking progfmt for the packages' hidden methods
// (hidden.go), is not refused for the first two reasons.
func (l *lowerer) refuseErrorOrValueToIface(at ast.Node, x, texpr ast.Expr, what string) {
	n := len(l.diags)
	if _, ok := l.hiddenAsserter(l.typeOf(texpr)); ok && at != nil && l.ownInterface(l.typeOf(texpr)) && types.IsInterface(l.typeOf(x)) {
		if l.hiddenUsesOK(at) {
			l.refusePackageValueToIface(x, texpr, what)
			return
		}
	}
	l.refuseHiddenErrorMethods(x, texpr, what)
	if len(l.diags) == n {
		l.refuseErrorToIface(x, texpr, what)
	}
	if len(l.diags) == n {
		l.refusePackageValueToIface(x, texpr, what)
	}
}

// hiddenErrors are the errors of the allowed packages whose type is
// unexported and has methods beside Error. The interpreter does not see
// those methods: asserted to an interface that has them, such an error
// answers false where Go answers true. Each is refused where the program
// can come by such an error (makes reports whether it can) and asks for
// at least one of its methods.
var hiddenErrors = []struct {
	what    string // the error, as the refusal names it
	methods map[string]string
	makes   func(l *lowerer) bool
	instead string
}{
	{"a recovered run-time error", map[string]string{"RuntimeError": "func()"},
		func(*lowerer) bool { return true }, "assert to error and read its message instead"},
	{"an error fmt.Errorf wraps with %w", map[string]string{"Unwrap": "func() error"},
		(*lowerer).wrapsWithW, "call errors.Unwrap(err), errors.Is or errors.As instead"},
	{"an error of fmt.Errorf or errors.Join wrapping several", map[string]string{"Unwrap": "func() []error"},
		func(l *lowerer) bool { return l.wrapsWithW() || l.uses("errors", "Join") }, "call errors.Is or errors.As instead"},
	{"context.DeadlineExceeded", map[string]string{"Timeout": "func() bool", "Temporary": "func() bool"},
		func(l *lowerer) bool {
			return l.uses("context", "DeadlineExceeded", "WithTimeout", "WithDeadline", "WithTimeoutCause", "WithDeadlineCause")
		}, "compare it with errors.Is(err, context.DeadlineExceeded) instead"},
}

// refuseHiddenErrorMethods refuses what, from x to the type at texpr,
// when the type asks for a method of one of hiddenErrors that x's type
// lacks, and has no method that error lacks (it could pass).
func (l *lowerer) refuseHiddenErrorMethods(x, texpr ast.Expr, what string) {
	it, ok := under(l.typeOf(texpr)).(*types.Interface)
	st := l.typeOf(x)
	if !ok || st == nil || !types.IsInterface(st) || types.Implements(st, it) {
		return
	}
	for _, h := range hiddenErrors {
		if l.asksHidden(it, h.methods) && h.makes(l) {
			if _, ok := l.hiddenAsserter(l.typeOf(texpr)); ok && l.ownInterface(l.typeOf(texpr)) {
				l.unsupported(texpr.Pos(), what+" to "+l.typeString(l.typeOf(texpr), l.qualifyByName())+
					" is not supported by the playground when the value may be "+h.what+
					" and the result is used other than by calling its methods, comparing it with nil or printing it with Print or Println (the interpreter would hold the value in a wrapper of its own); call its methods only, or "+
					strings.TrimSuffix(h.instead, " instead"))
				return
			}
			l.unsupported(texpr.Pos(), what+" to "+l.typeString(l.typeOf(texpr), l.qualifyByName())+
				" is not supported by the playground when the value may be "+h.what+
				": the interpreter does not see its methods (it would answer false); "+h.instead)
			return
		}
	}
}

// asksHidden reports whether the interface it asks for one of methods
// (name to signature) and for nothing else but Error: only then can such
// an error pass.
func (l *lowerer) asksHidden(it *types.Interface, methods map[string]string) bool {
	asks := false
	for i := range it.NumMethods() {
		m := it.Method(i)
		if sig, ok := methods[m.Name()]; ok && types.TypeString(m.Type(), nil) == sig {
			asks = true
		} else if m.Name() != "Error" || !types.Identical(m.Type(), errorType.Method(0).Type()) {
			return false
		}
	}
	return asks
}

// uses reports whether the program names one of names of the package
// at path (calls it, reads it).
func (l *lowerer) uses(path string, names ...string) bool {
	found := false
	ast.Inspect(l.file, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			for _, name := range names {
				found = found || l.isPackageFunc(sel, path, name)
			}
		}
		return !found
	})
	return found
}

// wrapsWithW reports whether the program calls fmt.Errorf with %w in its
// format, or with a format only known when it runs.
func (l *lowerer) wrapsWithW() bool {
	found := false
	ast.Inspect(l.file, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && len(c.Args) > 0 && l.isPackageFunc(c.Fun, "fmt", "Errorf") {
			tv := l.typeAndValue(c.Args[0])
			found = tv.Value == nil || tv.Value.Kind() != constant.String || strings.Contains(constant.StringVal(tv.Value), "%w")
		}
		return !found
	})
	return found
}

// refuseErrorToIface refuses what, from x to the type at texpr, would
// ask the interpreter for methods of a package's error it does not see.
func (l *lowerer) refuseErrorToIface(x, texpr ast.Expr, what string) {
	st := l.typeOf(x)
	if st == nil || !types.IsInterface(st) || !types.Implements(st, errorType) || !l.onlyPackagesImplement(l.typeOf(texpr)) {
		return
	}
	if it, ok := under(l.typeOf(texpr)).(*types.Interface); ok && types.Implements(st, it) {
		return // nothing more to find
	}
	l.unsupported(texpr.Pos(), what+" from an error to "+l.typeString(l.typeOf(texpr), l.qualifyByName())+
		" is not supported by the playground: no type of the program has its methods, and the interpreter does not see them on the packages' errors (it would answer false)")
}

// onlyPackagesImplement reports whether t is an interface type other
// than error and any that no type of the program (or pointer to one)
// implements.
func (l *lowerer) onlyPackagesImplement(t types.Type) bool {
	it, ok := under(t).(*types.Interface)
	if !ok || it.NumMethods() == 0 || types.Identical(it, errorType) {
		return false
	}
	for _, obj := range l.info.Defs {
		tn, ok := obj.(*types.TypeName)
		if !ok || types.IsInterface(tn.Type()) {
			continue
		}
		if _, param := tn.Type().(*types.TypeParam); param {
			continue
		}
		if types.Implements(tn.Type(), it) || types.Implements(types.NewPointer(tn.Type()), it) {
			return false
		}
	}
	return true
}

// qualifyByName writes a package's types with the package's name.
func (l *lowerer) qualifyByName() types.Qualifier {
	return func(p *types.Package) string { return p.Name() }
}

// neverSetVars are the variables declared without a value (var err
// error) that nothing assigns or takes the address of: they stay nil.
func (l *lowerer) neverSetVars() map[types.Object]bool {
	declared := map[types.Object]bool{}
	set := map[types.Object]bool{}
	mark := func(e ast.Expr) {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			set[l.info.Uses[id]] = true
		}
	}
	ast.Inspect(l.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ValueSpec:
			if len(n.Values) == 0 {
				for _, id := range n.Names {
					declared[l.info.Defs[id]] = true
				}
			}
		case *ast.AssignStmt:
			for _, e := range n.Lhs {
				mark(e)
			}
		case *ast.UnaryExpr:
			mark(n.X)
		case *ast.RangeStmt:
			mark(n.Key)
			mark(n.Value)
		case *ast.SelectorExpr:
			mark(n.X) // a method with a pointer receiver may set it
		}
		return true
	})
	for obj := range declared {
		if set[obj] {
			delete(declared, obj)
		}
	}
	delete(declared, nil)
	return declared
}

// Values of the packages' types asserted to the program's interfaces.
//
// The interpreter does not see the methods of a value of a package's
// type when it asks whether the value has an interface type the program
// declares or spells out: any(strings.NewReader("x")).(interface{ Len()
// int }), an io.Reader holding it asserted to the program's reader, a
// clock.Clock asserted to the program's nower all answered false (or
// failed inside the interpreter) where Go answers true. A package's own
// interface (io.Seeker, fmt.Stringer) is found.

// refusePackageValueToIface refuses, at the type, what (an assertion or a
// type switch case) from x to the type at texpr when the target is a
// non-empty interface type the program declares or spells out and an
// exported type of a package the program imports (or a pointer to one)
// could be in x and has the target's methods. (A package's unexported
// types, errors.New's, are not looked at: a program that asserts its own
// errors to its own interfaces is common and runs.)
func (l *lowerer) refusePackageValueToIface(x, texpr ast.Expr, what string) {
	st, target := l.typeOf(x), l.typeOf(texpr)
	it, ok := under(target).(*types.Interface)
	if st == nil || !types.IsInterface(st) || !ok || it.NumMethods() == 0 || l.packageInterface(target) {
		return
	}
	sit, _ := under(st).(*types.Interface)
	for _, p := range l.pkg.Imports() {
		for _, name := range p.Scope().Names() {
			tn, ok := p.Scope().Lookup(name).(*types.TypeName)
			if !ok || !tn.Exported() || tn.IsAlias() || types.IsInterface(tn.Type()) {
				continue
			}
			if n, ok := tn.Type().(*types.Named); ok && n.TypeParams().Len() > 0 {
				continue
			}
			for _, t := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
				if types.Implements(t, it) && (sit == nil || types.Implements(t, sit)) {
					l.unsupported(texpr.Pos(), what+" from "+l.typeString(st, l.qualifyByName())+" to "+l.typeString(target, l.qualifyByName())+
						" is not supported by the playground when the value may be a "+l.typeString(t, l.qualifyByName())+
						": the interpreter does not see the methods of a package's type there (it would answer false); assert to the package's type or use one of its interfaces")
					return
				}
			}
		}
	}
}
