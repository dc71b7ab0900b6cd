package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// Values of the program's types with methods in interfaces.
//
// An operand that holds such values nested, or in an interface, goes
// through the helpers of printshow.go; what is here handles what they do
// not: an operand held in an interface type the program declares, printed
// as any(x) (programInterfaceOperand), a slice of a type with a String or
// Error method given to fmt as []fmt.Stringer or []error
// (printableElements), and the refusals of nested print methods no
// helper converts (refuseNestedPrintMethods) and of assertions from a
// package's interface to the program's types, whose values the
// interpreter's wrapper hides (refuseAssertFromPackageIface).

// programInterfaceOperand returns the operand to print in place of op
// when op, printed with verb c, has an interface type with methods the
// program declares (or spells out), or nil. any(op) would print a nil
// interface as a broken value, so op (which simpleOperand has made sure
// can be evaluated twice) is written
//
//	map[bool]any{false: any(op)}[op == nil]
func (l *lowerer) programInterfaceOperand(op ast.Expr, t types.Type, c byte) ast.Expr {
	if !l.programInterface(t, c) || !simpleOperand(op) || l.builtinsShadowed() {
		return nil
	}
	anyType := func() ast.Expr { return ast.NewIdent("any") }
	var val ast.Expr = &ast.CallExpr{Fun: anyType(), Args: []ast.Expr{op}}
	if e := l.pkgValueOperand(op, t); e != nil {
		val = e // a package's value, not the interpreter's wrapper (pkgvalues.go)
	}
	lit := &ast.CompositeLit{
		Type: &ast.MapType{Key: ast.NewIdent("bool"), Value: anyType()},
		Elts: []ast.Expr{&ast.KeyValueExpr{Key: ast.NewIdent("false"), Value: val}},
	}
	return &ast.IndexExpr{X: lit, Index: &ast.BinaryExpr{X: cloneSimple(op), Op: token.EQL, Y: ast.NewIdent("nil")}}
}

// programInterface reports whether a value of type t printed with verb c
// would lose its methods: t is an interface with methods the program
// declares or spells out (not error).
func (l *lowerer) programInterface(t types.Type, c byte) bool {
	if t == nil || strings.IndexByte("vsqxX", c) < 0 || !methodsOf(t) || isError(t) {
		return false
	}
	n, ok := t.(*types.Named)
	return !ok || n.Obj().Pkg() == l.pkg
}

// simpleOperand reports whether e is a variable or a field of one, which
// can be evaluated twice.
func simpleOperand(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident:
		return true
	case *ast.ParenExpr:
		return simpleOperand(e.X)
	case *ast.SelectorExpr:
		return simpleOperand(e.X)
	}
	return false
}

// cloneSimple copies an operand simpleOperand accepts.
func cloneSimple(e ast.Expr) ast.Expr {
	switch e := e.(type) {
	case *ast.Ident:
		return ast.NewIdent(e.Name)
	case *ast.ParenExpr:
		return &ast.ParenExpr{X: cloneSimple(e.X)}
	case *ast.SelectorExpr:
		return &ast.SelectorExpr{X: cloneSimple(e.X), Sel: ast.NewIdent(e.Sel.Name)}
	}
	return e
}

// builtinsShadowed reports whether the program declares any of the names
// programInterfaceOperand writes.
func (l *lowerer) builtinsShadowed() bool {
	for id := range l.info.Defs {
		switch id.Name {
		case "any", "bool", "false", "nil":
			return true
		}
	}
	return false
}

// printMethodNames are the methods fmt calls on what it prints.
var printMethodNames = []string{"String", "Error", "Format", "GoString"}

// hasPrintMethod reports whether values of t, a type of the program,
// have a method fmt would call.
func (l *lowerer) hasPrintMethod(t types.Type) bool {
	ms := types.NewMethodSet(t)
	for _, m := range printMethodNames {
		if ms.Lookup(l.pkg, m) != nil {
			return true
		}
	}
	return false
}

// nestedPrintMethods returns the first type fmt would call a method of
// below the top level of a value of type t (in an element, an exported
// field or behind a pointer), when the interpreter would lose that
// method: a type of the program with a print method, or an interface
// type the program declares with methods. It returns nil if there is
// none.
func (l *lowerer) nestedPrintMethods(t types.Type, depth int, seen map[types.Type]bool) types.Type {
	if t == nil || seen[t] {
		return nil
	}
	seen[t] = true
	if depth > 0 {
		if n, ok := t.(*types.Named); ok && n.Obj().Pkg() == l.pkg {
			if types.IsInterface(n) {
				if methodsOf(n) {
					return n
				}
				return nil
			}
			if l.hasPrintMethod(n) {
				return n
			}
		}
		if p, ok := t.(*types.Pointer); ok {
			if n, ok := p.Elem().(*types.Named); ok && n.Obj().Pkg() == l.pkg && !types.IsInterface(n) && l.hasPrintMethod(p) {
				return p
			}
		}
		if it, ok := t.(*types.Interface); ok && it.NumMethods() > 0 && !isError(t) {
			return t
		}
	}
	if n, ok := t.(*types.Named); ok && n.Obj().Pkg() != l.pkg {
		return nil // a package's type prints as it does in Go
	}
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		if depth == 0 {
			return l.nestedPrintMethods(u.Elem(), depth+1, seen)
		}
	case *types.Slice:
		return l.nestedPrintMethods(u.Elem(), depth+1, seen)
	case *types.Array:
		return l.nestedPrintMethods(u.Elem(), depth+1, seen)
	case *types.Map:
		if k := l.nestedPrintMethods(u.Key(), depth+1, seen); k != nil {
			return k
		}
		return l.nestedPrintMethods(u.Elem(), depth+1, seen)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if f := u.Field(i); f.Exported() {
				if r := l.nestedPrintMethods(f.Type(), depth+1, seen); r != nil {
					return r
				}
			}
		}
	}
	return nil
}

