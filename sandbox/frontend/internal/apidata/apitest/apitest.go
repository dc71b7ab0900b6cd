// Package apitest compares two readings of the same packages' APIs object
// by object: the tests of the front end's type information use it to hold
// the bundle's reader to go/importer's reading of the compiler's export
// data. It is imported by tests only.
package apitest

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"sort"
	"strings"
)

// Compare describes every object of each package in want and the same
// package as imp reads it, with every type they reach (other packages'
// and unexported ones included): underlying types, type parameters and
// constraints, methods and method sets, struct fields and tags, interface
// method sets, embeddeds and unions, and constants' exact values. It
// returns the differences, and the number of descriptions compared.
// It also checks that imp's packages hold one package per path and one
// declaration per type.
func Compare(want []*types.Package, imp types.Importer) (diffs []string, compared int) {
	wd, gd := newDescriber(), newDescriber()
	for _, wp := range want {
		gp, err := imp.Import(wp.Path())
		if err != nil {
			diffs = append(diffs, fmt.Sprintf("import %s: %v", wp.Path(), err))
			continue
		}
		if gp.Name() != wp.Name() || !gp.Complete() {
			diffs = append(diffs, fmt.Sprintf("package %s: name %s (want %s), complete %v", wp.Path(), gp.Name(), wp.Name(), gp.Complete()))
		}
		for _, name := range wp.Scope().Names() {
			if token.IsExported(name) && gp.Scope().Lookup(name) == nil {
				diffs = append(diffs, fmt.Sprintf("%s.%s: missing", wp.Path(), name))
			}
		}
		for _, name := range gp.Scope().Names() {
			wo := wp.Scope().Lookup(name)
			if wo == nil {
				diffs = append(diffs, fmt.Sprintf("%s.%s: not in the compared package", wp.Path(), name))
				continue
			}
			wd.object(wo)
			gd.object(gp.Scope().Lookup(name))
		}
	}
	for wd.more() || gd.more() {
		wd.drain()
		gd.drain()
	}
	keys := map[string]bool{}
	for k := range wd.out {
		keys[k] = true
	}
	for k := range gd.out {
		keys[k] = true
	}
	sorted := make([]string, 0, len(keys))
	for k := range keys {
		sorted = append(sorted, k)
	}
	sort.Strings(sorted)
	for _, k := range sorted {
		if wd.out[k] != gd.out[k] {
			diffs = append(diffs, fmt.Sprintf("%s:\nwant: %s\ngot:  %s", k, wd.out[k], gd.out[k]))
		}
	}
	// One package per path, and a type used by two packages is one object.
	for path, pkgs := range gd.pkgs {
		if len(pkgs) != 1 {
			diffs = append(diffs, fmt.Sprintf("%d packages with path %s", len(pkgs), path))
		}
	}
	for obj := range gd.named {
		p := gd.onePkg(obj.Pkg().Path())
		if declared := p.Scope().Lookup(obj.Name()); declared != obj || !types.Identical(declared.Type(), obj.Type()) {
			diffs = append(diffs, fmt.Sprintf("%s.%s: two declarations", p.Path(), obj.Name()))
		}
	}
	return diffs, len(sorted)
}

// describer writes one side's descriptions, keyed by object.
type describer struct {
	out   map[string]string
	queue []types.Object
	seen  map[types.Object]bool
	named map[*types.TypeName]bool
	pkgs  map[string]map[*types.Package]bool
}

func newDescriber() *describer {
	return &describer{
		out:   map[string]string{},
		seen:  map[types.Object]bool{},
		named: map[*types.TypeName]bool{},
		pkgs:  map[string]map[*types.Package]bool{},
	}
}

func (d *describer) more() bool { return len(d.queue) > 0 }

func (d *describer) drain() {
	for len(d.queue) > 0 {
		obj := d.queue[0]
		d.queue = d.queue[1:]
		d.object(obj)
	}
}

func (d *describer) onePkg(path string) *types.Package {
	for p := range d.pkgs[path] {
		return p
	}
	return nil
}

