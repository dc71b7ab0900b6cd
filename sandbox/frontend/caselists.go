package frontend

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/astutil"
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

// lowerInterfaceTag turns a switch on a value of interface type whose
// cases are not all interfaces, which makes the interpreter panic
// ("switch x { case "hello": }" with x of type any), into a switch
// without a tag comparing each case with ==, which it gets right:
//
//	switch t := x; { case t == "hello" || t == 42: ... }
//
// A switch on a slice, map or function, whose cases can only be nil
// (the interpreter matches none of them), is rewritten the same way, and
// so is one on a channel (cases of another direction never match).
// It returns the replacement, or nil to keep n.
func (l *lowerer) lowerInterfaceTag(n *ast.SwitchStmt) ast.Stmt {
	if n.Tag == nil {
		return nil
	}
	tagType := l.typeOf(n.Tag)
	mixedCases := l.mixedSwitch(n) // a value of a type with methods among interfaces
	_, isChan := under(tagType).(*types.Chan)
	if !types.IsInterface(tagType) && types.Comparable(tagType) && !mixedCases && !isChan {
		l.typeIntegerCases(n, tagType)
		return nil
	}
	concrete := mixedCases || isChan
	for _, s := range n.Body.List {
		for _, e := range s.(*ast.CaseClause).List {
			if t := l.typeOf(e); t != nil && !types.IsInterface(t) {
				concrete = true
			}
		}
	}
	if _, labeled := l.labels[n]; !concrete || n.Init != nil && labeled {
		return nil
	}
	l.note("switches on interface values")
	tag := l.fresh("tag")
	sw := &ast.SwitchStmt{
		Switch: n.Switch,
		Init:   &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(tag)}, Tok: token.DEFINE, Rhs: []ast.Expr{n.Tag}},
		Body:   n.Body,
	}
	for _, s := range n.Body.List {
		clause := s.(*ast.CaseClause)
		if len(clause.List) == 0 {
			continue
		}
		var cond ast.Expr
		for _, e := range clause.List {
			// Parentheses only where precedence needs them: the
			// interpreter fails on t == (42) || ...
			if b, ok := e.(*ast.BinaryExpr); ok && b.Op.Precedence() <= token.EQL.Precedence() {
				e = &ast.ParenExpr{X: e}
			}
			e = l.box(e, l.typeOf(n.Tag))
			var x ast.Expr = ast.NewIdent(tag)
			x, e = l.sameChanTypes(x, tagType, e, l.typeOf(e))
			eq := l.caseEqual(&ast.BinaryExpr{X: x, Op: token.EQL, Y: e}, tagType)
			if cond == nil {
				cond = eq
			} else {
				cond = &ast.BinaryExpr{X: cond, Op: token.LOR, Y: eq}
			}
		}
		clause.List = []ast.Expr{cond}
	}
	if n.Init == nil {
		return sw
	}
	return &ast.BlockStmt{Lbrace: n.Switch, List: []ast.Stmt{n.Init, sw}}
}

// lowerSwitchInit moves the init statement of a switch whose tag is not a
// plain name out, in front of it, in a block of their own:
//
//	switch x := 2; double(x) { ... }  ->  { x := 2; switch double(x) { ... } }
//
// The interpreter compares the cases with something else than the tag
// such a switch has (no case matched: switch x := 5; x * 2 { case 10: }
// ran nothing). A labeled switch keeps its label, inside the block.
func (l *lowerer) lowerSwitchInit(n *ast.SwitchStmt) ast.Stmt {
	if n.Init == nil || n.Tag == nil {
		return nil
	}
	if _, plain := ast.Unparen(n.Tag).(*ast.Ident); plain {
		return nil
	}
	l.note("switches with an init statement")
	init := n.Init
	n.Init = nil
	return &ast.BlockStmt{Lbrace: n.Switch, List: []ast.Stmt{init, l.labeledStmt(n)}, Rbrace: n.Body.Rbrace}
}

// labeledStmt is n under its label, if it has one.
func (l *lowerer) labeledStmt(n ast.Stmt) ast.Stmt {
	if label, ok := l.labels[n]; ok {
		return &ast.LabeledStmt{Label: label, Colon: label.End(), Stmt: n}
	}
	return n
}

// replaceLabeled replaces the statement n by s, a block holding n (under
// its label, if it has one): a labeled n is replaced with its label, by
// the LabeledStmt case of lower.
func (l *lowerer) replaceLabeled(c *astutil.Cursor, n, s ast.Stmt) {
	if _, labeled := l.labels[n]; labeled {
		l.labeledBlocks[n] = s
		return
	}
	c.Replace(s)
}

// withFirst returns s with the statements pre in front of it: in the same
// block when s is one.
func withFirst(pre []ast.Stmt, s ast.Stmt) ast.Stmt {
	if len(pre) == 0 {
		return s
	}
	if b, ok := s.(*ast.BlockStmt); ok {
		b.List = append(pre, b.List...)
		return b
	}
	return &ast.BlockStmt{Lbrace: s.Pos(), List: append(pre, s), Rbrace: s.End()}
}
