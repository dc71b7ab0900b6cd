package frontend

import (
	"go/ast"
	"go/types"
	"strings"
)

// Errors of the program's types with Unwrap, Is or As methods handed to
// the course's packages.
//
// The course's packages are compiled: classify.Error, retry.Policy.Do and
// the breaker walk an error's chain with the errors package, which sees
// a value of the program's type only through the interpreter's wrapper of
// error, with Error alone. classify.Error(&opError{"read",
// context.DeadlineExceeded}) with an Unwrap method answered caution
// ("unrecognized error") where Go answers retry.
//
// refuseChainsIntoCore refuses, in a program that declares such a type,
// an argument of a function or method of the course's packages that is an
// error or a function returning one (a retry operation, a breaker's
// call): its errors may carry the type.
func (l *lowerer) refuseChainsIntoCore() {
	var chained types.Type
	for _, tn := range l.ownTypes() {
		t := tn.Type()
		for _, r := range []types.Type{t, types.NewPointer(t)} {
			ms := types.NewMethodSet(r)
			if !types.Implements(r, errorType) {
				continue
			}
			for _, m := range []string{"Unwrap", "Is", "As"} {
				if ms.Lookup(l.pkg, m) != nil && chained == nil {
					chained = t
				}
			}
		}
	}
	if chained == nil {
		return
	}
	ast.Inspect(l.file, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		var id *ast.Ident
		switch f := ast.Unparen(call.Fun).(type) {
		case *ast.SelectorExpr:
			id = f.Sel
		case *ast.Ident:
			id = f
		}
		fn, ok := l.info.Uses[id].(*types.Func)
		if id == nil || !ok || fn.Pkg() == nil || !strings.HasPrefix(fn.Pkg().Path(), corePrefix) {
			return true
		}
		for _, arg := range call.Args {
			if !carriesErrors(l.typeOf(arg)) {
				continue
			}
			qualify := l.qualifyByName()
			l.unsupported(arg.Pos(), "handing errors to "+fn.Pkg().Name()+"."+fn.Name()+" is not supported by the playground in a program whose error type "+
				l.typeString(chained, qualify)+" has an Unwrap, Is or As method: the course's packages, compiled, cannot call it and would not see through it")
			break
		}
		return true
	})
}

// corePrefix is the import path of the course's packages, with a slash.
const corePrefix = "github.com/flakylab/flakylab/core/"

// carriesErrors reports whether a value of type t is an error (a value
// with an Error method) or a function with such a result.
func carriesErrors(t types.Type) bool {
	if t == nil {
		return false
	}
	if sig, ok := under(t).(*types.Signature); ok {
		for i := range sig.Results().Len() {
			if carriesErrors(sig.Results().At(i).Type()) {
				return true
			}
		}
		return false
	}
	return types.Implements(t, errorType)
}
