package site

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var preloadLink = regexp.MustCompile(`<link rel="modulepreload" href="([^"]+)">`)

func TestPreloadChunks(t *testing.T) {
	g := chunkGraph{
		static: map[string][]string{
			"js/lesson.js":     {"js/chunk-A.js", "js/chunk-B.js"},
			"js/chunk-A.js":    {"js/chunk-B.js"},
			"js/chunk-EX.js":   {"js/chunk-ED.js", "js/chunk-B.js"},
			"js/exercise.js":   {"js/chunk-ED.js"},
			"js/chunk-ED.js":   {"js/chunk-B.js"},
			"js/chunk-CH.js":   {"js/chunk-B.js"},
			"js/playground.js": {"js/chunk-ED.js"},
		},
		entry: map[string]string{"js/lesson.js": "web/site/js/lesson.js", "js/chunk-EX.js": examplesEntry, "js/chunk-CH.js": "web/site/js/storm-chart.js"},
	}
	out := t.TempDir()
	pages := map[string]string{
		"lesson.html":   `<head><script type="module" src="js/lesson.js"></script></head><section class="example" id="x" data-example="x">`,
		"index.html":    `<head><script type="module" src="js/lesson.js"></script></head><li data-examples="a b">`,
		"exercise.html": `<head><script type="module" src="js/exercise.js"></script></head>`,
		"plain.html":    `<head></head>`,
	}
	for name, html := range pages {
		require.NoError(t, os.WriteFile(filepath.Join(out, name), []byte(html), 0o644))
	}
	changed, err := preloadChunks(g, out)
	require.NoError(t, err)
	assert.ElementsMatch(t, []string{"lesson.html", "index.html", "exercise.html"}, changed)

	links := func(name string) []string {
		b, err := os.ReadFile(filepath.Join(out, name))
		require.NoError(t, err)
		html := string(b)
		var got []string
		for _, m := range preloadLink.FindAllStringSubmatch(html, -1) {
			got = append(got, m[1])
		}
		if len(got) > 0 {
			assert.Less(t, strings.Index(html, "modulepreload"), strings.Index(html, "<script"), "%s: the links come before the script", name)
		}
		return got
	}
	for _, c := range []struct {
		page string
		want []string
	}{
		{"lesson.html", []string{"js/chunk-A.js", "js/chunk-B.js", "js/chunk-EX.js", "js/chunk-ED.js"}},
		{"index.html", []string{"js/chunk-A.js", "js/chunk-B.js"}},
		{"exercise.html", []string{"js/chunk-B.js", "js/chunk-ED.js"}},
		{"plain.html", nil},
	} {
		assert.ElementsMatch(t, c.want, links(c.page), "%s: modulepreload links", c.page)
	}

	// A second pass adds nothing.
	again, err := preloadChunks(g, out)
	require.NoError(t, err)
	assert.Empty(t, again, "pages changed by a second pass")
}
