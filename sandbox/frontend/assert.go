package frontend

import (
	"go/ast"
	"go/types"
	"strconv"
	"strings"

	"github.com/flakylab/flakylab/sandbox/progfmt"
)

// lowerAssert rewrites x.(I), where I is an interface the program declares
// (or spells out), into a call of a helper that tries the program's types
// one by one: the interpreter fails an assertion to its own interface types
// that binds the result, but not one to a concrete type. It returns nil to
// keep n.
func (l *lowerer) lowerAssert(n *ast.TypeAssertExpr) ast.Expr {
	if n.Type == nil {
		return nil // x.(type) of a type switch
	}
	commaOK := false
	if _, ok := l.typeAndValue(n).Type.(*types.Tuple); ok {
		commaOK = true
	}
	if t := l.typeOf(n.Type); t != nil && !types.IsInterface(t) {
		return l.lowerConcreteAssert(n, commaOK)
	}
	if t := l.typeOf(n.Type); isEmptyInterface(t) {
		return l.lowerAssertAny(n, t, commaOK)
	}
	okName, mustName, ok := l.assertHelpers(l.typeOf(n.X), l.typeOf(n.Type))
	if !ok {
		return l.lowerIfaceAssert(n, commaOK)
	}
	name := mustName
	if commaOK {
		name = okName
	}
	return &ast.CallExpr{Fun: ast.NewIdent(name), Lparen: n.Lparen, Args: []ast.Expr{n.X}, Rparen: n.Rparen}
}

// assertHelpers declares the helpers asserting a value of static type x to
// the interface iface: name(v) (iface, bool) and must(v) iface, which
// panics as Go does. ok is false when the assertion needs no help or the
// types cannot be named at package level.
func (l *lowerer) assertHelpers(x, iface types.Type) (name, must string, ok bool) {
	if x == nil || iface == nil {
		return "", "", false
	}
	// From any to error or fmt.Stringer: the interpreter's wrapper of the
	// package's interface, made from a value of the program's type in an
	// interface, may read the value from where it once was (a loop's
	// variable); made from a variable of the program's type, it is right.
	pkgIface := !l.ownInterface(iface) && l.packageInterface(iface) && types.IsInterface(x) && !isError(x) && !types.Identical(x, iface) && l.implementedByOwn(iface)
	if !l.ownInterface(iface) && !pkgIface {
		return "", "", false
	}
	xexpr, localX := l.typeExpr(x)
	iexpr, localI := l.typeExpr(iface)
	if localX || localI {
		return "", "", false
	}
	// The static type already has the interface's methods (err.(errorer)):
	// any value but nil passes, a package's own (errors.New's) too, whose
	// methods the interpreter does not see.
	subset := types.IsInterface(x) && types.AssignableTo(x, iface)
	notFound := func(indent string) string {
		s := indent + "var zero " + iexpr + "\n" + indent + "return zero, false\n"
		if subset {
			s = indent + "if v != nil {\n" + indent + "\treturn v, true\n" + indent + "}\n" + s
		}
		return s
	}
	// The packages' hidden methods (hidden.go), asked after the
	// program's types, so that a value of the program's type is handed
	// back as itself.
	hidden := func(string, bool) string { return "" }
	if as, ok := l.hiddenAsserter(iface); ok && !subset && types.IsInterface(x) {
		standIns := l.hiddenStandIns(iface)
		hidden = func(indent string, assertable bool) string {
			s := ""
			for _, c := range standIns {
				if !assertable {
					break // the interpreter cannot assert v to a concrete type
				}
				s += indent + "if c, ok := v.(" + c + "); ok {\n" + indent + "\treturn c, true\n" + indent + "}\n"
			}
			return s + indent + "if c, ok := " + as + "(v); ok {\n" + indent + "\treturn c, true\n" + indent + "}\n"
		}
	}
	var cases strings.Builder
	if isError(x) {
		cases.WriteString("\tif !" + l.assertable() + "(v) {\n" + hidden("\t\t", false) + notFound("\t\t") + "\t}\n")
	}
	cases.WriteString(l.nilIfaceCases(x, iface))
	if isError(x) {
		cases.WriteString(l.grabIfaceCases(iface, notFound("\t\t")))
	}
	for _, tn := range l.ownTypes() {
		for _, c := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
			if !types.Implements(c, iface.Underlying().(*types.Interface)) || isError(x) && l.grabTag(c) != 0 {
				continue
			}
			if xi, isIface := x.Underlying().(*types.Interface); isIface && !types.Implements(c, xi) {
				continue
			}
			if _, boxed := l.boxFor(c); !boxed && nativeTypeTest(c) && pkgIface {
				cases.WriteString("\tif " + l.typeTest("v", c) + " {\n\t\tc := v.(" + l.assertType(c) + ")\n\t\treturn c, true\n\t}\n")
				continue
			}
			if _, boxed := l.boxFor(c); !boxed && nativeTypeTest(c) {
				// The comma-ok assertion would take an int for a myint.
				cases.WriteString("\tif " + l.typeTest("v", c) + " {\n\t\treturn v.(" + l.assertType(c) + "), true\n\t}\n")
				continue
			}
			cases.WriteString("\tif c, ok := v.(" + l.assertType(c) + "); ok {\n\t\treturn c, true\n\t}\n")
		}
	}
	if !subset && types.IsInterface(x) {
		// A package's value passes if it is in an interface of the
		// packages that has the methods (errors.New's in any, as an error).
		for _, j := range l.packageInterfacesWith(iface) {
			jexpr, _ := l.typeExpr(j)
			cases.WriteString("\tif c, ok := v.(" + jexpr + "); ok {\n\t\treturn c, true\n\t}\n")
		}
		cases.WriteString(hidden("\t", true))
	}
	qualified := types.TypeString(iface, func(p *types.Package) string { return p.Name() })
	key := "assert " + xexpr + " " + iexpr
	name = l.helper(key, "assert", func(n string) string {
		fallback := notFound("\t")
		if pkgIface {
			fallback = "\tr, ok := v.(" + iexpr + ")\n\treturn r, ok\n" // the package's own types
		}
		last := "\treturn v.(" + iexpr + ")\n" // the packages' types
		if !pkgIface {
			last = "\tif v == nil {\n\t\tpanic(" + l.errorsNew() + "(" + strconv.Quote("interface conversion: interface is nil, not "+qualified) + "))\n\t}\n" +
				"\tpanic(" + l.errorsNew() + "(\"interface conversion: \" + " + l.dynTypeHelper() + "(v) + " + strconv.Quote(" is not "+qualified+": missing method "+iface.Underlying().(*types.Interface).Method(0).Name()) + "))\n"
		}
		// A nil asserts to no interface; the interpreter's v.(error) on a
		// nil any fails with a nil dereference.
		nilCase := ""
		if types.IsInterface(x) {
			nilCase = "\tif v == nil {\n\t\tvar zero " + iexpr + "\n\t\treturn zero, false\n\t}\n"
		}
		return "func " + n + "(v " + xexpr + ") (" + iexpr + ", bool) {\n" + nilCase + cases.String() + fallback + "}\n\n" +
			"func " + n + "_must(v " + xexpr + ") " + iexpr + " {\n\tif r, ok := " + n + "(v); ok {\n\t\treturn r\n\t}\n" +
			l.missingMethodPanics(iface, qualified) + last + "}"
	})
	l.note("assertions to the program's interfaces")
	return name, name + "_must", true
}