// printableElements returns the helper that gives fmt the elements of a
// slice or array of the program's type with a String or Error method as
// a []fmt.Stringer or []error (which fmt prints as Go prints the slice),
// declaring it on first use, or "" when t is not such a slice or array.
// Each element goes into the interface through a function's parameter,
// so that it is a copy (see valueWithMethods).
func (l *lowerer) printableElements(t types.Type, c byte) string {
	if t == nil || strings.IndexByte("vsqxX", c) < 0 || l.hasPrintMethod(t) {
		return ""
	}
	if n, ok := t.(*types.Named); ok && n.Obj().Pkg() != l.pkg {
		return ""
	}
	var elem types.Type
	switch u := t.Underlying().(type) {
	case *types.Slice:
		elem = u.Elem()
	case *types.Array:
		elem = u.Elem()
	default:
		return ""
	}
	named := elem
	if p, ok := elem.(*types.Pointer); ok {
		named = p.Elem()
	}
	if n, ok := named.(*types.Named); !ok || n.Obj().Pkg() != l.pkg || types.IsInterface(n) || n.TypeParams().Len() > 0 {
		return ""
	}
	ms := types.NewMethodSet(elem)
	if ms.Lookup(l.pkg, "Format") != nil || ms.Lookup(l.pkg, "GoString") != nil {
		return ""
	}
	iface := ""
	switch {
	case ms.Lookup(l.pkg, "Error") != nil:
		iface = "error"
	case ms.Lookup(l.pkg, "String") != nil:
		iface = l.importName("fmt") + ".Stringer"
	default:
		return ""
	}
	texpr, local := l.typeExpr(t)
	eexpr, elocal := l.typeExpr(elem)
	if local || elocal {
		return ""
	}
	l.note("fmt operands")
	return l.helper("printable "+texpr, "printable", func(n string) string {
		return "func " + n + "_one(v " + eexpr + ") " + iface + " { return v }\n\n" +
			"func " + n + "(s " + texpr + ") []" + iface + " {\n\tout := make([]" + iface + ", len(s))\n" +
			"\tfor i := range s {\n\t\tout[i] = " + n + "_one(s[i])\n\t}\n\treturn out\n}"
	})
}

// refuseNestedPrintMethods refuses an operand of a print function,
// printed with verb c, whose value holds, nested, a value fmt would call
// a method of that the interpreter loses (see nestedPrintMethods).
func (l *lowerer) refuseNestedPrintMethods(op ast.Expr, t types.Type, c byte) {
	if strings.IndexByte("vsqxX", c) < 0 || t == nil || l.hasPrintMethod(t) {
		return
	}
	if types.IsInterface(t) {
		if l.programInterface(t, c) && (!simpleOperand(op) || l.builtinsShadowed()) {
			qualify := func(p *types.Package) string { return p.Name() }
			why := "it would not print as in Go"
			if ms := types.NewMethodSet(t); ms.Lookup(nil, "String") != nil || ms.Lookup(nil, "Error") != nil {
				why = "its String or Error method would not be called"
			}
			l.unsupported(op.Pos(), "printing a "+l.typeString(t, qualify)+" value that is not held in a variable is not supported by the playground ("+why+"); assign it to a variable first")
		}
		return
	}
	nested := l.nestedPrintMethods(t, 0, map[types.Type]bool{})
	if nested == nil || l.printableElements(t, c) != "" {
		return
	}
	qualify := func(p *types.Package) string { return p.Name() }
	l.unsupported(op.Pos(), "printing a "+l.typeString(t, qualify)+" that holds "+l.typeString(nested, qualify)+
		" values (with a String or Error method) is not supported by the playground (the method would not be called); print each element or field")
}

