//go:build browser

package site

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/flakylab/flakylab/web/serve"
)

const chromium = "/usr/bin/chromium"

// required are the files without which the site cannot be tested.
var required = []string{
	"index.html", "final.html", "review.html", "sw.js",
	"quiz/bank.json", "css/site.css", "css/quiz.css",
	"js/lesson.js", "js/runtime.js", "flakylab.wasm", "wasm_exec.js",
}

// findDist returns the repository's dist/ folder (or $SITE_DIST), or an
// error naming what is missing: a test without a built site must fail, not
// skip.
func findDist() (string, error) {
	if d := os.Getenv("SITE_DIST"); d != "" {
		return checkDist(d)
	}
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the current directory")
		}
		dir = parent
	}
	return checkDist(filepath.Join(dir, "dist"))
}

// checkDist reports the first required file missing from dist.
func checkDist(dist string) (string, error) {
	for _, f := range required {
		if _, err := os.Stat(filepath.Join(dist, f)); err != nil {
			return "", fmt.Errorf("dist/%s is missing: build the site first with `make dist` (or `go run ./web/site/cmd/build -out dist` after the runtime files are in dist/)", f)
		}
	}
	return dist, nil
}

var distCopy struct {
	once sync.Once
	dir  string
	err  error
}

// mustDist returns a private copy of the built site, taken once for the
// package, so that a rebuild of dist/ while the tests run (make dist in
// another terminal) cannot hand a page half a file.
func mustDist(t *testing.T) string {
	t.Helper()
	distCopy.once.Do(func() {
		d, err := findDist()
		if err != nil {
			distCopy.err = err
			return
		}
		tmp, err := os.MkdirTemp("", "flakylab-site-")
		if err != nil {
			distCopy.err = err
			return
		}
		distCopy.dir, distCopy.err = tmp, os.CopyFS(tmp, os.DirFS(d))
	})
	if distCopy.err != nil {
		t.Fatal(distCopy.err)
	}
	return distCopy.dir
}

func TestMain(m *testing.M) {
	code := m.Run()
	if distCopy.dir != "" {
		os.RemoveAll(distCopy.dir)
	}
	os.Exit(code)
}

// server serves dir under prefix ("/" or "/some/prefix/") on a loopback
// port with the site's own file handler. It can be stopped and restarted on
// the same port, to check what the page does with no server at all.
type server struct {
	Base   string // such as http://127.0.0.1:41234/some/prefix/
	addr   string
	dir    string
	prefix string
	srv    *http.Server
}

func startServer(t *testing.T, dir, prefix string) *server {
	t.Helper()
	s := &server{dir: dir, prefix: prefix, addr: "127.0.0.1:0"}
	if err := s.start(); err != nil {
		t.Fatal(err)
	}
	s.Base = "http://" + s.addr + prefix
	t.Cleanup(s.stop)
	return s
}

func (s *server) start() error {
	ln, err := net.Listen("tcp", s.addr)
	if err != nil {
		return err
	}
	s.addr = ln.Addr().String()
	var h http.Handler = serve.New(os.DirFS(s.dir))
	if s.prefix != "/" {
		mux := http.NewServeMux()
		mux.Handle(s.prefix, http.StripPrefix(strings.TrimSuffix(s.prefix, "/"), h))
		h = mux
	}
	s.srv = &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second}
	go s.srv.Serve(ln)
	return nil
}

func (s *server) stop() {
	if s.srv == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	s.srv.Shutdown(ctx)
	s.srv = nil
}

// newBrowser starts headless Chromium with a fresh profile; it is closed
// when the test ends.
func newBrowser(t *testing.T) context.Context {
	t.Helper()
	if _, err := os.Stat(chromium); err != nil {
		t.Fatalf("chromium not found at %s: install the Debian package chromium", chromium)
	}
	profile := t.TempDir()
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(chromium),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("window-size", "1200,900"),
		chromedp.UserDataDir(profile),
	)
	ctx, cancelCtx := chromedp.NewContext(alloc)
	ctx, cancelTimeout := context.WithTimeout(ctx, 90*time.Second)
	t.Cleanup(func() { cancelTimeout(); cancelCtx(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	return ctx
}

// problems collects console errors, uncaught exceptions and failed or
// erroring requests of a tab.
type problems struct {
	mu   sync.Mutex
	list []string
	urls map[network.RequestID]string
}

func watch(t *testing.T, ctx context.Context) *problems {
	t.Helper()
	p := &problems{urls: map[network.RequestID]string{}}
	err := chromedp.Listen(ctx, func(ev any) {
		p.mu.Lock()
		defer p.mu.Unlock()
		switch ev := ev.(type) {
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.ConsoleAPICalledTypeError {
				var parts []string
				for _, a := range ev.Args {
					parts = append(parts, strings.TrimSpace(string(a.Value)+" "+a.Description))
				}
				p.list = append(p.list, "console.error: "+strings.Join(parts, " "))
			}
		case *runtime.EventExceptionThrown:
			d := ev.ExceptionDetails
			msg := d.Text
			if d.Exception != nil {
				msg += " " + d.Exception.Description
			}
			p.list = append(p.list, "uncaught: "+msg)
		case *network.EventRequestWillBeSent:
			p.urls[ev.RequestID] = ev.Request.URL
		case *network.EventLoadingFailed:
			if !ev.Canceled {
				p.list = append(p.list, fmt.Sprintf("request failed: %s: %s", p.urls[ev.RequestID], ev.ErrorText))
			}
		case *network.EventResponseReceived:
			if ev.Response.Status >= 400 {
				p.list = append(p.list, fmt.Sprintf("HTTP %d: %s", ev.Response.Status, ev.Response.URL))
			}
		}
	})
	if err != nil {
		t.Fatalf("listening to the tab: %v", err)
	}
	return p
}

func (p *problems) all() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.list...)
}

// waitFor polls a JavaScript boolean expression until it holds.
func waitFor(ctx context.Context, expr string, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](expr, chromedp.EvalAwaitPromise))
		if err == nil && ok {
			return nil
		}
		if time.Now().After(deadline) {
			if err != nil {
				return fmt.Errorf("waited %v for %s: %w", timeout, expr, err)
			}
			return fmt.Errorf("waited %v for %s", timeout, expr)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(25 * time.Millisecond):
		}
	}
}

// screenshot saves the tab under tests/site/screenshots/NAME.png.
func screenshot(t *testing.T, ctx context.Context, name string) string {
	t.Helper()
	buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Logf("screenshot %s: %v", name, err)
		return ""
	}
	if err := os.MkdirAll("screenshots", 0o755); err != nil {
		t.Logf("screenshot %s: %v", name, err)
		return ""
	}
	path := filepath.Join("screenshots", name+".png")
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		t.Logf("screenshot %s: %v", name, err)
		return ""
	}
	return path
}

// failWithShot saves a screenshot of the tab, then fails the test.
func failWithShot(t *testing.T, ctx context.Context, name, format string, args ...any) {
	t.Helper()
	if p := screenshot(t, ctx, "FAIL-"+name); p != "" {
		t.Logf("screenshot saved to tests/site/%s", p)
	}
	t.Fatalf(format, args...)
}
