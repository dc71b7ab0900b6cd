package frontend

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
	"strings"
)

// lowerCall rewrites calls of builtins and library functions the
// interpreter lacks or gets wrong. It returns the replacement or nil.
func (l *lowerer) lowerCall(call *ast.CallExpr) ast.Expr {
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		if b, ok := l.info.Uses[fun].(*types.Builtin); ok && (b.Name() == "min" || b.Name() == "max") {
			return l.lowerMinMax(call, b.Name())
		}
		if b, ok := l.info.Uses[fun].(*types.Builtin); ok && b.Name() == "new" && len(call.Args) == 1 && !l.typeAndValue(call.Args[0]).IsType() {
			return l.lowerNewValue(call)
		}
	case *ast.SelectorExpr:
		return l.lowerPackageCall(call, fun)
	case *ast.IndexExpr: // errors.AsType[T](err)
		if sel, ok := fun.X.(*ast.SelectorExpr); ok {
			return l.lowerPackageCall(call, sel)
		}
	case *ast.IndexListExpr:
		if sel, ok := fun.X.(*ast.SelectorExpr); ok {
			return l.lowerPackageCall(call, sel)
		}
	}
	return nil
}

// lowerPackageCall lowers a call of a package's function pkg.F.
func (l *lowerer) lowerPackageCall(call *ast.CallExpr, fun *ast.SelectorExpr) ast.Expr {
	id, ok := fun.X.(*ast.Ident)
	if !ok {
		return nil
	}
	pkgName, ok := l.info.Uses[id].(*types.PkgName)
	if !ok {
		return nil
	}
	return l.lowerLibraryCall(call, pkgName.Imported().Path(), fun.Sel)
}

// lowerNewValue replaces new(expr) (Go 1.26), a pointer to a new variable
// holding the value of expr, which the interpreter does not know:
// func() *T { v := T(expr); return &v }().
func (l *lowerer) lowerNewValue(call *ast.CallExpr) ast.Expr {
	ptr, ok := l.typeOf(call).(*types.Pointer)
	if !ok {
		return nil
	}
	l.note("new of a value")
	texpr, _ := l.typeExpr(ptr.Elem())
	lit := l.parseExpr("func() *" + texpr + " {\n_fl_v := (" + texpr + ")(_fl_x)\nreturn &_fl_v\n}()").(*ast.CallExpr)
	def := lit.Fun.(*ast.FuncLit).Body.List[0].(*ast.AssignStmt)
	def.Rhs[0].(*ast.CallExpr).Args[0] = call.Args[0]
	return lit
}

// lowerMinMax replaces min and max: by their value when constant, else by
// calls of helpers written for the operands' underlying type.
func (l *lowerer) lowerMinMax(call *ast.CallExpr, which string) ast.Expr {
	l.note("min/max")
	tv := l.typeAndValue(call)
	if tv.Value != nil {
		return l.constExpr(tv.Value, tv.Type)
	}
	if len(call.Args) == 1 {
		return &ast.ParenExpr{X: call.Args[0]}
	}
	under := tv.Type.Underlying()
	basic, ok := under.(*types.Basic)
	if !ok {
		return l.lowerMinMaxGeneric(call, which, tv.Type)
	}
	name := l.helper(which+" "+basic.Name(), which+"_", func(name string) string {
		return minMaxHelper(name, which, basic)
	})
	named := !types.Identical(tv.Type, basic)
	texpr, _ := l.typeExpr(tv.Type)
	conv := func(e ast.Expr) ast.Expr {
		if tv := l.typeAndValue(e); named && (tv.Value == nil || !isUntyped(tv.Type)) {
			return &ast.CallExpr{Fun: ast.NewIdent(basic.Name()), Args: []ast.Expr{e}}
		}
		return e
	}
	acc := conv(call.Args[0])
	for _, arg := range call.Args[1:] {
		acc = &ast.CallExpr{Fun: ast.NewIdent(name), Args: []ast.Expr{acc, conv(arg)}}
	}
	if named {
		acc = &ast.CallExpr{Fun: l.parseExpr(texpr), Args: []ast.Expr{acc}}
	}
	return acc
}

