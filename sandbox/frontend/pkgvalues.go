package frontend

import (
	"github.com/flakylab/flakylab/sandbox/progfmt"
	"go/ast"
	"go/types"
	"sort"
	"strconv"
	"strings"
)

// Values of the packages' types in the program's interfaces.
//
// A value of a compiled package's type (bucket.Decision, clock.Real,
// *bucket.Decision, time.Time) stored in an interface type the program
// declares is held in the interpreter's own wrapper: fmt printed the
// wrapper ({0x... {...}}), and == compared wrappers, which differ for
// each place the value was stored in (v == I(d) was false). A comma-ok
// assertion to the package's type sees through the wrapper, so printing
// such an interface and comparing two of them go through helpers that
// assert to each package type the program may have stored there.

// pkgValueTypes returns, sorted, the exported types of the packages
// (and pointers to them) of which the program has values that implement
// an interface with methods the program declares or spells out.
func (l *lowerer) pkgValueTypes() []types.Type {
	if l.pkgVals != nil {
		return *l.pkgVals
	}
	var ifaces []*types.Interface
	cands := map[string]types.Type{}
	for _, tv := range l.info.Types {
		t := tv.Type
		if t == nil {
			continue
		}
		if l.programInterface(t, 'v') {
			ifaces = append(ifaces, under(t).(*types.Interface))
			continue
		}
		if tv.IsType() || types.IsInterface(t) {
			continue
		}
		n, ok := types.Unalias(t).(*types.Named)
		if p, isPtr := types.Unalias(t).(*types.Pointer); isPtr {
			n, ok = types.Unalias(p.Elem()).(*types.Named)
		}
		if !ok || n.TypeArgs().Len() > 0 || n.Obj().Pkg() == nil || n.Obj().Pkg() == l.pkg ||
			!n.Obj().Exported() || !isAllowed(n.Obj().Pkg().Path()) || spelledOut[n.Obj().Pkg().Path()] {
			continue
		}
		cands[types.TypeString(t, nil)] = t
	}
	out := []types.Type{}
	for _, t := range cands {
		for _, it := range ifaces {
			if types.Implements(t, it) {
				out = append(out, t)
				break
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return types.TypeString(out[i], nil) < types.TypeString(out[j], nil) })
	l.pkgVals = &out
	return out
}

// pkgValuesIn returns the types of pkgValueTypes an interface of type t
// may hold.
func (l *lowerer) pkgValuesIn(t types.Type) []types.Type {
	it, ok := under(t).(*types.Interface)
	if !ok {
		return nil
	}
	var out []types.Type
	for _, c := range l.pkgValueTypes() {
		if types.Implements(c, it) {
			out = append(out, c)
		}
	}
	return out
}

// pkgValueOperand returns op, an operand of fmt of the program's
// interface type t, passed through a helper that hands fmt the package's
// value itself rather than the interpreter's wrapper, or nil when t
// holds no such value.
func (l *lowerer) pkgValueOperand(op ast.Expr, t types.Type) ast.Expr {
	cs := l.pkgValuesIn(t)
	_, hidden := l.hiddenAsserter(t)
	if len(cs) == 0 && !hidden {
		return nil
	}
	var key strings.Builder
	for _, c := range cs {
		key.WriteString(" " + types.TypeString(c, nil))
	}
	if hidden {
		key.WriteString(" hidden")
	}
	name := l.helper("pkgvalue"+key.String(), "pkgvalue", func(f string) string {
		var b strings.Builder
		b.WriteString("func " + f + "(v any) any {\n")
		if hidden {
			// A package's value an assertion's helper handed back
			// (hidden.go).
			b.WriteString("\tif x, ok := " + l.importName(progfmt.Path) + ".Hidden(v); ok {\n\t\treturn x\n\t}\n")
		}
		b.WriteString(l.pkgValueCases("v", cs, "return x"))
		b.WriteString("\treturn v\n}")
		return b.String()
	})
	return &ast.CallExpr{Fun: ast.NewIdent(name), Args: []ast.Expr{op}}
}

// pkgValueCases writes, for each type of cs, a comma-ok assertion of v
// to it into x, followed by then ($T in then is the type).
func (l *lowerer) pkgValueCases(v string, cs []types.Type, then string) string {
	var b strings.Builder
	for _, c := range cs {
		cexpr, _ := l.typeExpr(c)
		b.WriteString("\tif x, ok := " + v + ".(" + cexpr + "); ok {\n\t\t" + strings.ReplaceAll(then, "$T", cexpr) + "\n\t}\n")
	}
	return b.String()
}

// comparablePkgValues returns the comparable types of pkgValueTypes.
func (l *lowerer) comparablePkgValues() []types.Type {
	var out []types.Type
	for _, c := range l.pkgValueTypes() {
		if types.Comparable(c) {
			out = append(out, c)
		}
	}
	return out
}

// emptyStructFromPackage reports whether asserting a value of the
// package's interface type x (clock.Clock, fmt.Stringer, error) to t
// would make the interpreter fail: t is a struct type without fields
// (clock.Real), and the interpreter looks for the first field of what it
// finds ("reflect: Field index out of bounds"). Through any it does not.
func (l *lowerer) emptyStructFromPackage(x, t types.Type) bool {
	st, ok := under(t).(*types.Struct)
	if !ok || st.NumFields() > 0 || !types.IsInterface(x) {
		return false
	}
	n, ok := types.Unalias(x).(*types.Named)
	return ok && n.Obj().Pkg() != l.pkg && methodsOf(x)
}

// lowerEmptyStructAssert rewrites v, ok := x.(T) of such a T into
// any(x).(T), and x.(T) into a helper that panics with Go's message
// (any(x) would name interface {} in it). It returns nil to keep n.
func (l *lowerer) lowerEmptyStructAssert(n *ast.TypeAssertExpr) ast.Expr {
	if n.Type == nil || !l.emptyStructFromPackage(l.typeOf(n.X), l.typeOf(n.Type)) {
		return nil
	}
	if _, commaOK := l.typeOf(n).(*types.Tuple); commaOK {
		return &ast.TypeAssertExpr{X: &ast.CallExpr{Fun: ast.NewIdent("any"), Args: []ast.Expr{n.X}}, Lparen: n.Lparen, Type: n.Type, Rparen: n.Rparen}
	}
	texpr, _ := l.typeExpr(l.typeOf(n.Type))
	xexpr, _ := l.typeExpr(l.typeOf(n.X))
	static, show := l.goTypeName(l.typeOf(n.X)), l.goTypeName(l.typeOf(n.Type))
	name := l.helper("emptyassert "+xexpr+" "+texpr, "emptyassert", func(f string) string {
		return "func " + f + "(v " + xexpr + ") " + texpr + " {\n\tif r, ok := any(v).(" + texpr + "); ok {\n\t\treturn r\n\t}\n" +
			"\tif v == nil {\n\t\tpanic(" + l.errorsNew() + "(" + strconv.Quote("interface conversion: "+static+" is nil, not "+show) + "))\n\t}\n" +
			"\tpanic(" + l.errorsNew() + "(" + strconv.Quote("interface conversion: "+static+" is ") + " + " + l.dynTypeHelper() + "(v) + " + strconv.Quote(", not "+show) + "))\n}"
	})
	return &ast.CallExpr{Fun: ast.NewIdent(name), Lparen: n.Lparen, Args: []ast.Expr{n.X}, Rparen: n.Rparen}
}

// packageInterfacesWith returns error and the exported interfaces of the
// packages the program imports that have all the methods of iface.
func (l *lowerer) packageInterfacesWith(iface types.Type) []types.Type {
	it, ok := under(iface).(*types.Interface)
	if !ok {
		return nil
	}
	var out []types.Type
	if e := types.Universe.Lookup("error").Type(); types.Implements(e, it) {
		out = append(out, e)
	}
	for _, p := range l.pkg.Imports() {
		if !isAllowed(p.Path()) || spelledOut[p.Path()] {
			continue
		}
		for _, name := range p.Scope().Names() {
			tn, ok := p.Scope().Lookup(name).(*types.TypeName)
			if !ok || !tn.Exported() || tn.IsAlias() || !methodsOf(tn.Type()) {
				continue
			}
			if n, ok := tn.Type().(*types.Named); ok && n.TypeParams().Len() == 0 && types.Implements(tn.Type(), it) {
				out = append(out, tn.Type())
			}
		}
	}
	return out
}
