package frontend

import (
	"go/types"
)

// atomic.Pointer[T] is a generic type, which the interpreter's symbol
// tables cannot hold: each instance becomes a type the program declares,
// with the same methods, on an atomic.Value.

// isAtomicPointer reports whether t is an instance of atomic.Pointer.
func isAtomicPointer(t *types.Named) bool {
	obj := t.Obj()
	return obj.Pkg() != nil && obj.Pkg().Path() == "sync/atomic" && obj.Name() == "Pointer" && t.TypeArgs().Len() == 1
}

// atomicPointerType declares the program's type standing for t, an
// instance of atomic.Pointer, and returns its name; ok is false when its
// type argument cannot be named at package level.
func (l *lowerer) atomicPointerType(t *types.Named) (string, bool) {
	elem, local := l.typeExpr(t.TypeArgs().At(0))
	if local {
		return "", false
	}
	atomic := l.importName("sync/atomic")
	return l.helper("atomic.Pointer["+elem+"]", "atomicPointer", func(n string) string {
		p := "*" + elem
		return "type " + n + " struct{ v " + atomic + ".Value }\n\n" +
			"func (x *" + n + ") Load() " + p + " {\n\tv, _ := x.v.Load().(" + p + ")\n\treturn v\n}\n\n" +
			"func (x *" + n + ") Store(v " + p + ") { x.v.Store(v) }\n\n" +
			"func (x *" + n + ") Swap(v " + p + ") " + p + " {\n\told, _ := x.v.Swap(v).(" + p + ")\n\treturn old\n}\n\n" +
			"func (x *" + n + ") CompareAndSwap(old, v " + p + ") bool {\n" +
			"\tif old == nil && x.v.CompareAndSwap(nil, v) {\n\t\treturn true\n\t}\n" +
			"\treturn x.v.CompareAndSwap(old, v)\n}"
	}), true
}
