package apidata

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"math/big"
)

// Write returns the bundle of the given packages, each complete as loaded
// by go/types (for instance by go/importer from the compiler's export
// data). Each entry holds the package's exported objects and every type
// they reach.
func Write(pkgs []*types.Package) ([]byte, error) {
	var out bytes.Buffer
	out.WriteString(magic)
	for _, pkg := range pkgs {
		data, err := writeEntry(pkg)
		if err != nil {
			return nil, fmt.Errorf("apidata: write %s: %w", pkg.Path(), err)
		}
		fmt.Fprintf(&out, "%s %d\n", pkg.Path(), len(data))
		out.Write(data)
	}
	return out.Bytes(), nil
}

// writer builds one entry.
type writer struct {
	strs    []string
	strIdx  map[string]int
	pkgs    []*types.Package
	pkgIdx  map[*types.Package]int
	types   [][]byte // encodings, by index
	typeIdx map[types.Type]int
}

// errorf aborts the entry with an error (recovered in writeEntry).
type writeError struct{ err error }

func fail(format string, args ...any) {
	panic(writeError{fmt.Errorf(format, args...)})
}

func writeEntry(pkg *types.Package) (data []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			we, ok := r.(writeError)
			if !ok {
				panic(r)
			}
			err = we.err
		}
	}()
	w := &writer{
		strIdx:  map[string]int{},
		pkgIdx:  map[*types.Package]int{},
		typeIdx: map[types.Type]int{},
	}
	w.pkg(pkg)
	var objs []byte
	scope := pkg.Scope()
	var names []string
	for _, name := range scope.Names() {
		if token.IsExported(name) {
			names = append(names, name)
		}
	}
	objs = binary.AppendUvarint(objs, uint64(len(names)))
	for _, name := range names {
		switch obj := scope.Lookup(name).(type) {
		case *types.TypeName:
			objs = append(objs, oType)
			objs = w.appendType(objs, obj.Type())
			if declared(obj.Type()) != obj {
				fail("type name %s does not declare its type", name)
			}
		case *types.Const:
			objs = append(objs, oConst)
			objs = w.appendStr(objs, name)
			objs = w.appendType(objs, obj.Type())
			objs = w.appendValue(objs, obj.Val())
		case *types.Var:
			if obj.Kind() != types.PackageVar {
				fail("variable %s is a %v", name, obj.Kind())
			}
			objs = append(objs, oVar)
			objs = w.appendStr(objs, name)
			objs = w.appendType(objs, obj.Type())
		case *types.Func:
			objs = append(objs, oFunc)
			objs = w.appendStr(objs, name)
			objs = w.appendType(objs, obj.Type())
		default:
			fail("object %s: unexpected %T", name, obj)
		}
	}

	var b []byte
	b = binary.AppendUvarint(b, uint64(len(w.strs)))
	for _, s := range w.strs {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	// The packages' strings are added above (w.pkg interns them), so the
	// table is complete once every type is written.
	b = binary.AppendUvarint(b, uint64(len(w.pkgs)))
	for _, p := range w.pkgs {
		b = binary.AppendUvarint(b, uint64(w.strIdx[p.Path()]))
		b = binary.AppendUvarint(b, uint64(w.strIdx[p.Name()]))
	}
	b = binary.AppendUvarint(b, uint64(len(w.types)))
	for _, t := range w.types {
		b = binary.AppendUvarint(b, uint64(len(t)))
		b = append(b, t...)
	}
	return append(b, objs...), nil
}

// declared returns the type name that declares t, if t is a Named or Alias.
func declared(t types.Type) *types.TypeName {
	switch t := t.(type) {
	case *types.Named:
		return t.Obj()
	case *types.Alias:
		return t.Obj()
	}
	return nil
}

func (w *writer) str(s string) int {
	i, ok := w.strIdx[s]
	if !ok {
		i = len(w.strs)
		w.strs = append(w.strs, s)
		w.strIdx[s] = i
	}
	return i
}

func (w *writer) appendStr(b []byte, s string) []byte {
	return binary.AppendUvarint(b, uint64(w.str(s)))
}

// pkg returns the reference of p (its index plus one; 0 for nil).
func (w *writer) pkg(p *types.Package) int {
	if p == nil {
		return 0
	}
	i, ok := w.pkgIdx[p]
	if !ok {
		i = len(w.pkgs)
		w.pkgs = append(w.pkgs, p)
		w.pkgIdx[p] = i
		w.str(p.Path())
		w.str(p.Name())
	}
	return i + 1
}

func (w *writer) appendPkg(b []byte, p *types.Package) []byte {
	return binary.AppendUvarint(b, uint64(w.pkg(p)))
}

