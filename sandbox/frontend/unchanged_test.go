package frontend

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestUnchanged: a program the lowering leaves as it is says so, and
// still maps Source's positions back (built on demand); one the lowering
// rewrites does not.
func TestUnchanged(t *testing.T) {
	tests := []struct {
		name, src string
		want      bool
	}{
		{"plain", "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"ok\")\n}\n", true},
		{"comments and layout", "package main\n\nimport \"fmt\" // printing\n\nfunc main() { x:=1;   fmt.Println(x) }\n", true},
		{"min lowered", "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(min(1, 2))\n}\n", false},
		{"range over int lowered", "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfor i := range 2 {\n\t\tfmt.Println(i)\n\t}\n}\n", false},
		{"generics written out", "package main\n\nimport \"fmt\"\n\nfunc id[T any](v T) T { return v }\n\nfunc main() {\n\tfmt.Println(id(1))\n}\n", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			prog, diags := Check([]byte(tc.src), Options{})
			require.Empty(t, diags, "source:\n%s", tc.src)
			assert.Equal(t, tc.want, prog.Unchanged(), "source:\n%s\nlowered:\n%s", tc.src, prog.Source)
		})
	}
}

// TestUnchangedPositions: the line map of an unchanged program, built
// when first asked for, maps the printed layout back to the learner's.
func TestUnchangedPositions(t *testing.T) {
	src := "package main\n\nimport \"fmt\"\n\nfunc main() { x:=1\n  fmt.Println(x) }\n"
	prog, diags := Check([]byte(src), Options{})
	require.Empty(t, diags)
	require.True(t, prog.Unchanged(), "lowered:\n%s", prog.Source)
	// Printed: "\tfmt.Println(x)" on line 7, column 2; written on line
	// 6, column 3.
	line, col := prog.Position(7, 2)
	assert.Equal(t, [2]int{6, 3}, [2]int{line, col}, "lowered:\n%s", prog.Source)
}

// TestSameTokens: layout, comments and omittable semicolons aside, any
// difference in the tokens counts.
func TestSameTokens(t *testing.T) {
	tests := []struct {
		name string
		a, b string
		want bool
	}{
		{"identical", "package p; var x = 1", "package p; var x = 1", true},
		{"layout and comments", "package p\nvar x = 1 // one\n", "package p; /* c */ var x=1;", true},
		{"semicolon before brace", "package p; func f() { g(); }", "package p\nfunc f() {\n\tg()\n}\n", true},
		{"other literal", "package p; var x = 1", "package p; var x = 2", false},
		{"other name", "package p; var x = 1", "package p; var y = 1", false},
		{"extra token", "package p; var x = 1", "package p; var x = (1)", false},
		{"missing statement", "package p; func f() { g(); h() }", "package p; func f() { g() }", false},
		{"does not scan", "package p; var x = \"1", "package p; var x = \"1", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, sameTokens([]byte(tc.a), []byte(tc.b)), "a: %q\nb: %q", tc.a, tc.b)
		})
	}
}
