package frontend

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
)

// lowerArrayLen rewrites len or cap of an array, or of a pointer to one,
// that is not a constant (its operand calls a function or receives): Go
// evaluates the operand and gives the array's length, even for a nil
// pointer, where the interpreter indexes through the pointer and panics.
// len(f()) becomes
//
//	func() int { _fl_v1 := f(); _ = _fl_v1; return 40 }()
//
// (a dereference *f() in the operand still panics on nil, as in Go).
func (l *lowerer) lowerArrayLen(call *ast.CallExpr) ast.Expr {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	if b, ok := l.info.Uses[id].(*types.Builtin); !ok || b.Name() != "len" && b.Name() != "cap" {
		return nil
	}
	if l.typeAndValue(call).Value != nil {
		return nil
	}
	t := under(l.typeOf(call.Args[0]))
	if p, ok := t.(*types.Pointer); ok {
		t = under(p.Elem())
	}
	arr, ok := t.(*types.Array)
	if !ok {
		return nil
	}
	l.note("len of arrays")
	v := l.fresh("v")
	lit := l.parseExpr("func() int {\n" + v + " := _fl_arg\n_ = " + v + "\nreturn " + strconv.FormatInt(arr.Len(), 10) + "\n}()").(*ast.CallExpr)
	lit.Fun.(*ast.FuncLit).Body.List[0].(*ast.AssignStmt).Rhs[0] = call.Args[0]
	return lit
}

// lowerConstLen replaces the value of a constant declared as len or cap
// of an array that is not itself a constant (const n = len(m[""])), which
// the interpreter evaluates and panics on, by the value. A value naming
// iota is left alone: the specifications after it repeat it.
func (l *lowerer) lowerConstLen(d *ast.GenDecl) {
	for _, s := range d.Specs {
		vs := s.(*ast.ValueSpec)
		for i, v := range vs.Values {
			reads, iota := false, false
			ast.Inspect(v, func(n ast.Node) bool {
				switch x := n.(type) {
				case *ast.Ident:
					iota = iota || l.info.Uses[x] == types.Universe.Lookup("iota")
				case *ast.CallExpr:
					if len(x.Args) == 1 && l.typeAndValue(x.Args[0]).Value == nil && !l.typeAndValue(x.Args[0]).IsType() {
						reads = true
					}
				}
				return true
			})
			if tv := l.typeAndValue(v); reads && !iota && tv.Value != nil {
				l.note("len of arrays")
				vs.Values[i] = l.constExpr(tv.Value, tv.Type)
			}
		}
	}
}

// lowerRangeCalledArrayPointer rewrites a range loop with at most an index
// over a pointer to an array that a call returns (for i := range f()):
// Go calls f but does not dereference its result, which may be nil; the
// interpreter dereferences it. The call goes first, into a temporary,
// then the loop counts to the array's length. (A labeled loop is left
// alone: its label cannot move to the block.)
func (l *lowerer) lowerRangeCalledArrayPointer(n *ast.RangeStmt) ast.Stmt {
	if n.Value != nil && !isBlank(n.Value) || l.pure(n.X) {
		return nil
	}
	if _, labeled := l.labels[n]; labeled {
		return nil
	}
	arr, ok := l.arrayPointer(n.X)
	if !ok {
		return nil
	}
	l.note("range over a pointer to an array")
	v := l.fresh("v")
	stmts := l.parseStmts(v + " := _fl_arg\n_ = " + v)
	stmts[0].(*ast.AssignStmt).Rhs[0] = n.X
	n.X = &ast.BasicLit{Kind: token.INT, Value: strconv.FormatInt(arr.Len(), 10)}
	l.info.Types[n.X] = types.TypeAndValue{Type: types.Typ[types.Int], Value: constant.MakeInt64(arr.Len())}
	var loop ast.Stmt = n
	if s := l.lowerRangeInt(n); s != nil {
		loop = s
	}
	return &ast.BlockStmt{Lbrace: n.Pos(), List: append(stmts, loop)}
}

// spellArrayLen writes the length of an array type as an integer literal
// when it is any other constant expression: the interpreter takes
// [1e1]int or [N]int of an untyped float constant N for an error ("10
// not an Int"), though Go accepts any constant representable as an int.
func (l *lowerer) spellArrayLen(n *ast.ArrayType) {
	if n.Len == nil {
		return
	}
	if lit, ok := n.Len.(*ast.BasicLit); ok && lit.Kind == token.INT {
		return
	}
	tv := l.typeAndValue(n.Len)
	if tv.Value == nil {
		return // [...]T, or a type the rewrite made
	}
	iv := constant.ToInt(tv.Value)
	if iv.Kind() != constant.Int {
		return
	}
	l.note("array lengths")
	n.Len = &ast.BasicLit{ValuePos: n.Len.Pos(), Kind: token.INT, Value: iv.ExactString()}
}

// spellIndexKeys writes the index keys of an array or slice literal as
// integer literals: the interpreter reads a key of a typed constant
// whose type is not int (Idle: "idle" with type State uint8) with
// reflect's Int and fails to compile the program.
func (l *lowerer) spellIndexKeys(n *ast.CompositeLit) {
	switch under(l.typeOf(n)).(type) {
	case *types.Array, *types.Slice:
	default:
		return
	}
	for _, e := range n.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if lit, ok := kv.Key.(*ast.BasicLit); ok && lit.Kind == token.INT {
			continue
		}
		if iv := constant.ToInt(l.typeAndValue(kv.Key).Value); iv.Kind() == constant.Int {
			l.note("index keys")
			kv.Key = &ast.BasicLit{ValuePos: kv.Key.Pos(), Kind: token.INT, Value: iv.ExactString()}
		}
	}
}
