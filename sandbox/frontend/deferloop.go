package frontend

import (
	"go/ast"
	"go/types"
	"strings"
)

// Deferred method calls and function values in loops.
//
// The heap cell of lowerDefer keeps a deferred call's values, but the
// interpreter reads the receiver of a deferred method call, and a
// deferred function value, through the variable holding the cell when the
// call finally runs. In a loop that variable is one slot for every
// iteration, so
//
//	for _, n := range names { r := open(n); defer r.Close() }
//
// closed the last resource once per iteration. Arguments are read at the
// defer, so there the call is deferred through a literal that takes the
// receiver (or function) and the arguments as parameters:
//
//	defer func(_fl_p1 *R, _fl_p2 int) { _fl_p1.Close(_fl_p2) }(_fl_d1.r, _fl_d1.a0)

// methodRecovers reports whether the method of the selection s is one of
// the program's whose body calls recover: deferred through a literal, it
// would no longer be called by the deferred function itself.
func (l *lowerer) methodRecovers(s *types.Selection) bool {
	for _, d := range l.file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv != nil && fd.Body != nil && l.info.Defs[fd.Name] == s.Obj() {
			return callsRecover(fd.Body)
		}
	}
	return false
}

// deferThroughParams rewrites out, a deferred call whose function or
// receiver and non-constant arguments are fields of the heap cell (fields
// holds each field's "name type"), into a call of a literal taking them
// as parameters.
func (l *lowerer) deferThroughParams(out *ast.CallExpr, cell string, fields []string) *ast.CallExpr {
	types := map[string]string{}
	for _, f := range fields {
		name, texpr, _ := strings.Cut(f, " ")
		types[name] = texpr
	}
	lit := &ast.FuncLit{Type: &ast.FuncType{Params: &ast.FieldList{}}, Body: &ast.BlockStmt{}}
	wrapped := &ast.CallExpr{Fun: lit, Lparen: out.Lparen, Rparen: out.Rparen}
	// param replaces a field of the cell by a new parameter, passed the
	// field; anything else stays as it is.
	param := func(e ast.Expr) ast.Expr {
		sel, ok := e.(*ast.SelectorExpr)
		if !ok {
			return e
		}
		if id, ok := sel.X.(*ast.Ident); !ok || id.Name != cell {
			return e
		}
		texpr, ok := types[sel.Sel.Name]
		if !ok {
			return e
		}
		name := l.fresh("p")
		lit.Type.Params.List = append(lit.Type.Params.List, &ast.Field{Names: []*ast.Ident{ast.NewIdent(name)}, Type: l.parseExpr(texpr)})
		wrapped.Args = append(wrapped.Args, e)
		return ast.NewIdent(name)
	}
	inner := &ast.CallExpr{Ellipsis: out.Ellipsis}
	if m, ok := out.Fun.(*ast.SelectorExpr); ok && isCellField(m.X, cell) {
		inner.Fun = &ast.SelectorExpr{X: param(m.X), Sel: m.Sel}
	} else {
		inner.Fun = param(out.Fun)
	}
	for _, a := range out.Args {
		inner.Args = append(inner.Args, param(a))
	}
	if len(inner.Args) > 0 && out.Ellipsis.IsValid() {
		inner.Ellipsis = 1 // any valid position: the printer writes the ...
	}
	lit.Body.List = []ast.Stmt{&ast.ExprStmt{X: inner}}
	return wrapped
}

// isCellField reports whether e is cell.field.
func isCellField(e ast.Expr, cell string) bool {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	return ok && id.Name == cell
}
