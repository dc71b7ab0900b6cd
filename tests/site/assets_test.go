//go:build browser

package site

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hostFiles are read by the host or the tools, never served to a page:
// the static host's headers and the module file that keeps dist/ out of
// the project's Go module.
var hostFiles = []string{"_headers", "go.mod"}

// swFiles is the FILES list the builder wrote into sw.js.
var swFiles = regexp.MustCompile(`const FILES = (\[[^\n]*\]);`)

// TestEveryFileInDistIsUsed: every file of the built site is asked for by
// something that runs: a page (HTML), a script (the bundles, their chunks,
// the runtime's modules and its worker) or a stylesheet names it, or it is
// the service worker that a page registers. The service worker's own list
// does not count (it is made from the folder), but it must be exactly the
// folder, so the offline copy holds nothing a page never uses. A file
// copied into dist/ that nothing loads (a module the bundles have inlined,
// a catalogue no page reads) fails here.
func TestEveryFileInDistIsUsed(t *testing.T) {
	t.Parallel()
	dir := mustDist(t)
	var files []string
	texts := map[string]string{} // what may name other files, by path
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if strings.HasSuffix(rel, ".br") || strings.HasSuffix(rel, ".gz") || slices.Contains(hostFiles, rel) {
			return nil
		}
		files = append(files, rel)
		switch path.Ext(rel) {
		case ".html", ".js", ".css":
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			texts[rel] = string(b)
		}
		return nil
	})
	require.NoError(t, err)
	require.Contains(t, files, "sw.js", "the built site in %s", dir)

	for _, f := range files {
		var by []string
		for name, text := range texts {
			if name == f || name == "sw.js" {
				continue
			}
			// Scripts build some URLs from a folder and a name
			// (new URL("js/worker.js", root), "exercises/" + slug +
			// "/solution.go"), so the name alone counts as well.
			if strings.Contains(text, f) || strings.Contains(text, `"`+path.Base(f)+`"`) || strings.Contains(text, `/`+path.Base(f)+`"`) {
				by = append(by, name)
			}
		}
		assert.NotEmpty(t, by, "%s is in dist/ but no page, script or stylesheet asks for it", f)
	}

	m := swFiles.FindStringSubmatch(texts["sw.js"])
	require.NotNil(t, m, "sw.js has no FILES list")
	var listed []string
	for _, q := range regexp.MustCompile(`"([^"]+)"`).FindAllStringSubmatch(m[1], -1) {
		listed = append(listed, q[1])
	}
	var want []string
	for _, f := range files {
		// The solutions are fetched only on request, never kept offline.
		if f != "sw.js" && !strings.HasSuffix(f, "/solution.go") {
			want = append(want, f)
		}
	}
	slices.Sort(listed)
	slices.Sort(want)
	assert.Equal(t, want, listed, "the service worker's list against the files of dist/")
}
