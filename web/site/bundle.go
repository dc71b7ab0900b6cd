package site

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// BundleEntries are the ES modules esbuild bundles into js/ of the site,
// relative to the repository root. The host's runtime module (js/runtime.js
// in the site) stays a separate file: the bundle imports it relatively.
var BundleEntries = []string{"web/site/js/lesson.js", "web/site/js/exercise.js", "web/site/js/playground.js"}

// StyleEntries are stylesheets kept in other folders of the repository that
// esbuild minifies into css/ of the site: the quiz and review views' styles.
var StyleEntries = []string{"web/quiz/quiz.css"}

// Bundle runs esbuild (the npm devDependency) on BundleEntries from the
// repository root root, writing minified ES modules into out/js/: one file
// per entry (js/lesson.js, js/exercise.js, js/playground.js) and the chunks they share or load
// only when a page needs them (js/chunk-HASH.js: the editor, the charts).
// Chunks of earlier builds are removed. The pages already in out that load
// a bundle get a modulepreload link for each chunk it needs
// (preloadChunks). It returns the files written or changed, relative to
// out.
func Bundle(esbuild, root, out string) ([]string, error) {
	if _, err := os.Stat(esbuild); err != nil {
		return nil, fmt.Errorf("site: esbuild not found at %s (run npm ci at the repository root): %w", esbuild, err)
	}
	absOut, err := filepath.Abs(out)
	if err != nil {
		return nil, err
	}
	jsDir := filepath.Join(absOut, "js")
	meta := filepath.Join(absOut, ".esbuild-meta.json")
	defer os.Remove(meta)
	args := append(slices.Clone(BundleEntries),
		"--bundle", "--splitting", "--format=esm", "--target=es2020", "--minify", "--charset=utf8",
		"--external:./runtime.js", "--legal-comments=eof",
		"--outdir="+jsDir, "--entry-names=[name]", "--chunk-names=chunk-[hash]", "--metafile="+meta)
	cmd := exec.Command(esbuild, args...)
	cmd.Dir = root
	if b, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("site: esbuild %s: %w\n%s", strings.Join(BundleEntries, " "), err, b)
	}
	written, err := bundleOutputs(meta, root, out)
	if err != nil {
		return nil, err
	}
	graph, err := readChunkGraph(meta, root, out)
	if err != nil {
		return nil, err
	}
	pages, err := preloadChunks(graph, out)
	if err != nil {
		return nil, err
	}
	written = append(written, pages...)
	if err := removeStaleChunks(jsDir, written); err != nil {
		return nil, err
	}
	for _, entry := range StyleEntries {
		name := filepath.Base(entry)
		dst := filepath.Join(out, "css", name)
		cmd := exec.Command(esbuild, entry, "--minify", "--charset=utf8", "--outfile="+dst)
		cmd.Dir = root
		if b, err := cmd.CombinedOutput(); err != nil {
			return nil, fmt.Errorf("site: esbuild %s: %w\n%s", entry, err, b)
		}
		written = append(written, filepath.ToSlash(filepath.Join("css", name)))
	}
	return written, nil
}

// bundleOutputs reads the files esbuild wrote from its metafile, as paths
// relative to out with forward slashes, sorted.
func bundleOutputs(meta, root, out string) ([]string, error) {
	b, err := os.ReadFile(meta)
	if err != nil {
		return nil, fmt.Errorf("site: esbuild metafile: %w", err)
	}
	var m struct {
		Outputs map[string]json.RawMessage `json:"outputs"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("site: esbuild metafile: %w", err)
	}
	absOut, err := filepath.Abs(out)
	if err != nil {
		return nil, err
	}
	var files []string
	for p := range m.Outputs {
		abs := filepath.Join(root, filepath.FromSlash(p))
		if filepath.IsAbs(filepath.FromSlash(p)) {
			abs = filepath.FromSlash(p)
		}
		if abs, err = filepath.Abs(abs); err != nil {
			return nil, err
		}
		rel, err := filepath.Rel(absOut, abs)
		if err != nil || strings.HasPrefix(rel, "..") {
			return nil, fmt.Errorf("site: esbuild wrote %s outside %s", p, out)
		}
		files = append(files, filepath.ToSlash(rel))
	}
	slices.Sort(files)
	return files, nil
}

// removeStaleChunks deletes the chunk-*.js files of dir (and their
// precompressed siblings) that the last build did not write.
func removeStaleChunks(dir string, written []string) error {
	old, err := filepath.Glob(filepath.Join(dir, "chunk-*.js"))
	if err != nil {
		return err
	}
	for _, f := range old {
		if slices.Contains(written, "js/"+filepath.Base(f)) {
			continue
		}
		for _, p := range []string{f, f + ".gz", f + ".br"} {
			if err := os.Remove(p); err != nil && !os.IsNotExist(err) {
				return fmt.Errorf("site: %w", err)
			}
		}
	}
	return nil
}
