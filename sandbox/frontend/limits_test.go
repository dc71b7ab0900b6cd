package frontend

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCheckLimits(t *testing.T) {
	wrap := func(body string) string { return "package main\n\nfunc main() {\n" + body + "\n}\n" }
	cases := []struct {
		name string
		src  string
		line int // 0: within the limits
		msg  string
	}{
		{"ordinary", wrap("x := (1 + 2) * 3\n_ = x"), 0, ""},
		{"parentheses at the limit", wrap("x := " + strings.Repeat("(", MaxNesting-2) + "1" + strings.Repeat(")", MaxNesting-2) + "\n_ = x"), 0, ""},
		{"1000 nested parentheses", wrap("x := " + strings.Repeat("(", 1000) + "1" + strings.Repeat(")", 1000) + "\n_ = x"), 4, "nested more than 200 levels deep"},
		{"5000-term sum", wrap("x := 1" + strings.Repeat(" + 1", 4999) + "\n_ = x"), 4, "expressions that chain more than 200 operators (+) are not supported by the playground; build the value in several statements"},
		{"5000-term mixed chain", wrap("x := 1" + strings.Repeat(" - 1 + 2", 2500) + "\n_ = x"), 4, "expressions that chain more than 200 operators"},
		{"3000 nested ifs", wrap(strings.Repeat("if true {\n", 3000) + strings.Repeat("}\n", 3000)), 3 + MaxNesting, "nested more than 200 levels deep"},
		{"nested calls around a long sum", wrap("x := " + strings.Repeat("f(", 150) + "1" + strings.Repeat(" + 1", 300) + strings.Repeat(")", 150) + "\n_ = x"), 4, "chain more than 200 operators (+)"},
		{"a short sum deep in calls", wrap("x := " + strings.Repeat("f(", 190) + "1" + strings.Repeat(" * 1", 20) + strings.Repeat(")", 190) + "\n_ = x"), 0, ""},
		{"100000-line main", wrap("x := 0\n" + strings.Repeat("x++\n", 100000)), MaxLines + 1, "longer than 20000 lines"},
		{"a syntax error is left to the parser", "package main\n\nfunc main() {\n", 0, ""},
		{"snippet: 5000-term sum", "x := 1" + strings.Repeat(" + 1", 4999) + "\n_ = x", 1, "chain more than 200 operators (+)"},
		{"snippet after an import: 5000-term sum", "import \"fmt\"\n\nfmt.Println(1" + strings.Repeat(" + 1", 4999) + ")", 3, "chain more than 200 operators (+)"},
		{"snippet after grouped imports: 5000-term sum", "import (\n\t\"fmt\"\n\tstr \"strings\"\n)\nfmt.Println(str.ToUpper(\"a\"), 1" + strings.Repeat(" + 1", 4999) + ")", 5, "chain more than 200 operators (+)"},
		{"snippet after imports: ordinary", "import \"fmt\"; import \"strings\"\nfmt.Println(strings.Repeat(\"a\", 2))", 0, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := CheckLimits([]byte(c.src))
			if c.line == 0 {
				assert.Nil(t, d, "%s: want no diagnostic", c.name)
				return
			}
			require.NotNil(t, d, "%s: want a diagnostic", c.name)
			assert.Equal(t, KindUnsupported, d.Kind)
			assert.Equal(t, c.line, d.Line, "%s: %v", c.name, d)
			assert.Contains(t, d.Message, c.msg)
			assert.Contains(t, d.Message, "not supported by the playground")
		})
	}
}
