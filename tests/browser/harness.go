//go:build !js

package browser

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/flakylab/flakylab/web/serve"
)

// The helpers below are shared by the browser test packages under tests/
// (browser, site, quizbrowser, exercisesbrowser).

// RepoRoot returns the directory of the go.mod that holds the current
// directory.
func RepoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the current directory")
		}
		dir = parent
	}
}

// LocateDist returns the directory named by the environment variable env
// when it is set (env may be ""), or else the module's dist/, after checking
// that every one of files is in it. A missing file is an error that says
// "dist/FILE is missing: " and then howto: a test without a built site must
// fail, not skip.
func LocateDist(env string, files []string, howto string) (string, error) {
	var dist string
	if d := os.Getenv(env); env != "" && d != "" {
		dist = d
	} else {
		root, err := RepoRoot()
		if err != nil {
			return "", err
		}
		dist = filepath.Join(root, "dist")
	}
	for _, f := range files {
		if _, err := os.Stat(filepath.Join(dist, f)); err != nil {
			return "", fmt.Errorf("dist/%s is missing: %s", f, howto)
		}
	}
	return dist, nil
}

// DistCopy is a private copy of the built site, taken once per test
// package, so that a rebuild of dist/ while the tests run (make dist in
// another terminal) cannot hand a page half a file. Call Remove from
// TestMain.
type DistCopy struct {
	Env    string   // environment variable that may name another build
	Files  []string // files without which the tests cannot run
	HowTo  string   // what to do when one is missing
	Prefix string   // of the temporary directory's name

	once sync.Once
	dir  string
	err  error
}

// Dir returns the copy, taking it on the first call; it fails the test when
// the site is not built.
func (c *DistCopy) Dir(t testing.TB) string {
	t.Helper()
	c.once.Do(func() {
		d, err := LocateDist(c.Env, c.Files, c.HowTo)
		if err != nil {
			c.err = err
			return
		}
		c.dir, c.err = CopyDist(d, c.Prefix)
	})
	if c.err != nil {
		t.Fatal(c.err)
	}
	return c.dir
}

// Remove deletes the copy, if one was taken.
func (c *DistCopy) Remove() {
	if c.dir != "" {
		os.RemoveAll(c.dir)
	}
}

// CopyDist copies dist into a new temporary directory whose name starts with
// prefix, keeping the files' modification times (the site's handler ignores
// a precompressed .br or .gz older than its file, so the copy must not
// reorder them). A make dist in another terminal may be rewriting files: it
// copies again until nothing changed while copying (at most ten more times).
func CopyDist(dist, prefix string) (string, error) {
	for try := 0; ; try++ {
		tmp, err := os.MkdirTemp("", prefix)
		if err != nil {
			return "", err
		}
		before := stamp(dist)
		err = os.CopyFS(tmp, os.DirFS(dist))
		if err == nil {
			err = copyTimes(dist, tmp)
		}
		if err != nil || (stamp(dist) == before && time.Since(newest(dist)) > time.Second) || try == 10 {
			return tmp, err
		}
		os.RemoveAll(tmp)
		time.Sleep(2 * time.Second)
	}
}

// copyTimes gives every file under dst the modification time of its
// namesake under src.
func copyTimes(src, dst string) error {
	return filepath.WalkDir(dst, func(p string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dst, p)
		if err != nil {
			return err
		}
		fi, err := os.Stat(filepath.Join(src, rel))
		if err != nil {
			return err
		}
		return os.Chtimes(p, fi.ModTime(), fi.ModTime())
	})
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

// ServeUnder serves dir with the site's own handler under prefix ("/" or
// "/some/prefix/") only, on 127.0.0.1 at a free port; URL includes prefix.
func ServeUnder(dir, prefix string) (*Server, error) {
	site, err := serve.Dir(dir)
	if err != nil {
		return nil, err
	}
	var h http.Handler = site
	if prefix != "/" {
		mux := http.NewServeMux()
		mux.Handle(prefix, http.StripPrefix(strings.TrimSuffix(prefix, "/"), h))
		h = mux
	}
	s, err := listen(h, site)
	if err != nil {
		return nil, err
	}
	s.URL += strings.TrimPrefix(prefix, "/")
	return s, nil
}

// ServeT is ServeUnder for a test: it fails the test on error and stops the
// server when the test ends (Close may stop it sooner, to take the site
// offline).
func ServeT(t testing.TB, dir, prefix string) *Server {
	t.Helper()
	s, err := ServeUnder(dir, prefix)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// listen serves h on a free loopback port; wrap, if given, wraps the
// listener (an emulated link).
func listen(h http.Handler, site *serve.Handler, wrap ...func(net.Listener) net.Listener) (*Server, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		site.Close()
		return nil, err
	}
	for _, w := range wrap {
		ln = w(ln)
	}
	log := &responses{}
	s := &Server{
		URL:  "http://" + ln.Addr().String() + "/",
		srv:  &http.Server{Handler: log.record(h), ReadHeaderTimeout: 10 * time.Second},
		site: site,
		log:  log,
	}
	go s.srv.Serve(ln)
	return s, nil
}

// LaunchT starts headless Chromium (see Launch; extra options such as
// chromedp.WindowSize override the defaults) for one test and returns its
// context, which ends after timeout; the browser is closed when the test
// ends.
func LaunchT(t testing.TB, timeout time.Duration, extra ...chromedp.ExecAllocatorOption) context.Context {
	t.Helper()
	b, err := Launch(context.Background(), extra...)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(b.Ctx, timeout)
	t.Cleanup(func() { cancel(); b.Close() })
	return ctx
}

