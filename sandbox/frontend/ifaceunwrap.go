package frontend

import (
	"go/ast"
	"go/constant"
	"go/types"
	"strconv"
	"strings"

	"github.com/flakylab/flakylab/sandbox/progfmt"
)

// Values of a package's interface going on into any or the program's
// interfaces.
//
// In error or fmt.Stringer the interpreter holds a value of the program's
// type in a compiled wrapper of that interface (assertwrapped.go), and
// converting the interface value on to any keeps the wrapper: %T printed
// interp._error, == compared the wrapper, assertions to the program's
// types and interfaces failed. The comma-ok assertion from the package's
// interface sees through the wrapper, so where such a value goes into any
// or an interface of the program (assigned, declared, returned, sent,
// appended, a literal's element, an argument of the program's function,
// a conversion), a helper asserts it to each type of the program that
// may be there and stores what it finds in a variable of the target type,
// as a value of that type would be stored directly.
//
// A struct value with value-receiver methods cannot be found (the
// interpreter puts one of its fields in the wrapper in its place), nor
// one of two non-struct types of one representation: such a conversion
// is refused (wrapHazard).

// planUnwrap decides, on the learner's tree, whether the program can
// tell a wrapper in any from the value it holds: it asserts or switches
// on an interface value, compares interface values, keys maps by them,
// or prints an interface value with a verb other than %v and %s (or with
// %+v, %#v, %T). A program that only prints them with %v and %s sees the
// wrapper's methods, as Go's fmt sees the value's: a conversion that
// cannot be unwrapped is refused only in a program that can tell.
func (l *lowerer) planUnwrap() {
	all, observed := l.identityObserved()
	seen := all || len(observed) > 0
	ast.Inspect(l.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.TypeAssertExpr:
			seen = true // x.(I) and type switches, to any type
		case *ast.CallExpr:
			if l.printsIfaceOtherwise(n) {
				seen = true
			}
		}
		return !seen
	})
	l.wrapperSeen = seen
}

// printsIfaceOtherwise reports whether call, a Printf-like call of fmt,
// prints an operand of interface type with a verb other than %v and %s,
// or with a flag (%+v, %#v), or has a format that is not a constant.
func (l *lowerer) printsIfaceOtherwise(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || !l.isPackageFunc(sel, "fmt", sel.Sel.Name) {
		return false
	}
	fi := formatArg(sel.Sel.Name)
	if fi < 0 || fi >= len(call.Args) {
		return false
	}
	tv := l.typeAndValue(call.Args[fi])
	if tv.Value == nil || tv.Value.Kind() != constant.String {
		return true
	}
	ops := call.Args[fi+1:]
	for _, v := range progfmt.Verbs(constant.StringVal(tv.Value)) {
		if v.Arg < 0 || v.Arg >= len(ops) || !types.IsInterface(typeOrNil(l.typeOf(ops[v.Arg]))) {
			continue
		}
		if v.C != 'v' && v.C != 's' || strings.ContainsAny(v.Flags, "+#") {
			return true
		}
	}
	return false
}

// lowerUnwrapSites passes the operands of n that go from a package's
// interface into any or the program's interface through the helper.
func (l *lowerer) lowerUnwrapSites(n ast.Node) {
	switch n := n.(type) {
	case *ast.BinaryExpr:
		return // comparisons: lowerIfaceEqual
	case *ast.CallExpr:
		if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && !l.isConversion(n) {
			if id, ok := sel.X.(*ast.Ident); ok {
				if _, pkg := l.info.Uses[id].(*types.PkgName); pkg {
					return // a package's function: fmt and errors see the wrapper's methods
				}
			}
		}
	}
	var sig *types.Signature
	if len(l.funcs) > 0 {
		sig = l.funcs[len(l.funcs)-1]
	}
	l.nilSites(n, sig, func(e *ast.Expr, target types.Type) {
		if name := l.unwrapHelper(*e, target); name != "" {
			call := &ast.CallExpr{Fun: ast.NewIdent(name), Lparen: (*e).Pos(), Args: []ast.Expr{*e}, Rparen: (*e).End()}
			l.info.Types[call] = types.TypeAndValue{Type: target}
			*e = call
		}
	})
}

