package site

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"

	"github.com/flakylab/flakylab/exercises"
)

// courseModule is the course's module path: its packages are listed apart
// from the standard library's.
const courseModule = "github.com/flakylab/flakylab/"

// exercisePage is one exercise as the pages show it.
type exercisePage struct {
	Slug    string
	Title   string
	Lesson  Lesson
	Prompt  template.HTML
	Starter string
	Checks  []exercises.SiteCheck
	// Std and Course are the packages the learner may import (the
	// playground's allow-list without Forbid): the standard library's, and
	// the course library's; Forbid are the ones the exercise leaves out.
	Std, Course, Forbid []string
	// Data is the JSON the page script reads: slug, title, section,
	// starter and the checks.
	Data template.JS
}

// Page is the exercise's file in the site.
func (e exercisePage) Page() string { return "exercise-" + e.Slug + ".html" }

// Solution is where the reference solution is published, fetched by the
// page only when the learner asks to see it.
func (e exercisePage) Solution() string { return "exercises/" + e.Slug + "/solution.go" }

// loadExercises renders every exercise's prompt and finds its lesson: the
// exercise's section starts with the lesson's number ("1. Rate limiting").
// An exercise whose lesson is not in lessons gets no page.
func loadExercises(lessons []Lesson) ([]exercisePage, error) {
	byNumber := map[int]Lesson{}
	for _, l := range lessons {
		byNumber[l.Number] = l
	}
	md := goldmark.New(goldmark.WithExtensions(extension.GFM, extension.Typographer))
	var pages []exercisePage
	for _, e := range exercises.All() {
		num, _, ok := strings.Cut(e.Section, ".")
		n, err := strconv.Atoi(strings.TrimSpace(num))
		if !ok || err != nil {
			return nil, fmt.Errorf("site: exercise %s: section %q does not start with a lesson number", e.Slug, e.Section)
		}
		l, ok := byNumber[n]
		if !ok {
			// A build of some lessons only (the tests') leaves out the
			// exercises of the others; TestExercisePages holds the full
			// course to a page per exercise.
			continue
		}
		prompt := e.Prompt
		// The page's own heading is the title; the prompt's is dropped.
		if strings.HasPrefix(prompt, "# ") {
			if _, rest, ok := strings.Cut(prompt, "\n"); ok {
				prompt = rest
			}
		}
		var buf bytes.Buffer
		if err := md.Convert([]byte(prompt), &buf); err != nil {
			return nil, fmt.Errorf("site: exercise %s: %w", e.Slug, err)
		}
		p := exercisePage{
			Slug: e.Slug, Title: e.Title, Lesson: l,
			// A code block may scroll sideways: keyboard users reach it too.
			Prompt:  template.HTML(strings.ReplaceAll(buf.String(), "<pre>", `<pre tabindex="0">`)),
			Starter: e.Starter, Forbid: e.Forbid,
		}
		for _, pkg := range e.Packages() {
			if strings.HasPrefix(pkg, courseModule) {
				p.Course = append(p.Course, pkg)
			} else {
				p.Std = append(p.Std, pkg)
			}
		}
		for _, c := range e.Checks {
			p.Checks = append(p.Checks, exercises.SiteCheck{Name: c.Name, Title: c.Title, Hints: len(c.Hints)})
		}
		// json.Marshal escapes <, > and &, so the data is safe in a <script>.
		data, err := json.Marshal(map[string]any{
			"slug": e.Slug, "title": e.Title, "section": l.Slug, "sectionTitle": l.Title,
			"starter": e.Starter, "checks": p.Checks, "solution": p.Solution(),
		})
		if err != nil {
			return nil, fmt.Errorf("site: exercise %s: %w", e.Slug, err)
		}
		p.Data = template.JS(data)
		pages = append(pages, p)
	}
	return pages, nil
}

// writeExercisePages writes one page per exercise (each carries its own
// data, so the site has no catalogue file that no page reads) and the
// solutions. The solutions are written outside w, so they are not in the
// list the service worker keeps offline: the page fetches one only when
// the learner asks to see it.
func writeExercisePages(w *writer, tmpl *template.Template, pages []exercisePage, lessons []Lesson) error {
	for _, p := range pages {
		data := map[string]any{
			"PageTitle":   p.Title + " · Exercise · flakylab",
			"Description": "Exercise: " + p.Title + ". Write it in Go in the page and check it.",
			"Lessons":     lessons,
			"Slug":        "exercise-" + p.Slug,
			"Exercise":    p,
		}
		if err := w.template(tmpl, "exercise", p.Page(), data); err != nil {
			return err
		}
		e, err := exercises.Get(p.Slug)
		if err != nil {
			return err
		}
		if e.Solution == "" {
			return fmt.Errorf("site: exercise %s has no solution in this build", p.Slug)
		}
		dst := filepath.Join(w.out, filepath.FromSlash(p.Solution()))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return fmt.Errorf("site: %w", err)
		}
		if err := os.WriteFile(dst, []byte(e.Solution), 0o644); err != nil {
			return fmt.Errorf("site: %w", err)
		}
	}
	return nil
}

// exercisesBySection groups the pages by their lesson's slug.
func exercisesBySection(pages []exercisePage) map[string][]exercisePage {
	m := map[string][]exercisePage{}
	for _, p := range pages {
		m[p.Lesson.Slug] = append(m[p.Lesson.Slug], p)
	}
	return m
}
