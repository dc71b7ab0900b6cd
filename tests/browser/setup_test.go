//go:build browser

package browser_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/tests/browser"
)

// One server and one browser for the whole package; each test gets its own
// tab.
var shared struct {
	once    sync.Once
	err     error
	server  *browser.Server
	browser *browser.Browser
	dir     string // private copy of dist/
}

func TestMain(m *testing.M) {
	code := m.Run()
	if shared.browser != nil {
		shared.browser.Close()
	}
	if shared.server != nil {
		shared.server.Close()
	}
	if shared.dir != "" {
		os.RemoveAll(shared.dir)
	}
	os.Exit(code)
}

// tab opens a new tab on the shared browser. It fails the test, with the
// way out in the message, when dist/ has not been built. On failure it
// saves a screenshot to screenshots/.
func tab(t *testing.T) (context.Context, *browser.Problems) {
	t.Helper()
	shared.once.Do(func() {
		dist, err := browser.FindDist()
		if err != nil {
			shared.err = err
			return
		}
		// A private copy, so that a make dist in another terminal cannot
		// hand a page half a file.
		if shared.dir, err = browser.CopyDist(dist, "flakylab-browser-"); err != nil {
			shared.err = err
			return
		}
		if shared.server, err = browser.Serve(shared.dir); err != nil {
			shared.err = err
			return
		}
		shared.browser, shared.err = browser.Launch(context.Background())
	})
	require.NoError(t, shared.err)

	ctx, cancel := chromedp.NewContext(shared.browser.Ctx)
	t.Cleanup(cancel)
	// Console errors and asserts, uncaught exceptions, the browser's log
	// errors, failed requests (cancelled ones too) and HTTP errors.
	p := browser.WatchT(t, ctx, browser.Requests|browser.CanceledRequests|browser.BrowserLog)
	browser.ShotOnFailure(t, ctx)
	return ctx, p
}

// openPlayground loads the playground and waits until the runtime is ready.
func openPlayground(t *testing.T, ctx context.Context) {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(shared.server.URL+"playground.html")))
	waitState(t, ctx, "ready", 30*time.Second)
}

// waitState waits for document.body.dataset.state; "error" (the runtime
// could not start) ends the wait at once.
func waitState(t *testing.T, ctx context.Context, state string, timeout time.Duration) {
	t.Helper()
	err := browser.WaitFor(ctx, fmt.Sprintf(`[%q, "error"].includes(document.body.dataset.state)`, state), timeout)
	got, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.dataset.state`))
	if err != nil || got != state {
		status, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("status").textContent`))
		t.Fatalf("page in state %q, not %q, after up to %v (status line: %q) %v", got, state, timeout, status, err)
	}
}

func js(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func eval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	require.NoError(t, err, "evaluating %s", expr)
	return v
}

// setSource replaces the playground's program (one editor transaction, as
// an example chosen from the menu).
func setSource(t *testing.T, ctx context.Context, src string) {
	t.Helper()
	eval[chromedp.Void](t, ctx, `playground.setSource(`+js(src)+`)`)
}

// source is the program in the playground's editor.
func source(t *testing.T, ctx context.Context) string {
	t.Helper()
	return eval[string](t, ctx, `playground.source()`)
}

func text(t *testing.T, ctx context.Context, id string) string {
	t.Helper()
	return eval[string](t, ctx, fmt.Sprintf(`document.getElementById(%q).textContent`, id))
}

func click(t *testing.T, ctx context.Context, id string) {
	t.Helper()
	cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	require.NoError(t, chromedp.Do(cctx, chromedp.Click(chromedp.ID(id))), "clicking #%s", id)
}

// runResult mirrors the RunResult of BRIDGE.md.
type runResult struct {
	Stdout           string   `json:"stdout"`
	Stderr           string   `json:"stderr"`
	Truncated        bool     `json:"truncated"`
	VirtualElapsedMs *float64 `json:"virtualElapsedMs"`
	RealElapsedMs    float64  `json:"realElapsedMs"`
	ExitCode         int      `json:"exitCode"`
	Error            *struct {
		Kind    string `json:"kind"`
		Message string `json:"message"`
		Line    int    `json:"line"`
		Column  int    `json:"column"`
	} `json:"error"`
}

// runJS runs a program through the page's Runtime object, not the UI.
func runJS(t *testing.T, ctx context.Context, src string, timeoutMs int) runResult {
	t.Helper()
	return eval[runResult](t, ctx, fmt.Sprintf(`playground.runtime.run(%s, {timeoutMs: %d})`, js(src), timeoutMs))
}
