// Package gowasm builds small Go programs for GOOS=js GOARCH=wasm and runs
// them under Node, for the tests of the build's post-link rewrites
// (datasection, pclntab): a rewritten module must run as the linker's did.
package gowasm

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Build writes src as the main package of a fresh module in dir and builds
// it for GOOS=js GOARCH=wasm, returning the module's bytes. It skips the
// test in -short mode and where Node is missing.
func Build(t *testing.T, dir, src string) []byte {
	t.Helper()
	if testing.Short() {
		t.Skip("builds a module for GOOS=js")
	}
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed")
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module probe\n\ngo 1.26\n"), 0o644))
	build := exec.Command("go", "build", "-o", "probe.wasm", ".")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "GOFLAGS=")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "%s", out)
	wasm, err := os.ReadFile(filepath.Join(dir, "probe.wasm"))
	require.NoError(t, err)
	return wasm
}

// Run writes module to dir/name, runs it under Node with Go's own
// wasm_exec_node.js and returns what it printed; the run must succeed.
func Run(t *testing.T, dir, name string, module []byte) string {
	t.Helper()
	require.NoError(t, os.WriteFile(filepath.Join(dir, name), module, 0o644))
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	require.NoError(t, err)
	runner := filepath.Join(strings.TrimSpace(string(goroot)), "lib", "wasm", "wasm_exec_node.js")
	cmd := exec.Command("node", runner, name)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s: %s", name, out)
	return string(out)
}
