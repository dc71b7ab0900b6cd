package site_test

import (
	"html/template"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/web/examples"
	"github.com/flakylab/flakylab/web/site"
)

func build(t *testing.T) (string, site.Result) {
	t.Helper()
	out := t.TempDir()
	res, err := site.Build(site.Options{Lessons: os.DirFS("../lessons"), Out: out, Compress: true})
	require.NoError(t, err)
	return out, res
}

func read(t *testing.T, dir, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, name))
	require.NoError(t, err)
	return string(b)
}

func TestEverySectionHasAPageWithExamples(t *testing.T) {
	out, _ := build(t)
	lessons, err := site.LoadLessons(os.DirFS("../lessons"))
	require.NoError(t, err)
	require.Len(t, lessons, 8, "sections 0 (intro) through 7 (retry storms)")
	minutes := 0
	for i, l := range lessons {
		assert.Equal(t, i, l.Number)
		minutes += l.Minutes
		page := read(t, out, l.Page())
		assert.True(t, strings.Contains(page, "<h1>"+template.HTMLEscapeString(l.Title)+"</h1>"), "%s: no title", l.Slug)
		assert.True(t, strings.Contains(page, `class="example"`), "%s has no runnable example", l.Slug)
		assert.True(t, strings.Contains(read(t, out, "index.html"), `href="`+l.Page()+`"`), "index does not link %s", l.Slug)
	}
	assert.InDelta(t, 40, minutes, 8, "about 40 minutes of reading in all")
}

func TestEveryExampleIsOnAPageWithSourceAndOutput(t *testing.T) {
	out, _ := build(t)
	all, err := examples.All()
	require.NoError(t, err)
	var pages strings.Builder
	entries, _ := os.ReadDir(out)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".html") {
			pages.WriteString(read(t, out, e.Name()))
		}
	}
	html := pages.String()
	for _, ex := range all {
		assert.True(t, strings.Contains(html, `data-example="`+ex.Name+`"`), "%s: no widget", ex.Name)
		first := strings.SplitN(ex.Source, "\n", 2)[0]
		assert.True(t, strings.Contains(html, template.HTMLEscapeString(first)), "%s: source not in the page", ex.Name)
	}
}

var urlAttr = regexp.MustCompile(`(?:href|src)="([^"]*)"`)

// The site must work under any sub-path: no absolute URLs, no hosts, and
// every local link points at a file the build (or the page host) provides.
func TestLinksAreRelativeAndResolve(t *testing.T) {
	out, res := build(t)
	fromOthers := map[string]bool{
		"js/lesson.js": true, "js/exercise.js": true, "css/quiz.css": true, // written by esbuild
		"flakylab.wasm": true, // the runtime's build (make wasm)
	}
	for _, f := range res.Files {
		if !strings.HasSuffix(f, ".html") {
			continue
		}
		for _, m := range urlAttr.FindAllStringSubmatch(read(t, out, f), -1) {
			u := m[1]
			if strings.HasPrefix(u, "#") || strings.HasPrefix(u, "data:") {
				continue
			}
			assert.NotRegexp(t, `^(/|[a-z]+:)`, u, "%s: %q is not relative", f, u)
			target := strings.SplitN(u, "#", 2)[0]
			if fromOthers[target] {
				continue
			}
			_, err := os.Stat(filepath.Join(out, target))
			if err != nil {
				// The page host's files (web/static) join the site in make dist.
				_, err = os.Stat(filepath.Join("..", "static", target))
			}
			assert.NoError(t, err, "%s links to %q", f, u)
		}
	}
}

func TestPagerLinksFollowTheSyllabus(t *testing.T) {
	out, _ := build(t)
	intro := read(t, out, "intro.html")
	assert.True(t, strings.Contains(intro, `rel="next" href="token-bucket.html"`))
	assert.False(t, strings.Contains(intro, `rel="prev"`))
	last := read(t, out, "retry-storms.html")
	assert.True(t, strings.Contains(last, `rel="prev" href="circuit-breakers.html"`))
	assert.True(t, strings.Contains(last, `<span class="pager-dir">Finished</span>`))
}

func TestCompressedSiblingsAreFresh(t *testing.T) {
	out, res := build(t)
	for _, f := range res.Files {
		_, err := os.Stat(filepath.Join(out, f+".gz"))
		assert.NoError(t, err, "%s.gz", f)
	}
	stale := filepath.Join(out, "index.html.br")
	require.NoError(t, os.WriteFile(stale, []byte("old"), 0o644))
	_, err := site.Build(site.Options{Lessons: os.DirFS("../lessons"), Out: out})
	require.NoError(t, err)
	_, err = os.Stat(stale)
	assert.True(t, os.IsNotExist(err), "a stale .br must not outlive a rebuild")
	_, err = os.Stat(filepath.Join(out, "index.html.gz"))
	assert.True(t, os.IsNotExist(err), "without Compress no .gz is left behind")
}

