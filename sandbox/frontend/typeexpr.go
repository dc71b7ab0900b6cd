package frontend

import (
	"go/types"
	"strconv"
	"strings"
)

// typeExpr spells t as Go source valid in the lowered program. Packages
// are named as the learner's file imports them (an import is added when
// it does not); generic types of packages the playground does not offer
// (iter.Seq) are spelled out as their underlying type. local is false when
// t mentions a type declared inside a function or a type parameter, which
// only code at the place of use can name.
func (l *lowerer) typeExpr(t types.Type) (expr string, local bool) {
	var b strings.Builder
	local = l.writeType(&b, t)
	return b.String(), local
}

func (l *lowerer) writeType(b *strings.Builder, t types.Type) (local bool) {
	switch t := t.(type) {
	case *types.Alias:
		if obj := t.Obj(); obj.Pkg() == nil && t.TypeArgs().Len() == 0 {
			// any, spelled out: the interpreter's type switch misses
			// a func(string) any where it finds a func(string) interface{}.
			b.WriteString("interface{}")
			return false
		}
		return l.writeType(b, types.Unalias(t))
	case *types.Basic:
		b.WriteString(t.Name())
	case *types.Pointer:
		b.WriteString("*")
		return l.writeType(b, t.Elem())
	case *types.Slice:
		b.WriteString("[]")
		return l.writeType(b, t.Elem())
	case *types.Array:
		b.WriteString("[" + strconv.FormatInt(t.Len(), 10) + "]")
		return l.writeType(b, t.Elem())
	case *types.Map:
		b.WriteString("map[")
		local = l.writeType(b, t.Key())
		b.WriteString("]")
		return l.writeType(b, t.Elem()) || local
	case *types.Chan:
		switch t.Dir() {
		case types.SendRecv:
			b.WriteString("chan ")
		case types.SendOnly:
			b.WriteString("chan<- ")
		case types.RecvOnly:
			b.WriteString("<-chan ")
		}
		if c, ok := t.Elem().(*types.Chan); ok && c.Dir() == types.RecvOnly && t.Dir() != types.RecvOnly {
			b.WriteString("(")
			defer b.WriteString(")")
		}
		return l.writeType(b, t.Elem())
	case *types.Signature:
		b.WriteString("func")
		return l.writeSignature(b, t)
	case *types.Struct:
		b.WriteString("struct{")
		for i := range t.NumFields() {
			f := t.Field(i)
			if i > 0 {
				b.WriteString("; ")
			}
			if !f.Embedded() {
				b.WriteString(f.Name() + " ")
			}
			local = l.writeType(b, f.Type()) || local
			if tag := t.Tag(i); tag != "" {
				b.WriteString(" " + strconv.Quote(tag))
			}
		}
		b.WriteString("}")
	case *types.Interface:
		if t.Empty() {
			b.WriteString("interface{}")
			return false
		}
		b.WriteString("interface{")
		for i := range t.NumEmbeddeds() {
			if i > 0 {
				b.WriteString("; ")
			}
			local = l.writeType(b, t.EmbeddedType(i)) || local
		}
		for i := range t.NumExplicitMethods() {
			if i > 0 || t.NumEmbeddeds() > 0 {
				b.WriteString("; ")
			}
			m := t.ExplicitMethod(i)
			b.WriteString(m.Name())
			local = l.writeSignature(b, m.Type().(*types.Signature)) || local
		}
		b.WriteString("}")
	case *types.Union:
		for i := range t.Len() {
			if i > 0 {
				b.WriteString(" | ")
			}
			if t.Term(i).Tilde() {
				b.WriteString("~")
			}
			local = l.writeType(b, t.Term(i).Type()) || local
		}
	case *types.TypeParam:
		b.WriteString(t.Obj().Name())
		return true
	case *types.Named:
		return l.writeNamed(b, t)
	default:
		b.WriteString(types.TypeString(t, nil))
	}
	return local
}

func (l *lowerer) writeNamed(b *strings.Builder, t *types.Named) (local bool) {
	obj := t.Obj()
	switch {
	case obj.Pkg() == nil: // error, comparable
		b.WriteString(obj.Name())
	case obj.Pkg() == l.pkg:
		b.WriteString(obj.Name())
		local = obj.Parent() != nil && obj.Parent() != l.pkg.Scope()
	case isCmpOrdered(obj):
		b.WriteString(l.orderedName())
		return false
	case isAtomicPointer(t):
		name, ok := l.atomicPointerType(t)
		b.WriteString(name)
		return !ok
	case !isAllowed(obj.Pkg().Path()) || spelledOut[obj.Pkg().Path()]:
		return l.writeType(b, t.Underlying())
	default:
		b.WriteString(l.importName(obj.Pkg().Path()) + "." + obj.Name())
	}
	if args := t.TypeArgs(); args.Len() > 0 {
		b.WriteString("[")
		for i := range args.Len() {
			if i > 0 {
				b.WriteString(", ")
			}
			local = l.writeType(b, args.At(i)) || local
		}
		b.WriteString("]")
	}
	return local
}

func (l *lowerer) writeSignature(b *strings.Builder, sig *types.Signature) (local bool) {
	writeSignatureWith(b, sig, func(t types.Type) { local = l.writeType(b, t) || local })
	return local
}

// writeSignatureWith writes sig as Go writes a function type after
// "func": its parameters, "..." before a variadic one, and its results,
// each type written by writeType.
func writeSignatureWith(b *strings.Builder, sig *types.Signature, writeType func(types.Type)) {
	tuple := func(t *types.Tuple, variadic bool) {
		for i := range t.Len() {
			if i > 0 {
				b.WriteString(", ")
			}
			typ := t.At(i).Type()
			if variadic && i == t.Len()-1 {
				b.WriteString("...")
				typ = typ.(*types.Slice).Elem()
			}
			writeType(typ)
		}
	}
	b.WriteString("(")
	tuple(sig.Params(), sig.Variadic())
	b.WriteString(")")
	switch res := sig.Results(); res.Len() {
	case 0:
	case 1:
		b.WriteString(" ")
		tuple(res, false)
	default:
		b.WriteString(" (")
		tuple(res, false)
		b.WriteString(")")
	}
}
