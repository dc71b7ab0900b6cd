package frontend

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCheckedLinesChecksThoseStatementsOnly: with CheckedLines, only the
// index and slice expressions of the statements starting on those lines
// (a statement going on to the next line included) go through the
// checking helpers; with Checked, all of them.
func TestCheckedLinesChecksThoseStatementsOnly(t *testing.T) {
	const src = "package main\n\nimport \"fmt\"\n\nfunc main() {\n\ts := []int{1, 2, 3}\n\tfmt.Println(s[0], s[1:])\n\tfmt.Println(s[1],\n\t\ts[:2], s[2])\n\tfor i := range s {\n\t\t_ = s[i]\n\t}\n}\n"
	count := func(opts Options) (idx, sl int) {
		t.Helper()
		prog, diags := Check([]byte(src), opts)
		require.Empty(t, diags)
		text := string(prog.Source)
		return strings.Count(text, "_idx(int("), strings.Count(text, "_sl2(0, ") + strings.Count(text, "_sl2(int(")
	}
	idx, sl := count(Options{})
	assert.Zero(t, idx+sl, "nothing is checked without Checked or CheckedLines")
	idx, sl = count(Options{CheckedLines: []int{8}})
	assert.Equal(t, [2]int{2, 1}, [2]int{idx, sl}, "line 8's statement: s[1], s[:2], s[2]")
	idx, sl = count(Options{CheckedLines: []int{10}})
	assert.Equal(t, [2]int{1, 0}, [2]int{idx, sl}, "the loop starting on line 10, with its body")
	idx, sl = count(Options{Checked: true})
	assert.Equal(t, [2]int{4, 2}, [2]int{idx, sl})
}
