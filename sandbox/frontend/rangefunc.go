package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
)

// Loop exits of a lowered range-over-function body, kept in its state
// variable: 0 means the loop ended normally.
const (
	exitReturn     = 1 // return with values, held in the result temporaries
	exitBareReturn = 2 // return of the named results as they are
	exitFirstJump  = 3 // break or continue of an enclosing loop, one code each
)

// lowerRangeFunc turns
//
//	for k, v := range seq { body }
//
// into a call of seq with a function literal for the body, in which break
// becomes "return false", continue "return true", and a return or a jump
// to an enclosing loop sets a state variable that is examined after the
// call. It returns nil (and reports) when the body holds a defer or a goto
// out of it, whose meaning would change.
func (l *lowerer) lowerRangeFunc(n *ast.RangeStmt) ast.Stmt {
	sig := l.typeAndValue(n.X).Type.Underlying().(*types.Signature)
	yield := sig.Params().At(0).Type().Underlying().(*types.Signature)
	var params []string
	var assign *ast.AssignStmt
	for i, e := range []ast.Expr{n.Key, n.Value}[:yield.Params().Len()] {
		texpr, _ := l.typeExpr(yield.Params().At(i).Type())
		name := "_"
		switch {
		case e == nil || isBlank(e):
		case n.Tok == token.DEFINE:
			name = e.(*ast.Ident).Name
		default:
			name = l.fresh("v")
			if assign == nil {
				assign = &ast.AssignStmt{Tok: token.ASSIGN}
			}
			assign.Lhs = append(assign.Lhs, e)
			assign.Rhs = append(assign.Rhs, ast.NewIdent(name))
		}
		params = append(params, name+" "+texpr)
	}

	state := l.fresh("exit")
	rf := &rangeFunc{l: l, state: state, label: l.labels[n], inner: innerLabels(n.Body)}
	if len(l.funcs) > 0 {
		rf.results = l.funcs[len(l.funcs)-1].Results()
	}
	rf.rewrite(n.Body)
	if rf.failed {
		return nil
	}

	var pre, post []string
	pre = append(pre, "var "+state+" int")
	if rf.temps != nil {
		for i, t := range rf.temps {
			texpr, _ := l.typeExpr(rf.results.At(i).Type())
			pre = append(pre, "var "+t+" "+texpr)
		}
		post = append(post, "if "+state+" == "+strconv.Itoa(exitReturn)+" { return "+strings.Join(rf.temps, ", ")+" }")
	}
	if rf.bare {
		post = append(post, "if "+state+" == "+strconv.Itoa(exitBareReturn)+" { return }")
	}
	for i, j := range rf.jumps {
		post = append(post, "if "+state+" == "+strconv.Itoa(exitFirstJump+i)+" { "+j+" }")
	}
	call := l.parseStmts("_fl_seq(func(" + strings.Join(params, ", ") + ") bool {\nreturn true\n})")[0]
	lit := call.(*ast.ExprStmt).X.(*ast.CallExpr)
	lit.Fun = n.X
	body := lit.Args[0].(*ast.FuncLit).Body
	if assign != nil {
		body.List = append([]ast.Stmt{assign}, body.List...)
	}
	body.List = append(append(body.List[:len(body.List)-1:len(body.List)-1], n.Body.List...), body.List[len(body.List)-1])
	list := l.parseStmts(strings.Join(pre, "\n"))
	list = append(list, call)
	if len(post) > 0 {
		list = append(list, l.parseStmts(strings.Join(post, "\n"))...)
	}
	return &ast.BlockStmt{Lbrace: n.For, List: list}
}

// rangeFunc rewrites the jumps of one loop body.
type rangeFunc struct {
	l       *lowerer
	state   string
	label   *ast.Ident      // the loop's own label, if any
	inner   map[string]bool // labels declared inside the body
	results *types.Tuple    // of the enclosing function
	temps   []string        // result temporaries, once a return needs them
	bare    bool            // a bare return was seen
	jumps   []string        // statements run after the call, by exit code
	failed  bool
}

// innerLabels lists the labels declared in body outside function literals.
func innerLabels(body *ast.BlockStmt) map[string]bool {
	labels := map[string]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.LabeledStmt:
			labels[n.Label.Name] = true
		}
		return true
	})
	return labels
}

func (rf *rangeFunc) rewrite(body *ast.BlockStmt) {
	loops, breakables := 0, 0
	push := func(n ast.Node, d int) {
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			loops += d
			breakables += d
		case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			breakables += d
		}
	}
	astutil.Apply(body, func(c *astutil.Cursor) bool {
		switch s := c.Node().(type) {
		case *ast.FuncLit:
			return false
		case *ast.DeferStmt:
			rf.l.unsupported(s.Pos(), "defer inside a loop over a function is not supported by the playground")
			rf.failed = true
		case *ast.ReturnStmt:
			c.Replace(rf.ret(s))
		case *ast.BranchStmt:
			if r := rf.branch(s, loops, breakables); r != nil {
				c.Replace(r)
			}
		default:
			push(s, 1)
		}
		return true
	}, func(c *astutil.Cursor) bool {
		push(c.Node(), -1)
		return true
	})
}

// branch rewrites a break, continue or goto that leaves the body.
func (rf *rangeFunc) branch(s *ast.BranchStmt, loops, breakables int) ast.Stmt {
	own := s.Label != nil && rf.label != nil && s.Label.Name == rf.label.Name
	switch {
	case s.Tok == token.BREAK && (own || s.Label == nil && breakables == 0):
		return rf.l.parseStmts("return false")[0]
	case s.Tok == token.CONTINUE && (own || s.Label == nil && loops == 0):
		return rf.l.parseStmts("return true")[0]
	case s.Tok == token.GOTO && !rf.inner[s.Label.Name]:
		rf.l.unsupported(s.Pos(), "goto out of a loop over a function is not supported by the playground")
		rf.failed = true
	case s.Label != nil && !rf.inner[s.Label.Name] && (s.Tok == token.BREAK || s.Tok == token.CONTINUE):
		code := exitFirstJump + len(rf.jumps)
		rf.jumps = append(rf.jumps, s.Tok.String()+" "+s.Label.Name)
		return rf.exit(code, nil)
	}
	return nil
}

// ret rewrites a return statement of the enclosing function.
func (rf *rangeFunc) ret(s *ast.ReturnStmt) ast.Stmt {
	if len(s.Results) == 0 {
		rf.bare = true
		return rf.exit(exitBareReturn, nil)
	}
	if rf.temps == nil {
		for range rf.results.Len() {
			rf.temps = append(rf.temps, rf.l.fresh("r"))
		}
	}
	as := &ast.AssignStmt{Tok: token.ASSIGN, Rhs: s.Results}
	for _, t := range rf.temps {
		as.Lhs = append(as.Lhs, ast.NewIdent(t))
	}
	return rf.exit(exitReturn, as)
}

// exit is "{ set; state = code; return false }".
func (rf *rangeFunc) exit(code int, set ast.Stmt) ast.Stmt {
	list := rf.l.parseStmts(rf.state + " = " + strconv.Itoa(code) + "\nreturn false")
	if set != nil {
		list = append([]ast.Stmt{set}, list...)
	}
	return &ast.BlockStmt{List: list}
}
