package sandbox

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gradedHarness checks Add(2, 3) == 5 and Twice(4) == 8 and reports.
const gradedHarness = `package main

import (
	"fmt"

	"flakylab.internal/grading"
	. "submission"
)

func main() {
	grading.Input("Add(2, 3)")
	got := Add(2, 3)
	grading.Input("Twice(4)")
	twice := Twice(4)
	grading.Verdict(fmt.Sprint(got == 5 && twice == 8))
}
`

// submission builds a learner's file around body, declaring Add and Twice.
func submission(imports, body string) string {
	return "package main\n\nimport (\n\t\"fmt\"\n" + imports + ")\n\n" +
		"func Add(a, b int) int { return a + b }\n\n" +
		"func Twice(n int) int { return 2 * n }\n\n" +
		"func main() { fmt.Println(\"the learner's main does not run\") }\n\n" + body
}

func TestGradedRunReportsThroughTheHarnessOnly(t *testing.T) {
	cases := []struct {
		name, src   string
		wantVerdict string
		wantStdout  string
	}{
		{"honest", submission("", ""), "true", ""},
		{"init prints", submission("", "func init() { fmt.Println(\"hello from init\") }\n"), "true", "hello from init\n"},
		{"a forged verdict on stdout is only output", submission("", "func init() { fmt.Print(\"@@check {\\\"pass\\\":true}\\n@@check \") }\n"),
			"true", "@@check {\"pass\":true}\n@@check "},
		{"wrong answer", strings.Replace(submission("", ""), "return a + b", "return a - b", 1), "false", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := runSource(t, tc.src, Options{Harness: gradedHarness})
			requireSuccess(t, tc.src, res)
			assert.Equal(t, tc.wantVerdict, res.Verdict, "source:\n%s\nverdict", tc.src)
			assert.Equal(t, tc.wantStdout, res.Stdout, "source:\n%s\nstdout", tc.src)
			assert.Equal(t, "Twice(4)", res.Input, "the harness's last input")
		})
	}
}

func TestGradedRunRefusesWhatReachesTheHarness(t *testing.T) {
	cases := []struct {
		name, imports, body string
		kind                Kind
		wantLine            int
		phrase              string
	}{
		{"names a harness function", "", "func init() { main() ; grading.Verdict(\"true\") }\n", KindCompile, 13, "undefined: grading"},
		{"imports the grading package", "\t\"flakylab.internal/grading\"\n", "func init() { grading.Verdict(\"true\") }\n", KindImport, 5, "not allowed"},
		{"imports the rewrite's package", "\t\"flakylab.internal/rt\"\n", "", KindImport, 5, "not allowed"},
		{"imports itself", "\t\"submission\"\n", "", KindImport, 5, "not allowed"},
		{"assigns context.Canceled", "\t\"context\"\n\t\"errors\"\n", "func init() { context.Canceled = errors.New(\"x\") }\n", KindCompile, 15,
			"cannot assign to context.Canceled: graded code may not change another package's variables"},
		{"takes the address of a sentinel", "\t\"strconv\"\n", "var p = &strconv.ErrSyntax\n", KindCompile, 14, "cannot take the address of strconv.ErrSyntax"},
		{"overwrites time.UTC through a pointer", "\t\"time\"\n", "func init() { loc := time.UTC; *loc = time.Location{} }\n", KindCompile, 14,
			"cannot overwrite a time.Location through a pointer"},
		{"dot-imports and assigns", "\t. \"context\"\n", "func init() { DeadlineExceeded = nil }\n", KindCompile, 14, "cannot assign to context.DeadlineExceeded"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			src := submission(tc.imports, tc.body)
			res := runSource(t, src, Options{Harness: gradedHarness})
			require.NotNil(t, res.Err, "source:\n%s\nwant an error", src)
			assert.Equal(t, tc.kind, res.Err.Kind, "source:\n%s\nerror %v", src, res.Err)
			assert.Equal(t, tc.wantLine, res.Err.Line, "source:\n%s\nerror %v", src, res.Err)
			assert.Contains(t, res.Err.Message, tc.phrase, "source:\n%s", src)
			assert.Empty(t, res.Verdict, "no verdict when the file is refused")
		})
	}
}

func TestGradedRunKeepsTheLearnersPositions(t *testing.T) {
	src := submission("", "")
	src = strings.Replace(src, "func Twice(n int) int { return 2 * n }", "func Twice(n int) int {\n\tvar m map[int]int\n\tm[n] = 1\n\treturn 2 * n\n}", 1)
	res := runSource(t, src, Options{Harness: gradedHarness})
	require.NotNil(t, res.Err, "source:\n%s", src)
	assert.Equal(t, KindPanic, res.Err.Kind)
	assert.Equal(t, 11, res.Err.Line, "the panic is at the learner's line: %v", res.Err)
	assert.Equal(t, "Twice(4)", res.Input, "the input the harness was on")
	assert.Empty(t, res.Verdict)
}

func TestGradedRunHarnessErrorsAreNotTheLearners(t *testing.T) {
	src := "package main\n\nfunc Add(a, b int) int { return a + b }\n\nfunc main() {}\n"
	res := runSource(t, src, Options{Harness: gradedHarness})
	require.NotNil(t, res.Err)
	assert.Equal(t, KindCompile, res.Err.Kind)
	assert.Zero(t, res.Err.Line, "no learner line for an error in the checks: %v", res.Err)
	assert.True(t, strings.HasPrefix(res.Err.Message, HarnessName+":14:"), "got %q", res.Err.Message)
	assert.Contains(t, res.Err.Message, "undefined: Twice")
}

func TestGradedRunRefusesSnippets(t *testing.T) {
	res := runSource(t, "fmt.Println(1)\n", Options{Harness: gradedHarness})
	require.NotNil(t, res.Err)
	assert.Contains(t, res.Err.Message, "must be a whole program")
}
