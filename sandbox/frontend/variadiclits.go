package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
)

// lowerPackageVariadicLits passes each &T{...} among the variadic
// arguments of a call of a package's variadic function whose element
// type is a non-empty interface (errors.Join's error) through a helper
// that converts it to that type:
//
//	errors.Join(ErrBusy, &HTTPError{429})  ->  errors.Join(ErrBusy, _fl_ptrarg1(&HTTPError{429}))
//
// The interpreter fails to convert the literal itself there ("reflect:
// cannot use *struct {...} as type error in Call"); a value of the
// interface type it passes on. (fmt's ...any operands are fmtverbs.go's,
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
		u, ok := ast.Unparen(n.Args[i]).(*ast.UnaryExpr)
		if !ok || u.Op != token.AND {
			continue
		}
		if _, lit := ast.Unparen(u.X).(*ast.CompositeLit); !lit {
			continue
		}
		pexpr, plocal := l.typeExpr(l.typeOf(u))
		eexpr, elocal := l.typeExpr(elem)
		if plocal || elocal {
			continue
		}
		l.note("pointer literals passed to a package's variadic function")
		name := l.helper("ptrarg "+pexpr+" "+eexpr, "ptrarg", func(f string) string {
			return "func " + f + "(p " + pexpr + ") " + eexpr + " {\n\tvar r " + eexpr + " = p\n\treturn r\n}"
		})
		n.Args[i] = &ast.CallExpr{Fun: ast.NewIdent(name), Lparen: u.Pos(), Args: []ast.Expr{n.Args[i]}, Rparen: u.End()}
	}
}
