//go:build !js

package browser_test

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/tests/browser"
)

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, []byte(data), 0o644))
}

// A missing build must fail with the way out, not skip.
func TestFindDistSaysToRunMakeDist(t *testing.T) {
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "go.mod"), "module example.com/x\n")
	sub := filepath.Join(root, "tests", "browser")
	require.NoError(t, os.MkdirAll(sub, 0o755))
	t.Chdir(sub)

	_, err := browser.FindDist()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "make dist")

	for _, f := range []string{"playground.html", "flakylab.wasm", "wasm_exec.js", "js/runtime.js", "js/worker.js"} {
		writeFile(t, filepath.Join(root, "dist", f), "x")
	}
	dist, err := browser.FindDist()
	require.NoError(t, err)
	want, _ := filepath.EvalSymlinks(filepath.Join(root, "dist"))
	got, _ := filepath.EvalSymlinks(dist)
	assert.Equal(t, want, got)
}

func TestServe(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "js", "runtime.js"), "export {}")
	s, err := browser.Serve(dir)
	require.NoError(t, err)
	defer s.Close()

	resp, err := http.Get(s.URL + "js/runtime.js")
	require.NoError(t, err)
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "text/javascript; charset=utf-8", resp.Header.Get("Content-Type"))
	assert.Equal(t, "export {}", string(body))

	resp, err = http.Get(s.URL + browser.SubPath + "js/runtime.js")
	require.NoError(t, err)
	defer resp.Body.Close()
	body, _ = io.ReadAll(resp.Body)
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "export {}", string(body))
}

func TestServerRecordsResponses(t *testing.T) {
	dir := t.TempDir()
	body := strings.Repeat("x", 1000)
	writeFile(t, filepath.Join(dir, "a.txt"), body)
	s, err := browser.Serve(dir)
	require.NoError(t, err)
	defer s.Close()
	for _, p := range []string{"a.txt", "missing.txt"} {
		resp, err := http.Get(s.URL + p)
		require.NoError(t, err)
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	got := s.Responses()
	require.Len(t, got, 2, "responses: %+v", got)
	assert.Equal(t, "/a.txt", got[0].Path)
	assert.Equal(t, http.StatusOK, got[0].Status)
	assert.Greater(t, got[0].Bytes, int64(len(body)), "the body and its header fields: %+v", got[0])
	assert.Less(t, got[0].Bytes, int64(len(body)+2000), "no more than body and header fields: %+v", got[0])
	assert.Equal(t, http.StatusNotFound, got[1].Status)
	assert.Equal(t, got[0].Bytes+got[1].Bytes, s.BytesSent())
}
