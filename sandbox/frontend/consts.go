package frontend

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// Constants of the program.
//
// yaegi v0.16.1 gives a typed constant declared by a constant expression
// a value that compares unequal to everything of its type:
//
//	type state int
//	const (closed state = iota + 1; open)
//
// prints open as 2, yet s == open is false for s := open. The front end
// knows every constant's exact value, so each constant expression that
// names a constant of the program (or converts a constant) is replaced by
// its value, spelled with its type: open becomes state(2), open + 1
// becomes state(3), bool(false) becomes false.

// foldConst returns the literal replacing e, or nil. Only a maximal
// constant expression is replaced (parent is the node holding e), and
// none inside a constant declaration, whose expressions an implicit
// repetition (iota) reuses.
func (l *lowerer) foldConst(e ast.Expr, parent ast.Node) ast.Expr {
	if pe, ok := parent.(ast.Expr); ok && l.typeAndValue(pe).Value != nil {
		return nil
	}
	if l.inConstDecl {
		return nil
	}
	switch e.(type) {
	case *ast.Ident, *ast.BinaryExpr, *ast.UnaryExpr, *ast.ParenExpr, *ast.CallExpr, *ast.SelectorExpr:
	default:
		return nil
	}
	tv, ok := l.info.Types[e]
	if !ok || tv.Value == nil || !l.namesOwnConst(e) && !hasCall(e) && !negatedZero(e, tv.Value) && !l.packageTypedOperation(e, tv.Type) {
		return nil
	}
	l.note("constants")
	if b, ok := parent.(*ast.BinaryExpr); ok && b.Y == e && (b.Op == token.SHL || b.Op == token.SHR) {
		// A shift count: an untyped constant representable as a uint.
		if iv := constant.ToInt(tv.Value); iv.Kind() == constant.Int {
			return l.parseExpr(iv.ExactString())
		}
	}
	return l.constExpr(tv.Value, tv.Type)
}

// packageTypedOperation reports whether e is an operation whose constant
// value has a named type of a package (2 * time.Second): the interpreter
// made a struct of such a value stored in an interface of the program
// (reflect: SetInt on a struct Value) and a type switch there missed it.
func (l *lowerer) packageTypedOperation(e ast.Expr, t types.Type) bool {
	switch ast.Unparen(e).(type) {
	case *ast.BinaryExpr, *ast.UnaryExpr:
	default:
		return false
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg() != l.pkg
}

// hasCall reports whether the constant expression e holds a call: a
// conversion such as bool(false), which the interpreter also folds wrongly
// (bool(false) || x is false), or len of a constant.
func hasCall(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		_, found = n.(*ast.CallExpr)
		return !found
	})
	return found
}

// namesOwnConst reports whether e mentions a constant the program
// declares.
func (l *lowerer) namesOwnConst(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if c, ok := l.info.Uses[id].(*types.Const); ok && c.Pkg() == l.pkg {
				found = true
			}
		}
		return !found
	})
	return found
}

// negatedZero reports whether e negates a float constant that is zero
// (or underflows to zero, -1e-10000): the interpreter makes it -0, and
// Go's constants have no sign of zero.
func negatedZero(e ast.Expr, v constant.Value) bool {
	u, ok := e.(*ast.UnaryExpr)
	if !ok || u.Op != token.SUB || v.Kind() != constant.Float && v.Kind() != constant.Int {
		return false
	}
	f, _ := constant.Float64Val(constant.ToFloat(v))
	return f == 0
}

// spellShiftedFloatConsts writes out the values of a constant group in
// which a constant of a float or complex type is given by a shift:
// yaegi v0.16.1 fails on it ("constant definition loop") for
// Effective Go's
//
//	type ByteSize float64
//	const (_ = iota; KB ByteSize = 1 << (10 * iota); MB)
//
// and on a specification of several names that repeats the one before
// (const (a, b = iota, iota + 10; c, d)). Every specification of the
// group gets its names' exact values (a
// specification without values repeats the last one given, so writing
// out one means writing out all that follow it).
func (l *lowerer) spellShiftedFloatConsts(d *ast.GenDecl) {
	var repeated []ast.Expr
	needed := false
	for _, s := range d.Specs {
		vs := s.(*ast.ValueSpec)
		if len(vs.Values) > 0 {
			repeated = vs.Values
		}
		if hasShift(repeated) && l.floatConstNames(vs.Names) || len(vs.Values) == 0 && len(vs.Names) > 1 {
			needed = true
			break
		}
	}
	if !needed {
		return
	}
	for _, s := range d.Specs {
		vs := s.(*ast.ValueSpec)
		values := make([]ast.Expr, len(vs.Names))
		for i, name := range vs.Names {
			c, ok := l.info.Defs[name].(*types.Const)
			if !ok || c.Val().Kind() == constant.Unknown {
				return // left as it is: the interpreter says what it cannot run
			}
			values[i] = l.constExpr(c.Val(), c.Type())
		}
		vs.Values = values
		if len(vs.Names) > 0 {
			l.note("constants")
		}
	}
}

// hasShift reports whether one of exprs holds a shift.
func hasShift(exprs []ast.Expr) bool {
	found := false
	for _, e := range exprs {
		ast.Inspect(e, func(n ast.Node) bool {
			if b, ok := n.(*ast.BinaryExpr); ok && (b.Op == token.SHL || b.Op == token.SHR) {
				found = true
			}
			return !found
		})
	}
	return found
}

// floatConstNames reports whether one of the constants declared by names
// has a float or complex type.
func (l *lowerer) floatConstNames(names []*ast.Ident) bool {
	for _, name := range names {
		if c, ok := l.info.Defs[name].(*types.Const); ok {
			if b, ok := c.Type().Underlying().(*types.Basic); ok && b.Info()&(types.IsFloat|types.IsComplex) != 0 {
				return true
			}
		}
	}
	return false
}
