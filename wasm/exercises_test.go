//go:build js && wasm

package main

import (
	"os"
	"strings"
	"syscall/js"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func core() js.Value { return ns().Get("core") }

func coreCall(t *testing.T, method string, args ...any) js.Value {
	t.Helper()
	s := await(t, core().Call(method, args...))
	require.False(t, s.rejected, "core.%s was rejected: %s", method, jsonOf(s.value))
	return s.value
}

func TestGraderPlanRunAndReport(t *testing.T) {
	starter, err := os.ReadFile("../exercises/token-bucket/starter.go")
	require.NoError(t, err)
	src := strings.TrimPrefix(string(starter), "//go:build ignore\n\n")
	plan := coreCall(t, "gradePlan", "token-bucket", src)
	runs := plan.Get("runs")
	require.Equal(t, 6, runs.Length(), "one run per check: %s", jsonOf(plan))
	assert.Positive(t, plan.Get("timeoutMs").Int())

	first := runs.Index(0)
	res := run(t, map[string]any{"source": first.Get("source").String()})
	done := []any{map[string]any{"check": first.Get("check").String(), "stdout": res.Get("stdout").String(), "error": res.Get("error")}}
	// The runs may come as values or as JSON text.
	for _, r := range []any{done, jsonOf(js.ValueOf(done))} {
		rep := coreCall(t, "gradeReport", "token-bucket", src, r, map[string]any{})
		checks := rep.Get("checks")
		require.Equal(t, js.TypeObject, checks.Type(), "report: %s", jsonOf(rep))
		assert.Equal(t, "fail", checks.Index(0).Get("status").String(), "the starter fails: %s", jsonOf(rep))
	}
}

func TestGraderPlanDiagnostics(t *testing.T) {
	plan := coreCall(t, "gradePlan", "token-bucket", "package main\n\nfunc main() {}\n")
	assert.Positive(t, plan.Get("diagnostics").Length(), "a file without NewBucket: %s", jsonOf(plan))
}

func TestGraderRefusals(t *testing.T) {
	for _, c := range []struct {
		code, method string
		args         []any
	}{
		{"not_found", "gradePlan", []any{"no-such-exercise", "package main"}},
		{"bad_request", "gradePlan", []any{"token-bucket"}},
		{"bad_request", "gradePlan", []any{42, "package main"}},
		{"bad_request", "gradeReport", []any{"token-bucket", "package main", "not json"}},
		{"bad_request", "gradeReport", []any{"token-bucket", "package main"}},
		{"bad_request", "quizScore", []any{"{"}},
		{"bad_request", "quizScore", []any{true}},
		{"too_large", "gradePlan", []any{"token-bucket", strings.Repeat("x", graderMaxText+1)}},
	} {
		s := await(t, core().Call(c.method, c.args...))
		require.True(t, s.rejected, "%s%v: want a rejection, got %s", c.method, c.args, jsonOf(s.value))
		assert.Equal(t, c.code, s.value.Get("code").String(), "%s%v: %s", c.method, c.args, jsonOf(s.value))
		assert.NotEmpty(t, s.value.Get("message").String())
	}
}

func TestGraderQuiz(t *testing.T) {
	responses := []any{
		map[string]any{"question": "breaker-open", "answer": map[string]any{"choices": []any{"a"}}},
		map[string]any{"question": "breaker-open", "answer": map[string]any{"choices": []any{"b"}}},
	}
	rep := coreCall(t, "quizScore", responses)
	assert.Equal(t, 2, rep.Get("total").Int(), jsonOf(rep))
	assert.Equal(t, 1, rep.Get("correct").Int(), jsonOf(rep))
	assert.Equal(t, 1, rep.Get("cards").Length(), "the missed one becomes a card: %s", jsonOf(rep))

	one := coreCall(t, "quizGrade", "breaker-open", `{"choices":["a"]}`)
	assert.True(t, one.Get("correct").Bool(), jsonOf(one))
}
