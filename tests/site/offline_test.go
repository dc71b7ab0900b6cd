//go:build browser

package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runtimeState is the Go runtime's status on a page with examples ("ready"
// or "failed"), or "" on a page without.
const runtimeState = `(() => {
  const rt = document.querySelector('[data-role="runtime"]');
  return rt && !rt.hidden ? rt.dataset.state || "loading" : "";
})()`

// TestOfflineAfterFirstVisit visits the course's index once (under a
// sub-path), waits for the service worker to take control, stops the
// server and opens every page: each must come back whole from the offline
// copy, with the Go runtime ready on every page built with one (as
// online, where TestEveryPageLoadsCleanly opens every page and the
// examples', exercises' and quizzes' tests run Go in them).
func TestOfflineAfterFirstVisit(t *testing.T) {
	// Not parallel: it walks every page (see harness_test.go).
	dist := mustDist(t)
	srv := startServer(t, dist, "/course/")
	ctx := newBrowser(t)
	p := watch(t, ctx)

	load(t, ctx, srv.URL)
	if err := waitFor(ctx, `navigator.serviceWorker.controller !== null`, stepWait); err != nil {
		failWithShot(t, ctx, "offline-install", "the service worker never took control of the page (it installs once every file is copied): %v", err)
	}
	scope := evalString(t, ctx, `navigator.serviceWorker.ready.then((r) => r.scope)`)
	if scope != srv.URL {
		t.Fatalf("service worker scope = %q, want the site's root %q", scope, srv.URL)
	}
	if got := p.All(); len(got) > 0 {
		t.Fatalf("problems while online:\n  %s", strings.Join(got, "\n  "))
	}
	// What each page's runtime status says online: "ready" on a page
	// built with one, "" (no status) on the others.
	online := map[string]string{}
	all := pages(t, dist)
	for _, page := range all {
		b, err := os.ReadFile(filepath.Join(dist, page))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(b), `data-role="runtime"`) {
			online[page] = "ready"
		}
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
				failWithShot(t, ctx, "offline-"+shotName(page), "offline, the Go runtime on %s is %q, want %q as online", page, got, online[page])
			}
		}
	}
	if got := p.All(); len(got) > 0 {
		failWithShot(t, ctx, "offline", "problems while offline:\n  %s", strings.Join(got, "\n  "))
	}
}
