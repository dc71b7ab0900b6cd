package stubgen

import (
	"bytes"
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"
)

// write returns the declaration stub of w.pkg: every object of its scope
// written as Go source without bodies.
func (w *stubWriter) write() ([]byte, error) {
	pkg := w.pkg
	scope := pkg.Scope()
	var body bytes.Buffer
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		if !Kept(obj) {
			continue
		}
		if types.Universe.Lookup(name) != nil {
			return nil, fmt.Errorf("stubgen: %s declares %s, a predeclared name", pkg.Path(), name)
		}
		if err := w.object(&body, obj); err != nil {
			return nil, err
		}
	}
	if w.err != nil {
		return nil, w.err
	}
	var out bytes.Buffer
	fmt.Fprintf(&out, "package %s\n", pkg.Name())
	for _, p := range w.sortedImports() {
		if a := w.alias[p]; a != p.Name() {
			fmt.Fprintf(&out, "import %s %q\n", a, p.Path())
		} else {
			fmt.Fprintf(&out, "import %q\n", p.Path())
		}
	}
	out.Write(body.Bytes())
	return out.Bytes(), nil
}

// Kept reports whether a stub declares obj: the exported objects, and the
// unexported types, which exported ones may be made of. An unexported
// function, variable or constant can be named by no other package, and a
// stub has no bodies that could use it.
func Kept(obj types.Object) bool {
	_, isType := obj.(*types.TypeName)
	return obj.Exported() || isType
}

// sortedImports returns the packages the stub refers to, by path.
func (w *stubWriter) sortedImports() []*types.Package {
	imports := make([]*types.Package, 0, len(w.alias))
	for p := range w.alias {
		imports = append(imports, p)
	}
	slices.SortFunc(imports, func(a, b *types.Package) int { return strings.Compare(a.Path(), b.Path()) })
	return imports
}

type stubWriter struct {
	pkg   *types.Package
	alias map[*types.Package]string // imported package -> its name in the stub
	err   error
}

// qualify names another package by an import name that no object of the
// stub's package uses.
func (w *stubWriter) qualify(p *types.Package) string {
	if p == w.pkg {
		return ""
	}
	if a, ok := w.alias[p]; ok {
		return a
	}
	a := p.Name()
	for n := 2; w.pkg.Scope().Lookup(a) != nil || w.aliasTaken(a); n++ {
		a = p.Name() + strconv.Itoa(n)
	}
	w.alias[p] = a
	return a
}

func (w *stubWriter) aliasTaken(a string) bool {
	for _, b := range w.alias {
		if a == b {
			return true
		}
	}
	return false
}

func (w *stubWriter) typ(t types.Type) string {
	s := types.TypeString(t, w.qualify)
	if strings.ContainsAny(s, "·$") && w.err == nil {
		w.err = fmt.Errorf("stubgen: %s: type %s cannot be written as source", w.pkg.Path(), s)
	}
	return s
}

func (w *stubWriter) object(b *bytes.Buffer, obj types.Object) error {
	switch obj := obj.(type) {
	case *types.Const:
		return w.constant(b, obj)
	case *types.Var:
		fmt.Fprintf(b, "var %s %s\n", obj.Name(), w.typ(obj.Type()))
	case *types.Func:
		sig := obj.Type().(*types.Signature)
		fmt.Fprintf(b, "func %s%s%s\n", obj.Name(), w.signature(sig), genericBody(sig))
	case *types.TypeName:
		return w.typeName(b, obj)
	default:
		return fmt.Errorf("stubgen: %s.%s: unexpected object %T", w.pkg.Path(), obj.Name(), obj)
	}
	return nil
}

