package frontend

import (
	"go/ast"
	"go/token"
	"strconv"

	"golang.org/x/tools/go/ast/astutil"
)

// Branch statements in a select's cases.
//
// The interpreter gets them wrong: a break nested in a case (inside an
// if) leaves the enclosing loop instead of the select; a continue, a
// labeled break or a goto written directly in a case is ignored (the
// case goes on after the select), and a continue in a case of a select
// followed by a break in its loop sends the interpreter's compiler into
// an endless recursion. It gets a labeled break of the select itself
// right, wherever it is. So, in each case (outside nested loops,
// switches, selects and function literals):
//
//   - a nested break of the select becomes `break S`, S the select's
//     label (the learner's, or one of the front end's);
//   - a branch to something outside the select (continue, continue L,
//     break L, goto L) records which one in a variable and breaks the
//     select; after the select, the recorded branch is taken:
//
//	for {                                  for {
//	    select {                               _fl_j1 := 0
//	    case v := <-ch:                    _fl_s2:
//	        if v > 0 {                         select {
//	            break            ->            case v := <-ch:
//	        }                                      if v > 0 {
//	        continue                                   break _fl_s2
//	    }                                          }
//	    break                                      _fl_j1 = 1
//	}                                              break _fl_s2
//	                                           }
//	                                           if _fl_j1 == 1 {
//	                                               continue
//	                                           }
//	                                           break
//	                                       }

// selectBranches is what lowerSelectBranches found in a select.
type selectBranches struct {
	label   *ast.Ident        // the select's label; nil until one is needed
	ownName bool              // label is the front end's, not the learner's
	jumps   []*ast.BranchStmt // the branches taken after the select, in order
	keys    map[string]int    // a jump's text -> its number (1-based)
	flag    string            // the variable that records the jump
}

// lowerSelectBranches rewrites the branch statements of n's cases (see
// above). c is n's cursor, after lowerSelectOrder, which may have put n
// in a block of temporaries.
func (l *lowerer) lowerSelectBranches(c *astutil.Cursor, n *ast.SelectStmt) {
	sb := &selectBranches{label: l.labels[n], keys: map[string]int{}}
	for _, s := range n.Body.List {
		cc := s.(*ast.CommClause)
		inner := innerLabels(&ast.BlockStmt{List: cc.Body})
		for i := range cc.Body {
			cc.Body[i] = l.selectCaseStmt(sb, cc.Body[i], inner, true)
		}
	}
	if sb.label == nil && len(sb.jumps) == 0 {
		return
	}
	l.note("branch statements in select cases")
	if len(sb.jumps) == 0 && !sb.ownName {
		return // nested breaks now name the learner's label
	}
	var stmt ast.Stmt = n
	if sb.ownName {
		stmt = &ast.LabeledStmt{Label: sb.label, Colon: n.Pos(), Stmt: n}
	}
	var before, after []ast.Stmt
	if len(sb.jumps) > 0 {
		before = l.parseStmts(sb.flag + " := 0")
		for i, j := range sb.jumps {
			after = append(after, &ast.IfStmt{If: n.End(),
				Cond: &ast.BinaryExpr{X: ast.NewIdent(sb.flag), Op: token.EQL, Y: &ast.BasicLit{Kind: token.INT, Value: strconv.Itoa(i + 1)}},
				Body: &ast.BlockStmt{List: []ast.Stmt{j}}})
		}
	}
	if !sb.ownName {
		// The learner's label is on n's parent: that statement gets the
		// declaration and the jumps (lowerLabeledSelect).
		if l.selectAround == nil {
			l.selectAround = map[*ast.SelectStmt][2][]ast.Stmt{}
		}
		l.selectAround[n] = [2][]ast.Stmt{before, after}
		return
	}
	l.placeAround(c, n, stmt, before, after)
}

// lowerLabeledSelect puts what lowerSelectBranches made for a select the
// learner labeled around the labeled statement.
func (l *lowerer) lowerLabeledSelect(c *astutil.Cursor, n *ast.LabeledStmt) {
	s, ok := n.Stmt.(*ast.SelectStmt)
	if !ok {
		return
	}
	around, ok := l.selectAround[s]
	if !ok {
		return
	}
	delete(l.selectAround, s)
	l.placeAround(c, n, n, around[0], around[1])
}

