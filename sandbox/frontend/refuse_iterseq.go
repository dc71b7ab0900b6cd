package frontend

import (
	"go/ast"
	"go/types"
	"strings"
)

// The interpreter holds the values of iter.Seq and iter.Seq2 (and of
// types built of them, []iter.Seq[int]) as plain func types: the front
// end names them statically for %T where the operand's type is known
// (fmtverbs.go), but where the type is lost, in an interface, they would
// pass for func(func(int) bool): %T would print that, a type switch would
// take its case and an assertion to it would succeed, where Go keeps the
// names apart. (Behind a type parameter they
// keep their names: the program's generics are written out per instance.)
//
// refuseIterSeqIdentity refuses, at the value, a sequence that goes into
// an interface other than as an argument of a package's function
// (fmt.Println(seq) prints an address, as Go does, and the %T of fmt's
// functions is named statically).
func (l *lowerer) refuseIterSeqIdentity() {
	if !l.importsIter() {
		return
	}
	packageArgs := map[ast.Expr]bool{}
	ast.Inspect(l.file, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && l.packageFunc(call) {
			for _, a := range call.Args {
				packageArgs[a] = true
			}
		}
		return true
	})
	l.walkSites(func(e *ast.Expr, target types.Type) {
		if target == nil || !types.IsInterface(target) || packageArgs[*e] {
			return
		}
		if t := l.typeOf(*e); t != nil && !types.IsInterface(t) && mentionsIterSeq(t) {
			l.unsupported((*e).Pos(), "a value of type "+l.typeString(t, func(p *types.Package) string { return p.Name() })+
				" in an interface is not supported by the playground (it would pass for its func type there); keep it in a variable of its own type")
		}
	})
}

// importsIter reports whether the program can name a sequence type: it
// imports iter, or a package whose functions return sequences.
func (l *lowerer) importsIter() bool {
	for _, spec := range l.file.Imports {
		switch strings.Trim(spec.Path.Value, `"`) {
		case "iter", "slices", "maps", "strings", "bytes":
			return true
		}
	}
	return false
}

// mentionsIterSeq reports whether t is or is built of iter.Seq or
// iter.Seq2.
func mentionsIterSeq(t types.Type) bool {
	s := types.TypeString(t, func(p *types.Package) string { return p.Path() })
	return strings.Contains(s, "iter.Seq[") || strings.Contains(s, "iter.Seq2[")
}
