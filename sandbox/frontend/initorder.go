package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Package-level variables.
//
// Go initializes package-level variables in dependency order (a variable
// after those its initializer uses), and otherwise in the order they are
// declared; yaegi v0.16.1 gets the order wrong when a variable uses one
// declared after it. The type checker knows the order (Info.InitOrder):
// when it differs from the declarations', orderVarInit moves the
// initialized variables into one declaration, in that order, where the
// first of them was.

// orderVarInit reorders the file's package-level variables: first those
// without an initializer (yaegi delays a variable whose initializer names
// one declared after it), then the initialized ones in InitOrder, in one
// declaration where the first variable was. It runs before the lowering,
// on the learner's tree, and changes nothing when that is the order
// already.
func (l *lowerer) orderVarInit() {
	var plain, initialized []*ast.ValueSpec
	where := map[*types.Var]*ast.ValueSpec{}
	var declared []*types.Var // in source order
	for _, d := range l.file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR {
			continue
		}
		for _, s := range gd.Specs {
			vs := s.(*ast.ValueSpec)
			if len(vs.Values) == 0 {
				plain = append(plain, vs)
			} else {
				initialized = append(initialized, vs)
			}
			for _, name := range vs.Names {
				if v, ok := l.info.Defs[name].(*types.Var); ok {
					declared = append(declared, v)
					where[v] = vs
				}
			}
		}
	}
	if len(initialized) == 0 {
		return
	}
	// The order wanted: the plain variables, then InitOrder.
	var wanted []*types.Var
	for _, vs := range plain {
		for _, name := range vs.Names {
			if v, ok := l.info.Defs[name].(*types.Var); ok {
				wanted = append(wanted, v)
			}
		}
	}
	for _, in := range l.info.InitOrder {
		wanted = append(wanted, in.Lhs...)
	}
	if len(wanted) != len(declared) || sameVars(wanted, declared) {
		return
	}
	l.note("package variables in dependency order")
	specs := make([]ast.Spec, 0, len(plain)+len(l.info.InitOrder))
	for _, vs := range plain {
		specs = append(specs, vs)
	}
	for _, in := range l.info.InitOrder {
		st := where[in.Lhs[0]]
		spec := &ast.ValueSpec{Type: st.Type, Values: []ast.Expr{in.Rhs}}
		for _, v := range in.Lhs {
			for _, name := range where[v].Names {
				if l.info.Defs[name] == v {
					if name.Name == "_" {
						// yaegi initializes blank variables after the
						// others: a name of its own keeps the order.
						name = &ast.Ident{NamePos: name.NamePos, Name: l.fresh("blank")}
					}
					spec.Names = append(spec.Names, name)
				}
			}
		}
		specs = append(specs, spec)
	}
	var decls []ast.Decl
	placed := false
	for _, d := range l.file.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR {
			decls = append(decls, d)
			continue
		}
		if !placed {
			placed = true
			decls = append(decls, &ast.GenDecl{TokPos: gd.TokPos, Tok: token.VAR, Lparen: gd.TokPos, Specs: specs, Rparen: gd.TokPos})
		}
	}
	l.file.Decls = decls
}

func sameVars(a, b []*types.Var) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
