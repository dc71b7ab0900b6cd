package frontend

import (
	"go/ast"
	"go/token"
)

// lowerCaseLists joins the expressions of each case of a switch without a
// tag, "case a, b:", into "case a || b:": the interpreter tests only the
// first expression of such a list. Go tests them left to right and stops
// at the first that is true, as || does.
func (l *lowerer) lowerCaseLists(n *ast.SwitchStmt) {
	if n.Tag != nil {
		return
	}
	for _, s := range n.Body.List {
		clause := s.(*ast.CaseClause)
		if len(clause.List) < 2 {
			continue
		}
		l.note("case lists without a tag")
		cond := clause.List[0]
		for _, e := range clause.List[1:] {
			cond = &ast.BinaryExpr{X: cond, Op: token.LOR, Y: &ast.ParenExpr{X: e}}
		}
		clause.List = []ast.Expr{cond}
	}
}
