package frontend

import (
	"go/ast"
	"go/constant"
	"go/types"
	"sort"
)

// Declarations the interpreter or the lowering cannot take as Go does.
//
// refuseDeclarations reports, at the learner's line:
//
//   - a declaration of true, false or nil: the lowering writes them in the
//     code it adds (func() bool { ...; return true }()), where the
//     program's declaration would be taken instead of the predeclared one;
//   - a struct type with more than one blank (_) field: the interpreter
//     builds struct types with reflect.StructOf, which refuses two fields
//     of one name;
//   - an unkeyed struct literal that sets a blank field to anything but a
//     constant zero: Go ignores blank fields when it compares structs, the
//     interpreter does not.
func (l *lowerer) refuseDeclarations() {
	for _, id := range sortedIdents(l.info.Defs) {
		switch id.Name {
		case "true", "false", "nil":
			if l.info.Defs[id] != nil {
				l.unsupported(id.Pos(), "declaring "+id.Name+" is not supported by the playground (the code it adds to run the program uses the predeclared "+id.Name+"); choose another name")
			}
		}
	}
	ast.Inspect(l.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.StructType:
			l.refuseBlankFields(n)
		case *ast.CompositeLit:
			l.refuseBlankValues(n)
		}
		return true
	})
}

// refuseBlankFields refuses a struct type's second blank field.
func (l *lowerer) refuseBlankFields(st *ast.StructType) {
	blanks := 0
	for _, f := range st.Fields.List {
		for _, name := range f.Names {
			if name.Name != "_" {
				continue
			}
			if blanks++; blanks == 2 {
				l.unsupported(name.Pos(), "a struct type with more than one blank (_) field is not supported by the playground; give the padding fields names")
				return
			}
		}
	}
}

// refuseBlankValues refuses an unkeyed struct literal's value for a blank
// field unless it is a constant zero.
func (l *lowerer) refuseBlankValues(lit *ast.CompositeLit) {
	st, ok := under(l.typeOf(lit)).(*types.Struct)
	if !ok || len(lit.Elts) != st.NumFields() {
		return
	}
	if _, keyed := firstElt(lit).(*ast.KeyValueExpr); keyed {
		return
	}
	for i, e := range lit.Elts {
		if st.Field(i).Name() != "_" {
			continue
		}
		if v := l.typeAndValue(e).Value; v != nil && isZeroConst(v) {
			continue
		}
		l.unsupported(e.Pos(), "setting a blank (_) field in a struct literal is not supported by the playground (the value would count when the struct is compared); write the literal with field names")
		return
	}
}

func firstElt(lit *ast.CompositeLit) ast.Expr {
	if len(lit.Elts) == 0 {
		return nil
	}
	return lit.Elts[0]
}

// sortedIdents returns the identifiers of defs in source order.
func sortedIdents(defs map[*ast.Ident]types.Object) []*ast.Ident {
	ids := make([]*ast.Ident, 0, len(defs))
	for id := range defs {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i].Pos() < ids[j].Pos() })
	return ids
}

// isZeroConst reports whether v is the zero value of its kind.
func isZeroConst(v constant.Value) bool {
	switch v.Kind() {
	case constant.Bool:
		return !constant.BoolVal(v)
	case constant.String:
		return constant.StringVal(v) == ""
	case constant.Int, constant.Float, constant.Complex:
		return constant.Sign(constant.Real(v)) == 0 && constant.Sign(constant.Imag(v)) == 0
	}
	return false
}
