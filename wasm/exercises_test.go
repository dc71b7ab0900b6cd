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
	plan := coreCall(t, "gradePlan", "token-bucket", src, 77)
	runs := plan.Get("runs")
	require.Equal(t, 6, runs.Length(), "one run per check: %s", jsonOf(plan))
	assert.Positive(t, plan.Get("timeoutMs").Int())
	assert.Equal(t, 77, plan.Get("seed").Int(), "the seed asked for")
	assert.Positive(t, coreCall(t, "gradePlan", "token-bucket", src).Get("seed").Int(), "a fresh seed otherwise")

	first := runs.Index(0)
	var inputs []string
	res := run(t, map[string]any{"source": src, "harness": first.Get("harness").String(),
		"onInput": js.FuncOf(func(_ js.Value, args []js.Value) any { inputs = append(inputs, args[0].String()); return nil })})
	assert.Equal(t, js.TypeString, res.Get("verdict").Type(), "a graded run has a verdict: %s", jsonOf(res))
	assert.NotEmpty(t, res.Get("input").String(), "and the input its checks were on")
	assert.NotEmpty(t, inputs, "inputs are announced as they come")
	done := []any{map[string]any{"check": first.Get("check").String(), "stdout": res.Get("stdout").String(), "error": res.Get("error"),
		"verdict": res.Get("verdict"), "input": res.Get("input")}}
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
		{"bad_request", "gradePlan", []any{"token-bucket", "package main", 0}},
		{"bad_request", "gradePlan", []any{"token-bucket", "package main", "7"}},
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

// TestExerciseCards: a Check of the unedited starter makes no cards; an
// edited file's failed checks make one card per idea, asking about the
// idea with its input, never showing the learner's output.
func TestExerciseCards(t *testing.T) {
	starter, err := os.ReadFile("../exercises/full-jitter/starter.go")
	require.NoError(t, err)
	src := strings.TrimPrefix(string(starter), "//go:build ignore\n\n")
	report := map[string]any{"status": "fail", "checks": []any{
		map[string]any{"name": "doubling", "title": "The backoff starts at base and doubles.", "status": "fail", "got": "[0s]", "input": "Backoff(1, 500ms, 8s)"},
		map[string]any{"name": "limit", "title": "Never above the limit.", "status": "pass"},
		map[string]any{"name": "jitter-spread", "title": "Spread evenly.", "status": "fail", "got": "min 0s"},
		map[string]any{"name": "no-card-yet", "title": "A rule with no card.", "status": "error", "input": "Backoff(2, 1s, 8s)"},
	}}
	none := coreCall(t, "exerciseCards", "full-jitter", src, report)
	assert.Equal(t, 0, none.Length(), "the unedited starter: %s", jsonOf(none))

	edited := src + "\n// trying something\n"
	for _, r := range []any{report, jsonOf(js.ValueOf(report))} {
		cards := coreCall(t, "exerciseCards", "full-jitter", edited, r)
		require.Equal(t, 3, cards.Length(), "one card per failed check: %s", jsonOf(cards))
		var ids []string
		for i := 0; i < cards.Length(); i++ {
			c := cards.Index(i)
			ids = append(ids, c.Get("id").String())
			assert.Equal(t, "backoff-and-jitter", c.Get("section").String(), jsonOf(c))
			assert.NotContains(t, c.Get("front").String(), "[0s]", "the front is about the idea, not the learner's output: %s", jsonOf(c))
			assert.Contains(t, c.Get("front").String(), "?", jsonOf(c))
		}
		assert.Equal(t, []string{"exercise:full-jitter/doubling", "card-backoff-full-jitter", "exercise:full-jitter/no-card-yet"}, ids)
		assert.Contains(t, cards.Index(2).Get("front").String(), "Backoff(2, 1s, 8s)", "a check without a written card shows its input")
	}
	s := await(t, core().Call("exerciseCards", "no-such-exercise", src, report))
	assert.True(t, s.rejected, "unknown exercise: %s", jsonOf(s.value))
}

// Every reference solution passes every check in the runtime as built for
// the browser, graded as the page grades it: gradePlan, one graded run
// per check, gradeReport. The engine runs the checks compiled to
// WebAssembly here, where it can fail in ways the native tests cannot see.
func TestEverySolutionPassesInTheRuntime(t *testing.T) {
	for _, slug := range []string{"token-bucket", "retry-classifier", "full-jitter", "retry-loop", "idempotency-store", "circuit-breaker"} {
		b, err := os.ReadFile("../exercises/" + slug + "/solution.go")
		require.NoError(t, err)
		src := string(b)
		plan := coreCall(t, "gradePlan", slug, src)
		runs := plan.Get("runs")
		var done []any
		for i := 0; i < runs.Length(); i++ {
			r := runs.Index(i)
			res := run(t, map[string]any{"source": src, "harness": r.Get("harness").String()})
			done = append(done, map[string]any{"check": r.Get("check").String(), "stdout": res.Get("stdout").String(),
				"error": res.Get("error"), "verdict": res.Get("verdict"), "input": res.Get("input")})
		}
		rep := coreCall(t, "gradeReport", slug, src, done)
		assert.Equal(t, "pass", rep.Get("status").String(), "%s (seed %d): %s", slug, plan.Get("seed").Int(), jsonOf(rep))
	}
}
