package main

import (
	"go/ast"

	"golang.org/x/tools/go/ast/astutil"
)

// replaceExpr puts repl where old is in f.
func replaceExpr(f *ast.File, old, repl ast.Node) bool {
	done := false
	astutil.Apply(f, func(c *astutil.Cursor) bool {
		if done {
			return false
		}
		if c.Node() == old {
			c.Replace(repl)
			done = true
			return false
		}
		return true
	}, nil)
	return done
}

// astReplaceIdents replaces every use of the identifier name in n (not a
// field or key of that name) by a fresh expression from mk.
func astReplaceIdents(n ast.Node, name string, mk func() ast.Expr) {
	astutil.Apply(n, func(c *astutil.Cursor) bool {
		id, ok := c.Node().(*ast.Ident)
		if !ok || id.Name != name {
			return true
		}
		if _, isSel := c.Parent().(*ast.SelectorExpr); isSel && c.Name() == "Sel" {
			return true
		}
		if _, isKV := c.Parent().(*ast.KeyValueExpr); isKV && c.Name() == "Key" {
			return true
		}
		c.Replace(mk())
		return true
	}, nil)
}
