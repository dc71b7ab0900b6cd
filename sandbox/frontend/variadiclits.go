package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
)

// lowerPackageVariadicLits passes each &T{...}, and each value of a
// type of the program, among the variadic arguments of a call of a
// package's variadic function whose element type is a non-empty
// interface (errors.Join's error, io.MultiReader's io.Reader) through a
// helper that converts it to that type:
//
//	errors.Join(ErrBusy, &HTTPError{429})  ->  errors.Join(ErrBusy, _fl_ptrarg1(&HTTPError{429}))
//
// The interpreter fails to convert them itself there ("reflect: cannot
// use *struct {...} as type error in Call", "cannot use int as type
// error"); a value of the interface type it passes on. (fmt's ...any operands are fmtverbs.go's,
// the program's own functions ptrbox.go's.)
func (l *lowerer) lowerPackageVariadicLits(n *ast.CallExpr) {
	if n.Ellipsis.IsValid() || l.ownFunc(n.Fun) || l.isConversion(n) {
		return
	}
	sig, ok := under(l.typeOf(n.Fun)).(*types.Signature)
	if !ok || !sig.Variadic() {
		return
	}
	last := sig.Params().Len() - 1
	elem := sig.Params().At(last).Type().(*types.Slice).Elem()
	if !types.IsInterface(elem) || isEmptyInterface(elem) {
		return
	}
	for i := last; i < len(n.Args); i++ {
		u := n.Args[i]
		t := l.typeOf(u)
		if t == nil || types.IsInterface(t) || l.typeAndValue(u).IsNil() || !l.mentionsOwnType(t) && !isPointerLit(u) {
			continue
		}
		pexpr, plocal := l.typeExpr(t)
		eexpr, elocal := l.typeExpr(elem)
		if plocal || elocal {
			continue
		}
		l.note("values passed to a package's variadic function")
		name := l.helper("ptrarg "+pexpr+" "+eexpr, "ptrarg", func(f string) string {
			return "func " + f + "(p " + pexpr + ") " + eexpr + " {\n\tvar r " + eexpr + " = p\n\treturn r\n}"
		})
		n.Args[i] = &ast.CallExpr{Fun: ast.NewIdent(name), Lparen: u.Pos(), Args: []ast.Expr{n.Args[i]}, Rparen: u.End()}
	}
}

// isPointerLit reports whether e is &T{...}.
func isPointerLit(e ast.Expr) bool {
	u, ok := ast.Unparen(e).(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return false
	}
	_, lit := ast.Unparen(u.X).(*ast.CompositeLit)
	return lit
}

// lowerSliceAsVariadicArg passes the variadic arguments of a call of the
// program's variadic function whose element type is an interface, when
// the last of them is a slice, as a slice literal spread into it:
//
//	count(1, []any{2, 3})  ->  count([]any{1, []any{2, 3}}...)
//
// The interpreter takes such a call for one that spreads its last
// argument (count returned 2 where Go's returns 2 elements of which the
// second is the slice).
func (l *lowerer) lowerSliceAsVariadicArg(n *ast.CallExpr) {
	if n.Ellipsis.IsValid() || !l.ownFunc(n.Fun) || l.isConversion(n) {
		return
	}
	sig, ok := under(l.typeOf(n.Fun)).(*types.Signature)
	if !ok || !sig.Variadic() {
		return
	}
	last := sig.Params().Len() - 1
	if len(n.Args) <= last {
		return
	}
	elem := sig.Params().At(last).Type().(*types.Slice).Elem()
	arg := n.Args[len(n.Args)-1]
	if _, isSlice := under(typeOrNil(l.typeOf(arg))).(*types.Slice); !isSlice || !types.IsInterface(elem) || l.hasTypeParam(elem) {
		return
	}
	eexpr, local := l.typeExpr(elem)
	if local {
		return
	}
	lit := &ast.CompositeLit{Type: &ast.ArrayType{Elt: l.parseExpr(eexpr)}, Lbrace: n.Args[last].Pos(), Elts: append([]ast.Expr(nil), n.Args[last:]...), Rbrace: arg.End()}
	n.Args = append(n.Args[:last:last], lit)
	n.Ellipsis = arg.End()
	l.note("a slice passed as a variadic argument")
}
