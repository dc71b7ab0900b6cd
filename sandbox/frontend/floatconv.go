package frontend

import (
	"go/ast"
	"go/types"
)

// Converting a floating-point value to an integer type that cannot hold it
// (too large, too small, an infinity or NaN) is implementation-dependent in
// Go. go run on amd64 gives what the processor's conversion gives (int(+Inf)
// is math.MinInt64, int32(1e10) math.MinInt32, uint64(NaN) 1<<63), where the
// browser's WebAssembly saturates (int(+Inf) is math.MaxInt64, NaN gives 0)
// and the engine natively truncates through int64 (int32(1e10) gave 0). A
// backoff that overflows a time.Duration this way went positive in the
// page and negative under go run. Every such conversion the program makes
// goes through a helper that gives amd64's results, doing itself only
// conversions of values that fit, which every platform agrees on.

// convFloatToInt rewrites the argument of T(x), x of a floating-point
// type and T an integer type, not a constant, into a helper's call whose
// integer result T then takes (integer conversions are the same
// everywhere).
func (l *lowerer) convFloatToInt(n *ast.CallExpr) {
	if len(n.Args) != 1 || n.Ellipsis.IsValid() {
		return
	}
	fun := l.typeAndValue(n.Fun)
	if !fun.IsType() || fun.Type == nil {
		return
	}
	to, ok := under(fun.Type).(*types.Basic)
	if !ok || to.Info()&types.IsInteger == 0 {
		return
	}
	arg := l.typeAndValue(n.Args[0])
	if arg.Value != nil || arg.Type == nil {
		return
	}
	from, ok := under(arg.Type).(*types.Basic)
	if !ok || from.Info()&types.IsFloat == 0 || from.Info()&types.IsUntyped != 0 {
		return
	}
	var h string
	var result types.Type
	switch to.Kind() {
	case types.Int, types.Int64, types.Uint32:
		h, result = l.floatToInt64(), types.Typ[types.Int64]
	case types.Int32, types.Int16, types.Int8, types.Uint16, types.Uint8:
		h, result = l.floatToInt32(), types.Typ[types.Int32]
	case types.Uint, types.Uint64, types.Uintptr:
		h, result = l.floatToUint64(), types.Typ[types.Uint64]
	default:
		return
	}
	l.note("float to integer conversions as on amd64")
	x := n.Args[0]
	if from.Kind() != types.Float64 {
		x = &ast.CallExpr{Fun: ast.NewIdent("float64"), Lparen: x.Pos(), Args: []ast.Expr{x}, Rparen: x.End()}
		l.info.Types[x] = types.TypeAndValue{Type: types.Typ[types.Float64]}
	}
	call := &ast.CallExpr{Fun: ast.NewIdent(h), Lparen: x.Pos(), Args: []ast.Expr{x}, Rparen: x.End()}
	l.info.Types[call] = types.TypeAndValue{Type: result}
	n.Args[0] = call
}

// floatToInt64 is amd64's CVTTSD2SQ: math.MinInt64 for what int64 cannot
// hold. It is also the path of uint32 (through int64, then cut to 32 bits).
func (l *lowerer) floatToInt64() string {
	return l.helper("floatToInt64", "floatToInt64", func(n string) string {
		return "func " + n + "(x float64) int64 {\n\tif x >= -9223372036854775808.0 && x < 9223372036854775808.0 {\n\t\treturn int64(x)\n\t}\n\treturn -9223372036854775808\n}"
	})
}

// floatToInt32 is CVTTSD2SL: math.MinInt32 for what int32 cannot hold. The
// 8- and 16-bit types, signed or not, take its result cut to their size.
func (l *lowerer) floatToInt32() string {
	return l.helper("floatToInt32", "floatToInt32", func(n string) string {
		return "func " + n + "(x float64) int32 {\n\tif x > -2147483649.0 && x < 2147483648.0 {\n\t\treturn int32(x)\n\t}\n\treturn -2147483648\n}"
	})
}

// floatToUint64 is gc's amd64 sequence for uint64: below 1<<63 as int64;
// from there (and for NaN, which compares false) the value less 1<<63 as
// int64, with the top bit set.
func (l *lowerer) floatToUint64() string {
	i64 := l.floatToInt64()
	return l.helper("floatToUint64", "floatToUint64", func(n string) string {
		return "func " + n + "(x float64) uint64 {\n\tif x < 9223372036854775808.0 {\n\t\treturn uint64(" + i64 + "(x))\n\t}\n\treturn uint64(" + i64 + "(x-9223372036854775808.0)) | (1 << 63)\n}"
	})
}