func TestBadLessonsAreRejected(t *testing.T) {
	lesson := func(body string) fstest.MapFS {
		return fstest.MapFS{"00-a.md": {Data: []byte(body)}}
	}
	cases := map[string]struct {
		fs   fstest.MapFS
		want string
	}{
		"no front matter":  {lesson("# hi\n"), "missing front matter"},
		"unclosed":         {lesson("---\ntitle: x\n"), "not closed"},
		"no title":         {lesson("---\nminutes: 3\n---\nbody\n"), "title is required"},
		"bad minutes":      {lesson("---\ntitle: x\nminutes: soon\n---\n"), "minutes"},
		"unknown key":      {lesson("---\ntitle: x\ncolour: red\n---\n"), "unknown key"},
		"bad file name":    {fstest.MapFS{"intro.md": {Data: []byte("---\ntitle: x\n---\n")}}, "NN-slug.md"},
		"unknown example":  {lesson("---\ntitle: x\n---\n```go-example nope\n```\n"), "no such example"},
		"example, no name": {lesson("---\ntitle: x\n---\n```go-example\n```\n"), "exactly one example name"},
		"duplicate number": {fstest.MapFS{"01-a.md": {Data: []byte("---\ntitle: a\n---\n")}, "01-b.md": {Data: []byte("---\ntitle: b\n---\n")}}, "share number"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := site.Build(site.Options{Lessons: c.fs, Out: t.TempDir()})
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

func TestUnusedExamplesAreReported(t *testing.T) {
	fs := fstest.MapFS{"00-a.md": {Data: []byte("---\ntitle: a\n---\n```go-example bucket-basic\n```\n")}}
	_, err := site.Build(site.Options{Lessons: fs, Out: t.TempDir()})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "not used by any lesson")
}

// The storm charts are simulated live in the page: no grid of results is
// shipped, and each figure carries its two views, the opening tables and
// the settings the page's sliders offer.
func TestStormChartsInThePages(t *testing.T) {
	out, res := build(t)
	for _, f := range res.Files {
		assert.False(t, strings.HasPrefix(f, "data/storm"), "no build-time storm data: %s", f)
	}
	page := read(t, out, "backoff-and-jitter.html")
	assert.Contains(t, page, `data-sim="storm" id="storm1" data-interactive="true"`, "section 4 has the interactive simulation")
	for _, want := range []string{`data-view="contention"`, `data-view="overload"`, `type="range" name="clients"`, `type="range" name="capacity"`, `type="range" name="outage"`, "<dt>writes</dt>", "<dt>lost</dt>"} {
		assert.Contains(t, page, want, "section 4's simulation")
	}
	intro := read(t, out, "intro.html")
	assert.Contains(t, intro, `data-sim="storm" id="storm1" data-interactive="false"`, "the intro has the picture")
	assert.NotContains(t, intro, `type="range"`, "the picture has no settings")
	// The study's view comes first, with its opening numbers.
	assert.Less(t, strings.Index(intro, `data-view="contention"`), strings.Index(intro, `data-view="overload"`), "the study's view first")
	assert.Contains(t, intro, "<td>790</td>", "full jitter's writes at 100 clients")
}

// A page that starts the Go runtime at once asks for it and its module
// graph in its head, so the download starts with the page's own; the index
// never does.
func TestRuntimePreloadOnlyWhereItRuns(t *testing.T) {
	out, _ := build(t)
	const preload = `<link rel="preload" href="flakylab.wasm" as="fetch" type="application/wasm" crossorigin>`
	cases := []struct {
		page string
		want bool
	}{
		{"token-bucket.html", true},
		{"exercise-circuit-breaker.html", true},
		{"index.html", false},
	}
	for _, c := range cases {
		page := read(t, out, c.page)
		assert.Equal(t, c.want, strings.Contains(page, preload), "%s: preloads the runtime", c.page)
		for _, m := range []string{"runtime.js", "errors.js", "compile.js", "slot.js"} {
			got := strings.Contains(page, `<link rel="modulepreload" href="js/`+m+`">`)
			assert.Equal(t, c.want, got, "%s: preloads the runtime's module %s", c.page, m)
		}
	}
}
