package serve

import (
	"net/http"
	"strings"
)

// ContentSecurityPolicy allows exactly what the course uses: its own
// scripts, styles, images, data files and workers from its own origin;
// 'wasm-unsafe-eval' so that pages and workers may compile the Go runtime
// (flakylab.wasm); data: images for the empty favicon. The editor
// (CodeMirror) writes its styles into <style> elements it creates at run
// time, so style elements may be inline; style attributes may not
// (style-src-attr; a browser too old to know that directive falls back to
// style-src and lets both through rather than break the editor). Nothing
// else runs, loads or connects: no inline scripts or eval, no plugins, no
// <base>, no form posts, and no page may frame the course (frame-ancestors).
const ContentSecurityPolicy = "default-src 'self'; " +
	"script-src 'self' 'wasm-unsafe-eval'; " +
	"style-src 'self' 'unsafe-inline'; " +
	"style-src-attr 'none'; " +
	"img-src 'self' data:; " +
	"font-src 'self'; " +
	"connect-src 'self'; " +
	"worker-src 'self'; " +
	"manifest-src 'self'; " +
	"object-src 'none'; " +
	"base-uri 'none'; " +
	"form-action 'none'; " +
	"frame-ancestors 'none'"

// SecurityHeaders are set on every response of the Handler, errors
// included. HeadersFile writes the same list for static hosts.
var SecurityHeaders = []struct{ Name, Value string }{
	{"Content-Security-Policy", ContentSecurityPolicy},
	// Types are never guessed: a script or a stylesheet must be labelled
	// as one.
	{"X-Content-Type-Options", "nosniff"},
	// The pages link nowhere that needs to know where a learner came from.
	{"Referrer-Policy", "no-referrer"},
	// frame-ancestors for browsers that predate it.
	{"X-Frame-Options", "DENY"},
}

func setSecurityHeaders(h http.Header) {
	for _, s := range SecurityHeaders {
		h.Set(s.Name, s.Value)
	}
}

// HeadersFile returns SecurityHeaders and the runtime's type in the _headers
// format that Netlify and Cloudflare Pages read from the root of the site,
// so a static host sends what this server sends.
func HeadersFile() string {
	var b strings.Builder
	b.WriteString("# Written by make dist (web/serve.HeadersFile): the headers web/cmd/serve sends.\n/*\n")
	for _, s := range SecurityHeaders {
		b.WriteString("  " + s.Name + ": " + s.Value + "\n")
	}
	b.WriteString("/*.wasm\n  Content-Type: " + ContentType("x.wasm") + "\n")
	return b.String()
}
