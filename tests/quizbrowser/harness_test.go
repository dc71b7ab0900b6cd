//go:build browser

package quizbrowser

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/quiz"
	"github.com/flakylab/flakylab/tests/browser"
)

// pages of the harness: each mounts what it asks for with mountQuizPages,
// exactly as a site page would, and exposes the handle as window.mounted.
var pages = map[string]string{
	"quiz.html":   `<main><h1>Final quiz</h1><div data-quiz="final"></div></main>`,
	"review.html": `<main><h1>Review</h1><div data-review></div></main>`,
	"index.html":  `<main><h1>Course</h1><p data-review-due></p></main>`,
	"lesson.html": `<main><h1>Token bucket</h1><div data-quiz="token-bucket"></div></main>`,
	"blank.html":  `<main></main>`, // mounts nothing, so it writes nothing

}

const pageTemplate = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>quiz harness</title><link rel="stylesheet" href="css/quiz.css"></head>
<body>%s<div data-role="notices"></div>
<script type="module" src="js/harness.js"></script></body></html>
`

// harnessScript mounts the quiz pages; it is a file of its own because the
// site's Content-Security-Policy (web/serve) refuses inline scripts.
const harnessScript = `import { mountQuizPages } from "./quiz.js";
const notices = document.querySelector('[data-role="notices"]');
window.mounted = await mountQuizPages({ notice: (t) => { const p = document.createElement("p"); p.textContent = t; notices.append(p); } });
document.body.dataset.ready = "1";
`

var shared struct {
	once    sync.Once
	err     error
	server  *browser.Server
	browser *browser.Browser
	dir     string
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

// buildSite writes the harness site into a new directory.
func buildSite() (string, error) {
	root, err := browser.RepoRoot()
	if err != nil {
		return "", err
	}
	dir, err := os.MkdirTemp("", "flakylab-quizbrowser-")
	if err != nil {
		return "", err
	}
	esbuild := filepath.Join(root, "node_modules", ".bin", "esbuild")
	if _, err := os.Stat(esbuild); err != nil {
		return "", fmt.Errorf("esbuild not found at %s: run npm ci at the repository root", esbuild)
	}
	cmd := exec.Command(esbuild, "web/quiz/pages.js", "--bundle", "--format=esm", "--target=es2020",
		"--outfile="+filepath.Join(dir, "js", "quiz.js"))
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("esbuild: %w\n%s", err, out)
	}
	css, err := os.ReadFile(filepath.Join(root, "web", "quiz", "quiz.css"))
	if err != nil {
		return "", err
	}
	b, err := quiz.Default()
	if err != nil {
		return "", err
	}
	bankJSON, err := quiz.SiteJSON(b)
	if err != nil {
		return "", err
	}
	files := map[string][]byte{"css/quiz.css": css, "quiz/bank.json": bankJSON, "js/harness.js": []byte(harnessScript)}
	for name, body := range pages {
		files[name] = []byte(fmt.Sprintf(pageTemplate, body))
	}
	for name, data := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return "", err
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return "", err
		}
	}
	return dir, nil
}

// tab opens a tab on the shared browser and harness site; on failure it
// saves a screenshot under screenshots/.
func tab(t *testing.T) (context.Context, *browser.Problems, string) {
	t.Helper()
	shared.once.Do(func() {
		if shared.dir, shared.err = buildSite(); shared.err != nil {
			return
		}
		if shared.server, shared.err = browser.Serve(shared.dir); shared.err != nil {
			return
		}
		shared.browser, shared.err = browser.Launch(context.Background())
	})
	require.NoError(t, shared.err)
	ctx, cancel := chromedp.NewContext(shared.browser.Ctx)
	t.Cleanup(cancel)
	ctx, cancelTimeout := context.WithTimeout(ctx, 2*time.Minute)
	t.Cleanup(cancelTimeout)
	// Uncaught exceptions and console errors; not requests.
	p := browser.WatchT(t, ctx, 0)
	browser.ShotOnFailure(t, ctx)
	// Every test starts with no saved review state.
	require.NoError(t, open(ctx, shared.server.URL+"blank.html"))
	_, err := chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](`localStorage.clear()`))
	require.NoError(t, err)
	return ctx, p, shared.server.URL
}

func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	browser.LogShot(t, ctx, name)
}

// open loads a harness page in a fresh state and waits until it is mounted.
func open(ctx context.Context, url string) error {
	return chromedp.Do(ctx,
		chromedp.Navigate(url),
		chromedp.WaitVisible(chromedp.CSS(`body[data-ready="1"]`)),
	)
}
