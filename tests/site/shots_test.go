//go:build browser

package site

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// shots are the parts of the site worth looking at by eye after a change:
// a page and the element on it to capture.
var shots = []struct{ name, page, sel string }{
	{"index-progress", "index.html", ".progress-panel"},
	{"index-test-yourself", "index.html", ".test-yourself"},
	{"lesson-quick-check", "token-bucket.html", ".quick-check"},
	{"final-quiz", "final.html", "main"},
	{"review", "review.html", "main"},
	{"backoff-timeline", "backoff-and-jitter.html", `[data-sim="backoff"]`},
	{"breaker-timeline", "circuit-breakers.html", `[data-sim="breaker"]`},
	{"bucket-chart", "token-bucket.html", `[data-sim="bucket"]`},
}

// TestScreenshots saves pictures of the main widgets in light and dark mode
// under screenshots/, for a person to look at. It runs only with
// SITE_SHOTS=1; a widget missing from the site is reported, not fatal.
func TestScreenshots(t *testing.T) {
	t.Parallel()
	if os.Getenv("SITE_SHOTS") == "" {
		t.Skip("set SITE_SHOTS=1 to save screenshots of the widgets")
	}
	dist := mustDist(t)
	srv := startServer(t, dist, "/")
	ctx := newBrowser(t)
	// A learner who has read two sections, so the review page has cards.
	load(t, ctx, srv.URL+"intro.html")
	load(t, ctx, srv.URL+"token-bucket.html")
	for _, scheme := range []string{"light", "dark", "narrow"} {
		if scheme == "narrow" {
			// 360 px wide, light: the smallest screen the course supports.
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(360, 800)); err != nil {
				t.Fatal(err)
			}
		}
		media := scheme
		if scheme == "narrow" {
			media = "light"
		}
		_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: media}},
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range shots {
			load(t, ctx, srv.URL+s.page)
			ok, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector(`+quote(s.sel)+`) !== null`))
			if !ok {
				t.Logf("%s: no %s on %s", s.name, s.sel, s.page)
				continue
			}
			time.Sleep(200 * time.Millisecond)
			sctx, cancel := context.WithTimeout(ctx, 10*time.Second)
			png, err := chromedp.Run(sctx, chromedp.Screenshot(chromedp.CSS(s.sel)))
			cancel()
			if err != nil {
				t.Errorf("%s: %v", s.name, err)
				continue
			}
			os.MkdirAll("screenshots", 0o755)
			path := filepath.Join("screenshots", s.name+"-"+scheme+".png")
			if err := os.WriteFile(path, png, 0o644); err != nil {
				t.Error(err)
			}
		}
	}
}

func quote(s string) string {
	b := []byte{'"'}
	for _, r := range s {
		if r == '"' || r == '\\' {
			b = append(b, '\\')
		}
		b = append(b, string(r)...)
	}
	return string(append(b, '"'))
}

// pageShots are the pages also captured dark and at 360 px: the index, a
// lesson with examples and a picture, the storm lesson and the final quiz.
var pageShots = map[string]bool{
	"index.html": true, "token-bucket.html": true, "retry-storms.html": true, "final.html": true,
}

// TestPageScreenshots saves a full-page screenshot of every page at
// 1200 px, light, and of a few pages dark and at 360 px (light and dark),
// under screenshots/page-NAME-MODE.png, for a person to look at. With
// SITE_SHOTS=1 only. At 360 px it also fails on a page wider than the
// window (horizontal overflow).
func TestPageScreenshots(t *testing.T) {
	t.Parallel()
	if os.Getenv("SITE_SHOTS") == "" {
		t.Skip("set SITE_SHOTS=1 to save screenshots of every page")
	}
	dist := mustDist(t)
	srv := startServer(t, dist, "/")
	ctx := newBrowser(t)
	// A learner who has read two sections and edited an example.
	load(t, ctx, srv.URL+"intro.html")
	load(t, ctx, srv.URL+"token-bucket.html")
	modes := []struct {
		name   string
		width  int64
		scheme string
		all    bool
	}{
		{"light", 1200, "light", true},
		{"dark", 1200, "dark", false},
		{"narrow", 360, "light", false},
		{"narrow-dark", 360, "dark", false},
	}
	for _, m := range modes {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(m.width, 900)); err != nil {
			t.Fatal(err)
		}
		_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: m.scheme}},
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, page := range pages(t, dist) {
			if !m.all && !pageShots[page] {
				continue
			}
			if page == "playground.html" || page == "blank.html" {
				continue // the page host's, not the course's
			}
			load(t, ctx, srv.URL+page)
			// CodeMirror measures an editor only once it has been on screen;
			// until then its line numbers use estimated heights, which a
			// capture beyond the window would show out of step with the code.
			if msg := evalString(t, ctx, `(async () => {
  const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  for (const e of document.querySelectorAll(".cm-editor")) { e.scrollIntoView(); await frame(); await sleep(120); }
  window.scrollTo(0, 0); await frame();
  // The runtime status bar is fixed to the bottom of the window; in a
  // capture beyond the window it would sit over the middle of the page.
  const bar = document.querySelector('[data-role="runtime"]');
  if (bar) bar.style.position = "static";
  const off = [...document.querySelectorAll(".cm-editor")].filter((e) => {
    const g = e.querySelector(".cm-lineNumbers .cm-gutterElement:nth-child(3)"), l = e.querySelector(".cm-line");
    return g && l && Math.abs(g.getBoundingClientRect().height - l.getBoundingClientRect().height) > 1;
  });
  return off.length ? "line numbers out of step in " + off.length + " editor(s)" : "ok";
})()`); msg != "ok" {
				t.Logf("%s (%s): %s", page, m.name, msg)
			}
			time.Sleep(300 * time.Millisecond)
			over := evalString(t, ctx, `(() => {
  const w = document.documentElement.clientWidth;
  const wide = [...document.querySelectorAll("body *")].filter((e) => {
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.right <= w + 1) return false;
    for (let p = e.parentElement; p; p = p.parentElement) {
      const o = getComputedStyle(p).overflowX;
      if (o === "auto" || o === "scroll" || o === "hidden") return false;
    }
    return true;
  });
  return (document.documentElement.scrollWidth > w ? "page " + document.documentElement.scrollWidth + " > " + w + ": " : "") +
    wide.slice(0, 5).map((e) => e.tagName.toLowerCase() + "." + [...e.classList].join(".")).join(", ");
})()`)
			if over != "" {
				t.Errorf("%s at %d px (%s): wider than the window: %s", page, m.width, m.scheme, over)
			}
			screenshot(t, ctx, "page-"+shotName(page)+"-"+m.name)
			segments(t, ctx, "page-"+shotName(page)+"-"+m.name)
		}
	}
}

// segments saves the page in slices of 1500 CSS pixels (NAME-1.png, ...),
// small enough to look at one by one at full size.
func segments(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	const h = 1500
	size := evalString(t, ctx, `document.documentElement.scrollWidth + " " + document.documentElement.scrollHeight`)
	var w, total float64
	fmt.Sscan(size, &w, &total)
	for i, y := 1, 0.0; y < total; i, y = i+1, y+h {
		clip := &page.Viewport{X: 0, Y: y, Width: w, Height: min(h, total-y), Scale: 1}
		r, err := chromedp.Call(ctx, page.CaptureScreenshot, page.CaptureScreenshotParams{
			Format: page.CaptureScreenshotFormatPng, Clip: clip, CaptureBeyondViewport: ptrTrue(),
		})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			return
		}
		os.WriteFile(filepath.Join("screenshots", fmt.Sprintf("%s-%d.png", name, i)), r.Data, 0o644)
	}
}

func ptrTrue() *bool { b := true; return &b }
