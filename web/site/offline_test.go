package site_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

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

// The page host's folder is copied into the site as it is; a copy the
// bundle then changed (the playground given its preload links) is what the
// offline copy's version hashes, and a file already in place keeps its time.
func TestCopyStaticAndTheOfflineVersion(t *testing.T) {
	static, out := t.TempDir(), t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(static, "js"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(static, "js", "runtime.js"), []byte("export {}"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(static, "playground.html"), []byte("<head></head>"), 0o644))

	written, err := site.CopyStatic(static, out, false)
	require.NoError(t, err)
	assert.ElementsMatch(t, []string{"js/runtime.js", "playground.html"}, written)
	assert.Equal(t, "export {}", read(t, out, "js/runtime.js"))
	old := time.Now().Add(-time.Hour).Truncate(time.Second)
	require.NoError(t, os.Chtimes(filepath.Join(out, "js", "runtime.js"), old, old))
	// The bundle changed the last build's playground page.
	require.NoError(t, os.WriteFile(filepath.Join(out, "playground.html"), []byte("<head>links</head>"), 0o644))
	written, err = site.CopyStatic(static, out, false)
	require.NoError(t, err)
	assert.Equal(t, []string{"playground.html"}, written, "only the copy that differs is written again")
	assert.Equal(t, "<head></head>", read(t, out, "playground.html"))
	info, err := os.Stat(filepath.Join(out, "js", "runtime.js"))
	require.NoError(t, err)
	assert.Equal(t, old, info.ModTime(), "the unchanged copy keeps its time")

	o := site.OfflineOptions{Out: out, Files: []string{"playground.html"}, Static: static}
	v1, err := site.WriteServiceWorker(o)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(out, "playground.html"), []byte(`<head><link rel="modulepreload" href="js/chunk-A.js"></head>`), 0o644))
	v2, err := site.WriteServiceWorker(o)
	require.NoError(t, err)
	assert.NotEqual(t, v1, v2, "the site's own copy of playground.html changed, so must the version")
}
