package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"github.com/flakylab/flakylab/sandbox/progfmt"
)

// What fmt prints for the typed nils the markers stand for (nilptr.go),
// and the ways back from a marker to the typed nil: assertions, type
// switches, errors.As and %T.

// nilPrintMethod is the method fmt calls on a nil of t for %v and %s:
// Error, String or none.
func (l *lowerer) nilPrintMethod(t types.Type) string {
	ms := types.NewMethodSet(t)
	for _, name := range []string{"Error", "String"} {
		if sel := ms.Lookup(l.pkg, name); sel != nil {
			sig := sel.Obj().Type().(*types.Signature)
			if sig.Params().Len() == 0 && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), types.Typ[types.String]) {
				return name
			}
		}
	}
	return ""
}

// nilShow is the marker n's method giving what fmt prints for the nil of
// t with verb %v or %s: the Error or String method's result, or what fmt
// prints when it panics ("<nil>" for a nil pointer), or the typed nil
// itself when t has neither method.
func (l *lowerer) nilShow(n string, t types.Type, texpr string) string {
	method := l.nilPrintMethod(t)
	head := "func (*" + n + ") " + n + "_show(verb string) (s any) {\n"
	if method == "" {
		return head + "\tvar v " + texpr + "\n\treturn v\n}"
	}
	onPanic := "\"<nil>\""
	if _, ptr := t.(*types.Pointer); !ptr {
		onPanic = "\"%!\" + verb + \"(PANIC=" + method + " method: \" + " + l.importName("fmt") + ".Sprint(r) + \")\""
	}
	return head + "\tdefer func() {\n\t\tif r := recover(); r != nil {\n\t\t\ts = " + onPanic + "\n\t\t}\n\t}()\n" +
		"\tvar v " + texpr + "\n\treturn v." + method + "()\n}"
}

// printInterface is the one method of the interface t when it is
// Error() string or String() string, or "".
func (l *lowerer) printInterface(t types.Type) string {
	iface, ok := t.Underlying().(*types.Interface)
	if !ok || iface.NumMethods() != 1 {
		return ""
	}
	m := iface.Method(0)
	sig := m.Type().(*types.Signature)
	if (m.Name() == "Error" || m.Name() == "String") && sig.Params().Len() == 0 && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), types.Typ[types.String]) {
		return m.Name()
	}
	return ""
}

// nilGoSyntax is what %#v prints for the nil of t.
func (l *lowerer) nilGoSyntax(t types.Type) string {
	name := l.typeString(t, func(p *types.Package) string { return p.Name() })
	switch t.Underlying().(type) {
	case *types.Slice, *types.Map:
		return name + "(nil)"
	}
	return "(" + name + ")(nil)"
}

// nilHolders lists the marked types whose nils an interface value of
// static type t may hold.
func (l *lowerer) nilHolders(t types.Type) []types.Type {
	if !l.nils.active || t == nil || !types.IsInterface(t) || isEmptyInterface(t) {
		return nil
	}
	iface, ok := t.Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	var out []types.Type
	for _, nt := range l.nils.types {
		if types.Implements(nt, iface) {
			out = append(out, nt)
		}
	}
	return out
}

