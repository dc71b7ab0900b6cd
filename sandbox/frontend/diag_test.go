package frontend

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCheckDiagnostics(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string // "kind line:col: message"
	}{
		{"unused variable", "package main\n\nfunc main() {\n\tx := 1\n}\n",
			[]string{"type 4:2: declared and not used: x"}},
		{"unused import", "package main\n\nimport \"fmt\"\n\nfunc main() {}\n",
			[]string{`type 3:8: "fmt" imported and not used`}},
		{"forbidden import", "package main\n\nimport \"net\"\n\nfunc main() { _ = net.IPv4len }\n",
			[]string{"import 3:8: package net is not available in the playground; it offers " + strings.Join(Allowed, ", ")}},
		{"not enough arguments at the last argument", "package main\n\nfunc f(a, b int) {}\n\nfunc main() { f(1) }\n",
			[]string{"type 5:17: not enough arguments in call to f\n\thave (number)\n\twant (int, int)"}},
		{"break outside a loop", "package main\n\nfunc main() {\n\tbreak\n}\n",
			[]string{"type 4:2: break is not in a loop, switch, or select"}},
		{"unexpected newline", "package main\n\nfunc main() {\n\tif true\n\t{\n\t}\n}\n",
			[]string{"syntax 4:9: syntax error: unexpected newline, expected { after if clause"}},
		{"unexpected EOF", "package main\n\nfunc main() {\n",
			[]string{"syntax 4:1: syntax error: unexpected EOF, expected }"}},
		{"operand expected", "package main\n\nfunc main() {\n\tx := )\n}\n",
			[]string{"syntax 4:7: syntax error: unexpected ), expected expression"}},
		{"statement outside a function", "package main\n\nx := 1\n",
			[]string{"syntax 3:1: syntax error: non-declaration statement outside function body"}},
		{"not package main", "package lib\n\nfunc main() {}\n",
			[]string{"type 0:0: package command-line-arguments is not a main package"}},
		{"no main", "package main\n\nfunc f() {}\n",
			[]string{"type 0:0: function main is undeclared in the main package"}},
		{"redeclaration: the first error where the program is wrong", "package main\n\nfunc main() {\n\tx := 1\n\tvar x int\n\t_ = x\n}\n",
			[]string{"type 5:6: x redeclared in this block\n\t4:2: other declaration of x"}},
		{"runtime-only directive", "package main\n\n//go:nowritebarrier\nfunc main() {}\n",
			[]string{"type 3:1: //go:nowritebarrier only allowed in runtime"}},
		{"array larger than the address space", "package main\n\nvar X [1 << 50]byte\n\nfunc main() { _ = X }\n",
			[]string{"type 3:7: array type [1 << 50]byte is larger than address space"}},
		{"a range copying an array of over 1 GB", "package main\n\nfunc main() {\n\tvar xs [3000 * 2000][33]int\n\tfor _, x := range xs {\n\t\t_ = x\n\t}\n}\n",
			[]string{"type 3:6: stack frame too large (>1GB)"}},
		{"unsupported defer in range over func", "package main\n\nfunc main() {\n\tfor range func(func() bool) {} {\n\t\tdefer println()\n\t}\n}\n",
			[]string{"unsupported 5:3: defer inside a loop over a function is not supported by the playground"}},
	}
	for _, tt := range tests {
		prog, diags := Check([]byte(tt.src), Options{})
		var got []string
		for _, d := range diags {
			got = append(got, string(d.Kind)+" "+itoa(d.Line)+":"+itoa(d.Column)+": "+d.Message)
		}
		assert.Nil(t, prog, "%s: a program with errors has no Program", tt.name)
		assert.Equal(t, tt.want, got, "%s:\n%s", tt.name, tt.src)
	}
}

func TestTooManyErrors(t *testing.T) {
	var b strings.Builder
	b.WriteString("package main\n\nfunc main() {\n")
	for i := range 12 {
		b.WriteString("\tv" + itoa(i) + " := 0\n")
	}
	b.WriteString("}\n")
	_, diags := Check([]byte(b.String()), Options{})
	require.Len(t, diags, 11, "ten errors and the compiler's last line")
	assert.Equal(t, "prog.go:13:2: declared and not used: v9", diags[9].String())
	assert.Equal(t, "prog.go:13:2: too many errors", diags[10].String())
}

func TestDiagnosticFormat(t *testing.T) {
	d := Diagnostic{Kind: KindType, Line: 3, Column: 7, Message: "undefined: x"}
	assert.Equal(t, "prog.go:3:7: undefined: x", d.String())
	assert.Equal(t, "main.go:3:7: undefined: x", d.Format("main.go"))
	assert.Equal(t, "no position", Diagnostic{Message: "no position"}.String())
}

func FuzzCheck(f *testing.F) {
	f.Add("package main\n\nfunc main() {\n\tfor i := range 3 {\n\t\tprintln(min(i, 2))\n\t}\n}\n")
	f.Add("package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"x\" }\n")
	f.Add("package main\nfunc main() { var x []int; clear(x) }")
	f.Fuzz(func(t *testing.T, src string) {
		prog, diags := Check([]byte(src), Options{})
		if prog == nil {
			require.NotEmpty(t, diags, "no program and no diagnostics for %q", src)
			for _, d := range diags {
				require.NotEqual(t, KindInternal, d.Kind, "internal error for %q: %s", src, d.Message)
			}
			return
		}
		require.Empty(t, diags)
		_, again := Check(prog.Source, Options{})
		for _, d := range again {
			require.Contains(t, []Kind{KindType, KindUnsupported}, d.Kind, "lowered program of %q does not parse: %s\n%s", src, d, prog.Source)
		}
	})
}
