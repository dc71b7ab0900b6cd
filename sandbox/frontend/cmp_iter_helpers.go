package frontend

import (
	"go/ast"
	"go/types"
)

// Packages cmp and iter are generic through and through, which the
// interpreter's symbol tables cannot hold: calls of their functions become
// helpers of the instantiation (as for slices and maps), cmp.Ordered
// becomes a constraint declared in the program, and iter.Seq and
// iter.Seq2 are spelled out as the function types they stand for.

// spelledOut lists the packages whose generic types the lowered program
// spells as their underlying type.
var spelledOut = map[string]bool{"iter": true}

// orderedUnion is cmp.Ordered's type set.
const orderedUnion = `~int | ~int8 | ~int16 | ~int32 | ~int64 |
	~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr |
	~float32 | ~float64 |
	~string`

func init() {
	// rand.N (math/rand/v2) is generic: it draws as Go's does, from the
	// package's source (the run's seeded one).
	register("math/rand/v2", "T", map[string]string{
		"N": `func $F(n $T) $T {
	if n <= 0 {
		panic("invalid argument to N")
	}
	return $T($randv2.Uint64N(uint64(n)))
}`,
	})
	register("cmp", "T", map[string]string{
		"Compare": `func $F(x, y $T) int {
	xNaN, yNaN := x != x, y != y
	if xNaN {
		if yNaN {
			return 0
		}
		return -1
	}
	if yNaN {
		return +1
	}
	if x < y {
		return -1
	}
	if x > y {
		return +1
	}
	return 0
}`,
		"Less": `func $F(x, y $T) bool {
	return (x != x && y == y) || x < y
}`,
		"Or": `func $F(vals ...$T) $T {
	var zero $T
	for _, v := range vals {
		if v != zero {
			return v
		}
	}
	return zero
}`,
	})
	inline("cmp.Compare", "cmp.Less", "cmp.Or")
	// Pull runs the sequence on a goroutine and hands each value over a
	// channel; the values and their order are those of the coroutine the
	// standard library uses. (Helper text is not lowered: it avoids what
	// the interpreter gets wrong, such as returning a receive.)
	register("iter", "V", map[string]string{
		"Pull": `func $F(seq func(func($V) bool)) (func() ($V, bool), func()) {
	resume := make(chan bool)
	values := make(chan $V)
	started, done := false, false
	next := func() ($V, bool) {
		var zero $V
		if done {
			return zero, false
		}
		if !started {
			started = true
			go func() {
				defer close(values)
				seq(func(v $V) bool {
					values <- v
					more := <-resume
					return more
				})
			}()
		} else {
			resume <- true
		}
		v, ok := <-values
		if !ok {
			done = true
			return zero, false
		}
		return v, true
	}
	stop := func() {
		if done {
			return
		}
		done = true
		if started {
			resume <- false
			for range values {
			}
		}
	}
	return next, stop
}`,
	})
	register("iter", "K V", map[string]string{
		"Pull2": `type $F_pair struct {
	k $K
	v $V
}

func $F(seq func(func($K, $V) bool)) (func() ($K, $V, bool), func()) {
	resume := make(chan bool)
	values := make(chan $F_pair)
	started, done := false, false
	next := func() ($K, $V, bool) {
		var k $K
		var v $V
		if done {
			return k, v, false
		}
		if !started {
			started = true
			go func() {
				defer close(values)
				seq(func(k $K, v $V) bool {
					values <- $F_pair{k, v}
					more := <-resume
					return more
				})
			}()
		} else {
			resume <- true
		}
		p, ok := <-values
		if !ok {
			done = true
			return k, v, false
		}
		return p.k, p.v, true
	}
	stop := func() {
		if done {
			return
		}
		done = true
		if started {
			resume <- false
			for range values {
			}
		}
	}
	return next, stop
}`,
	})
}

// orderedName declares the program's copy of cmp.Ordered and returns its
// name.
func (l *lowerer) orderedName() string {
	return l.helper("cmp.Ordered", "Ordered", func(name string) string {
		return "type " + name + " interface {\n\t" + orderedUnion + "\n}"
	})
}

// isCmpOrdered reports whether obj is cmp.Ordered.
func isCmpOrdered(obj types.Object) bool {
	tn, ok := obj.(*types.TypeName)
	return ok && tn.Pkg() != nil && tn.Pkg().Path() == "cmp" && tn.Name() == "Ordered"
}

// lowerPackageType replaces cmp.Ordered by the program's own copy. It
// returns the replacement or nil.
func (l *lowerer) lowerPackageType(sel *ast.SelectorExpr) ast.Expr {
	if !isCmpOrdered(l.info.Uses[sel.Sel]) {
		return nil
	}
	l.note("cmp helpers")
	return ast.NewIdent(l.orderedName())
}

// lowerSpelledOut replaces an instantiated type of a spelledOut package,
// iter.Seq[int], by its underlying type, func(yield func(int) bool). It
// returns the replacement or nil.
func (l *lowerer) lowerSpelledOut(e ast.Expr) ast.Expr {
	tv, ok := l.info.Types[e]
	if !ok || !tv.IsType() {
		return nil
	}
	named, ok := tv.Type.(*types.Named)
	if ok && isAtomicPointer(named) {
		name, ok := l.atomicPointerType(named)
		if !ok {
			l.unsupported(e.Pos(), "atomic.Pointer of a type declared inside a function is not supported by the playground; declare the type at package level")
			return nil
		}
		l.note("atomic.Pointer types")
		return ast.NewIdent(name)
	}
	if !ok || named.Obj().Pkg() == nil || !spelledOut[named.Obj().Pkg().Path()] {
		return nil
	}
	l.note("iter types")
	texpr, _ := l.typeExpr(named)
	return l.parseExpr(texpr)
}
