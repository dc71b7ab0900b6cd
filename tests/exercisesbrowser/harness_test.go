//go:build browser

package exercisesbrowser

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/flakylab/flakylab/tests/browser"
)

// dist is a private copy of the built site (or of $EXERCISES_DIST), taken
// once, so that a rebuild of dist/ during the run cannot serve half a file;
// without a built site the tests fail, they do not skip.
var dist = browser.DistCopy{
	Env: "EXERCISES_DIST",
	Files: []string{
		"index.html", "exercise-token-bucket.html", "exercises/token-bucket/solution.go",
		"exercises/token-bucket/solution.go", "css/site.css",
		"js/exercise.js", "js/runtime.js", "flakylab.wasm", "wasm_exec.js",
	},
	HowTo:  "build the site first with `make dist` (the exercise pages come from web/site, the runtime from make wasm)",
	Prefix: "flakylab-exercises-",
}

func mustDist(t *testing.T) string {
	t.Helper()
	return dist.Dir(t)
}

func TestMain(m *testing.M) {
	code := m.Run()
	chromium.Close()
	dist.Remove()
	os.Exit(code)
}

// chromium is the one headless Chromium of the package, started by the
// first test that asks for a tab: a start and a stop cost about five
// seconds of processor time, and each test had its own.
var chromium browser.Shared

// startServer serves dir on a loopback port with the site's file handler.
func startServer(t *testing.T, dir string) string {
	return browser.ServeT(t, dir, "/").URL
}

// newBrowser opens a tab in a browser context of its own (a fresh
// profile: no storage, service worker, cache or compiled code shared with
// another test) on the package's Chromium, whose window is 1200×900; the
// context and its tab are disposed of when the test ends, which gets
// timeout.
func newBrowser(t *testing.T, timeout time.Duration) context.Context {
	t.Helper()
	return chromium.Tab(t, timeout)
}

// watch collects console errors, uncaught exceptions and failed (not
// cancelled) or erroring requests of a tab.
func watch(t *testing.T, ctx context.Context) *browser.Problems {
	t.Helper()
	return browser.WatchT(t, ctx, browser.Requests)
}

func waitFor(ctx context.Context, expr string, timeout time.Duration) error {
	return browser.WaitFor(ctx, expr, timeout)
}

// screenshot saves the tab under screenshots/NAME.png and returns the path.
func screenshot(t *testing.T, ctx context.Context, name string) string {
	t.Helper()
	return browser.Screenshot(t, ctx, name)
}
