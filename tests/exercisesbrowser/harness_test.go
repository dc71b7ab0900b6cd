//go:build browser

package exercisesbrowser

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

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
	dist.Remove()
	os.Exit(code)
}

// startServer serves dir on a loopback port with the site's file handler.
func startServer(t *testing.T, dir string) string {
	return browser.ServeT(t, dir, "/").URL
}

// newBrowser starts headless Chromium with a fresh profile and a 1200×900
// window, closed when the test ends; the whole test gets timeout.
func newBrowser(t *testing.T, timeout time.Duration) context.Context {
	t.Helper()
	return browser.LaunchT(t, timeout, chromedp.WindowSize(1200, 900))
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