// nilPrintOperand returns what to hand fmt in place of an operand of a
// package's interface type that may hold a marker, printed with verb c:
// a helper giving what Go prints for the typed nil with %v and %s, %#v
// (c is 'S' once lowerFmt made the verb %s) and %T. It refuses the other
// verbs. It returns nil when op needs nothing. (The helpers take the
// operand's own type: converted to any, the interpreter's value of a
// package's interface is a compiled wrapper.)
func (l *lowerer) nilPrintOperand(op ast.Expr, t types.Type, c byte) ast.Expr {
	holders := l.nilHolders(t)
	if len(holders) == 0 || c == 'w' {
		return nil
	}
	xexpr, local := l.typeExpr(t)
	if local {
		return nil
	}
	var name string
	args := []ast.Expr{op}
	cases := func(f, sig string, found func(nt types.Type, m string) string, fallback string) string {
		var b strings.Builder
		b.WriteString("func " + f + "(v " + xexpr + sig + " {\n")
		for _, nt := range holders {
			m := l.nilMarker(nt)
			b.WriteString("\tif m, ok := v.(*" + m + "); ok {\n\t\t_ = m\n\t\treturn " + found(nt, m) + "\n\t}\n")
		}
		b.WriteString("\treturn " + fallback + "\n}")
		return b.String()
	}
	switch c {
	case 'v', 's':
		// The compiled fmt calls the method of what it is handed: a
		// compiled value printing the nil's text, which the method gave
		// once (fmt prints "<nil>" when it panics on a nil pointer).
		var text func(s string) string
		switch l.printInterface(t) {
		case "Error":
			text = func(s string) string { return l.importName("errors") + ".New(" + s + ")" }
		case "String":
			sb := l.importName("strings")
			text = func(s string) string {
				return "func() " + xexpr + " {\n\t\tb := new(" + sb + ".Builder)\n\t\tb.WriteString(" + s + ")\n\t\treturn b\n\t}()"
			}
		default:
			l.refuseNilPrint(op, t, "%"+string(c), holders[0])
			return nil
		}
		name = l.helper("nilprint "+xexpr, "nilprint", func(f string) string {
			return cases(f, ", verb string) "+xexpr, func(_ types.Type, m string) string { return text("m." + m + "_show(verb).(string)") }, "v")
		})
		args = append(args, l.parseExpr(strconv.Quote(string(c))))
	case 'S':
		fmtName := l.importName("fmt")
		name = l.helper("nilsharp "+xexpr, "nilsharp", func(f string) string {
			return cases(f, ") string", func(nt types.Type, _ string) string { return strconv.Quote(l.nilGoSyntax(nt)) }, fmtName+".Sprintf(\"%#v\", v)")
		})
	case 'T':
		dyn := l.dynTypeHelper()
		name = l.helper("niltype "+xexpr, "niltype", func(f string) string {
			qualify := func(p *types.Package) string { return p.Name() }
			return cases(f, ") string", func(nt types.Type, _ string) string { return strconv.Quote(l.typeString(nt, qualify)) }, l.pointerTypeNames(t, xexpr, dyn)+"(v)")
		})
	default:
		l.refuseNilPrint(op, t, "%"+string(c), holders[0])
		return nil
	}
	return &ast.CallExpr{Fun: ast.NewIdent(name), Lparen: op.Pos(), Args: args, Rparen: op.End()}
}

// refuseNilPrint refuses printing op, which may hold a nil of nt, with
// verb, once per operand.
func (l *lowerer) refuseNilPrint(op ast.Expr, t types.Type, verb string, nt types.Type) {
	if l.nils.refused == nil {
		l.nils.refused = map[token.Pos]bool{}
	}
	if l.nils.refused[op.Pos()] {
		return
	}
	l.nils.refused[op.Pos()] = true
	qualify := func(p *types.Package) string { return p.Name() }
	hint := "print it with %v or %s"
	if verb == "%v" || verb == "%s" {
		hint = "print the " + l.typeString(nt, qualify) + " itself, before it goes into the interface"
	}
	l.unsupported(op.Pos(), "printing a value of type "+l.typeString(t, qualify)+" that may hold a nil "+l.typeString(nt, qualify)+
		" with "+verb+" is not supported by the playground; "+hint)
}

// pointerTypeNames declares the helper naming the dynamic type of a
// value of t, a package's interface (xexpr), and returns its name: it
// asserts to the pointers of the program's types that implement t on
// the value as t, and hands the rest to dyn. (Handed to dyn's parameter
// of type any, such a value, made by a function returning t, is the
// interpreter's compiled wrapper: %T printed
// symbols._container_heap_Interface.)
func (l *lowerer) pointerTypeNames(t types.Type, xexpr, dyn string) string {
	it, _ := t.Underlying().(*types.Interface)
	return l.helper("ptrtypenames "+xexpr, "ptrtypenames", func(f string) string {
		qualify := func(p *types.Package) string { return p.Name() }
		var b strings.Builder
		b.WriteString("func " + f + "(v " + xexpr + ") string {\n")
		for _, tn := range l.ownTypes() {
			pt := types.NewPointer(tn.Type())
			pexpr, local := l.typeExpr(pt)
			if _, boxed := l.boxKey(pt); boxed || local || it == nil || !types.Implements(pt, it) {
				continue
			}
			b.WriteString("\tif _, ok := v.(" + pexpr + "); ok {\n\t\treturn " + strconv.Quote(l.typeString(pt, qualify)) + "\n\t}\n")
		}
		b.WriteString("\treturn " + dyn + "(v)\n}")
		return b.String()
	})
}