// lowerMinMaxGeneric replaces min or max of type parameter values by
// calls of a function literal written for the type parameter (a generic
// helper would do, but the interpreter fails when a generic function calls
// another with a defined type argument).
func (l *lowerer) lowerMinMaxGeneric(call *ast.CallExpr, which string, typ types.Type) ast.Expr {
	texpr, _ := l.typeExpr(typ)
	fun := l.parseExpr(minMaxGenericFunc(which, texpr, l.importName("fmt")))
	name := l.fresh(which)
	// One literal per call, bound to a name, for calls of more operands.
	acc := call.Args[0]
	for _, arg := range call.Args[1:] {
		acc = &ast.CallExpr{Fun: ast.NewIdent(name), Args: []ast.Expr{acc, arg}}
	}
	return &ast.CallExpr{
		Fun: &ast.FuncLit{
			Type: &ast.FuncType{Params: &ast.FieldList{}, Results: &ast.FieldList{List: []*ast.Field{{Type: l.parseExpr(texpr)}}}},
			Body: &ast.BlockStmt{List: []ast.Stmt{
				&ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(name)}, Tok: token.DEFINE, Rhs: []ast.Expr{fun}},
				&ast.ReturnStmt{Results: []ast.Expr{acc}},
			}},
		},
	}
}

// minMaxGenericFunc is the two-operand min or max of the ordered type
// parameter t, as a function literal. A NaN operand wins; between two
// zeros, which differ only for floats, min prefers the negative one and
// max the positive one (the sign is read from the printed value: the
// literal cannot divide by an integer zero).
func minMaxGenericFunc(which, t, fmtName string) string {
	less, keepNeg := "b < a", "true"
	if which == "max" {
		less, keepNeg = "b > a", "false"
	}
	return "func(a, b " + t + ") " + t + " {\n" +
		"\tif a != a {\n\t\treturn a\n\t}\n\tif b != b {\n\t\treturn b\n\t}\n" +
		"\tvar zero " + t + "\n\tif a == zero && b == zero {\n" +
		"\t\ts := " + fmtName + ".Sprint(a)\n\t\tif (len(s) > 0 && s[0] == '-') == " + keepNeg + " {\n\t\t\treturn a\n\t\t}\n\t\treturn b\n\t}\n" +
		"\tif " + less + " {\n\t\treturn b\n\t}\n\treturn a\n}"
}

// minMaxHelper declares the two-operand min or max of a basic type with
// the language's rules: a NaN operand wins, and min prefers -0 to +0.
func minMaxHelper(name, which string, basic *types.Basic) string {
	t := basic.Name()
	less := "b < a"
	if which == "max" {
		less = "b > a"
	}
	body := "\tif " + less + " {\n\t\treturn b\n\t}\n\treturn a\n"
	if basic.Info()&types.IsFloat != 0 {
		zero := "1/a > 0" // max: keep +0
		if which == "min" {
			zero = "1/a < 0"
		}
		body = "\tif a != a || b != b {\n\t\tif a != a {\n\t\t\treturn a\n\t\t}\n\t\treturn b\n\t}\n" +
			"\tif a == 0 && b == 0 {\n\t\tif " + zero + " {\n\t\t\treturn a\n\t\t}\n\t\treturn b\n\t}\n" + body
	}
	return "func " + name + "(a, b " + t + ") " + t + " {\n" + body + "}"
}

