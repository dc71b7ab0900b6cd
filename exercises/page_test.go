package exercises_test

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/exercises"
	"github.com/flakylab/flakylab/exercises/internal/native"
)

// TestPageFlow grades the way a page does: PlanJSON, one run per planned
// program, ReportJSON.
func TestPageFlow(t *testing.T) {
	e := mustGet(t, "retry-classifier")
	for _, tc := range []struct {
		name, src, status string
		passed            int
	}{
		{"solution", e.Solution, exercises.StatusPass, len(e.Checks)},
		{"wrong", e.Wrong["every-5xx.go"], exercises.StatusFail, len(e.Checks) - 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var plan exercises.Plan
			require.NoError(t, json.Unmarshal([]byte(exercises.PlanJSON(e.Slug, tc.src)), &plan))
			require.Empty(t, plan.Diagnostics)
			require.Len(t, plan.Runs, len(e.Checks))
			assert.Equal(t, 10000, plan.TimeoutMs)
			var runs []exercises.RunOutput
			assert.NotZero(t, plan.Seed, "a fresh seed")
			for _, r := range plan.Runs {
				assert.Contains(t, r.Harness, "const chkSeed uint64 = "+strconv.FormatUint(plan.Seed, 10), "each harness uses the plan's seed")
				out := native.Run(context.Background(), tc.src, r.Harness)
				out.Check = r.Check
				runs = append(runs, out)
			}
			runsJSON, err := json.Marshal(runs)
			require.NoError(t, err)
			var report exercises.Report
			require.NoError(t, json.Unmarshal([]byte(exercises.ReportJSON(e.Slug, tc.src, string(runsJSON), `{"server-errors": 1}`)), &report))
			assert.Equal(t, tc.status, report.Status)
			assert.Equal(t, tc.passed, report.Passed)
			assert.Equal(t, plan.Seed, report.Seed, "the report gives the seed")
			for _, c := range report.Checks {
				if c.Name == "server-errors" && tc.name == "wrong" {
					assert.Len(t, c.Hints, 2, "one extra hint asked for")
				}
			}
		})
	}
}

func TestPageJSONErrors(t *testing.T) {
	var plan exercises.Plan
	require.NoError(t, json.Unmarshal([]byte(exercises.PlanJSON("token-bucket", "package main\n")), &plan))
	assert.NotEmpty(t, plan.Diagnostics)
	assert.Empty(t, plan.Runs)

	for _, got := range []string{
		exercises.PlanJSON("nope", ""),
		exercises.ReportJSON("nope", "", "[]", ""),
		exercises.ReportJSON("token-bucket", "", "not json", ""),
		exercises.ReportJSON("token-bucket", "", "[]", "[1]"),
	} {
		var v map[string]any
		require.NoError(t, json.Unmarshal([]byte(got), &v), got)
		assert.Contains(t, v, "error", got)
	}
}

func TestSiteJSONHasNoAnswers(t *testing.T) {
	var site []exercises.SiteExercise
	raw := exercises.SiteJSON()
	require.NoError(t, json.Unmarshal([]byte(raw), &site))
	require.Len(t, site, 6)
	for i, e := range exercises.All() {
		assert.Equal(t, e.Slug, site[i].Slug)
		assert.Equal(t, e.Starter, site[i].Starter)
		assert.Len(t, site[i].Checks, len(e.Checks))
		assert.NotContains(t, raw, e.Solution)
		for _, c := range e.Checks {
			assert.NotContains(t, raw, c.Hints[0], "hints come with reports, not with the page")
		}
	}
}

// The page's WebAssembly must not carry the answers: a GOOS=js build of a
// program using the package has no trace of a reference solution.
func TestWasmBuildLeavesOutAnswers(t *testing.T) {
	if testing.Short() {
		t.Skip("builds for GOOS=js")
	}
	dir := t.TempDir()
	main := "package main\n\nimport \"github.com/flakylab/flakylab/exercises\"\n\nfunc main() { println(exercises.PlanJSON(\"token-bucket\", \"\")) }\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte(main), 0o644))
	out := filepath.Join(dir, "x.wasm")
	cmd := exec.Command("go", "build", "-o", out, filepath.Join(dir, "main.go"))
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	b, err := cmd.CombinedOutput()
	require.NoError(t, err, string(b))
	bin, err := os.ReadFile(out)
	require.NoError(t, err)
	e := mustGet(t, "token-bucket")
	assert.True(t, strings.Contains(string(bin), "b := NewBucket(%g, %g, t0)"), "the checks are in the build")
	assert.False(t, strings.Contains(string(bin), "Computing them from elapsed time (not from a ticker)"), "a line of the reference solution is in the build")
	assert.Contains(t, e.Solution, "Computing them from elapsed time (not from a ticker)")
}
