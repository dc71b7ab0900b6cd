package exercises

import (
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strings"
)

// files holds what grading needs. The answers (solution.go and wrong/)
// and the prompts are embedded separately, in builds for the command line,
// the tests and the site builder only: see answers.go and prompts.go.
//
//go:embed harness/prelude.go */starter.go */checks*.go
var files embed.FS

// Exercise is one auto-graded exercise.
type Exercise struct {
	// Slug names the exercise in URLs and on the command line.
	Slug string
	// Title is the exercise's heading.
	Title string
	// Section is the syllabus section the exercise practises.
	Section string
	// Forbid lists import paths the learner's file may not use: the core
	// package that already solves the exercise.
	Forbid []string
	// Checks are the behaviour checks, in the order they are reported.
	Checks []Check
	// Mistakes maps a mistake the checks recognize (the mistake a verdict
	// names, CheckResult.Mistake) to the hint for it: a report opens a
	// failing check's hints with it, before the check's own.
	Mistakes map[string]string

	// Prompt is the task in Markdown. It is empty in GOOS=js builds: the
	// site renders it into the exercise's page (see prompts.go).
	Prompt string
	// Starter is the code the editor opens with. It compiles and fails
	// the checks.
	Starter string
	// Solution is a reference solution that passes every check. It is
	// empty in GOOS=js builds, so that the page's WebAssembly never
	// carries the answers: the site publishes each solution as a file of
	// its own, fetched when the learner asks for it.
	Solution string
	// Wrong maps a file name in wrong/ to a plausible mistaken solution
	// that at least one check rejects. Empty in GOOS=js builds.
	Wrong map[string]string
	// Alternatives maps a file name in alt/ to another correct solution,
	// written differently, that the tests hold to passing every check:
	// the checks test behaviour, not one way of writing it. Empty in
	// GOOS=js builds.
	Alternatives map[string]string

	checks []string     // checks.go and any checks_*.go: the exercise's part of each harness
	reqs   requirements // what Validate demands, derived from Starter
}

// Check is one behaviour check of an exercise.
type Check struct {
	// Name identifies the check in reports, e.g. "capacity-cap".
	Name string
	// Title says in one sentence what the check verifies.
	Title string
	// Hints lead towards a fix, from a nudge to the answer; reports reveal
	// them one at a time.
	Hints []string
}

var (
	catalogue []*Exercise
	bySlug    = map[string]*Exercise{}
	prelude   string
)

func init() {
	prelude = mustRead("harness/prelude.go")
	for _, e := range specs {
		e.Prompt = readPrompt(e.Slug)
		e.Starter = mustRead(e.Slug + "/starter.go")
		e.checks = readChecks(e.Slug)
		e.Solution, e.Wrong, e.Alternatives = readAnswers(e.Slug)
		reqs, err := requirementsOf(e.Starter)
		if err != nil {
			panic(fmt.Sprintf("exercises: starter of %s: %v", e.Slug, err))
		}
		e.reqs = reqs
		catalogue = append(catalogue, e)
		bySlug[e.Slug] = e
	}
}

// readChecks returns an exercise's checks.go, then its checks_*.go files
// in name order (checks too long for one file).
func readChecks(slug string) []string {
	out := []string{mustRead(slug + "/checks.go")}
	more, err := fs.Glob(files, slug+"/checks_*.go")
	if err != nil {
		panic("exercises: " + err.Error())
	}
	sort.Strings(more)
	for _, name := range more {
		out = append(out, mustRead(name))
	}
	return out
}

// mustRead returns an embedded file without a leading //go:build ignore
// line (and the blank line after it).
func mustRead(name string) string {
	return readFrom(files, name)
}

func readFrom(fsys embed.FS, name string) string {
	b, err := fsys.ReadFile(name)
	if err != nil {
		panic("exercises: " + err.Error())
	}
	s := string(b)
	if rest, ok := strings.CutPrefix(s, "//go:build ignore\n"); ok {
		s = strings.TrimPrefix(rest, "\n")
	}
	return s
}

// All returns the exercises in course order. The slice is fresh; the
// exercises are shared and must not be modified.
func All() []*Exercise {
	return append([]*Exercise(nil), catalogue...)
}

// Get returns the exercise named slug.
func Get(slug string) (*Exercise, error) {
	if e, ok := bySlug[slug]; ok {
		return e, nil
	}
	return nil, fmt.Errorf("exercises: no exercise %q (have %s)", slug, strings.Join(Slugs(), ", "))
}

// Slugs returns the slugs of every exercise in course order.
func Slugs() []string {
	s := make([]string, len(catalogue))
	for i, e := range catalogue {
		s[i] = e.Slug
	}
	return s
}

// Check returns the check named name.
func (e *Exercise) Check(name string) (Check, bool) {
	for _, c := range e.Checks {
		if c.Name == name {
			return c, true
		}
	}
	return Check{}, false
}

// CheckNames returns the names of the exercise's checks in report order.
func (e *Exercise) CheckNames() []string {
	names := make([]string, len(e.Checks))
	for i, c := range e.Checks {
		names[i] = c.Name
	}
	return names
}

// WrongNames returns the file names in wrong/, sorted.
func (e *Exercise) WrongNames() []string {
	names := make([]string, 0, len(e.Wrong))
	for n := range e.Wrong {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
