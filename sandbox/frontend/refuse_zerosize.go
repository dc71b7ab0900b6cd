package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
)

// zeroSizes measures types as gc does on a 64-bit machine.
var zeroSizes = types.SizesFor("gc", "amd64")

// refuseZeroSizePointerCompare refuses == and != between two pointers to
// a zero-size type (*struct{}, *[0]int, *E with type E struct{}). Go leaves
// whether pointers to distinct zero-size variables are equal to the
// implementation, and gc's answer follows its escape analysis: &E{} == &E{}
// is false while the values stay in their function and true once they
// leave it (printing one is enough). The interpreter gives every
// zero-size value the same address, so it would print true where go run
// often prints false. Comparing with nil is left alone.
func (l *lowerer) refuseZeroSizePointerCompare() {
	ast.Inspect(l.file, func(n ast.Node) bool {
		b, ok := n.(*ast.BinaryExpr)
		if !ok || (b.Op != token.EQL && b.Op != token.NEQ) {
			return true
		}
		if l.typeAndValue(b.X).IsNil() || l.typeAndValue(b.Y).IsNil() {
			return true
		}
		x, okx := under(l.typeOf(b.X)).(*types.Pointer)
		_, oky := under(l.typeOf(b.Y)).(*types.Pointer)
		if !okx || !oky || !zeroSize(x.Elem()) {
			return true
		}
		l.unsupported(b.OpPos, "comparing pointers to a zero-size type ("+l.typeString(x, func(p *types.Package) string { return p.Name() })+
			") is not supported by the playground: Go leaves whether two of them are equal to the compiler, and go run's answer changes with where the values live; compare something with a size, or the values themselves")
		return true
	})
}

// zeroSize reports whether values of t take no memory. A type parameter's
// size is not known here: written-out generics are checked per instance.
func zeroSize(t types.Type) (zero bool) {
	if _, ok := t.(*types.TypeParam); ok {
		return false
	}
	defer func() {
		if recover() != nil {
			zero = false // a type Sizeof cannot measure
		}
	}()
	return zeroSizes.Sizeof(t) == 0
}
