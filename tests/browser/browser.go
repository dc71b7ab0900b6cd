//go:build !js

package browser

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/flakylab/flakylab/web/serve"
)

// ChromiumPath is the browser the tests drive: Debian's chromium package,
// which CI installs when it is missing.
const ChromiumPath = "/usr/bin/chromium"

// distFiles are the files without which the playground cannot work.
var distFiles = []string{
	"playground.html",
	"flakylab.wasm",
	"wasm_exec.js",
	"js/runtime.js",
	"js/worker.js",
}

// FindDist returns the dist/ directory of the module that holds the current
// directory, after checking that the playground was built into it.
func FindDist() (string, error) {
	return LocateDist("", distFiles, "run `make dist` first (it builds the wasm runtime and copies the site into dist/)")
}

// SubPath is a second mount point of the site, as a host that serves it
// under a sub-path would: the pages must only use relative URLs.
const SubPath = "course/v1/"

// Server is the site served in-process on a loopback port.
type Server struct {
	URL  string // base URL with a trailing slash, such as http://127.0.0.1:41234/
	srv  *http.Server
	site *serve.Handler
	log  *responses
}

// Serve serves dir on 127.0.0.1 at a free port with the site's own handler,
// at the root and again under SubPath.
func Serve(dir string) (*Server, error) {
	site, err := serve.Dir(dir)
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	mux.Handle("/", site)
	mux.Handle("/"+SubPath, http.StripPrefix("/"+SubPath[:len(SubPath)-1], site))
	return listen(mux, site)
}

// ServeOver is Serve behind an emulated link (see Link): every request and
// answer, whoever makes it (page, worker, service worker), crosses it.
func ServeOver(dir string, l Link) (*Server, error) {
	site, err := serve.Dir(dir)
	if err != nil {
		return nil, err
	}
	return listen(site, site, l.Shape)
}

// Close stops the server; closing it again does nothing.
func (s *Server) Close() error {
	if s.srv == nil {
		return nil
	}
	defer func() { s.srv = nil; s.site.Close() }()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	return s.srv.Shutdown(ctx)
}

// Browser is a headless Chromium with a fresh profile.
type Browser struct {
	// Ctx is the browser's chromedp context; derive one per tab with
	// chromedp.NewContext(Ctx).
	Ctx     context.Context
	cancel  func()
	dataDir string
}

// Launch starts headless Chromium. The flags keep it from reaching for the
// network on its own (updates, sync, field trials), which matters on a
// machine without internet access. Options in extra come after the
// defaults, so chromedp.WindowSize, say, overrides the 1280×900 window.
func Launch(ctx context.Context, extra ...chromedp.ExecAllocatorOption) (*Browser, error) {
	path := ChromiumPath
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("chromium not found at %s: install the Debian package chromium", path)
	}
	dataDir, err := os.MkdirTemp("", "flakylab-chromium-")
	if err != nil {
		return nil, err
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("no-default-browser-check", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("window-size", "1280,900"),
		chromedp.UserDataDir(dataDir),
	}
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(ctx, append(opts, extra...)...)
	browserCtx, cancelBrowser := chromedp.NewContext(allocCtx)
	b := &Browser{
		Ctx:     browserCtx,
		dataDir: dataDir,
		cancel: func() {
			cancelBrowser()
			cancelAlloc()
		},
	}
	// The first action starts the browser.
	if err := chromedp.Do(browserCtx); err != nil {
		b.Close()
		return nil, fmt.Errorf("starting chromium: %w", err)
	}
	return b, nil
}

// Close stops the browser and removes its profile.
func (b *Browser) Close() {
	b.cancel()
	os.RemoveAll(b.dataDir)
}

// WaitFor polls a JavaScript boolean expression (or a promise of one) until
// it is true or the timeout passes. The page polls it itself, every 20 ms
// for up to a second per call over the DevTools protocol: a call per poll
// kept the browser's and the test's processes busy (about 0.1 s of
// processor time per second of waiting, measured with headless Chromium
// polling a blank page), and a wait for a runtime or a run is most of a
// browser test's time. An expression that throws, or whose page goes away
// (a navigation), is tried again until the timeout, as before, and the
// last error is the one reported.
func WaitFor(ctx context.Context, expr string, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		slice := min(time.Until(deadline), time.Second).Milliseconds()
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](pollJS(expr, max(slice, 0)), chromedp.EvalAwaitPromise))
		if err == nil && ok {
			return nil
		}
		if time.Now().After(deadline) {
			if err != nil {
				return fmt.Errorf("waiting %v for %s: %w", timeout, expr, err)
			}
			return fmt.Errorf("waited %v for %s", timeout, expr)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// pollJS is an expression that tries expr every 20 ms in the page until it
// is true (true), or for ms milliseconds (false). An error, or a value that
// is not a boolean, is tried again too; if the last try gave one, so does
// the expression.
func pollJS(expr string, ms int64) string {
	return fmt.Sprintf(`(async () => {
  const end = performance.now() + %d;
  for (;;) {
    let v, err;
    try {
      v = await (
%s
      );
      if (typeof v !== "boolean") throw new Error("not a boolean but " + typeof v + ": " + String(v));
    } catch (e) {
      err = e;
    }
    if (v === true) return true;
    if (performance.now() >= end) {
      if (err) throw err;
      return false;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
})()`, ms, expr)
}
