package precompress_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/gzip"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/web/precompress"
)

func unbrotli(t *testing.T, b []byte) []byte {
	t.Helper()
	out, err := io.ReadAll(brotli.NewReader(bytes.NewReader(b)))
	require.NoError(t, err)
	return out
}

func ungzip(t *testing.T, b []byte) []byte {
	t.Helper()
	r, err := gzip.NewReader(bytes.NewReader(b))
	require.NoError(t, err)
	out, err := io.ReadAll(r)
	require.NoError(t, err)
	return out
}

func TestDirWritesSiblingsThatDecodeToTheFile(t *testing.T) {
	dir := t.TempDir()
	page := strings.Repeat("<p>the bucket refills at a steady rate</p>\n", 200)
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "js"), 0o755))
	files := map[string]string{"index.html": page, "js/app.js": "export const x = 1;\n", "logo.png": "\x89PNG"}
	for name, body := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644))
	}

	n, err := precompress.Dir(dir)
	require.NoError(t, err)
	assert.Equal(t, 2, n, "html and js compressed, png left alone")
	assert.NoFileExists(t, filepath.Join(dir, "logo.png.br"))

	for _, name := range []string{"index.html", "js/app.js"} {
		p := filepath.Join(dir, name)
		src, err := os.Stat(p)
		require.NoError(t, err)
		br, err := os.ReadFile(p + ".br")
		require.NoError(t, err)
		gz, err := os.ReadFile(p + ".gz")
		require.NoError(t, err)
		assert.Equal(t, files[name], string(unbrotli(t, br)), name+".br")
		assert.Equal(t, files[name], string(ungzip(t, gz)), name+".gz")
		for _, ext := range precompress.Encodings {
			si, err := os.Stat(p + ext)
			require.NoError(t, err)
			assert.True(t, si.ModTime().Equal(src.ModTime()), "%s%s carries the file's time: %v, want %v", name, ext, si.ModTime(), src.ModTime())
		}
	}
	br, err := os.ReadFile(filepath.Join(dir, "index.html.br"))
	require.NoError(t, err)
	assert.Less(t, len(br), len(page)/10, "repetitive html compresses well")
}

func TestFileSkipsCurrentSiblingsAndRedoesStaleOnes(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "a.js")
	require.NoError(t, os.WriteFile(p, []byte("let a = 1;"), 0o644))
	did, err := precompress.File(p)
	require.NoError(t, err)
	assert.True(t, did)
	did, err = precompress.File(p)
	require.NoError(t, err)
	assert.False(t, did, "siblings as new as the file are kept")

	require.NoError(t, os.WriteFile(p, []byte("let a = 2;"), 0o644))
	later := time.Now().Add(time.Second)
	require.NoError(t, os.Chtimes(p, later, later))
	did, err = precompress.File(p)
	require.NoError(t, err)
	assert.True(t, did, "a changed file gets new siblings")
	gz, err := os.ReadFile(p + ".gz")
	require.NoError(t, err)
	assert.Equal(t, "let a = 2;", string(ungzip(t, gz)))

	require.NoError(t, os.Remove(p+".br"))
	did, err = precompress.File(p)
	require.NoError(t, err)
	assert.True(t, did, "a missing sibling is written again")
}

func TestFileReportsAMissingFile(t *testing.T) {
	_, err := precompress.File(filepath.Join(t.TempDir(), "nope.js"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "precompress:")
}

func TestGzipIsDeterministic(t *testing.T) {
	a, err := precompress.Gzip([]byte("same input"))
	require.NoError(t, err)
	b, err := precompress.Gzip([]byte("same input"))
	require.NoError(t, err)
	assert.Equal(t, a, b)
}
