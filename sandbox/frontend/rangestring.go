package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
)

// lowerRangeString rewrites a range loop over a string that reads the
// index: the interpreter advances the index by the length of the rune it
// decoded, so an invalid byte (decoded as U+FFFD, three bytes long) moves
// it by three, and a loop over the index alone visits every byte. The
// loop decodes as Go does, with unicode/utf8:
//
//	for _fl_s1, _fl_i2, _fl_w3 := s, 0, 0; _fl_i2 < len(_fl_s1); _fl_i2 += _fl_w3 {
//		var _fl_r4 rune
//		_fl_r4, _fl_w3 = utf8.DecodeRuneInString(_fl_s1[_fl_i2:])
//		i, c := _fl_i2, _fl_r4
//		...
//	}
func (l *lowerer) lowerRangeString(n *ast.RangeStmt) ast.Stmt {
	b, ok := under(l.typeOf(n.X)).(*types.Basic)
	if !ok || b.Info()&types.IsString == 0 || n.Key == nil || isBlank(n.Key) {
		return nil
	}
	l.note("range over strings")
	utf8 := l.importName("unicode/utf8")
	s, i, w, r := l.fresh("s"), l.fresh("i"), l.fresh("w"), l.fresh("r")
	decode := "var " + r + " rune\n" + r + ", " + w + " = " + utf8 + ".DecodeRuneInString(" + s + "[" + i + ":])\n"
	lhs, rhs := []ast.Expr{n.Key}, []ast.Expr{ast.NewIdent(i)}
	if n.Value != nil && !isBlank(n.Value) {
		lhs, rhs = append(lhs, n.Value), append(rhs, ast.NewIdent(r))
	} else {
		decode = "_, " + w + " = " + utf8 + ".DecodeRuneInString(" + s + "[" + i + ":])\n"
	}
	src := "for " + s + ", " + i + ", " + w + " := _fl_x, 0, 0; " + i + " < len(" + s + "); " + i + " += " + w + " {\n" + decode + "}"
	loop := l.parseStmts(src)[0].(*ast.ForStmt)
	loop.For = n.For
	loop.Init.(*ast.AssignStmt).Rhs[0] = n.X
	tok := n.Tok
	if tok != token.DEFINE {
		tok = token.ASSIGN
	}
	loop.Body.List = append(loop.Body.List, &ast.AssignStmt{Lhs: lhs, TokPos: n.TokPos, Tok: tok, Rhs: rhs})
	loop.Body.List = append(loop.Body.List, n.Body.List...)
	loop.Body.Rbrace = n.Body.Rbrace
	return loop
}
