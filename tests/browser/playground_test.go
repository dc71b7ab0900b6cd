//go:build browser

package browser_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/tests/browser"
)

const hello = `package main

import "fmt"

func main() {
	fmt.Println("hello from flakylab")
	fmt.Println("second line")
}
`

// spin prints, then loops for ever without yielding.
const spin = `package main

import "fmt"

func main() {
	fmt.Println("spinning")
	for {}
}
`

func TestPlaygroundLoadsCleanly(t *testing.T) {
	ctx, p := tab(t)
	openPlayground(t, ctx)

	assert.Empty(t, p.All(), "console errors, exceptions or failed requests while loading")
	assert.True(t, eval[bool](t, ctx, `document.getElementById("loading").hidden`), "the download progress is hidden once ready")
	assert.Contains(t, text(t, ctx, "status"), "Ready")
	for _, id := range []string{"run", "format"} {
		assert.False(t, eval[bool](t, ctx, `document.getElementById("`+id+`").disabled`), "#%s enabled when ready", id)
	}
	assert.True(t, eval[bool](t, ctx, `document.getElementById("stop").disabled`), "#stop disabled while idle")
	stats := eval[map[string]any](t, ctx, `playground.runtime.stats()`)
	assert.NotNil(t, stats["compileMs"], "the module was compiled: %v", stats)
}

func TestRunShowsOutput(t *testing.T) {
	ctx, p := tab(t)
	openPlayground(t, ctx)

	setSource(t, ctx, hello)
	click(t, ctx, "run")
	waitOutput(t, ctx, "second line")
	waitState(t, ctx, "ready", runWait)

	assert.Equal(t, "hello from flakylab\nsecond line\n", text(t, ctx, "stdout"))
	assert.Empty(t, text(t, ctx, "stderr"))
	assert.Contains(t, text(t, ctx, "status"), "Finished")
	assert.Empty(t, p.All())
}

func TestWorksUnderSubPath(t *testing.T) {
	ctx, p := tab(t)
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(shared.server.URL+browser.SubPath+"playground.html")))
	waitState(t, ctx, "ready", readyWait)

	setSource(t, ctx, hello)
	click(t, ctx, "run")
	waitOutput(t, ctx, "second line")
	assert.Empty(t, p.All(), "every URL must resolve under the sub-path")
}

func TestBucketExampleRuns(t *testing.T) {
	ctx, _ := tab(t)
	openPlayground(t, ctx)

	// The page opens on the syllabus bucket example: capacity 3, 1 token/s.
	click(t, ctx, "run")
	waitState(t, ctx, "ready", runWait)
	out := text(t, ctx, "stdout")
	assert.Contains(t, out, "request 3: allowed", "stderr: %s", text(t, ctx, "stderr"))
	assert.Contains(t, out, "request 4: 429")
	assert.Contains(t, text(t, ctx, "status"), "virtual time")
}

func TestStopEndlessLoopKeepsPageResponsive(t *testing.T) {
	ctx, p := tab(t)
	openPlayground(t, ctx)

	// The page's runs get the runtime's default limit (5 s), which a busy
	// machine can reach before the test presses Stop: here they get ten
	// minutes, so that only Stop can end the loop.
	eval[bool](t, ctx, `(() => {
		const rt = playground.runtime, run = rt.run.bind(rt);
		rt.run = (source, opts) => run(source, {...opts, timeoutMs: 600000});
		return true;
	})()`)
	setSource(t, ctx, spin)
	click(t, ctx, "run")
	waitState(t, ctx, "running", runWait)
	waitOutput(t, ctx, "spinning")
	time.Sleep(300 * time.Millisecond) // the worker is now deep in the loop

	// The page's own thread is free: it paints, runs script and takes
	// clicks while the worker spins. (The loop never ends by itself: a
	// thread it held would never answer, so the limit is generous.)
	quick, cancel := context.WithTimeout(ctx, runWait)
	defer cancel()
	frame, err := chromedp.Run(quick, chromedp.Evaluate[bool](
		`new Promise(r => requestAnimationFrame(() => r(true)))`, chromedp.EvalAwaitPromise))
	require.NoError(t, err, "the page must paint while the program spins")
	assert.True(t, frame)
	click(t, ctx, "stdout")
	assert.Equal(t, "stdout", eval[string](t, ctx, `document.activeElement.id`), "a click focuses the output pane")
	assert.Equal(t, "running", eval[string](t, ctx, `document.body.dataset.state`))

	// Stop ends it, and the status and stderr say so.
	start := time.Now()
	click(t, ctx, "stop")
	waitState(t, ctx, "ready", runWait)
	t.Logf("ready again %v after Stop", time.Since(start).Round(time.Millisecond))
	assert.Contains(t, text(t, ctx, "status"), "Stopped")
	assert.Contains(t, text(t, ctx, "stderr"), "Stopped after")
	assert.Equal(t, "spinning\n", text(t, ctx, "stdout"), "output produced before the kill is kept")

	// A fresh worker took over: running again works.
	setSource(t, ctx, hello)
	click(t, ctx, "run")
	waitOutput(t, ctx, "second line")
	waitState(t, ctx, "ready", runWait)
	assert.Contains(t, text(t, ctx, "status"), "Finished")
	assert.Empty(t, p.All())
}