func (w *writer) appendType(b []byte, t types.Type) []byte {
	return binary.AppendUvarint(b, uint64(w.typ(t)))
}

// typ returns the index of t in the types table, writing it first.
func (w *writer) typ(t types.Type) int {
	if t == nil {
		fail("nil type")
	}
	if i, ok := w.typeIdx[t]; ok {
		return i
	}
	// The index is taken before the encoding so that recursive types end.
	i := len(w.types)
	w.types = append(w.types, nil)
	w.typeIdx[t] = i
	w.types[i] = w.encode(t)
	return i
}

// universeByName maps the universe's types to their names.
func universeName(t types.Type) (string, bool) {
	for _, name := range []string{"error", "comparable", "any"} {
		if types.Universe.Lookup(name).Type() == t {
			return name, true
		}
	}
	return "", false
}

func (w *writer) encode(t types.Type) []byte {
	if name, ok := universeName(t); ok {
		return w.appendStr([]byte{tUniverse}, name)
	}
	if t == types.Universe.Lookup("any").Type().Underlying() {
		return []byte{tAnyInterface}
	}
	switch t := t.(type) {
	case *types.Basic:
		kind := int(t.Kind())
		switch {
		case t == types.Universe.Lookup("byte").Type():
			kind = kindByte
		case t == types.Universe.Lookup("rune").Type():
			kind = kindRune
		case kind < 0 || kind >= len(types.Typ) || types.Typ[kind] != t:
			fail("basic type %v is not one of the universe's", t)
		}
		return binary.AppendUvarint([]byte{tBasic}, uint64(kind))
	case *types.Named:
		if t.Origin() != t {
			b := w.appendType([]byte{tInstance}, t.Origin())
			return w.appendTypeList(b, t.TypeArgs())
		}
		obj := t.Obj()
		w.checkDeclared(obj)
		b := w.appendPkg([]byte{tNamed}, obj.Pkg())
		b = w.appendStr(b, obj.Name())
		b = w.appendTypeParams(b, t.TypeParams())
		b = w.appendType(b, t.Underlying())
		b = binary.AppendUvarint(b, uint64(t.NumMethods()))
		for m := range t.Methods() {
			b = w.appendPkg(b, m.Pkg())
			b = w.appendStr(b, m.Name())
			b = w.appendType(b, m.Type())
		}
		return b
	case *types.Alias:
		if t.Origin() != t {
			b := w.appendType([]byte{tAliasInstance}, t.Origin())
			return w.appendTypeList(b, t.TypeArgs())
		}
		obj := t.Obj()
		w.checkDeclared(obj)
		b := w.appendPkg([]byte{tAlias}, obj.Pkg())
		b = w.appendStr(b, obj.Name())
		b = w.appendTypeParams(b, t.TypeParams())
		return w.appendType(b, t.Rhs())
	case *types.Pointer:
		return w.appendType([]byte{tPointer}, t.Elem())
	case *types.Slice:
		return w.appendType([]byte{tSlice}, t.Elem())
	case *types.Array:
		if t.Len() < 0 {
			fail("array of unknown length")
		}
		b := binary.AppendUvarint([]byte{tArray}, uint64(t.Len()))
		return w.appendType(b, t.Elem())
	case *types.Map:
		b := w.appendType([]byte{tMap}, t.Key())
		return w.appendType(b, t.Elem())
	case *types.Chan:
		b := []byte{tChan, byte(t.Dir())}
		return w.appendType(b, t.Elem())
	case *types.Signature:
		b := []byte{tSignature}
		flags := byte(0)
		if t.Variadic() {
			flags |= 1
		}
		if t.Recv() != nil {
			flags |= 2
		}
		b = append(b, flags)
		b = w.appendTypeParams(b, t.RecvTypeParams())
		b = w.appendTypeParams(b, t.TypeParams())
		if t.Recv() != nil {
			b = w.appendVar(b, t.Recv())
		}
		b = w.appendTuple(b, t.Params())
		return w.appendTuple(b, t.Results())
	case *types.Struct:
		b := binary.AppendUvarint([]byte{tStruct}, uint64(t.NumFields()))
		for i := range t.NumFields() {
			f := t.Field(i)
			b = w.appendVar(b, f)
			if f.Embedded() {
				b = append(b, 1)
			} else {
				b = append(b, 0)
			}
			b = w.appendStr(b, t.Tag(i))
		}
		return b
	case *types.Interface:
		b := []byte{tInterface, 0}
		if t.IsImplicit() {
			b[1] = 1
		}
		b = binary.AppendUvarint(b, uint64(t.NumExplicitMethods()))
		for m := range t.ExplicitMethods() {
			b = w.appendPkg(b, m.Pkg())
			b = w.appendStr(b, m.Name())
			sig := m.Signature()
			switch recv := sig.Recv(); {
			case recv == nil:
				b = append(b, recvNone)
			case recv.Type() == t && recv.Name() == "" && recv.Pkg() == m.Pkg() && recv.Kind() == types.RecvVar:
				b = append(b, recvSelf)
			default:
				b = append(b, recvVar)
				b = w.appendVar(b, recv)
			}
			if sig.TypeParams().Len() > 0 || sig.RecvTypeParams().Len() > 0 {
				fail("interface method %s has type parameters", m.Name())
			}
			flags := byte(0)
			if sig.Variadic() {
				flags = 1
			}
			b = append(b, flags)
			b = w.appendTuple(b, sig.Params())
			b = w.appendTuple(b, sig.Results())
		}
		b = binary.AppendUvarint(b, uint64(t.NumEmbeddeds()))
		for e := range t.EmbeddedTypes() {
			b = w.appendType(b, e)
		}
		return b
	case *types.Union:
		b := binary.AppendUvarint([]byte{tUnion}, uint64(t.Len()))
		for term := range t.Terms() {
			if term.Tilde() {
				b = append(b, 1)
			} else {
				b = append(b, 0)
			}
			b = w.appendType(b, term.Type())
		}
		return b
	case *types.TypeParam:
		obj := t.Obj()
		b := w.appendPkg([]byte{tTypeParam}, obj.Pkg())
		b = w.appendStr(b, obj.Name())
		return w.appendType(b, t.Constraint())
	}
	fail("unexpected type %T (%v)", t, t)
	return nil
}

