package frontend

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRefuseDeclarations(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want string // "line:col: start of the message", "" when the program compiles
	}{
		{"true declared as a function",
			"package main\n\nfunc true(ok bool) {}\n\nfunc main() { true(1 == 1) }\n",
			"3:6: declaring true is not supported by the playground"},
		{"false declared as a local variable",
			"package main\n\nfunc main() {\n\tfalse := 1\n\tprintln(false)\n}\n",
			"4:2: declaring false is not supported by the playground"},
		{"nil declared as a constant",
			"package main\n\nconst nil = 0\n\nfunc main() { println(nil) }\n",
			"3:7: declaring nil is not supported by the playground"},
		{"a local named like a builtin function",
			"package main\n\nfunc main() {\n\tlen := 3\n\tprintln(len)\n}\n", ""},
		{"two blank fields",
			"package main\n\ntype T struct {\n\t_ [1]byte\n\ta int\n\t_ [3]byte\n}\n\nfunc main() { println(T{a: 1}.a) }\n",
			"6:2: a struct type with more than one blank (_) field is not supported by the playground"},
		{"two blank fields in one declaration",
			"package main\n\nfunc main() {\n\tvar s struct{ _, _ int; a int }\n\tprintln(s.a)\n}\n",
			"4:19: a struct type with more than one blank (_) field"},
		{"one blank field",
			"package main\n\ntype T struct {\n\t_ int\n\ta int\n}\n\nfunc main() { println(T{a: 1} == T{a: 1}) }\n", ""},
		{"a blank field set by an unkeyed literal",
			"package main\n\ntype T struct {\n\t_ int\n\ta int\n}\n\nfunc main() { println(T{1, 2} == T{2, 2}) }\n",
			"8:25: setting a blank (_) field in a struct literal is not supported by the playground"},
		{"a blank field zeroed by an unkeyed literal",
			"package main\n\ntype T struct {\n\t_ int\n\ta int\n}\n\nfunc main() { println(T{0, 2} == T{0, 2}) }\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			prog, diags := Check([]byte(tt.src), Options{})
			if tt.want == "" {
				require.Empty(t, diags, "source:\n%s", tt.src)
				require.NotNil(t, prog)
				return
			}
			require.NotEmpty(t, diags, "want %q, source:\n%s", tt.want, tt.src)
			got := itoa(diags[0].Line) + ":" + itoa(diags[0].Column) + ": " + diags[0].Message
			assert.Equal(t, KindUnsupported, diags[0].Kind, "got %q", got)
			assert.True(t, strings.HasPrefix(got, tt.want), "source:\n%s\nwant prefix %q\ngot %q", tt.src, tt.want, got)
		})
	}
}
