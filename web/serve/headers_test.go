package serve_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/flakylab/flakylab/web/serve"
)

func TestSecurityHeadersOnEveryResponse(t *testing.T) {
	h := serve.New(site())
	tests := []struct {
		method, target string
		headers        map[string]string
		status         int
	}{
		{http.MethodGet, "/index.html", nil, http.StatusOK},
		{http.MethodGet, "/flakylab.wasm", map[string]string{"Accept-Encoding": "br"}, http.StatusOK},
		{http.MethodHead, "/js/runtime.js", nil, http.StatusOK},
		{http.MethodGet, "/missing.html", nil, http.StatusNotFound},
		{http.MethodGet, "/.secret", nil, http.StatusNotFound},
		{http.MethodGet, "/docs", nil, http.StatusMovedPermanently},
		{http.MethodPost, "/index.html", nil, http.StatusMethodNotAllowed},
		{http.MethodGet, "/js/runtime.js", map[string]string{"If-Modified-Since": t1.Format(http.TimeFormat)}, http.StatusNotModified},
	}
	for _, tt := range tests {
		rec := get(t, h, tt.method, tt.target, tt.headers)
		assert.Equal(t, tt.status, rec.Code, "%s %s: status", tt.method, tt.target)
		for _, s := range serve.SecurityHeaders {
			assert.Equal(t, s.Value, rec.Header().Get(s.Name), "%s %s: header %s", tt.method, tt.target, s.Name)
		}
	}
}

func TestContentSecurityPolicy(t *testing.T) {
	directives := map[string]string{}
	for d := range strings.SplitSeq(serve.ContentSecurityPolicy, ";") {
		name, value, _ := strings.Cut(strings.TrimSpace(d), " ")
		_, dup := directives[name]
		assert.False(t, dup, "directive %s appears twice in %q", name, serve.ContentSecurityPolicy)
		directives[name] = value
	}
	want := map[string]string{
		"default-src":     "'self'",
		"script-src":      "'self' 'wasm-unsafe-eval'",
		"style-src":       "'self' 'unsafe-inline'",
		"style-src-attr":  "'none'",
		"object-src":      "'none'",
		"base-uri":        "'none'",
		"frame-ancestors": "'none'",
	}
	for name, value := range want {
		assert.Equal(t, value, directives[name], "directive %s of %q", name, serve.ContentSecurityPolicy)
	}
	for name, value := range directives {
		if name != "style-src" { // the editor's <style> elements
			assert.NotContains(t, value, "unsafe-inline", "directive %s", name)
		}
		assert.NotContains(t, value, "'unsafe-eval'", "directive %s", name)
		assert.NotContains(t, value, "*", "directive %s", name)
	}
}

func TestHeadersFile(t *testing.T) {
	got := serve.HeadersFile()
	lines := strings.Split(strings.TrimSuffix(got, "\n"), "\n")
	assert.True(t, strings.HasPrefix(lines[0], "#"), "first line is a comment: %q", lines[0])
	assert.Equal(t, "/*", lines[1], "then the rule for every path")
	for i, s := range serve.SecurityHeaders {
		assert.Equal(t, "  "+s.Name+": "+s.Value, lines[2+i], "line %d of\n%s", 2+i, got)
	}
	assert.Equal(t, []string{"/*.wasm", "  Content-Type: application/wasm"}, lines[len(lines)-2:], "in\n%s", got)
}
