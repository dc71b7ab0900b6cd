package site_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/web/site"
)

func TestServiceWorkerListsEveryFileAndChangesWithThem(t *testing.T) {
	out, res := build(t)
	static := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(static, "js"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(static, "js", "runtime.js"), []byte("export {}"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(out, "flakylab.wasm"), []byte("\x00asm v1"), 0o644))
	o := site.OfflineOptions{Out: out, Files: res.Files, Static: static}
	v1, err := site.WriteServiceWorker(o)
	require.NoError(t, err)
	sw := read(t, out, site.ServiceWorkerFile)
	assert.Contains(t, sw, `const VERSION = "`+v1+`";`)
	files := regexp.MustCompile(`const FILES = (\[.*\]);`).FindStringSubmatch(sw)
	require.NotNil(t, files)
	for _, f := range []string{"index.html", "final.html", "review.html", "quiz/bank.json", "css/site.css", "js/runtime.js", "flakylab.wasm"} {
		assert.Contains(t, files[1], `"`+f+`"`)
	}
	assert.NotContains(t, files[1], ".gz\"")
	assert.NotContains(t, files[1], `"wasm_exec.js"`, "a runtime file not built yet is left out")
	assert.NotRegexp(t, `"(/|[a-z]+://)`, files[1], "paths must be relative")

	v2, err := site.WriteServiceWorker(o)
	require.NoError(t, err)
	assert.Equal(t, v1, v2, "same files, same version")
	require.NoError(t, os.WriteFile(filepath.Join(out, "flakylab.wasm"), []byte("\x00asm v2"), 0o644))
	v3, err := site.WriteServiceWorker(o)
	require.NoError(t, err)
	assert.NotEqual(t, v1, v3, "a new runtime makes a new version")
	assert.False(t, strings.Contains(read(t, out, site.ServiceWorkerFile), v1))
}
