//go:build browser

package site

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// pages lists the site's HTML pages: the ones its service worker keeps
// (every page the builder wrote, and the page host's playground). Other
// .html files that tools may leave in dist/ are not part of the site.
func pages(t *testing.T, dist string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dist, "sw.js"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`const FILES = (\[.*\]);`).FindSubmatch(b)
	if m == nil {
		t.Fatal("dist/sw.js has no list of files: rebuild the site")
	}
	var files []string
	if err := json.Unmarshal(m[1], &files); err != nil {
		t.Fatalf("dist/sw.js: %v", err)
	}
	var out []string
	for _, f := range files {
		if path.Ext(f) == ".html" {
			out = append(out, f)
		}
	}
	sort.Strings(out)
	if len(out) < 11 {
		t.Fatalf("the site has only %d pages (%s): want the index, 8 lessons, the final quiz and the review page", len(out), strings.Join(out, ", "))
	}
	return out
}

// settled is true once the page's script has done its first work: the
// quizzes and due count are mounted, the charts drawn, and the Go runtime
// (on pages with examples) either ready or failed.
const settled = `(() => {
  if (document.querySelector(".quiz-fallback")) return false;
  if (document.querySelector("[data-review-due]:not([data-due])")) return false;
  const rt = document.querySelector('[data-role="runtime"]');
  if (rt && !rt.hidden && !["ready", "failed"].includes(rt.dataset.state)) return false;
  if (document.querySelector('[data-sim]:not([data-drawn])')) return false;
  return true;
})()`

// load opens page and waits until it has settled.
func load(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		failWithShot(t, ctx, shotName(url), "opening %s: %v", url, err)
	}
	if err := waitFor(ctx, `document.readyState === "complete"`, stepWait); err != nil {
		failWithShot(t, ctx, shotName(url), "%s: %v", url, err)
	}
	if err := waitFor(ctx, settled, runHang); err != nil {
		failWithShot(t, ctx, shotName(url), "%s never settled (quizzes, charts or runtime still loading): %v", url, err)
	}
}

func shotName(url string) string {
	name := url[strings.LastIndex(url, "/")+1:]
	return strings.TrimSuffix(name, ".html")
}

// TestEveryPageLoadsCleanly serves dist/ under a sub-path (/some/prefix/,
// as a host that keeps the course in a folder does), and opens every page
// there: none may produce a console error, an uncaught exception, a failed
// request or an HTTP error (the server answers only under the prefix, so a
// first-party URL outside it fails), the index may link only under the
// prefix, and every page stays where it was opened. On every page built
// with examples it then clicks Run on each and compares what the page
// shows with the output printed in the lesson (runExamples), still with no
// problem on the page: one walk of the pages serves both checks, as each
// load of a lesson starts a Go runtime. With SITE_SHOTS=1 it saves a
// screenshot of every page, light and dark.
func TestEveryPageLoadsCleanly(t *testing.T) {
	// Not parallel: it walks every page (see harness_test.go).
	dist := mustDist(t)
	const prefix = "/some/prefix/"
	srv := startServer(t, dist, prefix)
	ctx := newBrowser(t)
	p := watch(t, ctx)
	shots := os.Getenv("SITE_SHOTS") != ""
	load(t, ctx, srv.URL)
	links := evalString(t, ctx, `[...document.querySelectorAll("a[href]")].map((a) => a.href).join("\n")`)
	for _, l := range strings.Split(links, "\n") {
		if !strings.HasPrefix(l, srv.URL) {
			t.Errorf("the index links outside the sub-path: %s", l)
		}
	}
	ran := 0
	var failures []string
	for _, page := range pages(t, dist) {
		// The examples are in the pages as built; the page must show
		// exactly those.
		b, err := os.ReadFile(filepath.Join(dist, page))
		if err != nil {
			t.Fatal(err)
		}
		built := exampleNames(string(b))
		before := len(p.All())
		load(t, ctx, srv.URL+page)
		time.Sleep(150 * time.Millisecond) // late requests and errors
		if got := p.All()[before:]; len(got) > 0 {
			failWithShot(t, ctx, shotName(page), "%s:\n  %s", page, strings.Join(got, "\n  "))
		}
		if got := evalString(t, ctx, `location.pathname`); got != prefix+page {
			t.Errorf("%s ended up at %s", page, got)
		}
		if shots {
			screenshot(t, ctx, shotName(page))
		}
		if built == "" {
			continue
		}
		n, f := runExamples(t, ctx, page, built)
		ran += n
		failures = append(failures, f...)
		if got := p.All()[before:]; len(got) > 0 {
			failures = append(failures, fmt.Sprintf("%s: page problems while its examples ran:\n  %s", page, strings.Join(got, "\n  ")))
		}
	}
	if ran < 9 {
		failures = append(failures, fmt.Sprintf("only %d examples ran; the course has at least 9", ran))
	}
	if len(failures) > 0 {
		t.Fatalf("%d of the examples failed:\n%s", len(failures), strings.Join(failures, "\n\n"))
	}
	t.Logf("%d examples ran and matched their lessons", ran)
}
