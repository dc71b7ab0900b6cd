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
	ctx, cancel, p := newTab(t)
	t.Cleanup(cancel)
	browser.ShotOnFailure(t, ctx)
	return ctx, p
}

// newTab opens a tab on the shared browser, starting it first if need be,
// and watches it for console errors and asserts, uncaught exceptions, the
// browser's log errors, failed requests (cancelled ones too) and HTTP
// errors.
func newTab(t *testing.T) (context.Context, context.CancelFunc, *browser.Problems) {
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
	p := browser.WatchT(t, ctx, browser.Requests|browser.CanceledRequests|browser.BrowserLog)
	return ctx, cancel, p
}

// problems are a tab's problems as a test sees them: all of them on a tab
// of its own, those since the test began on the kept playground.
type problems interface{ All() []string }

// since is the part of a tab's problems that came after the first from.
type since struct {
	p    *browser.Problems
	from int
}

func (s since) All() []string { return s.p.All()[s.from:] }

// kept is the playground tab that the tests which only run programs
// through its Runtime (playground.runtime, or one they make with its
// constructor) share: each page load boots a Go runtime (seconds of CPU,
// then its warm-up runs), and these tests do not depend on what ran
// before them in the page, as a learner's runs do not (the hostile
// programs' test proves that of the runtime). The tests that drive the
// page itself (its buttons, its editor, its first load) open their own.
var kept struct {
	ctx    context.Context
	cancel context.CancelFunc
	p      *browser.Problems
}

// keptPlayground returns the kept playground tab, ready, opening it if no
// test has yet, and the tab's problems from now on. A test that fails
// closes it, so that the next one starts on a fresh page.
func keptPlayground(t *testing.T) (context.Context, problems) {
	t.Helper()
	t.Cleanup(func() {
		if t.Failed() && kept.cancel != nil {
			kept.cancel()
			kept.ctx, kept.cancel, kept.p = nil, nil, nil
		}
	})
	if kept.ctx == nil {
		kept.ctx, kept.cancel, kept.p = newTab(t)
		openPlayground(t, kept.ctx)
	}
	browser.ShotOnFailure(t, kept.ctx)
	return kept.ctx, since{kept.p, len(kept.p.All())}
}

// openPlayground loads the playground and waits until the runtime is ready.
func openPlayground(t *testing.T, ctx context.Context) {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(shared.server.URL+"playground.html")))
	waitState(t, ctx, "ready", readyWait)
}

// The limits of the waits below only end a test that hangs: each is many
// times what its wait takes on a quiet machine, for a busy shared one
// (make test runs suites side by side on two cores); no test asserts on
// how long one took.
const (
	// readyWait: a page's Go runtime starting (the download, the
	// compile of the wasm, the first worker's start).
	readyWait = 90 * time.Second
	// runWait: a short program run and shown, a click answered, a
	// program formatted; a first run on a fresh worker included.
	runWait = 60 * time.Second
	// runMs is runWait as a run's own watchdog limit (timeoutMs), for
	// runs that are expected to end by themselves.
	runMs = 60000
)

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
	cctx, cancel := context.WithTimeout(ctx, runWait)
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
