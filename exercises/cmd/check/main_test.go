package main

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/exercises"
)

// binary is the command built once for all tests: checks run in child
// processes that re-execute it.
var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "check-cli")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "check")
	build := exec.Command("go", "build", "-o", binary, ".")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		panic("building the command: " + err.Error())
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// check runs the command and returns its exit code and output.
func check(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	cmd := exec.Command(binary, args...)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode(), stdout.String(), stderr.String()
	}
	require.NoError(t, err)
	return 0, stdout.String(), stderr.String()
}

func writeFile(t *testing.T, src string) string {
	t.Helper()
	name := filepath.Join(t.TempDir(), "solution.go")
	require.NoError(t, os.WriteFile(name, []byte(src), 0o644))
	return name
}

func exercise(t *testing.T, slug string) *exercises.Exercise {
	t.Helper()
	e, err := exercises.Get(slug)
	require.NoError(t, err)
	return e
}

func TestSolutionExitsZero(t *testing.T) {
	t.Parallel()
	e := exercise(t, "circuit-breaker")
	code, out, errOut := check(t, "circuit-breaker", writeFile(t, e.Solution))
	assert.Equal(t, 0, code, "stdout:\n%s\nstderr:\n%s", out, errOut)
	assert.Contains(t, out, "circuit-breaker: 8 of 8 checks pass (score 100%)")
}

func TestStarterExitsOne(t *testing.T) {
	t.Parallel()
	e := exercise(t, "retry-classifier")
	code, out, _ := check(t, "retry-classifier", writeFile(t, e.Starter))
	assert.Equal(t, 1, code, out)
	assert.Contains(t, out, "FAIL  transient-statuses")
	assert.Contains(t, out, "hint:")
}

type results struct {
	Version int     `json:"version"`
	Status  string  `json:"status"`
	Message *string `json:"message"`
	Tests   []struct {
		Name    string  `json:"name"`
		Status  string  `json:"status"`
		Message *string `json:"message"`
	} `json:"tests"`
}

func TestJSONOutput(t *testing.T) {
	t.Parallel()
	e := exercise(t, "full-jitter")
	code, out, _ := check(t, "--json", "full-jitter", writeFile(t, e.Wrong["equal-jitter.go"]))
	assert.Equal(t, 1, code)
	var r results
	require.NoError(t, json.Unmarshal([]byte(out), &r), out)
	assert.Equal(t, 2, r.Version)
	assert.Equal(t, "fail", r.Status)
	require.Len(t, r.Tests, len(e.Checks))
	byName := map[string]string{}
	for _, tc := range r.Tests {
		byName[tc.Name] = tc.Status
		if tc.Name == "jitter-spread" {
			require.NotNil(t, tc.Message)
			assert.Contains(t, *tc.Message, "equal jitter")
		}
	}
	assert.Equal(t, "fail", byName["jitter-spread"])
	assert.Equal(t, "pass", byName["doubling"])
}

func TestCompileErrorIsAnErrorResult(t *testing.T) {
	t.Parallel()
	e := exercise(t, "token-bucket")
	src := strings.Replace(e.Solution, "b.tokens--", "b.tokens -= \"one\"", 1)
	code, out, _ := check(t, "token-bucket", writeFile(t, src), "-json")
	assert.Equal(t, 1, code)
	var r results
	require.NoError(t, json.Unmarshal([]byte(out), &r), out)
	assert.Equal(t, "error", r.Status)
	require.NotNil(t, r.Message)
	line := strings.Count(src[:strings.Index(src, "b.tokens -= ")], "\n") + 1
	assert.Contains(t, *r.Message, "line "+strconv.Itoa(line)+":", "the message carries the line: %s", *r.Message)
	assert.Empty(t, r.Tests)
}

func TestEndlessLoopTimesOut(t *testing.T) {
	t.Parallel()
	e := exercise(t, "token-bucket")
	src := strings.Replace(e.Solution, "\tb.refill(now)\n", "\tfor b.capacity == 10 && now.Sub(b.last) == time.Minute {\n\t}\n\tb.refill(now)\n", 1)
	require.NotEqual(t, e.Solution, src)
	// Long enough for the other checks on a loaded machine.
	code, out, _ := check(t, "token-bucket", writeFile(t, src), "-timeout", "20s", "-json")
	assert.Equal(t, 1, code)
	var r results
	require.NoError(t, json.Unmarshal([]byte(out), &r), out)
	for _, tc := range r.Tests {
		if tc.Name == "capacity-cap" {
			assert.Equal(t, "error", tc.Status)
			require.NotNil(t, tc.Message)
			assert.Contains(t, *tc.Message, "timed out")
			assert.Contains(t, *tc.Message, "input: b := NewBucket(10, 2, t0)")
			continue
		}
		assert.Equal(t, "pass", tc.Status, "check %s still runs and passes", tc.Name)
	}
}

func TestUsage(t *testing.T) {
	t.Parallel()
	code, _, errOut := check(t)
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "usage: check [flags] <exercise> <file.go>")

	code, _, errOut = check(t, "no-such-exercise", "x.go")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "token-bucket", "lists the exercises")

	code, _, errOut = check(t, "token-bucket", filepath.Join(t.TempDir(), "missing.go"))
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "missing.go")

	code, out, _ := check(t, "-list")
	assert.Equal(t, 0, code)
	for _, slug := range exercises.Slugs() {
		assert.Contains(t, out, slug)
	}
}
