package frontend

import (
	"go/ast"
	"go/types"
)

// A function's result of the program's type with a String method, printed.
//
// The interpreter hands fmt the result of a call (fmt.Println(get()),
// with get returning a Code) as a value of its underlying type, without
// the method: it printed 4 where Go prints "status 4" (and %s printed
// %!s(int=4)). A variable, field, element or received value keeps it.
// Such an operand therefore goes through a function with a parameter of
// its type that returns it as a fmt.Stringer, which the interpreter makes
// a wrapper with the method.

// stringerResult returns op passed through that function when op is a
// call (not a conversion) whose result, of type t, is a value of the
// program's type with a String method and no Error method, or nil.
func (l *lowerer) stringerResult(op ast.Expr, t types.Type) ast.Expr {
	call, ok := ast.Unparen(op).(*ast.CallExpr)
	if !ok || t == nil || types.IsInterface(t) || l.isConversion(call) || l.ownErrorType(t) {
		return nil
	}
	if _, ptr := t.(*types.Pointer); ptr {
		return nil // nilPrintedOperand's
	}
	named, ok := t.(*types.Named)
	if !ok || named.Obj().Pkg() != l.pkg || l.nilPrintMethod(t) != "String" {
		return nil
	}
	texpr, local := l.typeExpr(t)
	if local {
		return nil
	}
	stringer := l.importName("fmt") + ".Stringer"
	h := l.helper("asstringer "+texpr, "asstringer", func(n string) string {
		return "func " + n + "(v " + texpr + ") " + stringer + " { return v }"
	})
	return &ast.CallExpr{Fun: ast.NewIdent(h), Lparen: op.Pos(), Args: []ast.Expr{op}, Rparen: op.End()}
}
