package sandbox

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/ast/astutil"
)

// The interpreter (yaegi v0.16.1, interp/run.go, getFunc) keeps the value
// of a function literal in one slot of the frame that evaluates it, and a
// closure made by the literal, each time it returns, writes back into that
// slot what the slot held just before the closure was made. When a frame
// evaluates the same literal again (in a loop) while an earlier closure of
// it returns (on another goroutine, or called by an operand evaluated
// after the literal), the new value can be overwritten between the
// literal and its use: the statement then gets the previous iteration's
// closure, or a nil function. `go func() { ... i ... }()` in a loop,
// closures handed to workers, WaitGroup.Go and AfterFunc in a loop all
// saw another iteration's variables now and then (prog_018 printed
// `11 9` about once in 150 runs, several at once).
//
// freshClosures makes every such literal in a fresh frame of its own:
//
//	LIT   becomes   func() T { return LIT }()
//
// where T is LIT's signature. The outer literal is called once, right
// where it is made, on the same goroutine, so nothing writes its slot
// between the two; LIT's slot is in the frame of that call, which nobody
// reads again, and LIT still sees the loop's variables of this iteration
// (its frame reaches them as the literal's own frame did).
//
// A literal is made afresh when it sits in a for or range statement of
// its function, or in a function with a goto (a loop made of labels). A
// literal called where it is written (`func() { ... }()`, also deferred)
// is left alone: its closure is called once, before the slot is needed
// again.
func freshClosures(f *ast.File) {
	type frame struct {
		loops int  // for and range statements around the node
		gotos bool // the function has a goto
	}
	var stack []frame
	var wrap []bool // for each literal being visited: make it afresh
	enter := func(body *ast.BlockStmt) {
		stack = append(stack, frame{gotos: hasGoto(body)})
	}
	astutil.Apply(f, func(c *astutil.Cursor) bool {
		switch n := c.Node().(type) {
		case *ast.FuncDecl:
			if n.Body == nil {
				return false
			}
			enter(n.Body)
		case *ast.FuncLit:
			fresh := false
			if len(stack) > 0 {
				top := stack[len(stack)-1]
				_, called := c.Parent().(*ast.CallExpr)
				fresh = (top.loops > 0 || top.gotos) && !(called && c.Name() == "Fun")
			}
			wrap = append(wrap, fresh)
			enter(n.Body)
		case *ast.ForStmt, *ast.RangeStmt:
			if len(stack) > 0 {
				stack[len(stack)-1].loops++
			}
		}
		return true
	}, func(c *astutil.Cursor) bool {
		switch n := c.Node().(type) {
		case *ast.FuncDecl:
			stack = stack[:len(stack)-1]
		case *ast.FuncLit:
			stack = stack[:len(stack)-1]
			fresh := wrap[len(wrap)-1]
			wrap = wrap[:len(wrap)-1]
			if fresh {
				c.Replace(madeAfresh(n))
			}
		case *ast.ForStmt, *ast.RangeStmt:
			if len(stack) > 0 {
				stack[len(stack)-1].loops--
			}
		}
		return true
	})
}

// madeAfresh is `func() T { return lit }()`, T being lit's signature
// without parameter names. T shares its type expressions with lit: they
// stay in the learner's file, where the interpreter resolves the file's
// imports (a copy parsed as a file of its own could not name
// context.Context).
func madeAfresh(lit *ast.FuncLit) ast.Expr {
	pos := lit.Pos()
	sig := &ast.FuncType{Func: pos, Params: unnamed(lit.Type.Params), Results: unnamed(lit.Type.Results)}
	if sig.Params == nil {
		sig.Params = &ast.FieldList{Opening: pos, Closing: pos}
	}
	maker := &ast.FuncLit{
		Type: &ast.FuncType{Func: pos, Params: &ast.FieldList{}, Results: &ast.FieldList{List: []*ast.Field{{Type: sig}}}},
		Body: &ast.BlockStmt{Lbrace: pos, List: []ast.Stmt{&ast.ReturnStmt{Return: pos, Results: []ast.Expr{lit}}}, Rbrace: lit.End()},
	}
	return &ast.CallExpr{Fun: maker, Lparen: lit.End(), Rparen: lit.End()}
}

// unnamed is a copy of a parameter or result list with one unnamed field
// per name (the types are shared with the original).
func unnamed(list *ast.FieldList) *ast.FieldList {
	if list == nil || len(list.List) == 0 {
		return nil
	}
	out := &ast.FieldList{}
	for _, field := range list.List {
		for range max(1, len(field.Names)) {
			out.List = append(out.List, &ast.Field{Type: field.Type})
		}
	}
	return out
}

// hasGoto reports whether body has a goto statement outside the function
// literals in it.
func hasGoto(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BranchStmt:
			found = found || n.Tok == token.GOTO
		}
		return !found
	})
	return found
}
