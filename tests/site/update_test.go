//go:build browser

package site

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// copyDir copies the site into a scratch folder the test may change.
func copyDir(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		in, err := os.Open(p)
		if err != nil {
			return err
		}
		defer in.Close()
		out, err := os.Create(target)
		if err != nil {
			return err
		}
		if _, err := io.Copy(out, in); err != nil {
			out.Close()
			return err
		}
		return out.Close()
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// TestNewBuildReplacesOfflineCopy deploys a build, lets the service worker
// keep it, then deploys a "new build" (another version in sw.js and a
// changed index page): the browser must install the new worker, drop the
// old copy and show the new page, offline too.
func TestNewBuildReplacesOfflineCopy(t *testing.T) {
	t.Parallel()
	dir := copyDir(t, mustDist(t))
	srv := startServer(t, dir, "/")
	ctx := newBrowser(t)
	load(t, ctx, srv.URL+"index.html")
	if err := waitFor(ctx, `navigator.serviceWorker.controller !== null`, stepWait); err != nil {
		failWithShot(t, ctx, "update", "the first service worker never took control: %v", err)
	}
	first := evalString(t, ctx, `caches.keys().then((k) => k.join(" "))`)

	sw, err := os.ReadFile(filepath.Join(dir, "sw.js"))
	if err != nil {
		t.Fatal(err)
	}
	next := regexp.MustCompile(`const VERSION = "[^"]*";`).ReplaceAll(sw, []byte(`const VERSION = "next-build";`))
	os.Remove(filepath.Join(dir, "sw.js.gz"))
	os.Remove(filepath.Join(dir, "index.html.gz"))
	if err := os.WriteFile(filepath.Join(dir, "sw.js"), next, 0o644); err != nil {
		t.Fatal(err)
	}
	index, _ := os.ReadFile(filepath.Join(dir, "index.html"))
	index = []byte(strings.Replace(string(index), "<h1>", `<h1 data-build="next">`, 1))
	if err := os.WriteFile(filepath.Join(dir, "index.html"), index, 0o644); err != nil {
		t.Fatal(err)
	}

	evalString(t, ctx, `navigator.serviceWorker.getRegistration().then((r) => r.update()).then(() => "ok")`)
	swapped := `caches.keys().then((k) => k.length === 1 && k[0].endsWith(":next-build"))`
	if err := waitFor(ctx, swapped, stepWait); err != nil {
		got := evalString(t, ctx, `caches.keys().then((k) => k.join(" "))`)
		failWithShot(t, ctx, "update", "the new build's copy did not replace the old one (before: %s; now: %s): %v", first, got, err)
	}
	srv.Close()
	load(t, ctx, srv.URL+"index.html")
	if got := evalString(t, ctx, `document.querySelector("h1").dataset.build || ""`); got != "next" {
		failWithShot(t, ctx, "update", "offline after the update, the index is still the old build")
	}
}

// TestNewBuildShowsOnTheNextLoad keeps a build offline, deploys a new one
// (a changed index page and stylesheet, a new sw.js) and loads the index
// once: that very load must show the new build, and the page must still
// come from the copy when the server is gone.
func TestNewBuildShowsOnTheNextLoad(t *testing.T) {
	t.Parallel()
	dir := copyDir(t, mustDist(t))
	srv := startServer(t, dir, "/")
	ctx := newBrowser(t)
	load(t, ctx, srv.URL+"index.html")
	if err := waitFor(ctx, `navigator.serviceWorker.controller !== null`, stepWait); err != nil {
		failWithShot(t, ctx, "next-load", "the service worker never took control: %v", err)
	}
	load(t, ctx, srv.URL+"index.html")
	if got := evalString(t, ctx, `document.querySelector("h1").dataset.build || "old"`); got != "old" {
		t.Fatalf("before the deploy the index says build %q", got)
	}

	edit := func(name, old, new string) {
		t.Helper()
		p := filepath.Join(dir, name)
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(b), old) {
			t.Fatalf("%s has no %q", name, old)
		}
		if err := os.WriteFile(p, []byte(strings.Replace(string(b), old, new, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	edit("index.html", "<h1>", `<h1 data-build="next">`)
	css, err := os.ReadFile(filepath.Join(dir, "css", "site.css"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "css", "site.css"), append(css, []byte("\nh1[data-build] { --next-build: 1; }\n")...), 0o644); err != nil {
		t.Fatal(err)
	}
	sw, err := os.ReadFile(filepath.Join(dir, "sw.js"))
	if err != nil {
		t.Fatal(err)
	}
	next := regexp.MustCompile(`const VERSION = "[^"]*";`).ReplaceAll(sw, []byte(`const VERSION = "next-build";`))
	if err := os.WriteFile(filepath.Join(dir, "sw.js"), next, 0o644); err != nil {
		t.Fatal(err)
	}

	load(t, ctx, srv.URL+"index.html")
	if got := evalString(t, ctx, `document.querySelector("h1").dataset.build || "old"`); got != "next" {
		failWithShot(t, ctx, "next-load", "the first load after the deploy shows build %q, want the new one", got)
	}
	if got := evalString(t, ctx, `getComputedStyle(document.querySelector("h1")).getPropertyValue("--next-build").trim()`); got != "1" {
		failWithShot(t, ctx, "next-load", "the first load after the deploy has the old stylesheet (--next-build = %q)", got)
	}
	swapped := `caches.keys().then((k) => k.length === 1 && k[0].endsWith(":next-build"))`
	if err := waitFor(ctx, swapped, stepWait); err != nil {
		failWithShot(t, ctx, "next-load", "the new build's copy did not replace the old one: %v", err)
	}
	srv.Close()
	load(t, ctx, srv.URL+"index.html")
	if got := evalString(t, ctx, `document.querySelector("h1").dataset.build || "old"`); got != "next" {
		failWithShot(t, ctx, "next-load", "offline after the deploy, the index is build %q", got)
	}
}