// Shared is one headless Chromium for a whole test binary, started by the
// first test that asks it for a tab (a start and a stop cost seconds of
// processor time on a busy machine); TestMain closes it. Its window is
// 1200×900.
type Shared struct {
	once sync.Once
	b    *Browser
	err  error
}

// Tab opens a tab in a browser context of its own (a fresh profile: no
// storage, service worker, cache or compiled code shared with any other
// test); the context and its tabs are disposed of when the test ends, which
// gets timeout.
func (s *Shared) Tab(t testing.TB, timeout time.Duration) context.Context {
	t.Helper()
	s.once.Do(func() {
		s.b, s.err = Launch(context.Background(), chromedp.WindowSize(1200, 900))
	})
	if s.err != nil {
		t.Fatal(s.err)
	}
	tab, closeTab := chromedp.NewContext(s.b.Ctx, chromedp.WithNewBrowserContext())
	ctx, cancel := context.WithTimeout(tab, timeout)
	t.Cleanup(func() { cancel(); closeTab() })
	// The first action creates the browser context and the tab.
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("opening a tab in a new browser context: %v", err)
	}
	return ctx
}

// Close stops the browser if a test started it.
func (s *Shared) Close() {
	if s.b != nil {
		s.b.Close()
	}
}

// Watch says what a Problems collects beyond console.error calls and
// uncaught exceptions.
type Watch int

const (
	// Requests: failed requests the page did not cancel itself, and HTTP
	// responses of 400 and above.
	Requests Watch = 1 << iota
	// CanceledRequests: also requests that failed because they were
	// cancelled.
	CanceledRequests
	// BrowserLog: error entries of the browser's log, and console.assert.
	BrowserLog
)

// Problems collects what a clean page must not produce in a tab.
type Problems struct {
	watch Watch
	mu    sync.Mutex
	list  []string
	urls  map[network.RequestID]string
}

// NewProblems returns a collector; pass its Listen to chromedp.Listen.
func NewProblems(w Watch) *Problems {
	return &Problems{watch: w, urls: map[network.RequestID]string{}}
}

// WatchT starts collecting the problems of the tab ctx; it fails the test
// if it cannot listen.
func WatchT(t testing.TB, ctx context.Context, w Watch) *Problems {
	t.Helper()
	p := NewProblems(w)
	if err := chromedp.Listen(ctx, p.Listen); err != nil {
		t.Fatalf("listening to the tab: %v", err)
	}
	return p
}

// All returns the problems so far.
func (p *Problems) All() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.list...)
}

// Listen takes one event of the tab.
func (p *Problems) Listen(ev any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	add := func(format string, args ...any) { p.list = append(p.list, fmt.Sprintf(format, args...)) }
	switch ev := ev.(type) {
	case *runtime.EventConsoleAPICalled:
		if ev.Type == runtime.ConsoleAPICalledTypeError ||
			(p.watch&BrowserLog != 0 && ev.Type == runtime.ConsoleAPICalledTypeAssert) {
			var parts []string
			for _, a := range ev.Args {
				parts = append(parts, strings.TrimSpace(string(a.Value)+" "+a.Description))
			}
			add("console.%s: %s", ev.Type, strings.Join(parts, " "))
		}
	case *runtime.EventExceptionThrown:
		d := ev.ExceptionDetails
		desc := d.Text
		if d.Exception != nil {
			desc += " " + d.Exception.Description
		}
		add("uncaught exception at %s:%d: %s", d.URL, d.LineNumber+1, desc)
	case *log.EventEntryAdded:
		if p.watch&BrowserLog != 0 && ev.Entry.Level == log.EntryLevelError {
			add("log error (%s): %s %s", ev.Entry.Source, ev.Entry.Text, ev.Entry.URL)
		}
	case *network.EventRequestWillBeSent:
		p.urls[ev.RequestID] = ev.Request.URL
	case *network.EventLoadingFailed:
		if p.watch&Requests != 0 && (!ev.Canceled || p.watch&CanceledRequests != 0) {
			add("request failed: %s: %s (%s)", p.urls[ev.RequestID], ev.ErrorText, ev.Type)
		}
	case *network.EventResponseReceived:
		if p.watch&Requests != 0 && ev.Response.Status >= 400 {
			add("HTTP %d: %s", ev.Response.Status, ev.Response.URL)
		}
	}
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9_.-]+`)

// Screenshot saves the whole page of the tab as screenshots/NAME.png (in
// the test's package directory) and returns that path, or "" after logging
// why it could not.
func Screenshot(t testing.TB, ctx context.Context, name string) string {
	t.Helper()
	sctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	png, err := chromedp.Run(sctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Logf("screenshot %s: %v", name, err)
		return ""
	}
	if err := os.MkdirAll("screenshots", 0o755); err != nil {
		t.Logf("screenshot %s: %v", name, err)
		return ""
	}
	path := filepath.Join("screenshots", unsafeName.ReplaceAllString(name, "_")+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Logf("screenshot %s: %v", name, err)
		return ""
	}
	return path
}

// ShotOnFailure saves a screenshot of the tab, named after the test, if
// the test has failed by the time it ends.
func ShotOnFailure(t testing.TB, ctx context.Context) {
	t.Cleanup(func() {
		if t.Failed() {
			LogShot(t, ctx, t.Name())
		}
	})
}

// LogShot saves a screenshot and logs where.
func LogShot(t testing.TB, ctx context.Context, name string) {
	t.Helper()
	if p := Screenshot(t, ctx, name); p != "" {
		abs, _ := filepath.Abs(p)
		t.Logf("screenshot saved to %s", abs)
	}
}
