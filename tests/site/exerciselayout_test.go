//go:build browser

package site

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// exerciseBoxes is where the parts of an exercise page's work area are in
// the window (CSS pixels, relative to the window's top left corner).
type exerciseBoxes struct {
	Work, Editor, Toolbar, Results box
	InnerWidth, InnerHeight        float64
	ScrollWidth                    float64
	// Widest is the rightmost edge of any part of the work area that is
	// not inside a scroller (the editor's and the output's lines scroll).
	Widest float64
}

type box struct{ Top, Bottom, Left, Right float64 }

const measureExercise = `(() => {
  const box = (e) => { const b = e.getBoundingClientRect(); return {Top: b.top, Bottom: b.bottom, Left: b.left, Right: b.right}; };
  const work = document.querySelector("section.exercise-work");
  let widest = 0;
  for (const e of work.querySelectorAll("*")) {
    if (e.closest(".cm-scroller, pre") || e.getClientRects().length === 0) continue;
    widest = Math.max(widest, e.getBoundingClientRect().right);
  }
  return JSON.stringify({
    Work: box(work), Editor: box(work.querySelector(".cm-editor")), Toolbar: box(work.querySelector(".toolbar")),
    Results: box(work.querySelector(".exercise-results")),
    InnerWidth: innerWidth, InnerHeight: innerHeight, ScrollWidth: document.documentElement.scrollWidth, Widest: widest,
  });
})()`

func measureExerciseBoxes(t *testing.T, ctx context.Context) exerciseBoxes {
	t.Helper()
	var b exerciseBoxes
	require.NoError(t, json.Unmarshal([]byte(evalString(t, ctx, measureExercise)), &b))
	return b
}

// TestExerciseLayoutFitsTheWindow: an exercise page after a Check of the
// starter (a long list of checks) at three window sizes. At 1200
// and 1600 px the code and the list sit side by side, Check right under
// the editor; scrolled to the middle of the list, the editor and Check
// are in the window with no empty band under them taller than 160 px.
// Once the list went into the editor's grid row: the row grew as tall as
// the list (about 5 800 px at 1200), leaving that band under the
// height-capped editor with Check at its foot. At 390 px nothing is wider
// than the window. Everywhere the keyboard goes editor, Esc to Check, Tab
// to Run main, Start over, then into the list, each in sight.
func TestExerciseLayoutFitsTheWindow(t *testing.T) {
	t.Parallel()
	dist := mustDist(t)
	srv := startServer(t, dist, "/")
	// One page, checked once, then held at each window size in turn: the
	// page's layout is its style sheet's alone (no script measures the
	// window), so it reflows to each size as a page opened at that size
	// lays out.
	ctx := newTab(t, 10*time.Minute)
	sizes := []struct{ w, h int }{{1200, 900}, {1600, 900}, {390, 844}}
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(int64(sizes[0].w), int64(sizes[0].h))))
	p := watch(t, ctx)
	load(t, ctx, srv.URL+"exercise-retry-loop.html")
	require.NoError(t, waitFor(ctx, `document.querySelector(".exercise-work .cm-editor") !== null && !document.querySelector('[data-action="check"]').disabled`, 120*time.Second), "the editor and Check never came")
	// Check; under a heavy load the grader may give up on the
	// starter, which leaves the list as long (every check "not run").
	clickCentered(t, ctx, `[data-action="check"]`)
	require.NoError(t, waitFor(ctx, `document.querySelector('[data-role="exercise"]').dataset.status !== undefined && document.querySelector('[data-role="exercise"]').dataset.state === "idle" && !document.querySelector('[data-action="check"]').disabled`, 3*time.Minute), "Check never finished")
	for _, size := range sizes {
		t.Run(fmt.Sprintf("%dx%d", size.w, size.h), func(t *testing.T) {
			require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(int64(size.w), int64(size.h))))
			evalString(t, ctx, `new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r("ok"))))`)
			evalString(t, ctx, `document.querySelector('[data-action="check"]').scrollIntoView({block: "center"}), "ok"`)
			shot := fmt.Sprintf("exercise-layout-%d", size.w)

			b := measureExerciseBoxes(t, ctx)
			assert.LessOrEqual(t, b.ScrollWidth, b.InnerWidth, "the page scrolls sideways")
			assert.LessOrEqual(t, b.Widest, b.InnerWidth+0.5, "a part of the work area is wider than the window")
			assert.InDelta(t, b.Editor.Bottom, b.Toolbar.Top, 2, "Check and Run sit right under the editor (editor %+v, toolbar %+v)", b.Editor, b.Toolbar)
			if size.w >= 1200 {
				assert.GreaterOrEqual(t, b.Results.Left, b.Editor.Right-1, "the checks sit beside the code (editor %+v, results %+v)", b.Editor, b.Results)
				require.Greater(t, b.Results.Bottom-b.Results.Top, 1.5*b.InnerHeight, "the list of checks is long (the case this test is about)")
				// The middle of the list in the middle of the window.
				evalString(t, ctx, fmt.Sprintf(`scrollBy(0, %f), "ok"`, (b.Results.Top+b.Results.Bottom)/2-b.InnerHeight/2))
				mid := measureExerciseBoxes(t, ctx)
				if mid.Editor.Top < -1 || mid.Toolbar.Bottom > mid.InnerHeight+1 {
					failWithShot(t, ctx, shot, "beside the middle of the checks the code is out of the window: editor %+v, toolbar %+v, window height %v", mid.Editor, mid.Toolbar, mid.InnerHeight)
				}
				if band := mid.InnerHeight - mid.Toolbar.Bottom; band > 160 {
					failWithShot(t, ctx, shot, "beside the middle of the checks a band of %.0f px is empty under the code", band)
				}
			}

			// The keyboard: out of the editor to Check, then along the
			// toolbar and into the list; each stop in the window.
			evalString(t, ctx, `document.querySelector(".exercise-work .cm-content").focus(), "ok"`)
			keys(t, ctx, "Esc", chromedp.KeyEvent(kb.Escape))
			var stops []string
			for i := 0; i < 4; i++ {
				if i > 0 {
					keys(t, ctx, "Tab", chromedp.KeyEvent(kb.Tab))
				}
				stops = append(stops, evalString(t, ctx, `(() => {
  const a = document.activeElement, r = a.getBoundingClientRect();
  const where = a.closest(".exercise-results") ? "results" : a.closest(".pager") ? "pager" : (a.dataset.action ?? a.tagName);
  return where + (r.bottom > 0 && r.top < innerHeight ? "" : " (out of sight)");
})()`))
			}
			// After the toolbar: the first button of the list (a hint), or,
			// when the grader gave up and the list has none, the pager.
			next := evalString(t, ctx, `document.querySelector(".exercise-results button") ? "results" : "pager"`)
			assert.Equal(t, []string{"check", "run", "reset", next}, stops, "where Esc from the editor and three Tabs go")
		})
	}
	noProblems(t, ctx, p, "exercise-layout")
}
