package sandbox

import (
	"go/ast"
	"strings"
)

// reservedPrefixes start every name the runtime adds to a program: the
// rewrite's helpers (flakylab_report_, flakylab_rt_, ... in rewrite.go
// and trace.go) and the front end's lowering (_fl_...). A learner's name
// with one of them could stand in for a helper, and a learner's
// flakylab_report_ would swallow the program's own panics, so they are
// refused, declared or referenced.
var reservedPrefixes = []string{"flakylab_", "_fl_"}

// isReserved reports whether name starts with a reserved prefix.
func isReserved(name string) bool {
	for _, prefix := range reservedPrefixes {
		if strings.HasPrefix(name, prefix) {
			return true
		}
	}
	return false
}

// checkReserved refuses the first reserved name in the learner's file,
// positioned at it.
func checkReserved(p *program) *Error {
	var found *ast.Ident
	ast.Inspect(p.file, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		if id, ok := n.(*ast.Ident); ok && isReserved(id.Name) {
			found = id
		}
		return true
	})
	if found == nil {
		return nil
	}
	return p.errorAt(found.Pos(), KindCompile, found.Name+" is reserved by the playground: names starting with "+
		strings.Join(reservedPrefixes, " or ")+" are its own; rename it")
}
