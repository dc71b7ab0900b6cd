//go:build browser

package exercisesbrowser

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/flakylab/flakylab/exercises"
)

// shots saves an exercise page after a failed check, light, dark and
// 360 px wide, for a person to look at.
func shots(t *testing.T, ctx context.Context, base string) {
	e, err := exercises.Get("token-bucket")
	if err != nil {
		t.Fatal(err)
	}
	open(t, ctx, base, e.Slug)
	submit(t, ctx, e.Slug, e.Wrong["no-capacity-cap.go"])
	// A full-page shot makes the viewport as tall as the page, so the
	// scroll bar goes and the page reflows wider than the image taken:
	// measure and shoot without a scroll bar, as a phone shows the page.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { const s = document.createElement("style"); s.textContent = "::-webkit-scrollbar { display: none; }"; document.head.append(s); return true; })()`)); err != nil {
		t.Fatal(err)
	}
	for _, s := range []struct {
		name  string
		width int64
		dark  bool
	}{{"exercise-light", 1200, false}, {"exercise-dark", 1200, true}, {"exercise-360", 360, false}} {
		feature := "light"
		if s.dark {
			feature = "dark"
		}
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(s.width, 900)); err != nil {
			t.Fatal(err)
		}
		_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: feature}},
		})
		if err != nil {
			t.Fatal(err)
		}
		time.Sleep(200 * time.Millisecond)
		// Nothing may stick out of the page sideways, at any width.
		wide, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(() => {
			const w = document.documentElement.clientWidth;
			return [...document.querySelectorAll("body *")]
				.filter((e) => e.getBoundingClientRect().right > w + 1 && !e.closest(".cm-scroller, pre"))
				.slice(0, 8).map((e) => e.tagName.toLowerCase() + "." + [...e.classList].join(".") + " right=" + Math.round(e.getBoundingClientRect().right));
		})()`))
		if err != nil {
			t.Fatal(err)
		}
		cw, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.documentElement.clientWidth + " of " + innerWidth`))
		t.Logf("%s: page %s px wide", s.name, cw)
		if os.Getenv("EXERCISES_SHOTS") == "debug" {
			rects, _ := chromedp.Run(ctx, chromedp.Evaluate[[]string](`["main", "article", ".exercise-work", ".toolbar", "[data-action=reset]", ".exercise-results", ".check-name", ".cm-editor"].map((q) => { const r = document.querySelector(q).getBoundingClientRect(); return q + " " + Math.round(r.left) + ".." + Math.round(r.right) + " sw=" + document.querySelector(q).scrollWidth; })`))
			t.Logf("%v", rects)
		}
		if len(wide) > 0 {
			t.Errorf("%s: wider than the %d px page: %v", s.name, s.width, wide)
		}
		// A full-page shot does not scroll, so CodeMirror would only
		// estimate the lines below its viewport: measure them first.
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { flakylabExercise.view.requestMeasure(); document.querySelector(".cm-editor").scrollIntoView(); return true; })()`)); err != nil {
			t.Fatal(err)
		}
		time.Sleep(200 * time.Millisecond)
		if p := screenshot(t, ctx, s.name); p != "" {
			t.Logf("saved %s", p)
		}
	}
	// The index's list of exercises, with progress.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1200, 900), chromedp.Navigate(base+"index.html")); err != nil {
		t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond)
	png, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(".exercises-list")))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("screenshots/index-exercises.png", png, 0o644); err != nil {
		t.Fatal(err)
	}
}
