package frontend

import (
	"go/ast"
	"go/token"
)

// refuseFallthroughFromDefault refuses a fallthrough that ends a default
// clause followed by another clause: the interpreter leaves the switch
// there instead of running the next clause's statements (Go's switch
// test wants `default: count++; fallthrough; case false: count++` to
// count 2; the interpreter counted 1). A fallthrough into a default
// clause behaves as in Go.
func (l *lowerer) refuseFallthroughFromDefault() {
	ast.Inspect(l.file, func(n ast.Node) bool {
		sw, ok := n.(*ast.SwitchStmt)
		if !ok {
			return true
		}
		clauses := sw.Body.List
		for i, s := range clauses {
			cc := s.(*ast.CaseClause)
			if cc.List != nil || i == len(clauses)-1 || len(cc.Body) == 0 {
				continue
			}
			if br, ok := cc.Body[len(cc.Body)-1].(*ast.BranchStmt); ok && br.Tok == token.FALLTHROUGH {
				l.unsupported(br.Pos(), "fallthrough out of a default clause that is not the last clause is not supported by the playground (the next clause would not run); move the default clause to the end of the switch, or repeat the next clause's statements in it")
			}
		}
		return true
	})
}
