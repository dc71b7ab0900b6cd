package sandbox

import (
	"go/ast"
	"strconv"
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
// positioned at it: an identifier, or a key of a struct field's tag (the
// front end tells the program's struct types apart with tags of its own,
// so a learner's tag with such a key could make two types one). The name is valid Go, so this is a refusal of the
// playground (KindUnsupported), not a compile error: the learner's Go is
// not wrong.
func checkReserved(p *program) *Error {
	var found ast.Node
	var name string
	ast.Inspect(p.file, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		switch n := n.(type) {
		case *ast.Ident:
			if IsReserved(n.Name) {
				found, name = n, n.Name
			}
		case *ast.Field:
			if key := reservedTagKey(n.Tag); key != "" {
				found, name = n.Tag, "the struct tag key "+key
			}
		}
		return true
	})
	if found == nil {
		return nil
	}
	return p.errorAt(found.Pos(), KindUnsupported, name+": a name starting with "+
		strings.Join(reservedPrefixes, " or ")+" is not supported by the playground (it keeps those names for its own helpers); rename it")
}

// reservedTagKey returns the first key of a struct field's tag that starts
// with a reserved prefix, or "". Keys are read as reflect.StructTag reads
// them: key:"value" pairs separated by spaces.
func reservedTagKey(tag *ast.BasicLit) string {
	if tag == nil {
		return ""
	}
	text, err := strconv.Unquote(tag.Value)
	if err != nil {
		return ""
	}
	for _, field := range strings.Fields(text) {
		key, _, _ := strings.Cut(field, ":")
		if IsReserved(key) {
			return key
		}
	}
	return ""
}