// constExpr spells a constant of type typ as an expression with the same
// type and value.
func (l *lowerer) constExpr(v constant.Value, typ types.Type) ast.Expr {
	// A value of one kind given a type of another (an untyped float
	// constant of an integer type) is spelled in the type's kind, exactly.
	if b, ok := typ.Underlying().(*types.Basic); ok {
		switch {
		case b.Info()&types.IsInteger != 0:
			if iv := constant.ToInt(v); iv.Kind() == constant.Int {
				v = iv
			}
		case b.Info()&types.IsFloat != 0 && v.Kind() == constant.Complex:
			if fv := constant.ToFloat(v); fv.Kind() == constant.Float {
				v = fv
			}
		}
	}
	var lit string
	switch v.Kind() {
	case constant.String:
		lit = strconv.Quote(constant.StringVal(v))
	case constant.Bool:
		lit = v.String()
	case constant.Int:
		lit = v.ExactString()
		if b, ok := typ.(*types.Basic); ok && b.Kind() == types.UntypedRune {
			lit = "'\\U" + leftPad(strconv.FormatInt(func() int64 { n, _ := constant.Int64Val(v); return n }(), 16), 8) + "'"
		}
	case constant.Float:
		lit = floatLit(v)
	case constant.Complex:
		// ExactString would spell rational parts as divisions (122/169).
		lit = "(" + floatLit(constant.Real(v)) + " + " + floatLit(constant.Imag(v)) + "i)"
	default:
		lit = v.ExactString()
	}
	if b, ok := typ.(*types.Basic); ok && (b.Info()&types.IsUntyped != 0 || literalType(v, lit) == b.Kind()) {
		// The literal has this type by itself. (The interpreter folds
		// bool(false) || x to false.)
		return l.parseExpr(lit)
	}
	texpr, _ := l.typeExpr(typ)
	return l.parseExpr(texpr + "(" + lit + ")")
}

// floatLit spells a float constant (or an integer one, as a float).
func floatLit(v constant.Value) string {
	f, _ := constant.Float64Val(constant.ToFloat(v))
	if f == 0 {
		f = 0 // Go's constants have no negative zero (-1e-10000 is 0)
	}
	lit := strconv.FormatFloat(f, 'g', -1, 64)
	if !strings.ContainsAny(lit, ".eEIN") {
		lit += ".0"
	}
	return lit
}

// literalType is the type a literal of v, spelled lit, has by default.
func literalType(v constant.Value, lit string) types.BasicKind {
	switch v.Kind() {
	case constant.Bool:
		return types.Bool
	case constant.String:
		return types.String
	case constant.Int:
		if strings.HasPrefix(lit, "'") {
			return types.Int32
		}
		return types.Int
	case constant.Float:
		return types.Float64
	case constant.Complex:
		return types.Complex128
	}
	return types.Invalid
}

func leftPad(s string, n int) string {
	return strings.Repeat("0", max(0, n-len(s))) + s
}

// lowerClear replaces the statement clear(x), which the interpreter
// lacks, with the loop it stands for.
func (l *lowerer) lowerClear(s *ast.ExprStmt) ast.Stmt {
	call, ok := s.X.(*ast.CallExpr)
	if !ok {
		return nil
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return nil
	}
	if b, ok := l.info.Uses[id].(*types.Builtin); !ok || b.Name() != "clear" {
		return nil
	}
	l.note("clear")
	x, k := l.fresh("c"), l.fresh("k")
	var src string
	switch u := l.typeOf(call.Args[0]).Underlying().(type) {
	case *types.Map:
		src = "for " + k + " := range " + x + " {\ndelete(" + x + ", " + k + ")\n}"
	case *types.Slice:
		elem, _ := l.typeExpr(u.Elem())
		src = "for " + k + " := range " + x + " {\n" + x + "[" + k + "] = *new(" + elem + ")\n}"
	default:
		l.unsupported(call.Pos(), "clear of a type parameter value is not supported by the playground")
		return nil
	}
	stmts := l.parseStmts(x + " := _fl_arg\n" + src)
	stmts[0].(*ast.AssignStmt).Rhs[0] = call.Args[0]
	return &ast.BlockStmt{Lbrace: s.Pos(), List: stmts}
}

// instantiate makes the type arguments of a generic function explicit
// where they were inferred: the interpreter fails to infer them from
// untyped constants. parent is the node holding id.
func (l *lowerer) instantiate(id *ast.Ident, parent ast.Node) ast.Expr {
	inst, ok := l.info.Instances[id]
	if !ok {
		return nil
	}
	if _, isFunc := l.info.Uses[id].(*types.Func); !isFunc {
		return nil
	}
	switch p := parent.(type) {
	case *ast.IndexExpr:
		if p.X == id {
			return nil // completeInstance handles it
		}
	case *ast.IndexListExpr:
		if p.X == id {
			return nil
		}
	case *ast.SelectorExpr:
		return nil // a library generic: lowerLibraryCall handles it
	}
	return l.withTypeArgs(id, inst)
}