func (w *stubWriter) typeName(b *bytes.Buffer, obj *types.TypeName) error {
	switch t := obj.Type().(type) {
	case *types.Alias:
		fmt.Fprintf(b, "type %s%s = %s\n", obj.Name(), w.typeParams(t.TypeParams()), w.typ(t.Rhs()))
	case *types.Named:
		fmt.Fprintf(b, "type %s%s %s\n", obj.Name(), w.typeParams(t.TypeParams()), w.typ(t.Underlying()))
		for i := range t.NumMethods() {
			m := t.Method(i)
			sig := m.Type().(*types.Signature)
			recv := sig.Recv()
			rt := recv.Type()
			star := ""
			if p, ok := rt.(*types.Pointer); ok {
				star, rt = "*", p.Elem()
			}
			name := obj.Name()
			if tps := sig.RecvTypeParams(); tps.Len() > 0 {
				names := make([]string, tps.Len())
				for j := range names {
					names[j] = tps.At(j).Obj().Name()
				}
				name += "[" + strings.Join(names, ", ") + "]"
			}
			if rt.(*types.Named).Obj() != obj {
				return fmt.Errorf("stubgen: %s.%s: method %s has receiver %s", w.pkg.Path(), obj.Name(), m.Name(), rt)
			}
			rname := recv.Name()
			if rname == "" {
				rname = "_"
			}
			fmt.Fprintf(b, "func (%s %s%s) %s%s%s\n", rname, star, name, m.Name(), w.signature(sig), genericBody(sig))
		}
	default:
		return fmt.Errorf("stubgen: %s.%s: unexpected type %T", w.pkg.Path(), obj.Name(), t)
	}
	return nil
}

// genericBody is the body a generic function or method needs, as go/types
// accepts no declaration without one for them: a call of panic ends it
// whatever it returns.
func genericBody(sig *types.Signature) string {
	if sig.TypeParams().Len() == 0 && sig.RecvTypeParams().Len() == 0 {
		return ""
	}
	return " { panic(0) }"
}

func (w *stubWriter) typeParams(list *types.TypeParamList) string {
	if list.Len() == 0 {
		return ""
	}
	parts := make([]string, list.Len())
	for i := range parts {
		tp := list.At(i)
		parts[i] = tp.Obj().Name() + " " + w.typ(tp.Constraint())
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// signature writes a function's type parameters, parameters and results;
// types.WriteSignature leaves out the receiver.
func (w *stubWriter) signature(sig *types.Signature) string {
	var b bytes.Buffer
	types.WriteSignature(&b, sig, w.qualify)
	s := b.String()
	if strings.ContainsAny(s, "·$") && w.err == nil {
		w.err = fmt.Errorf("stubgen: %s: signature %s cannot be written as source", w.pkg.Path(), s)
	}
	return s
}

// constant writes a constant so that go/constant reads back the same kind
// and the exact same value.
func (w *stubWriter) constant(b *bytes.Buffer, obj *types.Const) error {
	t := ""
	basic, untyped := obj.Type().(*types.Basic)
	untyped = untyped && basic.Info()&types.IsUntyped != 0
	if !untyped {
		t = " " + w.typ(obj.Type())
	}
	v := obj.Val()
	var lit string
	switch v.Kind() {
	case constant.Bool, constant.String:
		lit = v.ExactString()
	case constant.Int:
		lit = v.ExactString()
		if untyped && basic.Kind() == types.UntypedRune {
			lit = "'\\x00' + " + lit
		}
	case constant.Float:
		lit = exactFloat(v)
	case constant.Complex:
		lit = "complex(" + exactFloat(constant.ToFloat(constant.Real(v))) + ", " + exactFloat(constant.ToFloat(constant.Imag(v))) + ")"
	default:
		return fmt.Errorf("stubgen: %s.%s: constant of kind %s", w.pkg.Path(), obj.Name(), v.Kind())
	}
	if strings.Contains(lit, "Unknown") {
		return fmt.Errorf("stubgen: %s.%s: value %s cannot be written exactly", w.pkg.Path(), obj.Name(), v)
	}
	fmt.Fprintf(b, "const %s%s = %s\n", obj.Name(), t, lit)
	return nil
}

// exactFloat writes a float constant as the exact fraction it holds, as
// float literals: an untyped constant stays a float, and go/types takes
// float literals of any size (MaxFloat64, 1/SmallestNonzeroFloat64) where
// it limits integer constants to 512 bits.
func exactFloat(v constant.Value) string {
	num, den := constant.Num(v), constant.Denom(v)
	if num.Kind() != constant.Int || den.Kind() != constant.Int {
		return "Unknown"
	}
	if constant.Compare(den, token.EQL, constant.MakeInt64(1)) {
		return num.ExactString() + ".0"
	}
	return num.ExactString() + ".0 / " + den.ExactString() + ".0"
}
