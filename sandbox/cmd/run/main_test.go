package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/sandbox"
)

func writeProgram(t *testing.T, src string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "prog.go")
	require.NoError(t, os.WriteFile(path, []byte(src), 0o644))
	return path
}

func TestRun(t *testing.T) {
	cases := []struct {
		name       string
		src        string
		wantCode   int
		wantStdout string
		wantStderr string // a substring
	}{
		{"prints", "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"hi\"); println(\"err\") }\n", 0, "hi\n", "err\n"},
		{"snippet", "fmt.Println(1 + 2)\n", 0, "3\n", ""},
		{"compile error", "package main\n\nfunc main() {\n\tx := 1\n}\n", 1, "", "prog.go:4:2: declared and not used: x\n"},
		{"panic", "package main\n\nfunc main() {\n\tpanic(\"boom\")\n}\n", 2, "", "panic: boom\n"},
		{"refused import", "package main\n\nimport \"net\"\n\nfunc main() { _ = net.IPv4len }\n", 1, "", "prog.go:3:8: package \"net\" is not allowed"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := writeProgram(t, c.src)
			var stdout, stderr bytes.Buffer
			code := run([]string{path}, strings.NewReader(""), &stdout, &stderr)
			require.Equal(t, c.wantCode, code, "exit code of %q; stderr %q", c.src, stderr.String())
			require.Equal(t, c.wantStdout, stdout.String(), "stdout of %q", c.src)
			got := strings.ReplaceAll(stderr.String(), path, "prog.go")
			require.Contains(t, got, c.wantStderr, "stderr of %q", c.src)
		})
	}
}

func TestRunJSON(t *testing.T) {
	path := writeProgram(t, "package main\n\nfunc main() {\n\tvar a []int\n\t_ = a[5]\n}\n")
	var stdout, stderr bytes.Buffer
	code := run([]string{"-json", path}, strings.NewReader(""), &stdout, &stderr)
	require.Equal(t, 2, code, "stderr %q", stderr.String())
	require.Empty(t, stderr.String(), "with -json the program's stderr is in the JSON")
	var raw map[string]any
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &raw), "output %s", stdout.String())
	for _, key := range []string{"stdout", "stderr", "truncated", "virtualElapsedMs", "realElapsedMs", "exitCode", "error", "errors"} {
		require.Contains(t, raw, key, "RunResult %s", stdout.String())
	}
	var res sandbox.Result
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &res))
	require.Equal(t, sandbox.KindPanic, res.Err.Kind, "error of %s", stdout.String())
	require.Equal(t, 5, res.Err.Line, "panic line in %s", stdout.String())
	require.Contains(t, res.Stderr, "index out of range")
}

func TestRunResultFileAndStdin(t *testing.T) {
	resultPath := filepath.Join(t.TempDir(), "result.json")
	var stdout, stderr bytes.Buffer
	code := run([]string{"-result", resultPath, "-"}, strings.NewReader("fmt.Print(\"from stdin\")\n"), &stdout, &stderr)
	require.Equal(t, 0, code, "stderr %q", stderr.String())
	require.Equal(t, "from stdin", stdout.String())
	data, err := os.ReadFile(resultPath)
	require.NoError(t, err)
	var res sandbox.Result
	require.NoError(t, json.Unmarshal(data, &res), "result file %s", data)
	require.Nil(t, res.Err, "result file %s", data)
	require.Equal(t, "from stdin", res.Stdout, "result file %s", data)
}

func TestRunUsage(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{nil, "usage: run"},
		{[]string{"a.go", "b.go"}, "usage: run"},
		{[]string{"-nope", "a.go"}, "flag provided but not defined"},
		{[]string{filepath.Join(t.TempDir(), "missing.go")}, "missing.go"},
	}
	for _, c := range cases {
		var stdout, stderr bytes.Buffer
		code := run(c.args, strings.NewReader(""), &stdout, &stderr)
		require.Equal(t, usageExit, code, "exit code of %v", c.args)
		require.Contains(t, stderr.String(), c.want, "stderr of %v", c.args)
	}
}
