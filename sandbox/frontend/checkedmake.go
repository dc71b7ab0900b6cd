package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
)

// checkMake rewrites, in checked mode, make([]T, n, c) so that n goes
// through a helper panicking with the runtime's words when n is negative
// or c is less than n, and append to a slice of zero-size elements (whose
// length can reach the largest int) so that its length is checked for
// overflow. (In the interpreter both panic with reflect's words, or not
// at all.)
func (l *lowerer) checkMake(call *ast.CallExpr) {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok || len(call.Args) < 1 {
		return
	}
	b, ok := l.info.Uses[id].(*types.Builtin)
	if !ok {
		return
	}
	switch b.Name() {
	case "make":
		if _, isSlice := under(l.typeOf(call.Args[0])).(*types.Slice); !isSlice || len(call.Args) < 2 {
			return
		}
		constant := func(e ast.Expr) bool { return l.typeAndValue(e).Value != nil }
		if constant(call.Args[1]) && (len(call.Args) < 3 || constant(call.Args[2])) {
			return // checked by the compiler
		}
		if len(call.Args) == 3 && !l.pure(call.Args[2]) {
			return
		}
		p := l.checkedPrefix()
		l.note("checked make")
		c, withCap := ast.Expr(ast.NewIdent("0")), "false"
		if len(call.Args) == 3 {
			c, withCap = intArg(call.Args[2]), "true"
		}
		call.Args[1] = &ast.CallExpr{Fun: ast.NewIdent(p + "mklen"), Args: []ast.Expr{intArg(call.Args[1]), c, ast.NewIdent(withCap)}}
	case "append":
		s, ok := under(l.typeOf(call.Args[0])).(*types.Slice)
		if !ok || len(call.Args) < 2 || !l.pure(call.Args[0]) {
			return
		}
		if size, ok := sizeOf(s.Elem()); !ok || size != 0 {
			return
		}
		var k ast.Expr = &ast.BasicLit{Kind: token.INT, Value: strconv.Itoa(len(call.Args) - 1)}
		if call.Ellipsis.IsValid() {
			if !l.pure(call.Args[1]) {
				return
			}
			k = builtinCall("len", call.Args[1])
		}
		p := l.checkedPrefix()
		l.note("checked make")
		grown := &ast.CallExpr{Fun: ast.NewIdent(p + "grow"), Args: []ast.Expr{builtinCall("len", call.Args[0]), k}}
		call.Args[0] = &ast.SliceExpr{X: call.Args[0], High: grown}
	}
}

var sizes = types.SizesFor("gc", "amd64")

// sizeOf measures t as gc does on a 64-bit machine, or reports false for
// a type it cannot measure: one that holds a type parameter (an array of
// T in a generic function), which go/types' Sizeof fails an assertion on.
func sizeOf(t types.Type) (size int64, ok bool) {
	defer func() {
		if recover() != nil {
			size, ok = 0, false
		}
	}()
	return sizes.Sizeof(t), true
}
