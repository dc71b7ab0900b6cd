//go:build browser

package site

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/tests/browser"
)

// The learner's loop (edit, run, see) under stress and at both window sizes:
// an output flood, the layout, Reset, the match mark, folding and indenting.

// trickle prints short lines without end: too slowly to reach the cap
// before the test presses Stop.
const trickle = `package main

import "fmt"

func main() {
	for i := 0; ; i++ {
		fmt.Println("line", i)
	}
}
`

// flood prints lines of about 8 KiB until the runtime's cap stops it.
const flood = `package main

import (
	"fmt"
	"strings"
)

func main() {
	for i := 0; ; i++ {
		fmt.Println("line", i, strings.Repeat("of a program that prints until it is stopped ", 180))
	}
}
`

// ticking installs a timer that records when it fires; gap reads the
// longest wait between two firings since, in milliseconds.
const ticking = `(() => { window.__ticks = [performance.now()]; clearInterval(window.__tick); window.__tick = setInterval(() => window.__ticks.push(performance.now()), 50); return "ok"; })()`
const gap = `(() => { const t = [...window.__ticks, performance.now()]; let g = 0; for (let i = 1; i < t.length; i++) g = Math.max(g, t[i] - t[i - 1]); return g; })()`

// TestOutputFloodKeepsThePageResponsive prints without end in a lesson
// example: Stop answers, a timer keeps firing, and a run left alone ends at
// the runtime's 1 MiB cap with its result shown and the panel bounded. The
// limits only catch a frozen page (the renderer once froze the tab for
// 17-180 s): on a shared machine a 50 ms timer can wait seconds for a core
// however little the page does. make bench-flood prints the precise
// main-thread gap.
func TestOutputFloodKeepsThePageResponsive(t *testing.T) {
	// Not parallel: it times the page itself (see harness_test.go).
	const frozenMs = 10000.0
	dist := mustDist(t)
	srv := startServer(t, dist, "/")
	ctx := newBrowser(t)
	p := watch(t, ctx)
	openLesson(t, ctx, srv.URL+"token-bucket.html")
	const name = "bucket-basic"
	typeInto(t, ctx, name, trickle)

	// Stop answers while the output pours in.
	evalString(t, ctx, ticking)
	evalString(t, ctx, ex(name)+`.querySelector('button[data-action="run"]').click(), "ok"`)
	require.NoError(t, waitFor(ctx, ex(name)+`.querySelector('[data-role="stdout"]').textContent.includes("line ")`, stepWait), "no output from the flood")
	stopAt := time.Now()
	keys(t, ctx, "click Stop", chromedp.Click(chromedp.CSS(`section.example[data-example="`+name+`"] button[data-action="stop"]`)))
	meta := waitRun(t, ctx, name, runHang)
	assert.Contains(t, meta, "Stopped", "meta after Stop; stderr %q", part(t, ctx, name, "stderr"))
	assert.Less(t, time.Since(stopAt), 30*time.Second, "Stop took %v to answer", time.Since(stopAt))
	g := evalFloat(t, ctx, gap)
	assert.Less(t, g, frozenMs, "a 50 ms timer waited %.0f ms while the output poured in", g)

	// Left alone, the run ends at the cap, and the result shows.
	typeInto(t, ctx, name, flood)
	evalString(t, ctx, ticking)
	meta = runExample(t, ctx, name, runHang)
	g = evalFloat(t, ctx, gap)
	assert.Less(t, g, frozenMs, "a 50 ms timer waited %.0f ms during a run to the cap", g)
	stderr := part(t, ctx, name, "stderr")
	assert.Contains(t, stderr, "truncated", "stderr after a run to the cap (meta %q)", meta)
	shown := part(t, ctx, name, "stdout")
	lines := strings.Count(shown, "\n")
	assert.LessOrEqual(t, lines, 501, "the panel shows %d lines", lines)
	assert.LessOrEqual(t, len(shown), 64*1024, "the panel shows %d characters", len(shown))
	hidden := evalString(t, ctx, ex(name)+`.querySelector('[data-role="clipped"]').hidden ? "hidden" : "shown " + `+ex(name)+`.querySelector('[data-role="clipped"]').dataset.hidden`)
	require.True(t, strings.HasPrefix(hidden, "shown "), "the note about earlier lines is %s", hidden)

	// Show all brings back every line, a slice per frame.
	evalString(t, ctx, ex(name)+`.querySelector('[data-action="show-all"]').click(), "ok"`)
	require.NoError(t, waitFor(ctx, ex(name)+`.querySelector('[data-role="stdout"]').textContent.length > 1000000`, stepWait), "Show all never showed the whole megabyte")
	all := part(t, ctx, name, "stdout")
	assert.True(t, strings.HasPrefix(all, "line 0 of a program"), "Show all starts at the first line, not %q", all[:min(len(all), 60)])
	noProblems(t, ctx, p, "flood")
}