// implementedByOwn reports whether a type of the program, or a pointer to
// one, implements the interface t.
func (l *lowerer) implementedByOwn(t types.Type) bool {
	it, ok := t.Underlying().(*types.Interface)
	if !ok {
		return false
	}
	for _, tn := range l.ownTypes() {
		if types.Implements(tn.Type(), it) || types.Implements(types.NewPointer(tn.Type()), it) {
			return true
		}
	}
	return false
}

// ownInterface reports whether t is a non-empty interface declared in the
// program or written out in it (interface{ M() }).
func (l *lowerer) ownInterface(t types.Type) bool {
	iface, ok := t.Underlying().(*types.Interface)
	if !ok || iface.Empty() || !iface.IsMethodSet() {
		return false
	}
	switch t := t.(type) {
	case *types.Named:
		return t.Obj().Pkg() == l.pkg
	case *types.Interface:
		return true
	}
	return false
}

// lowerAssertAny rewrites x.(any), which the interpreter fails: it holds
// for any value that is not nil, and then is the value itself.
func (l *lowerer) lowerAssertAny(n *ast.TypeAssertExpr, t types.Type, commaOK bool) ast.Expr {
	l.note("assertions to any")
	texpr, _ := l.typeExpr(t)
	xexpr, local := l.typeExpr(l.typeOf(n.X))
	if local {
		return nil
	}
	name := l.helper("assertany "+xexpr+" "+texpr, "assertany", func(f string) string {
		return "func " + f + "(v " + xexpr + ") (" + texpr + ", bool) {\n\tif v == nil {\n\t\treturn nil, false\n\t}\n\treturn v, true\n}\n\n" +
			"func " + f + "_must(v " + xexpr + ") " + texpr + " {\n\tif v == nil {\n\t\tpanic(" + l.errorsNew() + "(" + strconv.Quote("interface conversion: interface is nil, not "+texpr) + "))\n\t}\n\treturn v\n}"
	})
	if !commaOK {
		name += "_must"
	}
	return &ast.CallExpr{Fun: ast.NewIdent(name), Lparen: n.Lparen, Args: []ast.Expr{n.X}, Rparen: n.Rparen}
}

// missingMethodPanics returns the statements of an assertion's helper
// that panic, as Go does, when v holds a value of the program's type
// without all of iface's methods, naming the first one it lacks.
func (l *lowerer) missingMethodPanics(iface types.Type, qualified string) string {
	it := iface.Underlying().(*types.Interface)
	var b strings.Builder
	for _, tn := range l.ownTypes() {
		for _, c := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
			if _, local := l.typeExpr(c); local || types.IsInterface(c) {
				continue
			}
			if m, _ := types.MissingMethod(c, it, true); m != nil {
				name := l.typeString(c, func(p *types.Package) string { return p.Name() })
				b.WriteString("\tcase " + strconv.Quote(name) + ":\n\t\tpanic(" + l.errorsNew() + "(" +
					strconv.Quote("interface conversion: "+name+" is not "+qualified+": missing method "+m.Name()) + "))\n")
			}
		}
	}
	if b.Len() == 0 {
		return ""
	}
	return "\tswitch " + l.dynTypeHelper() + "(v) {\n" + b.String() + "\t}\n"
}

// errorsNew names, as the lowered program does, the function that makes
// the panic value of a failed type assertion from its message: the front
// end's helpers panic as the Go runtime does, with a
// *runtime.TypeAssertionError (sandbox/internal/runtime).
func (l *lowerer) errorsNew() string { return l.importName(progfmt.Path) + ".Assertion" }
