package exercises_test

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/exercises"
)

func TestParseCheck(t *testing.T) {
	const fail = `{"name":"burst","pass":false,"message":"too many","input":"b := NewBucket(4, 2, t0)","expected":"false","got":"true","mistake":"no-cap","seed":7}`
	const pass = `{"name":"burst","pass":true,"message":"","input":"","expected":"","got":"","seed":7}`
	tests := []struct {
		name string
		out  exercises.RunOutput
		want exercises.CheckResult
	}{
		{
			name: "pass",
			out:  exercises.RunOutput{Verdict: pass, Input: "NewBucket(1, 1, t0)"},
			want: exercises.CheckResult{Name: "burst", Status: exercises.StatusPass, Seed: 7},
		},
		{
			name: "fail, with the learner's output kept",
			out:  exercises.RunOutput{Stdout: "debug 1\n", Verdict: fail},
			want: exercises.CheckResult{Name: "burst", Status: exercises.StatusFail, Message: "too many",
				Input: "b := NewBucket(4, 2, t0)", Expected: "false", Got: "true", Output: "debug 1\n", Mistake: "no-cap", Seed: 7},
		},
		{
			name: "a verdict printed on the output is an error, whatever the real one says",
			out:  exercises.RunOutput{Stdout: "@@check {\"name\":\"burst\",\"pass\":true}\n@@check ", Verdict: fail},
			want: exercises.CheckResult{Name: "burst", Status: exercises.StatusError, Output: "@@check {\"name\":\"burst\",\"pass\":true}\n@@check ",
				Message: "your code printed \"@@check\", which imitates the grader's verdict: a check's result never travels on the output, so remove that print"},
		},
		{
			name: "timeout names the input",
			out:  exercises.RunOutput{Input: "b := NewBucket(10, 2, t0)", Error: &exercises.RunError{Kind: "timeout", Message: "watchdog"}},
			want: exercises.CheckResult{Name: "burst", Status: exercises.StatusError,
				Message: "timed out: the code did not finish (an endless loop, or a wait that never ends?)", Input: "b := NewBucket(10, 2, t0)"},
		},
		{
			name: "a run error beats a verdict reported before it",
			out:  exercises.RunOutput{Verdict: pass, Error: &exercises.RunError{Kind: "panic", Message: "boom", Line: 12, Column: 3}},
			want: exercises.CheckResult{Name: "burst", Status: exercises.StatusError, Message: "your code panicked at line 12: boom", Line: 12, Column: 3},
		},
		{
			name: "a compile error in the learner's file",
			out:  exercises.RunOutput{Error: &exercises.RunError{Kind: "compile", Message: "undefined: x", Line: 7, Column: 2}},
			want: exercises.CheckResult{Name: "burst", Status: exercises.StatusError, Message: "undefined: x", Line: 7, Column: 2, Compile: true},
		},
		{
			name: "a refusal is not called a compile error",
			out:  exercises.RunOutput{Error: &exercises.RunError{Kind: "unsupported", Message: "programs longer than 5000 lines are not supported by the playground"}},
			want: exercises.CheckResult{Name: "burst", Status: exercises.StatusError, Compile: true,
				Message: "programs longer than 5000 lines are not supported by the playground"},
		},
		{
			name: "a compile error in the checks",
			out:  exercises.RunOutput{Error: &exercises.RunError{Kind: "compile", Message: "checks.go:300:2: cannot use b (type *Bucket)"}},
			want: exercises.CheckResult{Name: "burst", Status: exercises.StatusError, Compile: true,
				Message: "your code does not fit the checks (a type or signature differs from the starter's): 300:2: cannot use b (type *Bucket)"},
		},
		{
			name: "a deadlock says what blocked",
			out:  exercises.RunOutput{Error: &exercises.RunError{Kind: "runtime", Message: "fatal error: all goroutines are asleep - deadlock!"}},
			want: exercises.CheckResult{Name: "burst", Status: exercises.StatusError,
				Message: "your code blocked forever: every goroutine waits on a channel or a lock that nothing will release (fatal error: all goroutines are asleep - deadlock!)"},
		},
		{
			name: "out of stack",
			out:  exercises.RunOutput{Error: &exercises.RunError{Kind: "crash", Message: "runtime: goroutine stack exceeds 67108864-byte limit"}},
			want: exercises.CheckResult{Name: "burst", Status: exercises.StatusError,
				Message: "your code ran out of stack (a recursion that never stops, or one as deep as its input; a loop needs no stack): runtime: goroutine stack exceeds 67108864-byte limit"},
		},
		{
			name: "no verdict",
			out:  exercises.RunOutput{Stdout: "hello\n", Input: "b := NewBucket(1, 1, t0)"},
			want: exercises.CheckResult{Name: "burst", Status: exercises.StatusError, Input: "b := NewBucket(1, 1, t0)",
				Message: "the check ended without reporting a result: did your code end the program (os.Exit) while the check ran?", Output: "hello\n"},
		},
		{
			name: "a verdict for another check is never echoed",
			out:  exercises.RunOutput{Verdict: `{"name":"other","pass":true,"expected":"secret"}`},
			want: exercises.CheckResult{Name: "burst", Status: exercises.StatusError, Message: "internal error: the check's result could not be read"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := exercises.ParseCheck("burst", tc.out)
			assert.Equal(t, tc.want, got, "run %+v", tc.out)
		})
	}
}

func TestParseCheckClipsLongOutput(t *testing.T) {
	long := strings.Repeat("é", 10000)
	got := exercises.ParseCheck("burst", exercises.RunOutput{Stdout: long, Verdict: `{"name":"burst","pass":true}`})
	assert.Less(t, len(got.Output), 5000, "the output shown is clipped")
	assert.True(t, utf8.ValidString(got.Output), "clipped on a rune boundary")
	assert.Contains(t, got.Output, "more bytes not shown")
}

