//go:build browser

package site

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
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
	if os.Getenv("SITE_SHOTS") == "" {
		t.Skip("set SITE_SHOTS=1 to save screenshots of the widgets")
	}
	dist := mustDist(t)
	srv := startServer(t, dist, "/")
	ctx := newBrowser(t)
	// A learner who has read two sections, so the review page has cards.
	load(t, ctx, srv.Base+"intro.html")
	load(t, ctx, srv.Base+"token-bucket.html")
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
			load(t, ctx, srv.Base+s.page)
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
