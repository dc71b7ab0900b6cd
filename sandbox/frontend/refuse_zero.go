package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
)

// refuseSignedZero refuses, in a program that makes and tests negative
// zeros (math.Copysign, math.Signbit, or an infinity 1/zero with zero a
// float variable never set), a float argument to one of the program's functions or
// to min and max: the interpreter drops an argument equal to zero and the
// callee sees +0.
func (l *lowerer) refuseSignedZero() {
	makes, tests := false, false
	isFloat := func(e ast.Expr) bool {
		t := l.typeOf(e)
		b, ok := under(t).(*types.Basic)
		return ok && b.Info()&(types.IsFloat|types.IsComplex) != 0 && l.typeAndValue(e).Value == nil
	}
	zeros := l.neverSetFloats()
	ast.Inspect(l.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if pkg, ok := n.X.(*ast.Ident); ok {
				if pn, ok := l.info.Uses[pkg].(*types.PkgName); ok && pn.Imported().Path() == "math" {
					switch n.Sel.Name {
					case "Copysign":
						makes, tests = true, true
					case "Signbit":
						tests = true
					}
				}
			}
		case *ast.BinaryExpr:
			// 1.0 / zero, with zero a float variable never set: an
			// infinity, from which signed zeros come (-1 / inf).
			if n.Op != token.QUO || !isFloat(n) || l.typeAndValue(n.X).Value == nil {
				break
			}
			if y, ok := ast.Unparen(n.Y).(*ast.Ident); ok && zeros[l.info.Uses[y]] {
				makes, tests = true, true
			}
		}
		return true
	})
	if !makes || !tests {
		return
	}
	done := false
	ast.Inspect(l.file, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || done {
			return !done
		}
		own := false
		switch f := ast.Unparen(call.Fun).(type) {
		case *ast.Ident:
			switch obj := l.info.Uses[f].(type) {
			case *types.Func:
				own = obj.Pkg() == l.pkg
			case *types.Builtin:
				own = obj.Name() == "min" || obj.Name() == "max"
			}
		case *ast.SelectorExpr:
			if s := l.info.Selections[f]; s != nil {
				own = s.Obj().Pkg() == l.pkg
			}
		}
		if !own {
			return true
		}
		for _, a := range call.Args {
			if isFloat(a) {
				l.unsupported(a.Pos(), "passing a float that may be negative zero to a function, in a program that tests the sign of zero, is not supported by the playground (the function would see +0)")
				done = true
				break
			}
		}
		return !done
	})
}

// neverSetFloats returns the float variables declared without a value
// and never assigned or addressed: zeros.
func (l *lowerer) neverSetFloats() map[types.Object]bool {
	zeros, set := map[types.Object]bool{}, map[types.Object]bool{}
	ast.Inspect(l.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ValueSpec:
			if len(n.Values) == 0 {
				for _, name := range n.Names {
					if v, ok := l.info.Defs[name].(*types.Var); ok {
						if b, ok := under(v.Type()).(*types.Basic); ok && b.Info()&types.IsFloat != 0 {
							zeros[v] = true
						}
					}
				}
			}
		case *ast.AssignStmt:
			for _, x := range n.Lhs {
				if id, ok := ast.Unparen(x).(*ast.Ident); ok {
					set[l.info.ObjectOf(id)] = true
				}
			}
		case *ast.IncDecStmt:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
				set[l.info.ObjectOf(id)] = true
			}
		case *ast.UnaryExpr:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND {
				set[l.info.ObjectOf(id)] = true
			}
		}
		return true
	})
	for v := range set {
		delete(zeros, v)
	}
	return zeros
}