func (d *describer) notePkg(p *types.Package) string {
	if p == nil {
		return "<nil>"
	}
	if d.pkgs[p.Path()] == nil {
		d.pkgs[p.Path()] = map[*types.Package]bool{}
	}
	d.pkgs[p.Path()][p] = true
	return p.Path() + " " + p.Name()
}

func qualify(p *types.Package) string { return p.Path() }

func (d *describer) schedule(obj types.Object) {
	if !d.seen[obj] {
		d.seen[obj] = true
		d.queue = append(d.queue, obj)
	}
}

func (d *describer) object(obj types.Object) {
	d.seen[obj] = true
	var b strings.Builder
	key := fmt.Sprintf("%T %s.%s", obj, obj.Pkg().Path(), obj.Name())
	fmt.Fprintf(&b, "%s | pkg %s | exported %v | ", types.ObjectString(obj, qualify), d.notePkg(obj.Pkg()), obj.Exported())
	switch obj := obj.(type) {
	case *types.Const:
		v := obj.Val()
		fmt.Fprintf(&b, "value %v %s | type %s", v.Kind(), v.ExactString(), d.describe(obj.Type()))
		if v.Kind() == constant.Float {
			f, exact := constant.Float64Val(v)
			fmt.Fprintf(&b, " | float64 %v %v", f, exact)
		}
	case *types.Var:
		fmt.Fprintf(&b, "kind %v | type %s", obj.Kind(), d.describe(obj.Type()))
	case *types.Func:
		fmt.Fprintf(&b, "type %s", d.describe(obj.Type()))
	case *types.TypeName:
		d.named[obj] = true
		fmt.Fprintf(&b, "alias %v | ", obj.IsAlias())
		switch t := obj.Type().(type) {
		case *types.Named:
			fmt.Fprintf(&b, "origin %v | tparams %s | underlying %s | methods", t.Origin() == t, d.tparams(t.TypeParams()), d.describe(t.Underlying()))
			for m := range t.Methods() {
				fmt.Fprintf(&b, " [%s | pkg %s | %s]", types.ObjectString(m, qualify), d.notePkg(m.Pkg()), d.describe(m.Type()))
			}
		case *types.Alias:
			fmt.Fprintf(&b, "tparams %s | rhs %s | actual %s", d.tparams(t.TypeParams()), d.describe(t.Rhs()), d.describe(types.Unalias(t)))
		default:
			fmt.Fprintf(&b, "%T", t)
		}
		b.WriteString(" | method sets")
		for _, t := range []types.Type{obj.Type(), types.NewPointer(obj.Type())} {
			ms := types.NewMethodSet(t)
			for i := range ms.Len() {
				s := ms.At(i)
				fmt.Fprintf(&b, " [%s %v %v]", types.SelectionString(s, qualify), s.Index(), s.Indirect())
			}
			b.WriteString(" ;")
		}
		if !types.IsInterface(obj.Type()) {
			fmt.Fprintf(&b, " | comparable %v", types.Comparable(obj.Type()))
		}
	}
	d.out[key] = b.String()
}

