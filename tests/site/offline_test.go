//go:build browser

package site

import (
	"strings"
	"testing"
	"time"
)

// runtimeState is the Go runtime's status on a page with examples ("ready"
// or "failed"), or "" on a page without.
const runtimeState = `(() => {
  const rt = document.querySelector('[data-role="runtime"]');
  return rt && !rt.hidden ? rt.dataset.state || "loading" : "";
})()`

// TestOfflineAfterFirstVisit visits the course once (under a sub-path),
// waits for the service worker to take control, stops the server and
// reloads every page: each must come back whole from the offline copy, the
// Go runtime included.
func TestOfflineAfterFirstVisit(t *testing.T) {
	dist := mustDist(t)
	srv := startServer(t, dist, "/course/")
	ctx := newBrowser(t)
	p := watch(t, ctx)

	load(t, ctx, srv.URL)
	if err := waitFor(ctx, `navigator.serviceWorker.controller !== null`, 45*time.Second); err != nil {
		failWithShot(t, ctx, "offline-install", "the service worker never took control of the page (it installs once every file is copied): %v", err)
	}
	scope := evalString(t, ctx, `navigator.serviceWorker.ready.then((r) => r.scope)`)
	if scope != srv.URL {
		t.Fatalf("service worker scope = %q, want the site's root %q", scope, srv.URL)
	}
	online := map[string]string{}
	all := pages(t, dist)
	for _, page := range all {
		load(t, ctx, srv.URL+page)
		online[page] = evalString(t, ctx, runtimeState)
		t.Logf("%s: runtime %q", page, online[page])
	}
	if got := p.All(); len(got) > 0 {
		t.Fatalf("problems while online:\n  %s", strings.Join(got, "\n  "))
	}

	srv.Close()
	for _, page := range append([]string{""}, all...) {
		load(t, ctx, srv.URL+page)
		title := evalString(t, ctx, `document.title`)
		if !strings.Contains(title, "flakylab") {
			failWithShot(t, ctx, "offline-"+shotName(page), "offline, %q has title %q: not served from the offline copy", page, title)
		}
		if page != "" {
			if got := evalString(t, ctx, runtimeState); got != online[page] {
				failWithShot(t, ctx, "offline-"+shotName(page), "offline, the Go runtime on %s is %q; online it was %q", page, got, online[page])
			}
		}
	}
	if got := p.All(); len(got) > 0 {
		failWithShot(t, ctx, "offline", "problems while offline:\n  %s", strings.Join(got, "\n  "))
	}
}

// TestSubPathDeployment serves dist/ under /some/prefix/ and opens every
// page there, following the index's links, with no failed request.
func TestSubPathDeployment(t *testing.T) {
	dist := mustDist(t)
	srv := startServer(t, dist, "/some/prefix/")
	ctx := newBrowser(t)
	p := watch(t, ctx)
	load(t, ctx, srv.URL)
	links := evalString(t, ctx, `[...document.querySelectorAll("a[href]")].map((a) => a.href).join("\n")`)
	for _, l := range strings.Split(links, "\n") {
		if !strings.HasPrefix(l, srv.URL) {
			t.Errorf("the index links outside the sub-path: %s", l)
		}
	}
	for _, page := range pages(t, dist) {
		load(t, ctx, srv.URL+page)
		if got := evalString(t, ctx, `location.pathname`); got != "/some/prefix/"+page {
			t.Errorf("%s ended up at %s", page, got)
		}
	}
	// Every page's first-party resources must come from under the prefix.
	if got := p.All(); len(got) > 0 {
		failWithShot(t, ctx, "subpath", "problems under the sub-path:\n  %s", strings.Join(got, "\n  "))
	}
}
