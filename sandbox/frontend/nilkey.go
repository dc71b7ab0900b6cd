package frontend

import (
	"go/ast"
	"go/types"
)

// Looking up a nil expression in the type checker's maps.
//
// Go's runtime for GOOS=js GOARCH=wasm (1.26) indexes a map's directory
// of tables with a 32-bit hash, but hashes a nil interface key to the
// map's 64-bit seed untrimmed: once an interface-keyed map has more than
// one table (about 900 entries), looking a nil interface up in it reads
// outside memory and kills the WebAssembly instance, that is the
// browser's whole runtime, with "memory access out of bounds". Natively
// the lookup just finds nothing. types.Info.Types is keyed by ast.Expr and
// holds several entries per expression, so a program of a few hundred
// lines is enough, and an optional part of a node (the arguments of
// f(), a switch's tag, a range's key) is a nil expression. The lowering
// reads the type checker's results through typeOf and typeAndValue, which
// look nothing up for a nil expression; tests/corpus runs every valid
// program with a large function added, under Node, to keep it so.

// typeOf is l.info.TypeOf(e), or nil for a nil e.
func (l *lowerer) typeOf(e ast.Expr) types.Type { return typeOf(l.info, e) }

// typeAndValue is l.info.Types[e], or the zero value for a nil e.
func (l *lowerer) typeAndValue(e ast.Expr) types.TypeAndValue { return typeAndValue(l.info, e) }

// typeOf is m.info.TypeOf(e), or nil for a nil e.
func (m *monomorphizer) typeOf(e ast.Expr) types.Type { return typeOf(m.info, e) }

// typeAndValue is m.info.Types[e], or the zero value for a nil e.
func (m *monomorphizer) typeAndValue(e ast.Expr) types.TypeAndValue {
	return typeAndValue(m.info, e)
}

func typeOf(info *types.Info, e ast.Expr) types.Type {
	if e == nil {
		return nil
	}
	return info.TypeOf(e)
}

func typeAndValue(info *types.Info, e ast.Expr) types.TypeAndValue {
	if e == nil {
		return types.TypeAndValue{}
	}
	return info.Types[e]
}