// nilSharpVerb reports whether the operand of a %#v (written exactly so:
// no width, no other flag) is an interface that may hold a marker and
// not of type any; the verb then becomes %s of nilPrintOperand's string.
func (l *lowerer) nilSharpVerb(format []byte, v progfmt.Verb, op ast.Expr) bool {
	t := l.typeOf(op)
	if v.C != 'v' || !strings.Contains(v.Flags, "#") || len(l.nilHolders(t)) == 0 {
		return false
	}
	if v.At < 2 || string(format[v.At-2:v.At]) != "%#" {
		l.refuseNilPrint(op, t, "%"+v.Flags+"v", l.nilHolders(t)[0])
		return false
	}
	return true
}

// nilAssertHelper declares the helpers asserting a value of static type x
// to the marked type t (name(v) (t, bool) and name_must(v) t), which take
// the marker for t's nil, and returns the name; "" when t is not marked.
func (l *lowerer) nilAssertHelper(x, t types.Type) string {
	nt := l.nilType(t)
	if !l.nils.active || nt == nil || x == nil || !types.IsInterface(x) {
		return ""
	}
	xexpr, localX := l.typeExpr(x)
	texpr, _ := l.typeExpr(nt)
	if localX {
		return ""
	}
	marker := l.nilMarker(nt)
	return l.helper("nilassert "+xexpr+" "+texpr, "nilassert", func(f string) string {
		found := "\tif _, ok := v.(*" + marker + "); ok {\n\t\tvar zero " + texpr + "\n\t\treturn zero, true\n\t}\n"
		var rest string
		switch {
		case isError(x):
			rest = "\treturn " + l.assertConcrete(texpr) + "(v)\n"
		case nativeTypeTest(nt):
			rest = "\tswitch v.(type) {\n\tcase " + texpr + ":\n\t\treturn v.(" + texpr + "), true\n\t}\n\tvar zero " + texpr + "\n\treturn zero, false\n"
		default:
			rest = "\tc, ok := v.(" + texpr + ")\n\treturn c, ok\n"
		}
		must := "\treturn v.(" + texpr + ")\n"
		if isError(x) && len(l.grabbed) > 0 {
			// Not a value Grab finds, taken for a T by its field.
			must = l.grabFailure(f+"(v)", l.goTypeName(nt))
		}
		return "func " + f + "(v " + xexpr + ") (" + texpr + ", bool) {\n" + found + rest + "}\n\n" +
			"func " + f + "_must(v " + xexpr + ") " + texpr + " {\n\tif _, ok := v.(*" + marker + "); ok {\n\t\tvar zero " + texpr + "\n\t\treturn zero\n\t}\n" +
			must + "}"
	})
}

// lowerNilAssert rewrites x.(T) of a marked T into the helper that takes
// the marker for T's nil. It returns the replacement or nil.
func (l *lowerer) lowerNilAssert(n *ast.TypeAssertExpr) ast.Expr {
	if n.Type == nil {
		return nil
	}
	name := l.nilAssertHelper(l.typeOf(n.X), l.typeOf(n.Type))
	if name == "" {
		return nil
	}
	if _, commaOK := l.typeAndValue(n).Type.(*types.Tuple); !commaOK {
		name += "_must"
	}
	l.note("typed nils in interfaces")
	return &ast.CallExpr{Fun: ast.NewIdent(name), Lparen: n.Lparen, Args: []ast.Expr{n.X}, Rparen: n.Rparen}
}

// nilIfaceCases are the cases of an assertion helper to the program's
// interface iface from x that find the markers of its implementations.
func (l *lowerer) nilIfaceCases(x, iface types.Type) string {
	var b strings.Builder
	for _, nt := range l.nilHolders(iface) {
		if xi, ok := typeUnder(x).(*types.Interface); ok && !types.Implements(nt, xi) {
			continue
		}
		texpr, _ := l.typeExpr(nt)
		b.WriteString("\tif _, ok := v.(*" + l.nilMarker(nt) + "); ok {\n\t\tvar zero " + texpr + "\n\t\treturn zero, true\n\t}\n")
	}
	return b.String()
}

