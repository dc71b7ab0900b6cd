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

// IsReserved reports whether name starts with a prefix the runtime keeps
// for its own names; a program with such a name is refused.
func IsReserved(name string) bool {
	for _, prefix := range reservedPrefixes {
		if strings.HasPrefix(name, prefix) {
			return true
		}
	}
	return false
}

// checkReserved refuses the first reserved name in the learner's file,
// positioned at it. The name is valid Go, so this is a refusal of the
// playground (KindUnsupported), not a compile error: the learner's Go is
// not wrong.
func checkReserved(p *program) *Error {
	var found *ast.Ident
	ast.Inspect(p.file, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		if id, ok := n.(*ast.Ident); ok && IsReserved(id.Name) {
			found = id
		}
		return true
	})
	if found == nil {
		return nil
	}
	return p.errorAt(found.Pos(), KindUnsupported, found.Name+": a name starting with "+
		strings.Join(reservedPrefixes, " or ")+" is not supported by the playground (it keeps those names for its own helpers); rename it")
}