// placeAround replaces old, the node at c or the last statement of the
// block lowerSelectOrder put there, with before, stmt and after.
func (l *lowerer) placeAround(c *astutil.Cursor, old ast.Node, stmt ast.Stmt, before, after []ast.Stmt) {
	list := append(append(append([]ast.Stmt{}, before...), stmt), after...)
	if b, ok := atCursor(c).(*ast.BlockStmt); ok && len(b.List) > 0 && b.List[len(b.List)-1] == old {
		b.List = append(b.List[:len(b.List)-1], list...)
		return
	}
	if len(list) == 1 {
		c.Replace(stmt)
		return
	}
	c.Replace(&ast.BlockStmt{Lbrace: old.Pos(), List: list, Rbrace: old.End()})
}

// atCursor returns the statement now at c's place in its list (Replace
// does not change what c.Node returns), or c.Node().
func atCursor(c *astutil.Cursor) ast.Node {
	if c.Index() < 0 {
		return c.Node()
	}
	switch p := c.Parent().(type) {
	case *ast.BlockStmt:
		return p.List[c.Index()]
	case *ast.CaseClause:
		return p.Body[c.Index()]
	case *ast.CommClause:
		return p.Body[c.Index()]
	}
	return c.Node()
}

// selectCaseStmt rewrites the branch statements in s, a statement of a
// select's case; direct reports whether s is one of the case's own
// statements, inner the labels declared inside the case.
func (l *lowerer) selectCaseStmt(sb *selectBranches, s ast.Stmt, inner map[string]bool, direct bool) ast.Stmt {
	loops, breakables := 0, 0
	return astutil.Apply(s, func(c *astutil.Cursor) bool {
		switch n := c.Node().(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt, *ast.RangeStmt:
			loops++
		case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			breakables++
		case *ast.BranchStmt:
			if r := l.selectBranch(sb, n, inner, loops, breakables, direct && c.Node() == s); r != nil {
				c.Replace(r)
			}
		}
		return true
	}, func(c *astutil.Cursor) bool {
		switch c.Node().(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			loops--
		case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			breakables--
		}
		return true
	}).(ast.Stmt)
}

// selectBranch returns what replaces b, a branch statement in a select's
// case inside loops nested loops and breakables nested switches and
// selects, or nil to keep it.
func (l *lowerer) selectBranch(sb *selectBranches, b *ast.BranchStmt, inner map[string]bool, loops, breakables int, direct bool) ast.Stmt {
	if b.Label != nil && inner[b.Label.Name] {
		return nil
	}
	switch {
	case b.Tok == token.BREAK && b.Label == nil:
		if loops > 0 || breakables > 0 || direct {
			return nil
		}
		return &ast.BranchStmt{TokPos: b.TokPos, Tok: token.BREAK, Label: ast.NewIdent(l.selectLabel(sb).Name)}
	case b.Tok == token.BREAK && sb.label != nil && b.Label.Name == sb.label.Name && !sb.ownName:
		return nil // the select's own label: right wherever it is
	case b.Tok == token.CONTINUE && b.Label == nil && loops > 0:
		return nil
	case b.Tok == token.FALLTHROUGH:
		return nil
	}
	// A branch out of the select.
	key := b.Tok.String()
	if b.Label != nil {
		key += " " + b.Label.Name
	}
	k, ok := sb.keys[key]
	if !ok {
		sb.jumps = append(sb.jumps, &ast.BranchStmt{TokPos: b.TokPos, Tok: b.Tok, Label: b.Label})
		k = len(sb.jumps)
		sb.keys[key] = k
		if sb.flag == "" {
			sb.flag = l.fresh("j")
		}
	}
	set := &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(sb.flag)}, TokPos: b.TokPos, Tok: token.ASSIGN,
		Rhs: []ast.Expr{&ast.BasicLit{ValuePos: b.TokPos, Kind: token.INT, Value: strconv.Itoa(k)}}}
	out := &ast.BranchStmt{TokPos: b.TokPos, Tok: token.BREAK, Label: ast.NewIdent(l.selectLabel(sb).Name)}
	return &ast.BlockStmt{Lbrace: b.TokPos, List: []ast.Stmt{set, out}, Rbrace: b.End()}
}

// selectLabel returns the select's label, making one if the learner gave
// none.
func (l *lowerer) selectLabel(sb *selectBranches) *ast.Ident {
	if sb.label == nil {
		sb.label = ast.NewIdent(l.fresh("s"))
		sb.ownName = true
	}
	return sb.label
}
