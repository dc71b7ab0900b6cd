//go:build browser

package site

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/flakylab/flakylab/tests/browser"
)

// dist is a private copy of the built site (or of $SITE_DIST), taken once
// for the package, so that a rebuild of dist/ while the tests run cannot
// hand a page half a file; without a built site the tests fail, not skip.
var dist = browser.DistCopy{
	Env: "SITE_DIST",
	Files: []string{
		"index.html", "final.html", "review.html", "sw.js",
		"quiz/bank.json", "css/site.css", "css/quiz.css",
		"js/lesson.js", "js/runtime.js", "flakylab.wasm", "wasm_exec.js",
	},
	HowTo:  "build the site first with `make dist` (or `go run ./web/site/cmd/build -out dist` after the runtime files are in dist/)",
	Prefix: "flakylab-site-",
}

func mustDist(t *testing.T) string {
	t.Helper()
	return dist.Dir(t)
}

func TestMain(m *testing.M) {
	code := m.Run()
	dist.Remove()
	os.Exit(code)
}

// startServer serves dir under prefix ("/" or "/some/prefix/"); srv.URL
// includes the prefix, and srv.Close takes the site offline before the test
// ends.
func startServer(t *testing.T, dir, prefix string) *browser.Server {
	return browser.ServeT(t, dir, prefix)
}

// newBrowser starts headless Chromium with a fresh profile and a 1200×900
// window; it is closed when the test ends. Its five minutes only catch a
// hang: running every example of every lesson took over 90 s on a shared
// machine with a load of 35.
func newBrowser(t *testing.T) context.Context {
	t.Helper()
	return browser.LaunchT(t, 5*time.Minute, chromedp.WindowSize(1200, 900))
}

// problems are console errors, uncaught exceptions and failed (not
// cancelled) or erroring requests of a tab.
type problems = browser.Problems

func watch(t *testing.T, ctx context.Context) *problems {
	t.Helper()
	return browser.WatchT(t, ctx, browser.Requests)
}

func waitFor(ctx context.Context, expr string, timeout time.Duration) error {
	return browser.WaitFor(ctx, expr, timeout)
}

// screenshot saves the tab under tests/site/screenshots/NAME.png.
func screenshot(t *testing.T, ctx context.Context, name string) string {
	t.Helper()
	return browser.Screenshot(t, ctx, name)
}

// failWithShot saves a screenshot of the tab, then fails the test.
func failWithShot(t *testing.T, ctx context.Context, name, format string, args ...any) {
	t.Helper()
	browser.LogShot(t, ctx, "FAIL-"+name)
	t.Fatalf(format, args...)
}
