package sandbox

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFormat(t *testing.T) {
	cases := []struct {
		name, src, want string
	}{
		{"program", "package main\nimport \"fmt\"\nfunc main(){fmt.Println( 1 )}\n", "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(1) }\n"},
		{"snippet", "x:=1\nif x>0{\nfmt.Println( x )}\n", "x := 1\nif x > 0 {\n\tfmt.Println(x)\n}\n"},
		{"snippet with imports", "import \"fmt\"\nfmt.Println( 1 )\n", "import \"fmt\"\n\nfmt.Println(1)\n"},
		{"already formatted", "fmt.Println(1)\n", "fmt.Println(1)\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Format(tc.src)
			require.Nil(t, err, "Format(%q)", tc.src)
			assert.Equal(t, tc.want, got, "Format(%q)", tc.src)
		})
	}
}

func TestFormatReportsTheLearnersPosition(t *testing.T) {
	cases := []struct {
		src       string
		line, col int
	}{
		{"package main\n\nfunc main() {\n\tx := \n}\n", 5, 1},
		{"x := 1\ny := (\n", 3, 1},
		{"import \"fmt\"\nfmt.Println(1))\n", 2, 15},
	}
	for _, tc := range cases {
		_, err := Format(tc.src)
		require.NotNil(t, err, "Format(%q): want an error", tc.src)
		assert.Equal(t, []int{tc.line, tc.col}, []int{err.Line, err.Column}, "Format(%q): %v", tc.src, err)
		assert.NotEmpty(t, err.Message)
	}
	_, err := Format(strings.Repeat("x", MaxSourceBytes+1))
	require.NotNil(t, err, "oversized source")
}
