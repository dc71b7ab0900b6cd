package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"
)

// refuseLocalIdentity refuses a type declared inside a function, without
// methods, that would pass for another in an interface: the interpreter
// makes it its underlying type there (F(1.0) equals float64(1.0), a
// names value asserts to []string, %T prints []string), and the boxes
// that keep identity (boxing.go) exist only for package-level types. It
// is refused at its declaration when its values (or pointers to them) go
// into an interface or it is asserted to, and
//   - a non-struct type: the program asserts or switches to its
//     representation, prints type names (%T, %#v), or tells interface
//     values apart (compares them, switches on one, keys a map by one)
//     while another type of its representation goes into an interface;
//   - a struct type: the program prints type names, or another struct
//     type (of another name) with its fields goes into an interface or is
//     asserted to, in a program that tells types apart.
func (l *lowerer) refuseLocalIdentity() {
	var locals []*types.TypeName
	for id, obj := range l.info.Defs {
		tn, ok := obj.(*types.TypeName)
		if !ok || tn.IsAlias() || tn.Parent() == l.pkg.Scope() || tn.Parent() == nil || id.Name == "_" {
			continue
		}
		named, ok := tn.Type().(*types.Named)
		if !ok || named.TypeParams().Len() > 0 || types.NewMethodSet(types.NewPointer(named)).Len() > 0 || types.IsInterface(named) {
			continue
		}
		locals = append(locals, tn)
	}
	if len(locals) == 0 {
		return
	}
	all, observed := l.identityObserved()
	names := false // %T or %#v, which name a type
	ast.Inspect(l.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SwitchStmt:
			if n.Tag != nil && types.IsInterface(typeOrNil(l.typeOf(n.Tag))) {
				all = true
			}
		case *ast.BasicLit:
			if n.Kind == token.STRING && (strings.Contains(n.Value, "%T") || strings.Contains(n.Value, "%#v")) {
				names = true
			}
		}
		return true
	})
	inIface := l.typesInInterfaces()
	sort.Slice(locals, func(i, j int) bool { return locals[i].Pos() < locals[j].Pos() })
	for _, tn := range locals {
		t := tn.Type()
		if !containsIdentical(inIface, t) && !containsIdentical(inIface, types.NewPointer(t)) {
			continue
		}
		shown := types.TypeString(t.Underlying(), func(*types.Package) string { return "" })
		if _, isStruct := t.Underlying().(*types.Struct); isStruct {
			if names || (all || len(observed) > 0) && l.twinIn(t, inIface, true) {
				l.unsupported(tn.Pos(), "struct type "+tn.Name()+", declared inside a function, in a program that prints type names (%T, %#v) or has another struct type with its fields, is not supported by the playground (it would pass for "+
					shown+"); declare it at package level, under a name no other type of the program has")
			}
			continue
		}
		if names || containsIdentical(observed, representation(t)) || all && l.twinIn(t, inIface, false) {
			l.unsupported(tn.Pos(), "type "+tn.Name()+", declared inside a function, in a program that tells types apart in interfaces is not supported by the playground (its values would pass for "+
				shown+"); declare it at package level, under a name no other type of the program has")
		}
	}
}

// typesInInterfaces lists the types of the values that go into an
// interface (walkSites; a case compared with an interface tag too) and
// the types asserted or switched to.
func (l *lowerer) typesInInterfaces() []types.Type {
	var out []types.Type
	add := func(t types.Type) {
		if t != nil && !types.IsInterface(t) {
			out = append(out, types.Default(t))
		}
	}
	l.walkSites(func(e *ast.Expr, target types.Type) {
		if target != nil && types.IsInterface(target) {
			add(l.typeOf(*e))
		}
	})
	ast.Inspect(l.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.TypeAssertExpr:
			if n.Type != nil {
				add(l.typeOf(n.Type))
			}
		case *ast.CaseClause:
			for _, e := range n.List {
				add(l.typeOf(e))
			}
		}
		return true
	})
	return out
}

// twinIn reports whether a type of list other than t (and, with
// otherName, of another name than t's: assertions to one of the same name
// are refused as a shared name) has t's representation.
func (l *lowerer) twinIn(t types.Type, list []types.Type, otherName bool) bool {
	name := t.(*types.Named).Obj().Name()
	for _, u := range list {
		if p, ok := u.(*types.Pointer); ok {
			u = p.Elem()
		}
		if types.Identical(u, t) {
			continue
		}
		if n, ok := u.(*types.Named); ok && otherName && n.Obj().Name() == name {
			continue
		}
		if types.Identical(representation(u), representation(t)) {
			return true
		}
	}
	return false
}
