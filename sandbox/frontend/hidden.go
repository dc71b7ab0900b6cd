package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/flakylab/flakylab/sandbox/progfmt"
)

// Assertions to the packages' hidden methods.
//
// The interpreter knows a value of a package's unexported type (the error
// of context.DeadlineExceeded, fmt.Errorf with %w, errors.Join, a
// recovered run-time error, the course's transport errors) only by the
// interface it came through, so it answers false where Go finds the
// type's Timeout, Temporary, Unwrap or RuntimeError method. The helpers
// of an assertion to an interface asking only for such methods (and
// Error) therefore end by asking progfmt (hidden.go), which asserts
// natively and hands the value back in a compiled interface with exactly
// the target's methods: the interpreter reads those from its reflect
// type, so the value passes a later assertion to the target and its
// methods are called on the package's value itself.

// hiddenAsserters maps the hidden methods (sorted "name signature"
// lines, as hiddenMethodsKey writes them, Error left out) to progfmt's
// function asserting to an error with them. A package's value with such
// a method and no Error method is not looked for: the allowed packages
// have none.
var hiddenAsserters = map[string]string{
	"Timeout func() bool":                        "AsErrorTimeout",
	"Temporary func() bool":                      "AsErrorTemporary",
	"Temporary func() bool\nTimeout func() bool": "AsErrorTimeoutTemporary",
	"Unwrap func() error":                        "AsErrorUnwrap",
	"Unwrap func() []error":                      "AsErrorUnwrapList",
	"RuntimeError func()":                        "AsErrorRuntimeError",
}

// hiddenMethodsKey writes the method set of the interface it as
// hiddenAsserters keys it.
func hiddenMethodsKey(it *types.Interface) string {
	var lines []string
	for i := range it.NumMethods() {
		m := it.Method(i)
		if m.Name() == "Error" && types.Identical(m.Type(), errorType.Method(0).Type()) {
			continue
		}
		lines = append(lines, m.Name()+" "+types.TypeString(m.Type(), nil))
	}
	slices.Sort(lines)
	return strings.Join(lines, "\n")
}

// hiddenAsserter returns the expression of progfmt's function asserting
// to an interface with iface's methods, if there is one.
func (l *lowerer) hiddenAsserter(iface types.Type) (string, bool) {
	it, ok := under(iface).(*types.Interface)
	if !ok {
		return "", false
	}
	name, ok := hiddenAsserters[hiddenMethodsKey(it)]
	if !ok {
		return "", false
	}
	return l.importName(progfmt.Path) + "." + name, true
}

// hiddenUsesOK reports whether the result of the assertion (or type
// switch case, or errors.As target) at n, to an interface hiddenAsserter
// handles, is only used in ways that see the package's value itself:
// its methods called, compared with nil, or handed to errors.As. The
// interpreter's wrapper of the value would show through anything else
// (printing it, comparing it with another value, converting it), which
// stays refused.
func (l *lowerer) hiddenUsesOK(n ast.Node) bool {
	parents := l.hiddenParents()
	var objs []types.Object
	switch n := n.(type) {
	case *ast.TypeAssertExpr:
		p := parents[n]
		for {
			if pe, ok := p.(*ast.ParenExpr); ok {
				p = parents[pe]
				continue
			}
			break
		}
		switch p := p.(type) {
		case *ast.SelectorExpr:
			return l.methodCallOn(p, parents)
		case *ast.AssignStmt:
			if len(p.Rhs) != 1 {
				return false
			}
			if id, ok := p.Lhs[0].(*ast.Ident); ok {
				if id.Name == "_" {
					return true
				}
				obj := l.info.Defs[id]
				if obj == nil {
					obj = l.info.Uses[id]
				}
				objs = append(objs, obj)
			} else {
				return false
			}
		case *ast.ValueSpec:
			if len(p.Values) != 1 {
				return false
			}
			if p.Names[0].Name == "_" {
				return true
			}
			objs = append(objs, l.info.Defs[p.Names[0]])
		default:
			return false
		}
	case *ast.CaseClause:
		if obj := l.info.Implicits[n]; obj != nil {
			objs = append(objs, obj)
		}
	case *ast.Ident:
		objs = append(objs, l.info.Uses[n])
	}
	for _, obj := range objs {
		if obj == nil {
			return false
		}
		if _, ok := obj.(*types.Var); !ok || obj.Parent() == l.pkg.Scope() {
			return false
		}
	}
	ok := true
	ast.Inspect(l.file, func(m ast.Node) bool {
		id, isID := m.(*ast.Ident)
		if !isID || !ok || !slices.Contains(objs, l.info.Uses[id]) {
			return ok
		}
		if !l.hiddenUseOK(id, parents) {
			ok = false
		}
		return ok
	})
	return ok
}

