package sandbox

import (
	"go/ast"
	"go/token"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRewriteAddsOnlyTheHelpersTheProgramUses: the interpreter compiles
// every declaration on every run, so the rewrite adds a helper only when
// the rewritten program (or another helper it adds) refers to it, and the
// table of panic values only when the program panics with one.
func TestRewriteAddsOnlyTheHelpersTheProgramUses(t *testing.T) {
	// Without panic(v), no value is a token: the report asks the runtime
	// directly.
	// The message asks the value's Error or String method first
	// (flakylab_methodmsg_); a token's value is also shown as fmt's %v
	// prints it (flakylab_shown_).
	report := []string{messageName, "flakylab_methodmsg_", reportName}
	tokens := []string{messageName, "flakylab_methodmsg_", panickingName, panicValName, reportName, "flakylab_panicvals_", "flakylab_shown_"}
	tests := []struct {
		name, src string
		want      []string
	}{
		{"main only", "package main\n\nfunc main() { println(1) }\n", report},
		{"panic", "package main\n\nfunc main() { panic(1) }\n", tokens},
		{"recover", "package main\n\nfunc main() { defer func() { _ = recover() }() }\n", append([]string{recoveredName}, report...)},
		{"go statement", "package main\n\nfunc f() {}\n\nfunc main() { go f() }\n", report},
		{"AfterFunc", "package main\n\nimport \"time\"\n\nfunc f() {}\n\nfunc main() { time.AfterFunc(0, f) }\n", append([]string{guardFuncName}, report...)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, perr := parseProgram(token.NewFileSet(), tc.src)
			require.Nil(t, perr, "source:\n%s", tc.src)
			require.NoError(t, rewrite(p, false), "source:\n%s", tc.src)
			var got []string
			for _, d := range p.file.Decls {
				if d := declName(d); d != "" && d != mainName && d != "f" {
					got = append(got, d)
				}
			}
			slices.Sort(got)
			want := slices.Clone(tc.want)
			slices.Sort(want)
			assert.Equal(t, want, got, "source:\n%s", tc.src)
		})
	}
}

func declName(d ast.Decl) string {
	switch d := d.(type) {
	case *ast.FuncDecl:
		return d.Name.Name
	case *ast.GenDecl:
		if d.Tok == token.VAR {
			return d.Specs[0].(*ast.ValueSpec).Names[0].Name
		}
	}
	return ""
}
