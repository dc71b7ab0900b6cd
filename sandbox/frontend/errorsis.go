package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
)

// The interpreter keeps a struct value of the program's with
// value-receiver methods in an error in a wrapper of its own, which it
// neither compares (errors.Is(err, NotFound{"a"}) was false for a chain
// holding NotFound{"a"}) nor asserts back (assertable.go). errors.Is is
// refused in a program where an error may hold such a value, unless its
// target is a sentinel: a package's exported error variable, or one of
// the program's package-level variables made by errors.New or
// fmt.Errorf and never assigned again, which the walk compares by
// pointer.

// refuseErrorsIsOnValueStructs reports (and refuses) an errors.Is call
// whose comparisons the interpreter would get wrong.
func (l *lowerer) refuseErrorsIsOnValueStructs(call *ast.CallExpr) bool {
	if len(call.Args) != 2 {
		return false
	}
	c := l.hiddenUngrabbed(types.Universe.Lookup("error").Type())
	if c == nil || l.isSentinel(call.Args[1]) {
		return false
	}
	name := l.typeString(c, func(p *types.Package) string { return p.Name() })
	l.unsupported(call.Pos(), "errors.Is in a program where an error may hold a "+name+
		" (a struct with value-receiver methods) is not supported by the playground (the interpreter cannot compare such values there); give "+
		name+"'s methods pointer receivers and use a pointer to it")
	return true
}

// isSentinel reports whether e is nil, a package's variable, or a
// package-level variable of the program initialised by errors.New or
// fmt.Errorf and never assigned or addressed afterwards.
func (l *lowerer) isSentinel(e ast.Expr) bool {
	e = ast.Unparen(e)
	if l.typeAndValue(e).IsNil() {
		return true
	}
	var id *ast.Ident
	switch x := e.(type) {
	case *ast.Ident:
		id = x
	case *ast.SelectorExpr:
		if _, ok := ast.Unparen(x.X).(*ast.Ident); ok {
			if v, ok := l.info.Uses[x.Sel].(*types.Var); ok && v.Pkg() != l.pkg && !v.IsField() {
				return true
			}
		}
		return false
	default:
		return false
	}
	v, ok := l.info.Uses[id].(*types.Var)
	if !ok || v.Parent() != l.pkg.Scope() {
		return false
	}
	made, changed := false, false
	ast.Inspect(l.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if l.info.Defs[name] == v && i < len(n.Values) && len(n.Values) == len(n.Names) {
					call, ok := ast.Unparen(n.Values[i]).(*ast.CallExpr)
					made = ok && (l.isPackageFunc(call.Fun, "errors", "New") || l.isPackageFunc(call.Fun, "fmt", "Errorf"))
				}
			}
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				if x, ok := ast.Unparen(lhs).(*ast.Ident); ok && l.info.Uses[x] == v {
					changed = true
				}
			}
		case *ast.UnaryExpr:
			if x, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND && l.info.Uses[x] == v {
				changed = true
			}
		}
		return true
	})
	return made && !changed
}
