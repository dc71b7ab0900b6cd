//go:build browser

package site

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
)

// snapshot is the learner's saved data, as the page sees it. An empty
// exercise record (which an import writes when the file carries exercise
// progress, even none) counts as no record.
const snapshot = `JSON.stringify(Object.fromEntries(Object.keys(localStorage)
  .filter((k) => k.startsWith("flakylab:") && !k.startsWith("flakylab:aside:"))
  .sort().map((k) => [k, JSON.parse(localStorage.getItem(k))])
  .filter(([k, v]) => !(k === "flakylab:exercises" && v && v.exercises && Object.keys(v.exercises).length === 0))))`

func evalString(t *testing.T, ctx context.Context, expr string) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		failWithShot(t, ctx, "eval", "evaluating %s: %v", expr, err)
	}
	return s
}

func click(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	cctx, cancel := context.WithTimeout(ctx, stepWait)
	defer cancel()
	if err := chromedp.Do(cctx, chromedp.Click(chromedp.CSS(sel))); err != nil {
		failWithShot(t, ctx, "click", "clicking %s: %v", sel, err)
	}
}

func upload(t *testing.T, ctx context.Context, file string) string {
	t.Helper()
	before := evalString(t, ctx, `document.querySelector('[data-role="progress-file-status"]').textContent`)
	if err := chromedp.Do(ctx, chromedp.SetUploadFiles(chromedp.CSS(`#progress-file-input`), []string{file})); err != nil {
		failWithShot(t, ctx, "upload", "uploading %s: %v", file, err)
	}
	expr := `document.querySelector('[data-role="progress-file-status"]').textContent !== ` + quote(before)
	if err := waitFor(ctx, expr, stepWait); err != nil {
		failWithShot(t, ctx, "upload", "no message after uploading %s: %v", filepath.Base(file), err)
	}
	return evalString(t, ctx, `document.querySelector('[data-role="progress-file-status"]').textContent`)
}

// TestProgressExportImportRoundTrip saves progress (a visited section, an
// edited example, a rated review card) to a file from the index, clears the
// browser's storage, loads the file back and finds everything again; then a
// foreign file and a damaged one are refused with a message and change
// nothing.
func TestProgressExportImportRoundTrip(t *testing.T) {
	t.Parallel()
	dist := mustDist(t)
	srv := startServer(t, dist, "/")
	ctx := newBrowser(t)
	downloads := t.TempDir()
	// The tab's own browser context (newBrowser), not the browser's default.
	_, err := chromedp.CallBrowser(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
		Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: downloads,
		BrowserContextID: chromedp.FromContext(ctx).BrowserContextID,
	})
	if err != nil {
		t.Fatal(err)
	}

	load(t, ctx, srv.URL+"token-bucket.html")
	evalString(t, ctx, `localStorage.setItem("flakylab:code:bucket-basic", JSON.stringify({schema: 1, source: "package main\n// my edit\n", savedAt: new Date().toISOString()})), "ok"`)
	load(t, ctx, srv.URL+"review.html")
	click(t, ctx, `[data-role="show"]`)
	click(t, ctx, `[data-rating="3"]`)
	load(t, ctx, srv.URL+"index.html")
	want := evalString(t, ctx, snapshot)
	for _, key := range []string{"flakylab:code:bucket-basic", "flakylab:progress", "flakylab:review"} {
		if !strings.Contains(want, `"`+key+`"`) {
			failWithShot(t, ctx, "export", "before export, %s is not saved: %s", key, want)
		}
	}

	click(t, ctx, `[data-action="export-progress"]`)
	var file string
	deadline := time.Now().Add(stepWait)
	for file == "" && time.Now().Before(deadline) {
		matches, _ := filepath.Glob(filepath.Join(downloads, "flakylab-progress-*.json"))
		if len(matches) > 0 {
			file = matches[0]
		} else {
			time.Sleep(50 * time.Millisecond)
		}
	}
	if file == "" {
		failWithShot(t, ctx, "export", "no progress file was downloaded")
	}
	var doc struct {
		Format  string `json:"format"`
		Version int    `json:"version"`
		Code    map[string]struct {
			Source string `json:"source"`
		} `json:"code"`
		Review struct {
			Cards map[string]json.RawMessage `json:"cards"`
		} `json:"review"`
	}
	raw, _ := os.ReadFile(file)
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatalf("the progress file is not JSON: %v", err)
	}
	if doc.Format != "flakylab-progress" || doc.Version != 1 || !strings.Contains(doc.Code["bucket-basic"].Source, "my edit") || len(doc.Review.Cards) == 0 {
		t.Fatalf("the progress file lacks what was saved: %s", raw)
	}

	evalString(t, ctx, `localStorage.clear(), "ok"`)
	load(t, ctx, srv.URL+"index.html")
	if got := upload(t, ctx, file); !strings.HasPrefix(got, "Imported") {
		failWithShot(t, ctx, "import", "importing the exported file: %q", got)
	}
	if got := evalString(t, ctx, snapshot); got != want {
		failWithShot(t, ctx, "import", "after the round trip the saved data differs.\nbefore: %s\nafter:  %s", want, got)
	}
	if done := evalString(t, ctx, `document.querySelector('[data-section="token-bucket"] [data-role="section-progress"]').textContent`); done == "" {
		failWithShot(t, ctx, "import", "the index does not show the imported progress of section 1")
	}

	bad := map[string]string{
		"foreign.json": `{"format": "something-else", "version": 1}`,
		"newer.json":   `{"format": "flakylab-progress", "version": 99}`,
		"damaged.json": strings.Replace(string(raw), `"cards": {`, `"cards": {"x": {"card": 1},`, 1),
		"notjson.json": `{"format": "flakylab-progress",`,
	}
	for name, content := range bad {
		path := filepath.Join(t.TempDir(), name)
		os.WriteFile(path, []byte(content), 0o644)
		got := upload(t, ctx, path)
		if !strings.HasPrefix(got, "Nothing was imported") || !strings.Contains(got, "unchanged") {
			failWithShot(t, ctx, "import-bad", "%s: want a refusal, got %q", name, got)
		}
		if after := evalString(t, ctx, snapshot); after != want {
			failWithShot(t, ctx, "import-bad", "%s changed the saved data:\nbefore: %s\nafter:  %s", name, want, after)
		}
		t.Logf("%s: %s", name, got)
	}
}
