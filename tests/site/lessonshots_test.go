//go:build browser

package site

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestLessonScreenshots saves what a learner sees of a lesson at 1280×800
// and 390×844: the whole page, the window at the first example, and the
// window after pressing Run on it. It runs only with LESSON_SHOTS=DIR and
// writes DIR/lesson-SIZE-WHAT.png, for a person to compare before and after
// a change to the page's layout.
func TestLessonScreenshots(t *testing.T) {
	t.Parallel()
	dir := os.Getenv("LESSON_SHOTS")
	if dir == "" {
		t.Skip("set LESSON_SHOTS=DIR to save screenshots of a lesson at both widths")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	dist := mustDist(t)
	srv := startServer(t, dist, "/")
	for _, size := range axeSizes {
		t.Run(size.name, func(t *testing.T) {
			ctx := newTab(t, 2*time.Minute)
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(size.w, size.h)); err != nil {
				t.Fatal(err)
			}
			save := func(what string, full bool) {
				var png []byte
				var err error
				if full {
					png, err = chromedp.Run(ctx, chromedp.FullScreenshot(90))
				} else {
					png, err = chromedp.Run(ctx, chromedp.CaptureScreenshot())
				}
				if err != nil {
					t.Fatalf("%s: %v", what, err)
				}
				if err := os.WriteFile(filepath.Join(dir, "lesson-"+size.name+"-"+what+".png"), png, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			load(t, ctx, srv.URL+"token-bucket.html")
			save("top", false)
			first := evalString(t, ctx, `document.querySelector("section.example[data-example]").dataset.example`)
			evalString(t, ctx, ex(first)+`.scrollIntoView({block: "start"}), "ok"`)
			time.Sleep(300 * time.Millisecond)
			save("example", false)
			evalString(t, ctx, ex(first)+`.querySelector(".cm-content").focus(), "ok"`)
			keys(t, ctx, "Ctrl+Enter", chromedp.KeyEvent("\r", ctrl))
			waitRun(t, ctx, first, runHang)
			time.Sleep(600 * time.Millisecond)
			save("after-run", false)
			save("full", true)
		})
	}
}