func TestWatchdogEndsRunaways(t *testing.T) {
	ctx, p := keptPlayground(t)

	cases := []struct {
		name, src string
		kinds     []string // acceptable error kinds
	}{
		{"endless loop", spin, []string{"timeout"}},
		{"goroutine bomb", `package main

func main() {
	for {
		go func() {
			for {}
		}()
	}
}
`, []string{"timeout", "crash"}},
		{"deep recursion", `package main

import "fmt"

func down(n int) int { return down(n+1) + 1 }

func main() { fmt.Println(down(0)) }
`, []string{"timeout", "crash", "panic", "runtime"}},
		{"huge allocation", `package main

import "fmt"

func main() {
	var keep [][]byte
	for {
		keep = append(keep, make([]byte, 64<<20))
		fmt.Println(len(keep))
	}
}
`, []string{"timeout", "crash", "panic", "runtime"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			r := runJS(t, ctx, c.src, 1500)
			require.NotNil(t, r.Error, "%s must end in an error; got stdout %q", c.name, r.Stdout)
			assert.Contains(t, c.kinds, r.Error.Kind, "%s: error %+v", c.name, *r.Error)
			assert.NotEmpty(t, r.Error.Message)
			t.Logf("%s: %s after %v: %s", c.name, r.Error.Kind, time.Since(start).Round(time.Millisecond), firstLine(r.Error.Message))

			after := runJS(t, ctx, hello, runMs)
			require.Nil(t, after.Error, "the next run after %s must work", c.name)
			assert.Equal(t, "hello from flakylab\nsecond line\n", after.Stdout)
		})
	}
	assert.Empty(t, p.All())
}

func TestFormat(t *testing.T) {
	ctx, _ := tab(t)
	openPlayground(t, ctx)

	setSource(t, ctx, "package main\nimport \"fmt\"\nfunc main() {\nfmt.Println(\"x\")\n}\n")
	click(t, ctx, "format")
	waitState(t, ctx, "ready", runWait)
	require.NoError(t, waitTrue(ctx, `document.getElementById("status").textContent.startsWith("Formatted")`))
	assert.Contains(t, source(t, ctx), "\tfmt.Println(\"x\")")
}

func waitOutput(t *testing.T, ctx context.Context, want string) {
	t.Helper()
	err := waitTrue(ctx, `document.getElementById("stdout").textContent.includes(`+js(want)+`)`)
	if err != nil {
		t.Fatalf("stdout never showed %q (stdout %q, stderr %q, status %q)", want,
			text(t, ctx, "stdout"), text(t, ctx, "stderr"), text(t, ctx, "status"))
	}
}

func waitTrue(ctx context.Context, expr string) error {
	return browser.WaitFor(ctx, expr, runWait)
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// TestPlaygroundPreloadsItsChunks: the playground's script imports shared
// chunks (the editor among them); the page names each in a modulepreload
// link, so the browser asks for them with the page's own script (and with
// the runtime) instead of once that script has arrived and been parsed
// (Chromium reports such a request's initiator as "script"; a preload's as
// "other" or "link").
func TestPlaygroundPreloadsItsChunks(t *testing.T) {
	ctx, _ := keptPlayground(t)
	type entry struct {
		Name      string `json:"name"`
		Initiator string `json:"initiator"`
		Linked    bool   `json:"linked"`
	}
	chunks := eval[[]entry](t, ctx, `performance.getEntriesByType("resource")
		.filter((e) => /\/js\/chunk-[^/]*\.js$/.test(new URL(e.name).pathname))
		.map((e) => {
			const name = new URL(e.name).pathname;
			const linked = [...document.querySelectorAll('link[rel="modulepreload"]')].some((l) => new URL(l.href).pathname === name);
			return {name, initiator: e.initiatorType, linked};
		})`)
	require.NotEmpty(t, chunks, "the playground loaded no js/chunk-*.js: the check finds nothing to check")
	for _, c := range chunks {
		assert.True(t, c.Linked, "%s: no modulepreload link names it", c.Name)
		assert.NotEqual(t, "script", c.Initiator, "%s: asked by a script's import, not by the page's preload link", c.Name)
	}
}