// nilRecovers reports whether the marker of t's nil gives "<nil>" when
// its method name panics, as fmt prints a nil pointer whose Error or
// String method panics: for pointers, and those two methods.
func (l *lowerer) nilRecovers(t types.Type, name string) bool {
	if _, ptr := t.(*types.Pointer); !ptr || name != "Error" && name != "String" {
		return false
	}
	sel := types.NewMethodSet(t).Lookup(l.pkg, name)
	if sel == nil {
		return false
	}
	sig := sel.Obj().Type().(*types.Signature)
	return sig.Params().Len() == 0 && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), types.Typ[types.String])
}

// nilRecovering is the marker n's method name (Error or String) as the
// compiled fmt calls it on a nested value: "<nil>" when the method of the
// nil panics. The program's own calls go to nilCallHelper, which panics
// as Go does.
func (l *lowerer) nilRecovering(n, texpr, name string) string {
	return "func (*" + n + ") " + name + "() (s string) {\n\tdefer func() {\n\t\tif recover() != nil {\n\t\t\ts = \"<nil>\"\n\t\t}\n\t}()\n" +
		"\tvar v " + texpr + "\n\treturn v." + name + "()\n}"
}

// lowerNilCall rewrites x.Error() or x.String(), x an interface value that
// may hold a marker whose method recovers, into a helper that calls the
// method of the nil itself, so that a panic is the program's. It returns
// the replacement or nil.
func (l *lowerer) lowerNilCall(call *ast.CallExpr) ast.Expr {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || len(call.Args) != 0 {
		return nil
	}
	name := l.nilCallHelper(sel)
	if name == "" {
		return nil
	}
	return &ast.CallExpr{Fun: ast.NewIdent(name), Lparen: call.Lparen, Args: []ast.Expr{sel.X}, Rparen: call.Rparen}
}

// lowerNilMethodValue rewrites the method value x.Error or x.String (not
// called in place), x as in lowerNilCall, into a function calling the
// helper with the x of that moment. It returns the replacement or nil.
func (l *lowerer) lowerNilMethodValue(sel *ast.SelectorExpr, parent ast.Node) ast.Expr {
	if call, ok := parent.(*ast.CallExpr); ok && ast.Unparen(call.Fun) == sel {
		return nil
	}
	if _, isMethod := l.info.Selections[sel]; !isMethod {
		return nil
	}
	name := l.nilCallHelper(sel)
	if name == "" {
		return nil
	}
	xexpr, _ := l.typeExpr(l.typeOf(sel.X))
	value := l.helper("nilmethodvalue "+name, "nilmv", func(f string) string {
		return "func " + f + "(v " + xexpr + ") func() string {\n\treturn func() string { return " + name + "(v) }\n}"
	})
	return &ast.CallExpr{Fun: ast.NewIdent(value), Lparen: sel.Pos(), Args: []ast.Expr{sel.X}, Rparen: sel.End()}
}

// nilCallHelper declares the helper calling sel's method (Error or
// String) on sel.X, an interface value that may hold a marker whose
// method recovers, and returns its name; "" when none is needed.
func (l *lowerer) nilCallHelper(sel *ast.SelectorExpr) string {
	if sel.Sel.Name != "Error" && sel.Sel.Name != "String" {
		return ""
	}
	x := l.typeOf(sel.X)
	var recovering []types.Type
	for _, nt := range l.nilHolders(x) {
		if l.nilRecovers(nt, sel.Sel.Name) {
			recovering = append(recovering, nt)
		}
	}
	xexpr, local := l.typeExpr(x)
	if len(recovering) == 0 || local {
		return ""
	}
	name := l.helper("nilcall "+sel.Sel.Name+" "+xexpr, "nilcall", func(f string) string {
		var b strings.Builder
		b.WriteString("func " + f + "(v " + xexpr + ") string {\n")
		for _, nt := range recovering {
			texpr, _ := l.typeExpr(nt)
			b.WriteString("\tif _, ok := v.(*" + l.nilMarker(nt) + "); ok {\n\t\tvar p " + texpr + "\n\t\treturn p." + sel.Sel.Name + "()\n\t}\n")
		}
		b.WriteString("\treturn v." + sel.Sel.Name + "()\n}")
		return b.String()
	})
	l.note("typed nils in interfaces")
	return name
}
