//go:build browser

package exercisesbrowser

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

// required are the files without which the exercise pages cannot be tested.
var required = []string{
	"index.html", "exercise-token-bucket.html", "exercises/exercises.json",
	"exercises/token-bucket/solution.go", "css/site.css",
	"js/exercise.js", "js/runtime.js", "flakylab.wasm", "wasm_exec.js",
}

// findDist returns the repository's dist/ (or $EXERCISES_DIST), or an
// error naming what is missing: without a built site the tests fail, they
// do not skip.
func findDist() (string, error) {
	if d := os.Getenv("EXERCISES_DIST"); d != "" {
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

func checkDist(dist string) (string, error) {
	for _, f := range required {
		if _, err := os.Stat(filepath.Join(dist, f)); err != nil {
			return "", fmt.Errorf("dist/%s is missing: build the site first with `make dist` (the exercise pages come from web/site, the runtime from make wasm)", f)
		}
	}
	return dist, nil
}

var distCopy struct {
	once sync.Once
	dir  string
	err  error
}

// mustDist returns a private copy of the built site, taken once, so that a
// rebuild of dist/ during the run cannot serve half a file.
func mustDist(t *testing.T) string {
	t.Helper()
	distCopy.once.Do(func() {
		d, err := findDist()
		if err != nil {
			distCopy.err = err
			return
		}
		// A make dist in another terminal may be rewriting files: copy
		// until nothing changed while copying.
		for try := 0; ; try++ {
			tmp, err := os.MkdirTemp("", "flakylab-exercises-")
			if err != nil {
				distCopy.err = err
				return
			}
			before := stamp(d)
			distCopy.dir, distCopy.err = tmp, os.CopyFS(tmp, os.DirFS(d))
			if distCopy.err != nil || (stamp(d) == before && time.Since(newest(d)) > time.Second) || try == 10 {
				return
			}
			os.RemoveAll(tmp)
			time.Sleep(2 * time.Second)
		}
	})
	if distCopy.err != nil {
		t.Fatal(distCopy.err)
	}
	return distCopy.dir
}

// stamp sums up the sizes and times of the files in dir.
func stamp(dir string) string {
	var b strings.Builder
	filepath.WalkDir(dir, func(p string, e os.DirEntry, err error) error {
		if err == nil && !e.IsDir() {
			if fi, err := e.Info(); err == nil {
				fmt.Fprintf(&b, "%s %d %d\n", p, fi.Size(), fi.ModTime().UnixNano())
			}
		}
		return nil
	})
	return b.String()
}

// newest is the latest modification time of a file in dir.
func newest(dir string) time.Time {
	var t time.Time
	filepath.WalkDir(dir, func(p string, e os.DirEntry, err error) error {
		if err == nil && !e.IsDir() {
			if fi, err := e.Info(); err == nil && fi.ModTime().After(t) {
				t = fi.ModTime()
			}
		}
		return nil
	})
	return t
}

func TestMain(m *testing.M) {
	code := m.Run()
	if distCopy.dir != "" {
		os.RemoveAll(distCopy.dir)
	}
	os.Exit(code)
}

// startServer serves dir on a loopback port with the site's file handler.
func startServer(t *testing.T, dir string) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: serve.New(os.DirFS(dir)), ReadHeaderTimeout: 5 * time.Second}
	go srv.Serve(ln)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		srv.Shutdown(ctx)
	})
	return "http://" + ln.Addr().String() + "/"
}

// newBrowser starts headless Chromium with a fresh profile, closed when
// the test ends; the whole test gets timeout.
func newBrowser(t *testing.T, timeout time.Duration) context.Context {
	t.Helper()
	if _, err := os.Stat(chromium); err != nil {
		t.Fatalf("chromium not found at %s: install the Debian package chromium", chromium)
	}
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
		chromedp.UserDataDir(t.TempDir()),
	)
	ctx, cancelCtx := chromedp.NewContext(alloc)
	ctx, cancelTimeout := context.WithTimeout(ctx, timeout)
	t.Cleanup(func() { cancelTimeout(); cancelCtx(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	return ctx
}

// problems collects console errors, uncaught exceptions and failed
// requests of a tab.
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

// screenshot saves the tab under screenshots/NAME.png and returns the path.
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
