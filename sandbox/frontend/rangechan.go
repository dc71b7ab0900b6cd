package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Ranging over channels held in a slice, array or map.
//
// The interpreter decides that a range statement ranges over a channel
// by the type of its second child, which, in `for k, v := range x`, is
// the value variable: when the elements of x are channels, it takes the
// loop for a range over a channel and fails at run time ("reflect: call
// of reflect.Value.Len on int Value"), as in the fan-in of Go's pipeline
// pattern, `for _, c := range cs`. The value is read by index instead:
//
//	for k, v := range x { body }   ->   for k := range x { v := x[k]; body }
//
// which is the same loop as long as the body does not change what x
// names (a range evaluates x once; a slice's or map's elements are read as
// the loop reaches them either way). When it may, x is first copied into
// a variable of its own, in a block around the loop; a labeled loop,
// whose label cannot move to the block, is refused then.

// chanElements reports whether ranging over x yields channels as values.
func (l *lowerer) chanElements(x ast.Expr) bool {
	var elem types.Type
	switch u := under(l.typeOf(x)).(type) {
	case *types.Slice:
		elem = u.Elem()
	case *types.Array:
		elem = u.Elem()
	case *types.Map:
		elem = u.Elem()
	case *types.Pointer:
		if a, ok := under(u.Elem()).(*types.Array); ok {
			elem = a.Elem()
		}
	}
	if elem == nil {
		return false
	}
	_, ok := under(elem).(*types.Chan)
	return ok
}

// lowerRangeChanElements rewrites a range over channels held in a slice,
// array or map; for a loop that defines its variables it runs before the
// loop's other lowerings, and plan's captured variables lose the value
// variable, declared in the body now; for one that assigns existing
// variables, after rangeIntoExisting. The body becomes a block of its own
// after the read, where the learner's declarations may shadow the value
// variable as they could before. It returns a block to replace n with, or
// nil when n was changed in place (or left alone).
func (l *lowerer) lowerRangeChanElements(n *ast.RangeStmt, plan *loopPlan) ast.Stmt {
	if n.Value == nil || !l.chanElements(n.X) {
		return nil
	}
	if _, ok := n.Value.(*ast.Ident); !ok {
		return nil // assigns an element or field: rangeIntoExisting names it first
	}
	var block *ast.BlockStmt
	x := n.X
	if !l.pure(n.X) || l.mutates(l.objectsIn(n.X), n.Body) {
		if _, labeled := l.labels[n]; labeled {
			l.unsupported(n.For, "a labeled range over channels held in a slice, array or map that the loop changes (or that a call makes) is not supported by the playground; range over a variable holding them")
			return nil
		}
		name := l.fresh("x")
		decl := l.parseStmts(name + " := _fl_arg")[0].(*ast.AssignStmt)
		decl.Rhs[0] = n.X
		block = &ast.BlockStmt{Lbrace: n.For, List: []ast.Stmt{decl, n}, Rbrace: n.End()}
		x = ast.NewIdent(name)
		n.X = ast.NewIdent(name)
	}
	l.note("range over channels in a slice, array or map")
	if n.Key == nil || isBlank(n.Key) {
		n.Key = ast.NewIdent(l.fresh("k"))
	}
	if !isBlank(n.Value) {
		if plan != nil {
			plan.captured = l.without(plan.captured, n.Value)
		}
		read := &ast.AssignStmt{Lhs: []ast.Expr{n.Value}, Tok: token.DEFINE, TokPos: n.TokPos,
			Rhs: []ast.Expr{&ast.IndexExpr{X: x, Lbrack: n.Value.Pos(), Index: ast.NewIdent(identName(n.Key)), Rbrack: n.Value.End()}}}
		n.Body = &ast.BlockStmt{Lbrace: n.Body.Lbrace, List: []ast.Stmt{read, n.Body}, Rbrace: n.Body.Rbrace}
	}
	n.Tok = token.DEFINE
	n.Value = nil
	if block != nil {
		return block
	}
	return nil
}

// objectsIn returns the variables e names.
func (l *lowerer) objectsIn(e ast.Expr) []types.Object {
	var objs []types.Object
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := l.info.Uses[id].(*types.Var); ok {
				objs = append(objs, v)
			}
		}
		return true
	})
	return objs
}

// without returns vars less the variable e declares or names.
func (l *lowerer) without(vars []types.Object, e ast.Expr) []types.Object {
	id, ok := e.(*ast.Ident)
	if !ok {
		return vars
	}
	obj := l.info.ObjectOf(id)
	var out []types.Object
	for _, v := range vars {
		if v != obj {
			out = append(out, v)
		}
	}
	return out
}

// identName is the name of an identifier expression.
func identName(e ast.Expr) string {
	return e.(*ast.Ident).Name
}