// refuseAssertFromPackageIface refuses x.(T) and the cases of a type
// switch on x when x's static type is an interface of a package (error
// too) and T is a concrete type of the program, not a pointer, and
// errors.As into such a type.
func (l *lowerer) refuseAssertFromPackageIface() {
	var refuseType func(e ast.Expr, t types.Type, name string, p types.Type)
	from := func(x ast.Expr) (string, types.Type, bool) {
		t := typeOrNil(l.info.TypeOf(x))
		if isError(t) {
			return "error", t, true
		}
		n, ok := t.(*types.Named)
		if !ok || !methodsOf(n) || n.Obj().Pkg() == nil || n.Obj().Pkg() == l.pkg {
			return "", nil, false
		}
		return n.Obj().Pkg().Name() + "." + n.Obj().Name(), t, true
	}
	refuse := func(e ast.Expr, name string, p types.Type) { refuseType(e, l.info.TypeOf(e), name, p) }
	refuseType = func(e ast.Expr, t types.Type, name string, p types.Type) {
		if s := l.lostStructFor(t, name == "error"); s != nil {
			qualify := func(p *types.Package) string { return p.Name() }
			l.unsupported(e.Pos(), "asserting "+article(name)+" value to "+l.typeString(t, qualify)+" is not supported by the playground when it may hold a "+
				l.typeString(s, qualify)+" (the value would not be found); give "+l.typeString(s, qualify)+"'s methods pointer receivers and use a pointer to it")
			return
		}
		if name == "error" && l.grabTag(t) != 0 {
			return // found through its Error method (errgrab.go)
		}
		if name == "error" {
			if msg := l.pointerLookalike(t); msg != "" {
				l.unsupported(e.Pos(), msg)
				return
			}
		}
		if _, ptr := typeOrNil(t).(*types.Pointer); t == nil || ptr || types.IsInterface(t) || !l.mentionsOwnType(t) {
			return // a pointer is found (the front end passes it through a function)
		}
		if _, isStruct := t.Underlying().(*types.Struct); !isStruct && nativeTypeTest(t) {
			// The comma-ok assertion finds it in the package's wrapper
			// (assertwrapped.go), unless another type's values there
			// would pass for it.
			h := l.wrapHazard(t, p)
			if h != nil && name == "error" {
				h = l.errorWrapHazard(t)
			}
			if h != nil {
				l.unsupported(e.Pos(), l.wrapHazardMessage(name, t, h))
			}
			return
		}
		if _, isStruct := t.Underlying().(*types.Struct); name == "error" && !isStruct {
			return // the front end's assertions from error find it
		}
		hint := "declare the variable with the program's own type or interface"
		why := ""
		if name == "error" {
			hint = "give the error type's methods pointer receivers and use a pointer to it"
			why = l.grabMiss(t)
		}
		l.unsupported(e.Pos(), "asserting "+article(name)+" value to "+l.typeString(t, func(p *types.Package) string { return p.Name() })+
			" is not supported by the playground (the value would not be found"+why+"); "+hint)
	}
	ast.Inspect(l.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if l.isPackageFunc(n.Fun, "errors", "As") && len(n.Args) == 2 {
				if p, ok := typeOrNil(l.info.TypeOf(n.Args[1])).(*types.Pointer); ok {
					refuseType(n.Args[1], p.Elem(), "error", types.Universe.Lookup("error").Type())
				}
			}
		case *ast.TypeAssertExpr:
			if name, p, ok := from(n.X); ok && n.Type != nil {
				refuse(n.Type, name, p)
			}
		case *ast.TypeSwitchStmt:
			var x ast.Expr
			switch a := n.Assign.(type) {
			case *ast.AssignStmt:
				x = a.Rhs[0].(*ast.TypeAssertExpr).X
			case *ast.ExprStmt:
				x = a.X.(*ast.TypeAssertExpr).X
			}
			name, p, ok := from(x)
			if !ok {
				return true
			}
			for _, s := range n.Body.List {
				for _, e := range s.(*ast.CaseClause).List {
					refuse(e, name, p)
				}
			}
		}
		return true
	})
}

// lostStructFor returns a struct type of the program, not a pointer,
// whose value methods give it the methods of the interface t, other
// than error and any. Held in an error or another package's interface,
// such a value is not found by an assertion to t (the interpreter
// answers false where Go answers true), so the assertion is refused
// as the one to the struct type itself is. From an error, the types
// found through their Error method (errgrab.go) are not lost.
func (l *lowerer) lostStructFor(t types.Type, fromError bool) types.Type {
	it, ok := typeOrNil(t).Underlying().(*types.Interface)
	if !ok || it.NumMethods() == 0 || types.Identical(it, errorType) {
		return nil
	}
	for _, tn := range l.ownTypes() {
		if fromError && l.grabTag(tn.Type()) != 0 {
			continue // found through its Error method (errgrab.go)
		}
		if _, isStruct := tn.Type().Underlying().(*types.Struct); isStruct && types.Implements(tn.Type(), it) {
			return tn.Type()
		}
	}
	return nil
}

// isPackageFunc reports whether fun names the function name of the
// package at path.
func (l *lowerer) isPackageFunc(fun ast.Expr, path, name string) bool {
	sel, ok := ast.Unparen(fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != name {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	if !ok {
		return false
	}
	pn, ok := l.info.Uses[id].(*types.PkgName)
	return ok && pn.Imported().Path() == path
}

// article is name with its indefinite article.
func article(name string) string {
	if strings.IndexByte("aeiou", name[0]) >= 0 {
		return "an " + name
	}
	return "a " + name
}
