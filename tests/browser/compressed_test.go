//go:build browser

package browser_test

import (
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/tests/browser"
)

// The server ignores a precompressed sibling older than its file, so a build
// step that leaves one older (brotli copies the source's time truncated to
// whole seconds) silently stops the site from serving it.
func TestPrecompressedSiblingsAreServed(t *testing.T) {
	dist, err := browser.FindDist()
	require.NoError(t, err)

	var siblings []string
	err = filepath.WalkDir(dist, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		ext := filepath.Ext(p)
		if ext != ".br" && ext != ".gz" {
			return nil
		}
		orig, err := os.Stat(strings.TrimSuffix(p, ext))
		if err != nil {
			return nil // a file that is itself compressed data
		}
		sib, err := d.Info()
		if err != nil {
			return err
		}
		siblings = append(siblings, p)
		assert.False(t, sib.ModTime().Before(orig.ModTime()),
			"%s is older than the file it compresses (%s < %s): the server would ignore it",
			p, sib.ModTime(), orig.ModTime())
		return nil
	})
	require.NoError(t, err)
	require.NotEmpty(t, siblings, "dist/ has no precompressed files")

	copyDir, err := browser.CopyDist(dist, "flakylab-compressed-")
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(copyDir) })
	srv := browser.ServeT(t, copyDir, "/")

	for _, name := range []string{"flakylab.wasm", "index.html"} {
		want := ""
		for _, enc := range []struct{ ext, coding string }{{".br", "br"}, {".gz", "gzip"}} {
			if _, err := os.Stat(filepath.Join(dist, name+enc.ext)); err == nil {
				want = enc.coding
				break
			}
		}
		if want == "" {
			continue
		}
		req, err := http.NewRequest(http.MethodGet, srv.URL+name, nil)
		require.NoError(t, err)
		req.Header.Set("Accept-Encoding", "gzip, deflate, br")
		resp, err := http.DefaultTransport.RoundTrip(req)
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, want, resp.Header.Get("Content-Encoding"), "GET %s with Accept-Encoding: gzip, deflate, br", name)
	}
}
