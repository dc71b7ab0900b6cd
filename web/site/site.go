// Package site builds the course's static web site: it renders the lessons
// (Markdown with example directives) into HTML pages with relative URLs only,
// writes the course index, and copies the stylesheet. The JavaScript bundle
// (CodeMirror and the lesson page code) is built by esbuild; see Bundle.
//
// Lessons are web/lessons/NN-slug.md files: front matter (title, short,
// summary, minutes) between two --- lines, then Markdown. Three fenced-block
// directives stand for widgets:
//
//	```go-example NAME```   an editable, runnable web/examples/NAME program
//	```storm-sim```         the interactive retry-storm comparison
//	```storm-picture```     the same chart, fixed: no jitter against full jitter
//	```backoff-timeline```  attempts of six clients, without and with jitter
//	```breaker-timeline```  a breaker's states and calls through an outage
//	```bucket-chart```      a token bucket's level; the learner can send requests
//
// The numbers of every picture come from core/: the builder computes them
// (pictures.go, storm.go) and the page only draws; the bucket's own
// requests are decided by the Go runtime's widget API in the page.
//
// Raw HTML passes through (the <details class="check"> quick checks).
//
// From package exercises it writes one page per exercise
// (exercise-<slug>.html: the prompt, an editor with the starter, Check,
// results and hints; exercise.js drives it) and each reference solution as
// exercises/<slug>/solution.go, which the page fetches only on request.
// Lessons and the index link to them.
//
// From the question bank (package quiz) it writes quiz/bank.json, the final
// quiz (final.html), the review page (review.html), and a block of quick
// checks at the end of each lesson that has questions; the quiz module
// (web/quiz) renders them in the page.
//
// cmd/build also writes sw.js (offline.go), the service worker that keeps
// the whole site and the runtime for offline use, versioned by a hash of
// the files.
//
// The result is a folder of static files that works from any host and under
// any sub-path, next to the runtime files (flakylab.wasm, wasm_exec.js,
// js/runtime.js) that the page host puts in the same folder.
package site

import (
	"bytes"
	"compress/gzip"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/flakylab/flakylab/web/examples"
)

//go:embed templates/*.html
var templateFS embed.FS

//go:embed css/site.css
var stylesheet []byte

// Options configures Build.
type Options struct {
	// Lessons holds the NN-slug.md files.
	Lessons fs.FS
	// Out is the folder to write into; it is created if needed. Files
	// other than the ones Build writes are left alone.
	Out string
	// Compress writes a .gz sibling next to every file written and removes
	// a stale .br sibling, for a server that serves precompressed files.
	Compress bool
}

// Result lists what Build wrote, relative to Options.Out.
type Result struct {
	Files []string
}

type pageItem struct {
	Lesson   Lesson
	Examples []string
}

