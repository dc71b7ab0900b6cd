package sandbox

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCheckPlainKeepsTheLastProgram: the same text is checked once per
// slot; another text, or the instrumented rerun's options, is checked
// anew; a rejected program is not kept.
func TestCheckPlainKeepsTheLastProgram(t *testing.T) {
	const a = "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(min(1, 2), \"checkcache a\") }\n"
	const b = "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"checkcache b\") }\n"
	const bad = "package main\n\nfunc main() { x := 1 }\n"
	first, diags := checkPlain(a, false, nil)
	require.Empty(t, diags)
	again, _ := checkPlain(a, false, nil)
	assert.Same(t, first, again, "the same text was checked again")
	exact, _ := checkPlain(a, false, []int{5})
	assert.NotSame(t, first, exact, "the instrumented rerun's check came from the plain slot")
	again, _ = checkPlain(a, false, nil)
	assert.Same(t, first, again, "the instrumented rerun's check evicted the plain one")
	other, _ := checkPlain(b, false, nil)
	assert.NotSame(t, first, other, "another text got the last program")
	assert.Contains(t, string(other.Source), "checkcache b")

	_, diags = checkPlain(bad, false, nil)
	require.NotEmpty(t, diags, "source:\n%s", bad)
	_, diags = checkPlain(bad, false, nil)
	assert.NotEmpty(t, diags, "a rejected program came back accepted:\n%s", bad)
	kept, _ := checkPlain(b, false, nil)
	assert.Same(t, other, kept, "a rejected program replaced the last accepted one")
}

// TestRunsOfTheSameProgramAgree: runs that share the front end's result
// print and fail as the first did, whether the lowering changed the
// program or not, and a panicking one keeps its exact position through
// its instrumented rerun.
func TestRunsOfTheSameProgramAgree(t *testing.T) {
	tests := []struct {
		name, src, stdout string
		errLine           int // 0: no error
	}{
		{"unchanged", playgroundBucket, " 0.0s  request 1: allowed\n", 0},
		{"lowered", "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfor i := range 3 {\n\t\tfmt.Println(max(i, 1))\n\t}\n}\n", "1\n1\n2\n", 0},
		{"panicking", "package main\n\nimport \"fmt\"\n\nfunc main() {\n\ts := []int{1}\n\tfmt.Println(s[0])\n\ti := 4\n\tfmt.Println(s[i])\n}\n", "1\n", 9},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			first := Run(context.Background(), tc.src, Options{})
			assert.Contains(t, first.Stdout, tc.stdout, "source:\n%s", tc.src)
			if tc.errLine == 0 {
				assert.Nil(t, first.Err, "source:\n%s", tc.src)
			} else if assert.NotNil(t, first.Err, "source:\n%s", tc.src) {
				assert.Equal(t, tc.errLine, first.Err.Line, "source:\n%s\nerror: %v", tc.src, first.Err)
			}
			for run := range 3 {
				res := Run(context.Background(), tc.src, Options{})
				assert.Equal(t, first.Stdout, res.Stdout, "run %d of:\n%s", run, tc.src)
				assert.Equal(t, first.Stderr, res.Stderr, "run %d of:\n%s", run, tc.src)
				assert.Equal(t, first.Err, res.Err, "run %d of:\n%s", run, tc.src)
			}
		})
	}
}