func (d *describer) tparams(l *types.TypeParamList) string {
	var parts []string
	for tp := range l.TypeParams() {
		parts = append(parts, fmt.Sprintf("%s#%d %s %s", tp.Obj().Name(), tp.Index(), d.notePkg(tp.Obj().Pkg()), d.describe(tp.Constraint())))
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func (d *describer) vars(t *types.Tuple) string {
	var parts []string
	for v := range t.Variables() {
		parts = append(parts, d.variable(v))
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

func (d *describer) variable(v *types.Var) string {
	return fmt.Sprintf("%s %v %s exported=%v %s", v.Name(), v.Kind(), d.notePkg(v.Pkg()), v.Exported(), d.describe(v.Type()))
}

// describe returns t's structure; named types and aliases are described
// under their own keys.
func (d *describer) describe(t types.Type) string {
	s := types.TypeString(t, qualify)
	switch t := t.(type) {
	case *types.Basic:
		return fmt.Sprintf("basic %s %d %v", s, t.Kind(), types.Universe.Lookup(t.Name()) != nil && types.Universe.Lookup(t.Name()).Type() == t)
	case *types.Named:
		if t.Obj().Pkg() != nil {
			d.schedule(t.Obj())
		}
		if t.Origin() != t {
			var args []string
			for a := range t.TypeArgs().Types() {
				args = append(args, d.describe(a))
			}
			return fmt.Sprintf("instance %s of %s [%s] underlying %s", s, types.TypeString(t.Origin(), qualify), strings.Join(args, ", "), types.TypeString(t.Underlying(), qualify))
		}
		if t.Obj().Pkg() == nil {
			return "universe " + s + fmt.Sprint(types.Universe.Lookup(t.Obj().Name()).Type() == t)
		}
		return "named " + s
	case *types.Alias:
		if t.Obj().Pkg() == nil {
			return "universe " + s + fmt.Sprint(types.Universe.Lookup(t.Obj().Name()).Type() == t)
		}
		d.schedule(t.Obj())
		if t.Origin() != t {
			var args []string
			for a := range t.TypeArgs().Types() {
				args = append(args, d.describe(a))
			}
			return fmt.Sprintf("alias instance %s [%s] = %s", s, strings.Join(args, ", "), d.describe(types.Unalias(t)))
		}
		return "alias " + s
	case *types.TypeParam:
		return fmt.Sprintf("tparam %s#%d %s", t.Obj().Name(), t.Index(), d.notePkg(t.Obj().Pkg()))
	case *types.Pointer:
		return "*" + d.describe(t.Elem())
	case *types.Slice:
		return "[]" + d.describe(t.Elem())
	case *types.Array:
		return fmt.Sprintf("[%d]%s", t.Len(), d.describe(t.Elem()))
	case *types.Map:
		return fmt.Sprintf("map[%s]%s", d.describe(t.Key()), d.describe(t.Elem()))
	case *types.Chan:
		return fmt.Sprintf("chan(%d) %s", t.Dir(), d.describe(t.Elem()))
	case *types.Signature:
		recv := "none"
		if r := t.Recv(); r != nil {
			// The receiver's type is named (or the interface itself): its
			// string is enough and does not recur.
			recv = fmt.Sprintf("%s %v %s %s", r.Name(), r.Kind(), d.notePkg(r.Pkg()), types.TypeString(r.Type(), qualify))
		}
		return fmt.Sprintf("func{%s recv %s rtparams %s tparams %s params %s results %s variadic %v}", s, recv,
			d.tparams(t.RecvTypeParams()), d.tparams(t.TypeParams()), d.vars(t.Params()), d.vars(t.Results()), t.Variadic())
	case *types.Struct:
		var parts []string
		for i := range t.NumFields() {
			f := t.Field(i)
			parts = append(parts, fmt.Sprintf("%s embedded=%v tag=%q", d.variable(f), f.Embedded(), t.Tag(i)))
		}
		return "struct{" + strings.Join(parts, "; ") + "}"
	case *types.Interface:
		var parts []string
		for m := range t.ExplicitMethods() {
			parts = append(parts, fmt.Sprintf("method %s %s %s", m.Name(), d.notePkg(m.Pkg()), d.describe(m.Type())))
		}
		for e := range t.EmbeddedTypes() {
			parts = append(parts, "embeds "+d.describe(e))
		}
		for m := range t.Methods() {
			parts = append(parts, "set "+types.ObjectString(m, qualify))
		}
		return fmt.Sprintf("interface{%s | %s | implicit %v comparable %v methodset %v empty %v}", s, strings.Join(parts, "; "),
			t.IsImplicit(), t.IsComparable(), t.IsMethodSet(), t.Empty())
	case *types.Union:
		var parts []string
		for term := range t.Terms() {
			parts = append(parts, fmt.Sprintf("%v %s", term.Tilde(), d.describe(term.Type())))
		}
		return "union{" + strings.Join(parts, " | ") + "}"
	case *types.Tuple:
		return d.vars(t)
	}
	return fmt.Sprintf("%T %s", t, s)
}