// hiddenUseOK reports whether the use id of a variable holding a hidden
// value is one hiddenUsesOK allows.
func (l *lowerer) hiddenUseOK(id *ast.Ident, parents map[ast.Node]ast.Node) bool {
	switch p := parents[id].(type) {
	case *ast.SelectorExpr:
		return l.methodCallOn(p, parents)
	case *ast.BinaryExpr:
		other := p.Y
		if other == id {
			other = p.X
		}
		return (p.Op == token.EQL || p.Op == token.NEQ) && l.typeAndValue(other).IsNil()
	case *ast.CallExpr:
		// An operand of fmt's Print, Println, Sprint or Sprintln (%v):
		// printed through the helper of pkgvalues.go, which hands fmt
		// the package's value itself.
		for _, name := range []string{"Print", "Println", "Sprint", "Sprintln"} {
			if l.isPackageFunc(p.Fun, "fmt", name) && p.Ellipsis == token.NoPos && slices.Contains(p.Args, ast.Expr(id)) {
				return !l.builtinsShadowed()
			}
		}
		return false
	case *ast.UnaryExpr:
		// &t handed to errors.As
		call, ok := parents[p].(*ast.CallExpr)
		return ok && p.Op == token.AND && l.isPackageFunc(call.Fun, "errors", "As") && len(call.Args) == 2 && call.Args[1] == p
	case *ast.AssignStmt:
		// u, ok = u.Unwrap().(interface{ Unwrap() error }): set by another
		// assertion of the same kind, checked on its own.
		for _, e := range p.Lhs {
			if e == id {
				if len(p.Rhs) != 1 {
					return false
				}
				ta, isTA := ast.Unparen(p.Rhs[0]).(*ast.TypeAssertExpr)
				return isTA && ta.Type != nil && types.Identical(l.typeOf(ta.Type), l.typeOf(id))
			}
		}
	}
	return false
}

// methodCallOn reports whether the selector sel is a method called.
func (l *lowerer) methodCallOn(sel *ast.SelectorExpr, parents map[ast.Node]ast.Node) bool {
	call, ok := parents[sel].(*ast.CallExpr)
	if !ok || call.Fun != sel {
		return false
	}
	s, ok := l.info.Selections[sel]
	return ok && s.Kind() == types.MethodVal
}

// hiddenParents maps each node of the file to its parent.
func (l *lowerer) hiddenParents() map[ast.Node]ast.Node {
	if l.parentsOf != nil && l.parentsFile == l.file {
		return l.parentsOf
	}
	parents := map[ast.Node]ast.Node{}
	var stack []ast.Node
	ast.Inspect(l.file, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if len(stack) > 0 {
			parents[n] = stack[len(stack)-1]
		}
		stack = append(stack, n)
		return true
	})
	l.parentsOf, l.parentsFile = parents, l.file
	return parents
}

// hiddenAsTarget reports whether the target of errors.As, &t, is the
// address of a local variable whose uses hiddenUsesOK allows.
func (l *lowerer) hiddenAsTarget(target ast.Expr) bool {
	u, ok := ast.Unparen(target).(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return false
	}
	id, ok := ast.Unparen(u.X).(*ast.Ident)
	return ok && l.hiddenUsesOK(id)
}

// hiddenStandIns returns the types standing in for fmt.Errorf's results
// with %w that have iface's methods (lowerErrorf uses them in a program
// with error types of its own): the interpreter's own assertion finds
// them.
func (l *lowerer) hiddenStandIns(iface types.Type) []string {
	it, ok := under(iface).(*types.Interface)
	if !ok {
		return nil
	}
	var out []string
	for i, s := range l.errorfStandIns() {
		key := []string{"Unwrap func() error", "Unwrap func() []error"}[i]
		if hiddenMethodsKey(it) == key {
			out = append(out, s[0])
		}
	}
	return out
}
