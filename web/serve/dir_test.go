package serve_test

import (
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/web/serve"
)

// TestDirNeverLeavesTheFolder serves a folder holding symbolic links that
// point outside it (to a file, to a folder, by absolute and relative
// paths) and one that stays inside: only the last may be followed.
func TestDirNeverLeavesTheFolder(t *testing.T) {
	base := t.TempDir()
	outside := filepath.Join(base, "outside")
	site := filepath.Join(base, "site")
	for _, d := range []string{outside, filepath.Join(site, "js")} {
		require.NoError(t, os.MkdirAll(d, 0o755))
	}
	write := func(p, s string) { require.NoError(t, os.WriteFile(p, []byte(s), 0o644)) }
	write(filepath.Join(outside, "secret.txt"), "secret")
	write(filepath.Join(outside, "index.html"), "outside index")
	write(filepath.Join(site, "index.html"), "<h1>home</h1>")
	write(filepath.Join(site, "js", "app.js"), "export {}")
	links := map[string]string{
		"abs.txt":      filepath.Join(outside, "secret.txt"),
		"rel.txt":      "../outside/secret.txt",
		"dir":          outside,
		"js/up.txt":    "../../outside/secret.txt",
		"passwd.txt":   "/etc/passwd",
		"inside.js":    "js/app.js",
		"js/index.txt": "../index.html",
	}
	for name, target := range links {
		require.NoError(t, os.Symlink(target, filepath.Join(site, filepath.FromSlash(name))))
	}

	h, err := serve.Dir(site)
	require.NoError(t, err)
	t.Cleanup(func() { h.Close() })
	tests := []struct {
		target string
		status int
		body   string
	}{
		{"/index.html", http.StatusOK, "<h1>home</h1>"},
		{"/inside.js", http.StatusOK, "export {}"},
		{"/js/index.txt", http.StatusOK, "<h1>home</h1>"},
		{"/abs.txt", http.StatusNotFound, ""},
		{"/rel.txt", http.StatusNotFound, ""},
		{"/js/up.txt", http.StatusNotFound, ""},
		{"/passwd.txt", http.StatusNotFound, ""},
		{"/dir/secret.txt", http.StatusNotFound, ""},
		{"/dir/", http.StatusNotFound, ""},
		{"/dir", http.StatusNotFound, ""},
		{"/../outside/secret.txt", http.StatusNotFound, ""},
	}
	for _, tt := range tests {
		rec := get(t, h, http.MethodGet, tt.target, nil)
		assert.Equal(t, tt.status, rec.Code, "GET %s: status (body %q)", tt.target, rec.Body.String())
		if tt.body != "" {
			assert.Equal(t, tt.body, rec.Body.String(), "GET %s: body", tt.target)
		}
		assert.NotContains(t, rec.Body.String(), "secret", "GET %s", tt.target)
		assert.NotContains(t, rec.Body.String(), "outside index", "GET %s", tt.target)
		assert.NotContains(t, rec.Body.String(), "root:", "GET %s", tt.target)
	}
}

func TestDirRefusesAMissingFolder(t *testing.T) {
	_, err := serve.Dir(filepath.Join(t.TempDir(), "nope"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "serve:")
}

// TestNewFollowsLinksWhereDirDoesNot shows why Dir exists: the same link
// served through os.DirFS reaches the file outside the folder.
func TestNewFollowsLinksWhereDirDoesNot(t *testing.T) {
	base := t.TempDir()
	site := filepath.Join(base, "site")
	require.NoError(t, os.Mkdir(site, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(base, "secret.txt"), []byte("secret"), 0o644))
	require.NoError(t, os.Symlink("../secret.txt", filepath.Join(site, "link.txt")))

	rec := get(t, serve.New(os.DirFS(site)), http.MethodGet, "/link.txt", nil)
	assert.Equal(t, "secret", rec.Body.String(), "os.DirFS follows the link")
	h, err := serve.Dir(site)
	require.NoError(t, err)
	defer h.Close()
	rec = get(t, h, http.MethodGet, "/link.txt", nil)
	assert.Equal(t, http.StatusNotFound, rec.Code, "Dir does not")
}