// checkDeclared fails unless obj is declared at a package's top level:
// types declared in functions do not appear in an API.
func (w *writer) checkDeclared(obj *types.TypeName) {
	if obj.Pkg() == nil || obj.Pkg().Scope().Lookup(obj.Name()) != obj {
		fail("type %s is not declared at package level", obj.Name())
	}
}

func (w *writer) appendTypeList(b []byte, l *types.TypeList) []byte {
	b = binary.AppendUvarint(b, uint64(l.Len()))
	for t := range l.Types() {
		b = w.appendType(b, t)
	}
	return b
}

func (w *writer) appendTypeParams(b []byte, l *types.TypeParamList) []byte {
	b = binary.AppendUvarint(b, uint64(l.Len()))
	for t := range l.TypeParams() {
		b = w.appendType(b, t)
	}
	return b
}

// appendVar writes a parameter, result, receiver or field.
func (w *writer) appendVar(b []byte, v *types.Var) []byte {
	b = append(b, byte(v.Kind()))
	b = w.appendPkg(b, v.Pkg())
	b = w.appendStr(b, v.Name())
	return w.appendType(b, v.Type())
}

func (w *writer) appendTuple(b []byte, t *types.Tuple) []byte {
	b = binary.AppendUvarint(b, uint64(t.Len()))
	for v := range t.Variables() {
		b = w.appendVar(b, v)
	}
	return b
}

func (w *writer) appendValue(b []byte, v constant.Value) []byte {
	switch v.Kind() {
	case constant.Bool:
		if constant.BoolVal(v) {
			return append(b, vBool, 1)
		}
		return append(b, vBool, 0)
	case constant.String:
		return w.appendStr(append(b, vString), constant.StringVal(v))
	case constant.Int:
		return appendInt(b, v)
	case constant.Float:
		num, den := constant.Num(v), constant.Denom(v)
		if num.Kind() != constant.Int || den.Kind() != constant.Int {
			fail("float constant %v is not a fraction", v)
		}
		return appendInt(appendInt(append(b, vFloat), num), den)
	case constant.Complex:
		b = append(b, vComplex)
		b = w.appendValue(b, constant.Real(v))
		return w.appendValue(b, constant.Imag(v))
	}
	fail("constant %v of kind %v", v, v.Kind())
	return nil
}

func appendInt(b []byte, v constant.Value) []byte {
	if x, ok := constant.Int64Val(v); ok {
		return binary.AppendVarint(append(b, vInt), x)
	}
	x, ok := constant.Val(v).(*big.Int)
	if !ok {
		fail("integer constant %v", v)
	}
	sign := byte(0)
	if x.Sign() < 0 {
		sign = 1
	}
	mag := new(big.Int).Abs(x).Bytes()
	b = append(b, vBigInt, sign)
	b = binary.AppendUvarint(b, uint64(len(mag)))
	return append(b, mag...)
}
