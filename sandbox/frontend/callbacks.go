package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
)

// Callbacks that run on a goroutine of their own.
//
// The runtime guards the func() passed to time.AfterFunc, context's
// AfterFunc, a core clock's AfterFunc and a WaitGroup's Go, which run it on
// a goroutine of their own, so that a panic in it is the program's and
// does not end the process: its rewrite (sandbox/rewrite.go) wraps the
// argument of every call spelled x.AfterFunc(d, f) or x.Go(f), seeing
// names only. Two lowerings keep that true:
//
//   - one of those functions used as a value (after := time.AfterFunc,
//     start := wg.Go, a method value of a clock) becomes a literal that
//     calls it directly, its receiver evaluated where the value was:
//
//     wg.Go  ->  func(r *sync.WaitGroup) func(func()) { return func(p0 func()) { r.Go(p0) } }(&wg)
//
//   - a call of the program's own function or method of one of those
//     names gets its function in parentheses, (x.Go)(3), so that the
//     rewrite leaves its arguments alone (they need not be a func()).

// callbackFunc returns the function or method sel names when its name is
// one the rewrite guards (see above).
func (l *lowerer) callbackFunc(sel *ast.SelectorExpr) *types.Func {
	if sel.Sel.Name != "AfterFunc" && sel.Sel.Name != "Go" {
		return nil
	}
	fn, _ := l.info.Uses[sel.Sel].(*types.Func)
	return fn
}

// shieldOwnCallbackCall puts the function of a call of the program's own
// AfterFunc or Go method in parentheses.
func (l *lowerer) shieldOwnCallbackCall(call *ast.CallExpr) {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return
	}
	fn := l.callbackFunc(sel)
	if fn == nil || fn.Pkg() != l.pkg {
		return
	}
	sig := fn.Type().(*types.Signature)
	if recv := sig.Recv(); recv != nil && types.IsInterface(recv.Type()) && guardedShape(fn.Name(), sig) {
		// The program's interface may hold a package's clock or
		// WaitGroup: the rewrite guards the callback.
		return
	}
	call.Fun = &ast.ParenExpr{Lparen: sel.Pos(), X: sel, Rparen: sel.End()}
}

// guardedShape reports whether sig has the parameters of the package's
// function of that name: AfterFunc(d, f func()) or Go(f func()).
func guardedShape(name string, sig *types.Signature) bool {
	n := 1
	if name == "AfterFunc" {
		n = 2
	}
	if sig.Params().Len() != n {
		return false
	}
	f, ok := sig.Params().At(n - 1).Type().Underlying().(*types.Signature)
	return ok && f.Params().Len() == 0 && f.Results().Len() == 0
}

// lowerCallbackValue returns the literal standing for a package's
// AfterFunc or Go used other than by calling it at once, or nil.
func (l *lowerer) lowerCallbackValue(c *astutil.Cursor, sel *ast.SelectorExpr) ast.Expr {
	if call, ok := c.Parent().(*ast.CallExpr); ok && c.Name() == "Fun" && call.Fun == sel {
		return nil
	}
	fn := l.callbackFunc(sel)
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == l.pkg {
		return nil
	}
	sig, ok := l.typeOf(sel).(*types.Signature)
	if !ok || sig.Variadic() {
		return nil
	}
	var params, args []string
	for i := range sig.Params().Len() {
		t, local := l.typeExpr(sig.Params().At(i).Type())
		if local {
			return nil
		}
		name := "p" + itoa(i)
		params = append(params, name+" "+t)
		args = append(args, name)
	}
	var results []string
	for i := range sig.Results().Len() {
		t, local := l.typeExpr(sig.Results().At(i).Type())
		if local {
			return nil
		}
		results = append(results, t)
	}
	ret := ""
	if len(results) > 0 {
		ret = "return "
	}
	call := "(" + strings.Join(args, ", ") + ")"
	lit := "func(" + strings.Join(params, ", ") + ") (" + strings.Join(results, ", ") + ") { " + ret + "%s" + call + " }"
	s := l.info.Selections[sel]
	if s == nil {
		// A package's function: spelled as written.
		l.note("callbacks on goroutines used as values")
		return l.parseExpr(strings.Replace(lit, "%s", types.ExprString(sel), 1))
	}
	if s.Kind() != types.MethodVal {
		return nil
	}
	recv, rtype := sel.X, l.typeOf(sel.X)
	if _, ptrRecv := fn.Type().(*types.Signature).Recv().Type().(*types.Pointer); ptrRecv && !types.IsInterface(rtype) {
		if _, isPtr := under(rtype).(*types.Pointer); !isPtr {
			recv, rtype = &ast.UnaryExpr{Op: token.AND, X: sel.X}, types.NewPointer(rtype)
		}
	}
	rexpr, local := l.typeExpr(rtype)
	ftype, flocal := l.typeExpr(sig)
	if local || flocal {
		return nil
	}
	l.note("callbacks on goroutines used as values")
	outer := l.parseExpr("func(r " + rexpr + ") " + ftype + " { return " + strings.Replace(lit, "%s", "r."+sel.Sel.Name, 1) + " }(nil)").(*ast.CallExpr)
	outer.Args[0] = recv
	return outer
}
