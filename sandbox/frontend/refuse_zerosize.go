package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
)

// refuseZeroSizePointerCompare refuses == and != between two pointers to
// a zero-size type (*struct{}, *[0]int, *E with type E struct{}), a switch
// on one and a map keyed by them (or by structs or arrays holding them). Go leaves
// whether pointers to distinct zero-size variables are equal to the
// implementation, and gc's answer follows its escape analysis: &E{} == &E{}
// is false while the values stay in their function and true once they
// leave it (printing one is enough). The interpreter gives every
// zero-size value the same address, so it would print true where go run
// often prints false. Comparing with nil is left alone.
func (l *lowerer) refuseZeroSizePointerCompare() {
	what := func(t types.Type) string {
		return l.typeString(t, func(p *types.Package) string { return p.Name() })
	}
	const why = " is not supported by the playground: Go leaves whether two of them are equal to the compiler, and go run's answer changes with where the values live; compare something with a size, or the values themselves"
	ast.Inspect(l.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			if (n.Op != token.EQL && n.Op != token.NEQ) || l.typeAndValue(n.X).IsNil() || l.typeAndValue(n.Y).IsNil() {
				break
			}
			if t := l.typeOf(n.X); pointsToZeroSize(t) && pointsToZeroSize(l.typeOf(n.Y)) {
				l.unsupported(n.OpPos, "comparing pointers to a zero-size type ("+what(t)+")"+why)
			}
		case *ast.SwitchStmt:
			// A switch compares its tag with each case.
			if n.Tag != nil && pointsToZeroSize(l.typeOf(n.Tag)) {
				l.unsupported(n.Tag.Pos(), "a switch on a pointer to a zero-size type ("+what(l.typeOf(n.Tag))+")"+why)
			}
		case *ast.MapType:
			// A map compares its keys.
			if t := l.typeOf(n.Key); t != nil && holdsZeroSizePointer(t, nil) {
				l.unsupported(n.Key.Pos(), "a map keyed by pointers to a zero-size type ("+what(t)+")"+why)
			}
		}
		return true
	})
}

// pointsToZeroSize reports whether t is a pointer to a zero-size type.
func pointsToZeroSize(t types.Type) bool {
	p, ok := under(t).(*types.Pointer)
	return ok && zeroSize(p.Elem())
}

// holdsZeroSizePointer reports whether values of t, a comparable type,
// hold a pointer to a zero-size type: are one, or a struct or array of
// them.
func holdsZeroSizePointer(t types.Type, seen map[types.Type]bool) bool {
	if pointsToZeroSize(t) {
		return true
	}
	if seen[t] {
		return false
	}
	if seen == nil {
		seen = map[types.Type]bool{}
	}
	seen[t] = true
	switch u := under(t).(type) {
	case *types.Array:
		return holdsZeroSizePointer(u.Elem(), seen)
	case *types.Struct:
		for i := range u.NumFields() {
			if holdsZeroSizePointer(u.Field(i).Type(), seen) {
				return true
			}
		}
	}
	return false
}

// zeroSize reports whether values of t take no memory. A type parameter's
// size is not known here: written-out generics are checked per instance.
func zeroSize(t types.Type) (zero bool) {
	if _, ok := t.(*types.TypeParam); ok {
		return false
	}
	size, ok := sizeOf(t)
	return ok && size == 0
}