func evalFloat(t *testing.T, ctx context.Context, expr string) float64 {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[float64](expr))
	require.NoError(t, err, "evaluating %s", expr)
	return v
}

// covered lists the visible, enabled controls of the page whose centre is
// covered by another element (so a click there would land elsewhere).
const covered = `(() => {
  const out = [];
  for (const c of document.querySelectorAll("button, a[href], select, input, summary, [tabindex='0']")) {
    const r = c.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || c.disabled || !c.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true }) || c.closest(".visually-hidden")) continue;
    const x = r.left + r.width / 2, y = r.top + Math.min(r.height / 2, 10);
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
    const at = document.elementFromPoint(x, y);
    if (at && at !== c && !c.contains(at) && !at.contains(c)) out.push((c.dataset.action || c.textContent.trim().slice(0, 20) || c.tagName) + " under " + at.tagName + "." + at.className);
  }
  return out.join("; ");
})()`

// TestExampleLayoutAtBothSizes holds the arrangement of an example: on a
// laptop the output sits beside a height-capped editor; on a phone Run and
// Ctrl+Enter bring the output into view. At both sizes the runtime's status
// never covers a control (checked at several scroll positions while the
// runtime loads and after), and goes away once the runtime is ready.
func TestExampleLayoutAtBothSizes(t *testing.T) {
	t.Parallel()
	dist := mustDist(t)
	srv := startServer(t, dist, "/")
	for _, size := range axeSizes {
		t.Run(size.name, func(t *testing.T) {
			t.Parallel()
			ctx := newTab(t, 2*time.Minute)
			require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(size.w, size.h)))
			browser.ShotOnFailure(t, ctx)
			require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(srv.URL+"backoff-and-jitter.html")))
			// While the runtime may still be loading, then after.
			for _, when := range []string{"loading", "ready"} {
				if when == "ready" {
					require.NoError(t, waitFor(ctx, runtimeState+` === "ready"`, 60*time.Second))
				}
				for _, y := range []int{0, 600, 1400, 2400, 4000} {
					evalString(t, ctx, fmt.Sprintf(`window.scrollTo(0, %d), "ok"`, y))
					assert.Empty(t, evalString(t, ctx, covered), "%s, scrolled to %d: controls covered", when, y)
				}
			}
			assert.Equal(t, "0", evalString(t, ctx, `String(document.querySelector('[data-role="runtime"]').getBoundingClientRect().height)`), "the runtime status after ready")

			name := evalString(t, ctx, `document.querySelector("section.example[data-example]").dataset.example`)
			rect := evalString(t, ctx, `(() => { const e = `+ex(name)+`; const a = e.querySelector(".cm-editor").getBoundingClientRect(), o = e.querySelector('[data-role="output"]').getBoundingClientRect(); return [a.left, a.right, a.top, a.height, o.left, o.top].map(Math.round).join(" "); })()`)
			var el, er, et, eh, ol, ot float64
			fmt.Sscan(rect, &el, &er, &et, &eh, &ol, &ot)
			if size.name == "desktop" {
				assert.GreaterOrEqual(t, ol, er-1, "output beside the editor: editor %v, output left %v", rect, ol)
				assert.InDelta(t, et, ot, 60, "output top level with the editor: %s", rect)
				assert.LessOrEqual(t, eh, 0.7*float64(size.h)+1, "editor height %v in a %d px window", eh, size.h)
				return
			}
			// Phone: the output is under the code; Ctrl+Enter in the editor
			// brings it into view.
			evalString(t, ctx, ex(name)+`.scrollIntoView({block: "start"}), `+ex(name)+`.querySelector(".cm-content").focus(), "ok"`)
			keys(t, ctx, "Ctrl+Enter", chromedp.KeyEvent(kb.Enter, ctrl))
			waitRun(t, ctx, name, runHang)
			require.NoError(t, waitFor(ctx, `(() => { const r = `+ex(name)+`.querySelector('[data-role="output"]').getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight - 40; })()`, stepWait),
				"the output is not in view after Ctrl+Enter")
			assert.Equal(t, "cm-content", evalString(t, ctx, `document.activeElement.className.split(" ")[0]`), "Ctrl+Enter keeps the focus in the editor")
		})
	}
}