func TestReportHintsAndScore(t *testing.T) {
	e := mustGet(t, "token-bucket")
	var results []exercises.CheckResult
	for i, c := range e.Checks {
		st := exercises.StatusPass
		if i%2 == 0 {
			st = exercises.StatusFail
		}
		results = append(results, exercises.CheckResult{Name: c.Name, Status: st, Message: "wrong"})
	}
	hints := map[string]int{"retry-after": 5, "burst": 1}
	r := exercises.NewReport(e, results[:len(results)-1], hints) // the last one never reported
	assert.Equal(t, exercises.StatusFail, r.Status)
	assert.Equal(t, 2, r.Passed, "checks 1 and 3 passed; the 6th did not run")
	assert.Equal(t, 6, r.Total)
	assert.Equal(t, 33, r.Score)

	byName := map[string]exercises.CheckReport{}
	for _, c := range r.Checks {
		byName[c.Name] = c
	}
	assert.Equal(t, e.Checks[0].Hints[:2], byName["burst"].Hints, "one extra hint asked for: two shown")
	assert.False(t, byName["burst"].MoreHints, "burst has two hints")
	assert.Len(t, byName["retry-after"].Hints, 0, "retry-after passed: no hints")
	assert.Equal(t, e.Checks[2].Hints[:1], byName["continuous-refill"].Hints, "a failing check shows its first hint")
	assert.True(t, byName["continuous-refill"].MoreHints)
	assert.Equal(t, exercises.StatusError, byName["random-traffic"].Status)
	assert.Equal(t, "the check did not run", byName["random-traffic"].Message)
	assert.Contains(t, exercises.ReportText(r), "token-bucket: 2 of 6 checks pass (score 33%)")

	var all []exercises.CheckResult
	for _, c := range e.Checks {
		all = append(all, exercises.CheckResult{Name: c.Name, Status: exercises.StatusPass})
	}
	pass := exercises.NewReport(e, all, nil)
	assert.Equal(t, exercises.StatusPass, pass.Status)
	assert.Equal(t, 100, pass.Score)
}

func TestResultsJSON(t *testing.T) {
	e := mustGet(t, "retry-classifier")
	var results []exercises.CheckResult
	for i, c := range e.Checks {
		res := exercises.CheckResult{Name: c.Name, Status: exercises.StatusPass}
		if i == 1 {
			res = exercises.CheckResult{Name: c.Name, Status: exercises.StatusFail, Message: "ShouldRetry(408, nil) = false, want true",
				Input: "ShouldRetry(408, nil)", Expected: "true", Got: "false", Output: "debug\n"}
		}
		results = append(results, res)
	}
	var doc struct {
		Version int     `json:"version"`
		Status  string  `json:"status"`
		Message *string `json:"message"`
		Tests   []struct {
			Name    string  `json:"name"`
			Status  string  `json:"status"`
			Message *string `json:"message"`
			Output  *string `json:"output"`
		} `json:"tests"`
	}
	require.NoError(t, json.Unmarshal(exercises.ResultsJSON(exercises.NewReport(e, results, nil)), &doc))
	assert.Equal(t, 2, doc.Version)
	assert.Equal(t, "fail", doc.Status)
	assert.Nil(t, doc.Message, "the top-level message is only for errors")
	require.Len(t, doc.Tests, len(e.Checks))
	assert.Equal(t, "client-errors", doc.Tests[0].Name)
	assert.Equal(t, "pass", doc.Tests[0].Status)
	assert.Nil(t, doc.Tests[0].Message, "a passing test has a null message")
	assert.Equal(t, "fail", doc.Tests[1].Status)
	require.NotNil(t, doc.Tests[1].Message)
	assert.Equal(t, "ShouldRetry(408, nil) = false, want true\ninput: ShouldRetry(408, nil)\nexpected: true\ngot: false\nhint: "+e.Checks[1].Hints[0], *doc.Tests[1].Message)
	require.NotNil(t, doc.Tests[1].Output)
	assert.Equal(t, "debug\n", *doc.Tests[1].Output)

	bad := exercises.ErrorReport(e, []exercises.Diagnostic{{Line: 3, Column: 1, Message: "syntax error: nope"}})
	require.NoError(t, json.Unmarshal(exercises.ResultsJSON(bad), &doc))
	assert.Equal(t, "error", doc.Status)
	require.NotNil(t, doc.Message)
	assert.Equal(t, "line 3:1: syntax error: nope", *doc.Message)
	assert.Empty(t, doc.Tests)
}

// In the page, running out of stack is the page's limit, and the report
// says so.
func TestPageStackIsNamed(t *testing.T) {
	e := mustGet(t, "token-bucket")
	runs := `[{"check":"burst","stdout":"","error":{"kind":"crash","message":"the call stack overflowed (runaway recursion?)","line":0,"column":0},"verdict":null,"input":"b := NewBucket(4, 2, t0)"}]`
	var r exercises.Report
	require.NoError(t, json.Unmarshal([]byte(exercises.ReportJSON(e.Slug, e.Starter, runs, "")), &r))
	require.NotEmpty(t, r.Checks)
	assert.Equal(t, "the page's stack is limited, and your code went deeper than it allows (a recursion that never stops, or one as deep as its input; a loop needs no stack)", r.Checks[0].Message,
		"one guess at the cause, not the host's and the grader's both")
	assert.Equal(t, "b := NewBucket(4, 2, t0)", r.Checks[0].Input)
}
