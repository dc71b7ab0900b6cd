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
		if elem, ok := sizeOf(arr.Elem()); ok && elem > 0 && arr.Len() >= maxWidth/elem {
			at(a.Pos(), "array type "+types.ExprString(a)+" is larger than address space")
			return false
		}
		return true
	})
	for _, d := range file.Decls {
		if fn, ok := d.(*ast.FuncDecl); ok && fn.Body != nil && copiesHugeArray(fn.Body, info) {
			at(fn.Name.Pos(), "stack frame too large (>1GB)")
		}
	}
	return diags
}

// copiesHugeArray reports whether body ranges over the elements of an
// array value larger than 1 GB: gc copies such an array into the
// function's frame, and rejects the frame.
func copiesHugeArray(body *ast.BlockStmt, info *types.Info) bool {
	const maxFrame = 1 << 30
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		r, ok := n.(*ast.RangeStmt)
		if !ok || found || r.Value == nil {
			return !found
		}
		t := info.TypeOf(r.X)
		if t == nil {
			return true
		}
		if arr, ok := t.Underlying().(*types.Array); ok {
			size, known := sizeOf(arr)
			found = known && size > maxFrame
		}
		return !found
	})
	return found
}
