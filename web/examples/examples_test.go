package examples_test

import (
	"bytes"
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/web/examples"
)

var update = flag.Bool("update", false, "rewrite expected.txt from the native output")

// A runner runs one example's source and returns what it printed on
// standard output and standard error. Every runner must reproduce
// expected.txt exactly. The native runner compiles the examples with the
// go command; an interpreter runner (the browser runtime's yaegi with its
// allow-list and virtual time) is added to this table when it lands, so
// that every example is checked in both places with the same assertions.
type runner func(t *testing.T, ex examples.Example) (stdout, stderr string)

func runners(t *testing.T) map[string]runner {
	return map[string]runner{"native": nativeRunner(t)}
}

// nativeRunner builds every example once, in one go build, and returns a
// runner that executes the binary of the example asked for.
func nativeRunner(t *testing.T) runner {
	t.Helper()
	bin := t.TempDir()
	cmd := exec.Command("go", "build", "-o", bin+string(filepath.Separator), "./...")
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "go build of the examples failed:\n%s", out)
	return func(t *testing.T, ex examples.Example) (string, string) {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		var stdout, stderr bytes.Buffer
		cmd := exec.CommandContext(ctx, filepath.Join(bin, ex.Name))
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		require.NoError(t, cmd.Run(), "%s exited with an error; stderr:\n%s", ex.Name, stderr.String())
		return stdout.String(), stderr.String()
	}
}

func TestExamplesPrintExpectedOutput(t *testing.T) {
	all, err := examples.All()
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(all), 9, "the course promises at least 9 examples")
	for name, run := range runners(t) {
		t.Run(name, func(t *testing.T) {
			for _, ex := range all {
				t.Run(ex.Name, func(t *testing.T) {
					stdout, stderr := run(t, ex)
					if *update && name == "native" {
						require.NoError(t, os.WriteFile(filepath.Join(ex.Name, "expected.txt"), []byte(stdout), 0o644))
						return
					}
					require.Empty(t, stderr, "%s wrote to stderr", ex.Name)
					require.Equal(t, ex.Expected, stdout,
						"%s printed something other than %s/expected.txt (run go test ./web/examples -update to accept it)", ex.Name, ex.Name)
				})
			}
		})
	}
}

// The examples are what a learner reads first: each starts with a comment
// that says what it shows, stays short, and is gofmt-clean.
func TestExamplesAreReadable(t *testing.T) {
	all, err := examples.All()
	require.NoError(t, err)
	for _, ex := range all {
		require.True(t, strings.HasPrefix(ex.Source, "// "), "%s: start with a comment saying what the example shows", ex.Name)
		lines := strings.Count(ex.Source, "\n")
		require.LessOrEqual(t, lines, 110, "%s: %d lines is too long for a lesson example", ex.Name, lines)
		require.NotEmpty(t, strings.TrimSpace(ex.Expected), "%s: expected.txt is empty", ex.Name)
	}
	out, err := exec.Command("gofmt", "-l", ".").CombinedOutput()
	require.NoError(t, err, "%s", out)
	require.Empty(t, strings.TrimSpace(string(out)), "examples not gofmt-clean")
}

func TestGetRejectsPaths(t *testing.T) {
	for _, name := range []string{"", "../x", "a/b", "no-such-example"} {
		_, err := examples.Get(name)
		require.Error(t, err, "Get(%q)", name)
	}
	ex, err := examples.Get("bucket-burst")
	require.NoError(t, err)
	require.Contains(t, ex.Source, "package main")
}
