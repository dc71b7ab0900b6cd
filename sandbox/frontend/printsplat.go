package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// A print of a call's several results, fmt.Println(Sqrt(-2)) as the
// Tour's errors exercise writes it, is written out before the lowering:
//
//	func() (int, error) { _fl_r0, _fl_r1 := Sqrt(-2); return fmt.Println(_fl_r0, _fl_r1) }()
//
// so that each result is an operand the lowering adjusts as it adjusts
// any other (fmtverbs.go); the results could not be reached one by one
// otherwise. The replacement keeps the call's lines (it adds no line
// break), so positions after it on other lines do not move. A print
// that a go or defer statement calls is left as it is (written out, its
// call would run later than Go runs it); printtuple.go refuses it when
// one of the results would not print as in Go.

// splatResults lists, for the print functions whose only operand may be
// one call with several results, what they return. (Go allows such a
// call only as a function's only argument, so Fprint and Append, which
// take a writer or a slice first, never have one.)
var splatResults = map[string]string{
	"Print": "(int, error)", "Println": "(int, error)",
	"Sprint": "string", "Sprintln": "string",
}

// splatPrints returns src with every print of several results written
// out, or nil when there is none.
func splatPrints(fset *token.FileSet, file *ast.File, info *types.Info, src []byte) []byte {
	var splices []splice
	deferred := map[*ast.CallExpr]bool{}
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GoStmt:
			deferred[n.Call] = true
		case *ast.DeferStmt:
			deferred[n.Call] = true
		case *ast.CallExpr:
			if s, ok := splatOne(fset, info, src, n, deferred[n]); ok {
				splices = append(splices, splice{fset.Position(n.Pos()).Offset, fset.Position(n.End()).Offset, s})
				return false // an inner one is written out on the next pass
			}
		}
		return true
	})
	if len(splices) == 0 {
		return nil
	}
	return applySplices(src, splices)
}

// splatOne writes out call when it is a print of one call's several
// results.
func splatOne(fset *token.FileSet, info *types.Info, src []byte, call *ast.CallExpr, deferred bool) (string, bool) {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || deferred || call.Ellipsis.IsValid() {
		return "", false
	}
	fn, ok := info.Uses[sel.Sel].(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "fmt" {
		return "", false
	}
	results, ok := splatResults[fn.Name()]
	if !ok {
		return "", false
	}
	if len(call.Args) != 1 {
		return "", false
	}
	tuple, ok := info.TypeOf(call.Args[0]).(*types.Tuple)
	if !ok || tuple.Len() < 2 {
		return "", false
	}
	text := func(n ast.Node) string {
		return string(src[fset.Position(n.Pos()).Offset:fset.Position(n.End()).Offset])
	}
	names := make([]string, tuple.Len())
	for i := range names {
		names[i] = "_fl_r" + string(rune('0'+i%10)) + strings.Repeat("_", i/10)
	}
	list := strings.Join(names, ", ")
	return "func() " + results + " { " + list + " := " + text(call.Args[0]) +
		"; return " + text(call.Fun) + "(" + list + ") }()", true
}
