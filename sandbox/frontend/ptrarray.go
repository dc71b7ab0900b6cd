package frontend

import (
	"go/ast"
	"go/types"
)

// derefArray spells out the dereference in p[i] and p[lo:hi] of a
// pointer to an array, which Go lets a program leave implicit: (*p)[i].
// The interpreter cannot take the address of the implicit form (&p[i]).
func (l *lowerer) derefArray(x *ast.Expr) {
	t := l.typeOf(*x)
	if t == nil {
		return
	}
	p, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return
	}
	if _, ok := p.Elem().Underlying().(*types.Array); !ok {
		return
	}
	l.note("indexing through a pointer to an array")
	star := &ast.StarExpr{X: *x}
	l.info.Types[star] = types.TypeAndValue{Type: p.Elem()}
	*x = &ast.ParenExpr{X: star}
	l.info.Types[*x] = types.TypeAndValue{Type: p.Elem()}
}
