package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
)

// typeIntegerCases gives the untyped constant cases of a switch on an
// integer the tag's type: the interpreter compares case 1e16 as a float,
// equal to 1e16+1.
func (l *lowerer) typeIntegerCases(n *ast.SwitchStmt, tagType types.Type) {
	if u, ok := under(tagType).(*types.Basic); !ok || u.Info()&types.IsInteger == 0 {
		return
	}
	for _, s := range n.Body.List {
		clause := s.(*ast.CaseClause)
		for i, e := range clause.List {
			if tv := l.typeAndValue(e); tv.Value != nil {
				if _, isLit := ast.Unparen(e).(*ast.BasicLit); isLit {
					clause.List[i] = l.constExpr(tv.Value, tagType)
				}
			}
		}
	}
}

// sameChanTypes converts one of two channels compared with == to the
// other's type when their directions differ (the interpreter refuses to
// compare them): the bidirectional one to the directional one's type.
func (l *lowerer) sameChanTypes(x ast.Expr, xt types.Type, y ast.Expr, yt types.Type) (ast.Expr, ast.Expr) {
	xc, ok1 := under(xt).(*types.Chan)
	yc, ok2 := under(yt).(*types.Chan)
	if !ok1 || !ok2 || types.Identical(xt, yt) {
		return x, y
	}
	convert := func(e ast.Expr, to types.Type) ast.Expr {
		texpr, _ := l.typeExpr(to)
		return &ast.CallExpr{Fun: l.parseExpr("(" + texpr + ")"), Args: []ast.Expr{e}}
	}
	if xc.Dir() == types.SendRecv {
		return convert(x, yt), y
	}
	if yc.Dir() == types.SendRecv {
		return x, convert(y, xt)
	}
	return x, y
}

// lowerInterfaceCases compares a case of a switch without a tag that is
// an interface value (switch { case i: } with i holding a bool) with true,
// as Go does: the interpreter takes the interface for a bool and fails.
func (l *lowerer) lowerInterfaceCases(n *ast.SwitchStmt) {
	if n.Tag != nil {
		return
	}
	for _, s := range n.Body.List {
		clause := s.(*ast.CaseClause)
		for i, e := range clause.List {
			if t := l.typeOf(e); t != nil && types.IsInterface(t) {
				l.note("switches on interface values")
				clause.List[i] = &ast.BinaryExpr{X: e, Op: token.EQL, Y: ast.NewIdent("true")}
			}
		}
	}
}