// Build renders the site into o.Out.
func Build(o Options) (Result, error) {
	lessons, err := LoadLessons(o.Lessons)
	if err != nil {
		return Result{}, err
	}
	all, err := examples.All()
	if err != nil {
		return Result{}, err
	}
	byName := make(map[string]examples.Example, len(all))
	for _, ex := range all {
		byName[ex.Name] = ex
	}
	sizes := readRuntimeSizes(o.Out)
	funcs := template.FuncMap{"join": strings.Join, "runtimeSizes": func() runtimeSizes { return sizes }}
	tmpl, err := template.New("site").Funcs(funcs).ParseFS(templateFS, "templates/*.html")
	if err != nil {
		return Result{}, fmt.Errorf("site: templates: %w", err)
	}
	md := &markdown{examples: byName, widget: tmpl}
	qz, err := loadQuiz()
	if err != nil {
		return Result{}, err
	}

	exs, err := loadExercises(lessons)
	if err != nil {
		return Result{}, err
	}
	exBySection := exercisesBySection(exs)

	w := &writer{out: o.Out, compress: o.Compress}
	used := map[string]string{}
	items := make([]pageItem, len(lessons))
	total := 0
	for i, l := range lessons {
		r, err := md.render(l)
		if err != nil {
			return Result{}, err
		}
		for _, name := range r.Examples {
			if other, dup := used[name]; dup {
				return Result{}, fmt.Errorf("site: example %s is used by both %s and %s", name, other, l.Slug)
			}
			used[name] = l.Slug
		}
		items[i] = pageItem{Lesson: l, Examples: r.Examples}
		total += l.Minutes
		data := map[string]any{
			"PageTitle":   fmt.Sprintf("%d. %s · flakylab", l.Number, l.Title),
			"Description": l.Summary,
			"Lessons":     lessons,
			"Slug":        l.Slug,
			"Lesson":      l,
			"Body":        r.HTML,
			"Contents":    r.Contents,
			"Prev":        neighbour(lessons, i-1),
			"Next":        neighbour(lessons, i+1),
			"QuickChecks": qz.quickCheck[l.Slug],
			"Exercises":   exBySection[l.Slug],
			// The page starts the Go runtime at once: its download starts
			// with the page's (a preload in the head), not once the
			// page's script has run.
			"Runtime": len(r.Examples) > 0 || qz.quickCheck[l.Slug] > 0 || strings.Contains(string(r.HTML), `data-sim="storm"`),
		}
		if err := w.template(tmpl, "lesson", l.Page(), data); err != nil {
			return Result{}, err
		}
	}
	var unused []string
	for _, ex := range all {
		if _, ok := used[ex.Name]; !ok {
			unused = append(unused, ex.Name)
		}
	}
	if len(unused) > 0 {
		return Result{}, fmt.Errorf("site: examples not used by any lesson: %s", strings.Join(unused, ", "))
	}
	if err := qz.check(lessons); err != nil {
		return Result{}, err
	}
	index := map[string]any{
		"PageTitle":    "Surviving flaky APIs · flakylab",
		"Description":  "An interactive course on rate limits, timeouts, retries, backoff with jitter, idempotency keys and circuit breakers, with real Go you run in the page.",
		"Lessons":      lessons,
		"Slug":         "",
		"Items":        items,
		"TotalMinutes": total,
		"FinalCount":   qz.finalCount,
		"Exercises":    exs,
	}
	if err := w.template(tmpl, "index", "index.html", index); err != nil {
		return Result{}, err
	}
	if err := w.file("css/site.css", stylesheet); err != nil {
		return Result{}, err
	}
	if err := writeQuizPages(w, tmpl, qz, lessons); err != nil {
		return Result{}, err
	}
	if err := writeExercisePages(w, tmpl, exs, lessons); err != nil {
		return Result{}, err
	}
	return Result{Files: w.written}, nil
}

func neighbour(lessons []Lesson, i int) *Lesson {
	if i < 0 || i >= len(lessons) {
		return nil
	}
	return &lessons[i]
}

type writer struct {
	out      string
	compress bool
	written  []string
}

func (w *writer) template(t *template.Template, name, file string, data any) error {
	var buf bytes.Buffer
	if err := t.ExecuteTemplate(&buf, name, data); err != nil {
		return fmt.Errorf("site: %s: %w", file, err)
	}
	return w.file(file, buf.Bytes())
}

func (w *writer) file(rel string, data []byte) error {
	dst := filepath.Join(w.out, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return fmt.Errorf("site: %w", err)
	}
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		return fmt.Errorf("site: %w", err)
	}
	w.written = append(w.written, rel)
	return w.siblings(dst, data)
}

// siblings keeps precompressed copies in step with a file just written: a
// fresh .gz when compressing, and no stale .gz or .br from an older build.
func (w *writer) siblings(dst string, data []byte) error {
	for _, ext := range []string{".br", ".gz"} {
		if err := os.Remove(dst + ext); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("site: %w", err)
		}
	}
	if !w.compress {
		return nil
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if _, err := zw.Write(data); err != nil {
		return fmt.Errorf("site: %w", err)
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("site: %w", err)
	}
	return os.WriteFile(dst+".gz", buf.Bytes(), 0o644)
}

// CompressFile refreshes the precompressed siblings of a file written by
// another tool (the JavaScript bundle), as Build does for its own files.
func CompressFile(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("site: %w", err)
	}
	return (&writer{compress: true}).siblings(path, data)
}
