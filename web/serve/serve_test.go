package serve_test

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"testing/fstest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/web/serve"
)

var (
	t0 = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	t1 = t0.Add(time.Hour)
)

func file(data string, mod time.Time) *fstest.MapFile {
	return &fstest.MapFile{Data: []byte(data), Mode: 0o644, ModTime: mod}
}

// site is a small dist/ tree. The .gz and .br bodies are stand-ins: the
// handler never decodes them, it only picks which file to send.
func site() fstest.MapFS {
	return fstest.MapFS{
		"index.html":              file("<h1>home</h1>", t0),
		"index.html.gz":           file("GZ-index", t0),
		"playground.html":         file("<h1>play</h1>", t0),
		"flakylab.wasm":           file("\x00asm-plain-module-bytes", t0),
		"flakylab.wasm.gz":        file("GZ-wasm", t1),
		"flakylab.wasm.br":        file("BR-wasm", t1),
		"js/runtime.js":           file("export class Runtime {}", t0),
		"js/runtime.js.gz":        file("GZ-js", t0),
		"js/module.mjs":           file("export {}", t0),
		"css/site.css":            file("body{}", t1),
		"css/site.css.gz":         file("GZ-stale", t0), // older than site.css
		"assets/app.3f9a1c2e.js":  file("hashed", t0),
		"img/logo.png":            file("PNG", t0),
		"img/logo.png.gz":         file("GZ-png", t0), // never looked at
		"docs/index.html":         file("<h1>docs</h1>", t0),
		"empty/readme.txt":        file("no index here", t0),
		".secret":                 file("do not serve", t0),
		"js/.env":                 file("do not serve", t0),
		"data/table.json":         file(`{"a":1}`, t0),
		"notes/unknown.weirdext1": file("???", t0),
	}
}

func get(t *testing.T, h http.Handler, method, target string, headers map[string]string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, target, nil)
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestContentTypes(t *testing.T) {
	h := serve.New(site())
	cases := []struct {
		path, want string
	}{
		{"/flakylab.wasm", "application/wasm"},
		{"/js/runtime.js", "text/javascript; charset=utf-8"},
		{"/js/module.mjs", "text/javascript; charset=utf-8"},
		{"/playground.html", "text/html; charset=utf-8"},
		{"/css/site.css", "text/css; charset=utf-8"},
		{"/data/table.json", "application/json"},
		{"/img/logo.png", "image/png"},
		{"/notes/unknown.weirdext1", "application/octet-stream"},
	}
	for _, c := range cases {
		rec := get(t, h, http.MethodGet, c.path, nil)
		require.Equal(t, http.StatusOK, rec.Code, "GET %s", c.path)
		assert.Equal(t, c.want, rec.Header().Get("Content-Type"), "Content-Type of %s", c.path)
		assert.Equal(t, "nosniff", rec.Header().Get("X-Content-Type-Options"), "GET %s", c.path)
	}
}

