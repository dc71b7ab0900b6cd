package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
)

// unaliasDeep returns t with every alias in it replaced by the type it
// stands for, as Go's runtime names types: with type Celsius = float64,
// %T of a Celsius prints float64 and of a []Celsius []float64.
// (types.TypeString keeps an alias's name.) Instances of generic types
// are left as they are. A func type loses its parameters' names too.
func unaliasDeep(t types.Type) types.Type {
	switch x := t.(type) {
	case *types.Alias:
		return unaliasDeep(types.Unalias(x))
	case *types.Pointer:
		if e := unaliasDeep(x.Elem()); e != x.Elem() {
			return types.NewPointer(e)
		}
	case *types.Slice:
		if e := unaliasDeep(x.Elem()); e != x.Elem() {
			return types.NewSlice(e)
		}
	case *types.Array:
		if e := unaliasDeep(x.Elem()); e != x.Elem() {
			return types.NewArray(e, x.Len())
		}
	case *types.Map:
		k, e := unaliasDeep(x.Key()), unaliasDeep(x.Elem())
		if k != x.Key() || e != x.Elem() {
			return types.NewMap(k, e)
		}
	case *types.Chan:
		if e := unaliasDeep(x.Elem()); e != x.Elem() {
			return types.NewChan(x.Dir(), e)
		}
	case *types.Struct:
		fields := make([]*types.Var, x.NumFields())
		tags := make([]string, x.NumFields())
		changed := false
		for i := range x.NumFields() {
			f := x.Field(i)
			ft := unaliasDeep(f.Type())
			fields[i], tags[i] = f, x.Tag(i)
			if ft != f.Type() {
				changed = true
				fields[i] = types.NewField(f.Pos(), f.Pkg(), f.Name(), ft, f.Embedded())
			}
		}
		if changed {
			return types.NewStruct(fields, tags)
		}
	case *types.Signature:
		params, pc := unaliasTuple(x.Params())
		results, rc := unaliasTuple(x.Results())
		if pc || rc {
			return types.NewSignatureType(nil, nil, nil, params, results, x.Variadic())
		}
	}
	return t
}

// unaliasTuple applies unaliasDeep to each variable of tup, drops its
// name, and reports whether any changed.
func unaliasTuple(tup *types.Tuple) (*types.Tuple, bool) {
	if tup == nil {
		return nil, false
	}
	vars := make([]*types.Var, tup.Len())
	changed := false
	for i := range tup.Len() {
		v := tup.At(i)
		vars[i] = v
		// Go's runtime names a func type without its parameters' and
		// results' names: func([]main.T) int.
		if vt := unaliasDeep(v.Type()); vt != v.Type() || v.Name() != "" {
			changed = true
			vars[i] = types.NewParam(v.Pos(), v.Pkg(), "", vt)
		}
	}
	return types.NewTuple(vars...), changed
}

// refuseLocalAliases refuses a type alias declared inside a function
// (type Celsius = float64 in main): the interpreter does not know the
// name afterwards ("undefined: Celsius").
func (l *lowerer) refuseLocalAliases() {
	ast.Inspect(l.file, func(n ast.Node) bool {
		ds, ok := n.(*ast.DeclStmt)
		if !ok {
			return true
		}
		if gd, ok := ds.Decl.(*ast.GenDecl); ok && gd.Tok == token.TYPE {
			for _, s := range gd.Specs {
				if ts := s.(*ast.TypeSpec); ts.Assign.IsValid() {
					l.unsupported(ts.Name.Pos(), "a type alias declared inside a function ("+ts.Name.Name+") is not supported by the playground; declare it at package level")
				}
			}
		}
		return true
	})
}
