//go:build browser

package site

import (
	"context"
	"os"
	"testing"
	"time"

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
	chromium.Close()
	dist.Remove()
	os.Exit(code)
}

// The tests run side by side (t.Parallel; go test runs -parallel of them
// at once, GOMAXPROCS by default), each on its own server and in its own
// browser context, except two kinds that run alone, before the others:
// those that time the page itself (a first run while the runtime loads, a
// main thread that must stay free during an output flood or an endless
// loop, the bucket picture's requests against a bucket refilling in real
// time), so that another test's page cannot take the cores they time; and
// those that walk every page, starting a Go runtime on most, which keep
// both cores busy alone and only slow down beside another test.

// chromium is the one headless Chromium of the package, started by the
// first test that asks for a tab (a start costs one to three seconds on a
// busy machine, and the package has over forty tests).
var chromium browser.Shared

// startServer serves dir under prefix ("/" or "/some/prefix/"); srv.URL
// includes the prefix, and srv.Close takes the site offline before the test
// ends.
func startServer(t *testing.T, dir, prefix string) *browser.Server {
	return browser.ServeT(t, dir, prefix)
}

// newBrowser opens a tab in a browser context of its own (a fresh
// profile: no storage, service worker, cache or compiled code shared with
// any other test) on the package's Chromium, whose window is 1200×900; the
// context and its tabs are disposed of when the test ends. Its ten
// minutes only catch a hang: running every example of every lesson took
// over 90 s on a shared machine with a load of 35, and walking every page
// offline went past five minutes at a load of 25 (the package beside the
// two other browser suites and other builds).
func newBrowser(t *testing.T) context.Context {
	t.Helper()
	return newTab(t, 10*time.Minute)
}

// newTab is newBrowser with another limit, for a test that sets its own
// window size with chromedp.EmulateViewport.
func newTab(t *testing.T, timeout time.Duration) context.Context {
	t.Helper()
	return chromium.Tab(t, timeout)
}

// problems are console errors, uncaught exceptions and failed (not
// cancelled) or erroring requests of a tab.
type problems = browser.Problems

func watch(t *testing.T, ctx context.Context) *problems {
	t.Helper()
	return browser.WatchT(t, ctx, browser.Requests)
}

// stepWait is the limit of a wait for what a click, a key or a page's own
// script brings about (a save, a redraw, a message, a quiz mounted); like
// runHang for a run, it only ends a test that hangs: each is many times
// what its wait takes on a quiet machine, for a shared one with two cores
// busy with other suites; no test asserts on how long one took.
const stepWait = 60 * time.Second

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