func TestPrecompressed(t *testing.T) {
	h := serve.New(site())
	cases := []struct {
		name, path, accept string
		wantEncoding       string
		wantBody           string
		wantType           string
	}{
		{"no header gets identity", "/flakylab.wasm", "", "", "\x00asm-plain-module-bytes", "application/wasm"},
		{"gzip only", "/flakylab.wasm", "gzip", "gzip", "GZ-wasm", "application/wasm"},
		{"brotli preferred", "/flakylab.wasm", "gzip, deflate, br, zstd", "br", "BR-wasm", "application/wasm"},
		{"brotli refused by q=0", "/flakylab.wasm", "br;q=0, gzip;q=0.8", "gzip", "GZ-wasm", "application/wasm"},
		{"wildcard", "/flakylab.wasm", "*", "br", "BR-wasm", "application/wasm"},
		{"wildcard but gzip refused", "/js/runtime.js", "*, gzip;q=0", "", "export class Runtime {}", "text/javascript; charset=utf-8"},
		{"x-gzip alias", "/js/runtime.js", "x-gzip", "gzip", "GZ-js", "text/javascript; charset=utf-8"},
		{"identity only", "/js/runtime.js", "identity", "", "export class Runtime {}", "text/javascript; charset=utf-8"},
		{"js has no br sibling", "/js/runtime.js", "br, gzip", "gzip", "GZ-js", "text/javascript; charset=utf-8"},
		{"stale sibling ignored", "/css/site.css", "gzip", "", "body{}", "text/css; charset=utf-8"},
		{"directory index compressed", "/", "gzip", "gzip", "GZ-index", "text/html; charset=utf-8"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec := get(t, h, http.MethodGet, c.path, map[string]string{"Accept-Encoding": c.accept})
			require.Equal(t, http.StatusOK, rec.Code)
			hdr := rec.Header()
			assert.Equal(t, c.wantEncoding, hdr.Get("Content-Encoding"), "Accept-Encoding %q", c.accept)
			assert.Equal(t, c.wantBody, rec.Body.String())
			assert.Equal(t, c.wantType, hdr.Get("Content-Type"))
			assert.Equal(t, strconv.Itoa(len(c.wantBody)), hdr.Get("Content-Length"))
			assert.Equal(t, "Accept-Encoding", hdr.Get("Vary"))
			if c.wantEncoding != "" {
				assert.NotEmpty(t, hdr.Get(serve.UncompressedLengthHeader))
			} else {
				assert.Empty(t, hdr.Get(serve.UncompressedLengthHeader))
			}
		})
	}
}

func TestUncompressedLength(t *testing.T) {
	h := serve.New(site())
	rec := get(t, h, http.MethodGet, "/flakylab.wasm", map[string]string{"Accept-Encoding": "gzip"})
	assert.Equal(t, strconv.Itoa(len("\x00asm-plain-module-bytes")), rec.Header().Get(serve.UncompressedLengthHeader))
}

func TestImagesAreNotRenegotiated(t *testing.T) {
	rec := get(t, serve.New(site()), http.MethodGet, "/img/logo.png", map[string]string{"Accept-Encoding": "gzip"})
	assert.Equal(t, "PNG", rec.Body.String())
	assert.Empty(t, rec.Header().Get("Content-Encoding"))
	assert.Empty(t, rec.Header().Get("Vary"))
}

func TestValidators(t *testing.T) {
	h := serve.New(site())
	plain := get(t, h, http.MethodGet, "/js/runtime.js", nil)
	gz := get(t, h, http.MethodGet, "/js/runtime.js", map[string]string{"Accept-Encoding": "gzip"})
	require.NotEmpty(t, plain.Header().Get("ETag"))
	assert.NotEqual(t, plain.Header().Get("ETag"), gz.Header().Get("ETag"), "each representation needs its own ETag")
	assert.Equal(t, t0.Format(http.TimeFormat), plain.Header().Get("Last-Modified"))

	rec := get(t, h, http.MethodGet, "/js/runtime.js", map[string]string{"If-None-Match": plain.Header().Get("ETag")})
	assert.Equal(t, http.StatusNotModified, rec.Code)
	assert.Empty(t, rec.Body.String())

	rec = get(t, h, http.MethodGet, "/js/runtime.js", map[string]string{
		"If-None-Match": plain.Header().Get("ETag"), "Accept-Encoding": "gzip",
	})
	assert.Equal(t, http.StatusOK, rec.Code, "the plain ETag must not validate the gzip body")

	rec = get(t, h, http.MethodGet, "/js/runtime.js", map[string]string{"If-Modified-Since": t1.Format(http.TimeFormat)})
	assert.Equal(t, http.StatusNotModified, rec.Code)
}

