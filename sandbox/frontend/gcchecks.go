package frontend

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// gcChecks reports what the gc compiler rejects and go/types accepts:
// compiler directives reserved for the runtime or for cgo-generated code,
// and array types larger than the address space.
func gcChecks(fset *token.FileSet, file *ast.File, info *types.Info) []Diagnostic {
	var diags []Diagnostic
	at := func(pos token.Pos, msg string) {
		p := fset.Position(pos)
		diags = append(diags, Diagnostic{Kind: KindType, Line: p.Line, Column: p.Column, Message: msg})
	}
	for _, group := range file.Comments {
		for _, c := range group.List {
			if !strings.HasPrefix(c.Text, "//go:") {
				continue
			}
			name, _, _ := strings.Cut(strings.TrimPrefix(c.Text, "//go:"), " ")
			switch {
			case name == "nowritebarrier" || name == "nowritebarrierrec" || name == "yeswritebarrierrec" || name == "systemstack":
				at(c.Pos(), "//go:"+name+" only allowed in runtime")
			case strings.HasPrefix(name, "cgo_"):
				at(c.Pos(), "//go:"+name+" only allowed in cgo-generated code")
			}
		}
	}
	const maxWidth = 1 << 50 // gc's limit on 64-bit targets
	ast.Inspect(file, func(n ast.Node) bool {
		a, ok := n.(*ast.ArrayType)
		if !ok || a.Len == nil {
			return true
		}
		arr, ok := info.TypeOf(a).(*types.Array)
		if !ok {
			return true
		}
		if elem := sizes.Sizeof(arr.Elem()); elem > 0 && arr.Len() >= maxWidth/elem {
			at(a.Pos(), "array type "+types.ExprString(a)+" is larger than address space")
			return false
		}
		return true
	})
	return diags
}
