package frontend

import (
	"go/ast"
	"go/types"
	"sort"
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
	if len(cs) == 0 {
		return nil
	}
	var key strings.Builder
	for _, c := range cs {
		key.WriteString(" " + types.TypeString(c, nil))
	}
	name := l.helper("pkgvalue"+key.String(), "pkgvalue", func(f string) string {
		var b strings.Builder
		b.WriteString("func " + f + "(v any) any {\n")
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
