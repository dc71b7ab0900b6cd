package frontend

import (
	"go/ast"
	"go/types"
	"strings"
)

// refuseStructUnwrappers refuses, in a program that calls errors.Is,
// errors.As, errors.AsType or errors.Unwrap, a value of a struct type of
// the program whose value-receiver methods include Unwrap, Is or As going
// into an interface (assigned, returned, an argument, an operand of
// fmt.Errorf's %w, ...). The interpreter keeps such a value in error as
// one of its fields (assertwrapped.go), so errors.Is(fmt.Errorf("wrap:
// %w", W{ErrA}), ErrA) was false: neither the front end's helpers nor the
// compiled errors package could reach W's Unwrap. A pointer to the
// struct is kept whole.
func (l *lowerer) refuseStructUnwrappers() {
	var unwrappers []types.Type
	for _, tn := range l.ownTypes() {
		t := tn.Type()
		if _, isStruct := t.Underlying().(*types.Struct); !isStruct {
			continue
		}
		ms := types.NewMethodSet(t)
		if l.grabTag(t) != 0 && ms.Lookup(l.pkg, "As") == nil {
			continue // the walks find it through its Error method (errgrab.go)
		}
		for _, m := range []string{"Unwrap", "Is", "As"} {
			if ms.Lookup(l.pkg, m) != nil {
				unwrappers = append(unwrappers, t)
				break
			}
		}
	}
	if len(unwrappers) == 0 || !l.callsErrorsChain() {
		return
	}
	refused := map[ast.Expr]bool{}
	l.walkSites(func(e *ast.Expr, target types.Type) {
		t := l.typeOf(*e)
		if target == nil || !types.IsInterface(target) || t == nil || refused[*e] || !containsIdentical(unwrappers, t) {
			return
		}
		refused[*e] = true
		qualify := func(p *types.Package) string { return p.Name() }
		name := l.typeString(t, qualify)
		methods := l.chainMethods(t)
		what := "a value-receiver " + methods[0] + " method"
		if len(methods) > 1 {
			what = "value-receiver " + strings.Join(methods, " and ") + " methods"
		}
		l.unsupported((*e).Pos(), "storing a "+name+" (a struct with "+what+") in an interface, in a program that uses errors.Is, As or Unwrap, is not supported by the playground (they would not see through it); give "+
			name+"'s methods pointer receivers and use a pointer to it")
	})
}

// chainMethods lists which of Unwrap, Is and As t has.
func (l *lowerer) chainMethods(t types.Type) []string {
	var out []string
	ms := types.NewMethodSet(t)
	for _, m := range []string{"Unwrap", "Is", "As"} {
		if ms.Lookup(l.pkg, m) != nil {
			out = append(out, m)
		}
	}
	return out
}

// callsErrorsChain reports whether the program calls errors.Is, As,
// AsType or Unwrap.
func (l *lowerer) callsErrorsChain() bool {
	found := false
	ast.Inspect(l.file, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !found {
			for _, name := range []string{"Is", "As", "AsType", "Unwrap"} {
				fun := call.Fun
				if ix, ok := fun.(*ast.IndexExpr); ok {
					fun = ix.X // errors.AsType[T]
				}
				if l.isPackageFunc(fun, "errors", name) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}
