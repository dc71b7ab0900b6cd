package site_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/exercises"
	"github.com/flakylab/flakylab/sandbox/frontend"
)

func TestExercisePages(t *testing.T) {
	out, res := build(t)
	index := read(t, out, "index.html")
	for _, e := range exercises.All() {
		page := "exercise-" + e.Slug + ".html"
		require.Contains(t, res.Files, page)
		html := read(t, out, page)
		assert.Contains(t, html, `data-exercise="`+e.Slug+`"`)
		for _, c := range e.Checks {
			assert.Contains(t, html, `data-check="`+c.Name+`"`, "%s: a row for check %s", e.Slug, c.Name)
		}
		assert.Contains(t, html, `src="js/exercise.js"`)
		// The prompt lists the packages the learner may import: the
		// playground's allow-list without the exercise's forbidden ones.
		listed := regexp.MustCompile(`data-package="([^"]+)"`).FindAllStringSubmatch(html, -1)
		var got []string
		for _, m := range listed {
			got = append(got, m[1])
		}
		assert.Equal(t, e.Packages(), got, "%s: packages listed in the prompt", e.Slug)
		for _, p := range frontend.Allowed {
			assert.Equal(t, !slices.Contains(e.Forbid, p), slices.Contains(got, p), "%s: lists %s", e.Slug, p)
		}
		for _, p := range e.Forbid {
			assert.Contains(t, html, `data-forbidden="`+p+`"`, "%s: says %s is left out", e.Slug, p)
		}
		assert.Contains(t, index, `href="`+page+`"`, "the index links to %s", e.Slug)

		// The solution is published as its own file, outside the page and
		// outside the offline list.
		sol := "exercises/" + e.Slug + "/solution.go"
		b, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(sol)))
		require.NoError(t, err)
		assert.Equal(t, e.Solution, string(b))
		assert.False(t, slices.Contains(res.Files, sol), "%s is fetched on demand, not kept offline", sol)
	}
	// Each lesson an exercise practises links to it.
	linked := 0
	for _, f := range res.Files {
		if !strings.HasSuffix(f, ".html") || strings.HasPrefix(f, "exercise-") || f == "index.html" {
			continue
		}
		if strings.Contains(read(t, out, f), `data-exercise-link=`) {
			linked++
		}
	}
	assert.GreaterOrEqual(t, linked, 5, "lessons with a Practise it block")
	// Each page carries its exercise's data: no page reads a catalogue.
	assert.NotContains(t, res.Files, "exercises/exercises.json", "a catalogue file that no page reads")
}