// completeInstance fills in type arguments left to inference in a partial
// instantiation such as f[int].
func (l *lowerer) completeInstance(e ast.Expr) ast.Expr {
	var x ast.Expr
	var given int
	switch e := e.(type) {
	case *ast.IndexExpr:
		x, given = e.X, 1
	case *ast.IndexListExpr:
		x, given = e.X, len(e.Indices)
	}
	id, ok := x.(*ast.Ident)
	if !ok {
		return nil
	}
	inst, ok := l.info.Instances[id]
	if !ok || inst.TypeArgs.Len() == given {
		return nil
	}
	if _, isFunc := l.info.Uses[id].(*types.Func); !isFunc {
		return nil
	}
	return l.withTypeArgs(id, inst)
}

func (l *lowerer) withTypeArgs(x ast.Expr, inst types.Instance) ast.Expr {
	l.note("explicit type arguments")
	list := &ast.IndexListExpr{X: x}
	for i := range inst.TypeArgs.Len() {
		texpr, _ := l.typeExpr(inst.TypeArgs.At(i))
		list.Indices = append(list.Indices, l.parseExpr(texpr))
	}
	return list
}

// isUntyped reports whether t is the type of an untyped constant.
func isUntyped(t types.Type) bool {
	b, ok := t.(*types.Basic)
	return ok && b.Info()&types.IsUntyped != 0
}

// checkShiftCount passes a shift count of a signed integer type that is
// not a constant through a helper that panics as Go does when it is
// negative ("runtime error: negative shift amount"): the interpreter
// shifts by it and gives 0.
func (l *lowerer) checkShiftCount(n *ast.BinaryExpr) {
	y := l.typeAndValue(n.Y)
	if y.Value != nil || y.Type == nil || isUntyped(y.Type) {
		return
	}
	b, ok := under(y.Type).(*types.Basic)
	if !ok || b.Info()&types.IsInteger == 0 || b.Info()&types.IsUnsigned != 0 {
		return
	}
	texpr, local := l.typeExpr(y.Type)
	if local {
		return
	}
	l.note("shift counts checked")
	h := l.helper("shiftcount "+texpr, "shiftcount", func(name string) string {
		return "func " + name + "(n " + texpr + ") " + texpr + " {\n\tif n < 0 {\n\t\tpanic(" + l.importName("errors") +
			".New(\"runtime error: negative shift amount\"))\n\t}\n\treturn n\n}"
	})
	n.Y = &ast.CallExpr{Fun: ast.NewIdent(h), Lparen: n.Y.Pos(), Args: []ast.Expr{n.Y}, Rparen: n.Y.End()}
}

// lowerShift gives the untyped constant on the left of a shift by a
// variable amount the type Go gives it, that of the whole expression
// (uint32(1) << n in show(v | 1<<n) with v a uint32): the interpreter
// takes it for an int. It reports whether it changed n.
func (l *lowerer) lowerShift(n *ast.BinaryExpr) {
	if n.Op != token.SHL && n.Op != token.SHR {
		return
	}
	if y := l.typeAndValue(n.Y); y.Value == nil && y.Type != nil && isUntyped(y.Type) {
		// A count such as 1<<x that is itself an untyped shift: make it
		// the uint the interpreter expects.
		n.Y = &ast.CallExpr{Fun: ast.NewIdent("uint"), Args: []ast.Expr{n.Y}}
	}
	l.checkShiftCount(n)
	// The type checker records the type the constant takes in the end.
	x, whole := l.typeAndValue(n.X), l.typeAndValue(n)
	if x.Value == nil || whole.Value != nil || x.Type == nil || isUntyped(x.Type) {
		return
	}
	if _, isLit := ast.Unparen(n.X).(*ast.BasicLit); !isLit {
		if _, isConv := ast.Unparen(n.X).(*ast.CallExpr); isConv {
			return // already spelled with its type
		}
	}
	l.note("untyped constants shifted by a variable")
	n.X = l.constExpr(x.Value, x.Type)
}