// unwrapHelper declares the helper for e going into target and returns
// its name, or "" when e needs none.
func (l *lowerer) unwrapHelper(e ast.Expr, target types.Type) string {
	if e == nil || target == nil || !types.IsInterface(target) || l.packageInterface(target) {
		return ""
	}
	tv := l.typeAndValue(e)
	if tv.Type == nil || tv.IsNil() || !l.packageInterface(tv.Type) || types.Identical(tv.Type, target) {
		return ""
	}
	p := tv.Type
	var found []types.Type
	for _, tn := range l.ownTypes() {
		for _, c := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
			if !types.Implements(c, typeUnder(p).(*types.Interface)) || !types.Implements(c, typeUnder(target).(*types.Interface)) {
				continue
			}
			if _, ptr := c.(*types.Pointer); !ptr && (!nativeTypeTest(c) || l.wrapHazard(c, p) != nil) {
				if l.wrapperSeen {
					l.refuseUnwrap(e, p, target, c)
					return ""
				}
				continue
			}
			found = append(found, c)
		}
	}
	if len(found) == 0 {
		return ""
	}
	pexpr, localP := l.typeExpr(p)
	texpr, localT := l.typeExpr(target)
	if localP || localT {
		return ""
	}
	l.note("package interfaces into any")
	return l.helper("unwrap "+pexpr+" "+texpr, "unwrap", func(f string) string {
		var b strings.Builder
		var stores []string
		b.WriteString("func " + f + "(v " + pexpr + ") " + texpr + " {\n")
		if isError(p) {
			b.WriteString("\tif v == nil || !" + l.assertable() + "(v) {\n\t\treturn v\n\t}\n")
		}
		var exprs []string
		for _, c := range found {
			cexpr, _ := l.typeExpr(c)
			exprs = append(exprs, cexpr)
		}
		if isError(p) && isEmptyInterface(target) {
			for _, c := range l.errorfStandIns() {
				exprs = append(exprs, c[0])
			}
		}
		for i, cexpr := range exprs {
			// Each type is stored by a function of its own (a variable
			// of the interface type in this function, assigned from
			// the assertion's result, kept a reference to its slot).
			store := f + "_" + strconv.Itoa(i)
			b.WriteString("\tif c, ok := v.(" + cexpr + "); ok {\n\t\treturn " + store + "(c)\n\t}\n")
			stores = append(stores, "func "+store+"(p "+cexpr+") "+texpr+" {\n\tvar r "+texpr+" = p\n\treturn r\n}")
		}
		b.WriteString("\treturn v\n}")
		for _, st := range stores {
			b.WriteString("\n\n" + st)
		}
		return b.String()
	})
}

// refuseUnwrap refuses e, of the package's interface p, going into
// target, when it may hold a value of c the helper could not find.
func (l *lowerer) refuseUnwrap(e ast.Expr, p, target, c types.Type) {
	qualify := func(p *types.Package) string { return p.Name() }
	why := "a struct with value-receiver methods, whose value the interpreter does not keep there"
	hint := "give " + l.typeString(c, qualify) + "'s methods pointer receivers and use a pointer to it"
	if h := l.wrapHazard(c, p); h != nil && nativeTypeTest(c) {
		why = "whose values the interpreter cannot tell from " + l.typeString(h, qualify) + "'s there"
		hint = "make one of them a struct type"
	}
	l.unsupported(e.Pos(), "converting "+article(l.typeString(p, qualify))+" value that may hold a "+l.typeString(c, qualify)+" ("+why+") to "+
		l.typeString(target, qualify)+" is not supported by the playground (its type would be lost); "+hint)
}