func TestCacheControl(t *testing.T) {
	cases := []struct{ name, want string }{
		{"index.html", "no-cache"},
		{"docs/index.html", "no-cache"},
		{"flakylab.wasm", "no-cache"},
		{"js/runtime.js", "no-cache"},
		{"assets/app.3f9a1c2e.js", "public, max-age=31536000, immutable"},
		{"assets/chunk-5D1E0B7A.css", "public, max-age=31536000, immutable"},
		{"page.3f9a1c2e.html", "no-cache"},
		{"v1.2.js", "no-cache"},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, serve.CacheControl(c.name), "CacheControl(%q)", c.name)
	}
	rec := get(t, serve.New(site()), http.MethodGet, "/assets/app.3f9a1c2e.js", nil)
	assert.Equal(t, "public, max-age=31536000, immutable", rec.Header().Get("Cache-Control"))
}

func TestDirectoriesAndHiddenFiles(t *testing.T) {
	h := serve.New(site())
	cases := []struct {
		path, wantLocation, wantBody string
		wantCode                     int
	}{
		{"/", "", "<h1>home</h1>", http.StatusOK},
		{"/docs", "docs/", "", http.StatusMovedPermanently},
		{"/docs?x=1", "docs/?x=1", "", http.StatusMovedPermanently},
		{"/docs/", "", "<h1>docs</h1>", http.StatusOK},
		{"/empty/", "", "", http.StatusNotFound},
		{"/empty", "", "", http.StatusNotFound},
		{"/js/", "", "", http.StatusNotFound},
		{"/js/runtime.js/", "../runtime.js", "", http.StatusMovedPermanently},
		{"/.secret", "", "", http.StatusNotFound},
		{"/js/.env", "", "", http.StatusNotFound},
		{"/../index.html", "", "<h1>home</h1>", http.StatusOK},
		{"/missing.js", "", "", http.StatusNotFound},
	}
	for _, c := range cases {
		rec := get(t, h, http.MethodGet, c.path, nil)
		assert.Equal(t, c.wantCode, rec.Code, "GET %s", c.path)
		assert.Equal(t, c.wantLocation, rec.Header().Get("Location"), "GET %s", c.path)
		if c.wantBody != "" {
			assert.Equal(t, c.wantBody, rec.Body.String(), "GET %s", c.path)
		}
		assert.NotContains(t, rec.Body.String(), "runtime.js", "GET %s must not list a directory", c.path)
	}
}

func TestMethods(t *testing.T) {
	h := serve.New(site())
	rec := get(t, h, http.MethodHead, "/flakylab.wasm", map[string]string{"Accept-Encoding": "br"})
	assert.Equal(t, http.StatusOK, rec.Code)
	assert.Empty(t, rec.Body.String())
	assert.Equal(t, strconv.Itoa(len("BR-wasm")), rec.Header().Get("Content-Length"))

	for _, m := range []string{http.MethodPost, http.MethodPut, http.MethodDelete} {
		rec := get(t, h, m, "/index.html", nil)
		assert.Equal(t, http.StatusMethodNotAllowed, rec.Code, m)
		assert.Equal(t, "GET, HEAD", rec.Header().Get("Allow"), m)
	}
}

func TestRange(t *testing.T) {
	rec := get(t, serve.New(site()), http.MethodGet, "/js/runtime.js", map[string]string{"Range": "bytes=0-5"})
	assert.Equal(t, http.StatusPartialContent, rec.Code)
	assert.Equal(t, "export", rec.Body.String())
}

func TestRangeOfCompressedBodySendsItWhole(t *testing.T) {
	rec := get(t, serve.New(site()), http.MethodGet, "/js/runtime.js", map[string]string{
		"Range": "bytes=0-1", "Accept-Encoding": "gzip",
	})
	assert.Equal(t, http.StatusOK, rec.Code)
	assert.Equal(t, "GZ-js", rec.Body.String())
}

func TestNotModifiedCompressedHasNoLength(t *testing.T) {
	h := serve.New(site())
	gz := get(t, h, http.MethodGet, "/js/runtime.js", map[string]string{"Accept-Encoding": "gzip"})
	rec := get(t, h, http.MethodGet, "/js/runtime.js", map[string]string{
		"Accept-Encoding": "gzip", "If-None-Match": gz.Header().Get("ETag"),
	})
	assert.Equal(t, http.StatusNotModified, rec.Code)
	assert.Empty(t, rec.Header().Get("Content-Length"))
}
