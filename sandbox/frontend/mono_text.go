package frontend

import (
	"go/types"
	"strconv"
	"strings"
)

// typeText spells a concrete type in the monomorphized program: instances
// of the program's generic types by their instance names, packages as the
// file imports them. paren parenthesizes a type that would not parse in
// place of a name (*T, func(), chan T in a conversion).
func (m *monomorphizer) typeText(t types.Type, paren bool) string {
	var b strings.Builder
	m.writeText(&b, t)
	s := b.String()
	if paren {
		for _, p := range []string{"*", "func", "chan", "<-"} {
			if strings.HasPrefix(s, p) {
				return "(" + s + ")"
			}
		}
	}
	return s
}

func (m *monomorphizer) fail(msg string) {
	if m.err == nil {
		at := m.fset.Position(m.file.Package)
		for _, n := range m.generic {
			at = m.fset.Position(n.Pos())
			break
		}
		m.err = &Diagnostic{Kind: KindUnsupported, Line: at.Line, Column: at.Column, Message: msg}
	}
}

func (m *monomorphizer) writeText(b *strings.Builder, t types.Type) {
	switch t := t.(type) {
	case *types.Alias:
		if t.Obj().Pkg() == nil {
			b.WriteString(t.Obj().Name()) // any
			return
		}
		m.writeText(b, types.Unalias(t))
	case *types.Basic:
		b.WriteString(types.Default(t).(*types.Basic).Name())
	case *types.Pointer:
		b.WriteString("*")
		m.writeText(b, t.Elem())
	case *types.Slice:
		b.WriteString("[]")
		m.writeText(b, t.Elem())
	case *types.Array:
		b.WriteString("[" + strconv.FormatInt(t.Len(), 10) + "]")
		m.writeText(b, t.Elem())
	case *types.Map:
		b.WriteString("map[")
		m.writeText(b, t.Key())
		b.WriteString("]")
		m.writeText(b, t.Elem())
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
			m.writeText(b, t.Elem())
			b.WriteString(")")
			return
		}
		m.writeText(b, t.Elem())
	case *types.Signature:
		b.WriteString("func")
		m.writeSig(b, t)
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
			m.writeText(b, f.Type())
			if tag := t.Tag(i); tag != "" {
				b.WriteString(" " + strconv.Quote(tag))
			}
		}
		b.WriteString("}")
	case *types.Interface:
		if t.Empty() {
			b.WriteString("interface{}")
			return
		}
		b.WriteString("interface{")
		n := 0
		for i := range t.NumEmbeddeds() {
			if n > 0 {
				b.WriteString("; ")
			}
			n++
			m.writeText(b, t.EmbeddedType(i))
		}
		for i := range t.NumExplicitMethods() {
			if n > 0 {
				b.WriteString("; ")
			}
			n++
			f := t.ExplicitMethod(i)
			b.WriteString(f.Name())
			m.writeSig(b, f.Type().(*types.Signature))
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
			m.writeText(b, t.Term(i).Type())
		}
	case *types.Named:
		m.writeNamedText(b, t)
	case *types.TypeParam:
		m.fail("a type parameter the playground cannot resolve is not supported by the playground: " + t.Obj().Name())
		b.WriteString(t.Obj().Name())
	default:
		b.WriteString(types.TypeString(t, nil))
	}
}

func (m *monomorphizer) writeNamedText(b *strings.Builder, t *types.Named) {
	obj := t.Obj()
	switch {
	case obj.Pkg() == nil: // error, comparable
		b.WriteString(obj.Name())
	case obj.Pkg() == m.pkg:
		if t.TypeArgs().Len() > 0 {
			args := make([]types.Type, t.TypeArgs().Len())
			for i := range args {
				args[i] = t.TypeArgs().At(i)
			}
			b.WriteString(m.instance(t.Origin().Obj(), args).name)
			return
		}
		if name, ok := m.hoistedName(obj); ok {
			b.WriteString(name)
			return
		}
		if obj.Parent() != nil && obj.Parent() != m.pkg.Scope() {
			m.fail("a generic function or type used with " + obj.Name() + ", a type declared inside a function, is not supported by the playground; declare the type at package level")
		}
		b.WriteString(obj.Name())
	default:
		name, ok := m.imports[obj.Pkg().Path()]
		if !ok {
			// A generic type of an allowed package is spelled out
			// (iter.Seq[V] is a func type); others need the import.
			if spelledOut[obj.Pkg().Path()] || t.TypeArgs().Len() > 0 {
				m.writeText(b, t.Underlying())
				return
			}
			m.fail("a generic function or type used with " + obj.Pkg().Name() + "." + obj.Name() + " is not supported by the playground unless the program imports " + strconv.Quote(obj.Pkg().Path()))
			name = obj.Pkg().Name()
		}
		b.WriteString(name + "." + obj.Name())
		if t.TypeArgs().Len() > 0 {
			b.WriteString("[")
			for i := range t.TypeArgs().Len() {
				if i > 0 {
					b.WriteString(", ")
				}
				m.writeText(b, t.TypeArgs().At(i))
			}
			b.WriteString("]")
		}
	}
}

func (m *monomorphizer) writeSig(b *strings.Builder, sig *types.Signature) {
	writeSignatureWith(b, sig, func(t types.Type) { m.writeText(b, t) })
}
