package site

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// BundleEntries are the ES modules esbuild bundles into js/ of the site,
// relative to the repository root. The host's runtime module (js/runtime.js
// in the site) stays a separate file: the bundle imports it relatively.
var BundleEntries = []string{"web/site/js/lesson.js", "web/site/js/exercise.js"}

// StyleEntries are stylesheets kept in other folders of the repository that
// esbuild minifies into css/ of the site: the quiz and review views' styles.
var StyleEntries = []string{"web/quiz/quiz.css"}

// Bundle runs esbuild (the npm devDependency) on BundleEntries from the
// repository root root, writing minified ES modules into out/js/.
func Bundle(esbuild, root, out string) ([]string, error) {
	if _, err := os.Stat(esbuild); err != nil {
		return nil, fmt.Errorf("site: esbuild not found at %s (run npm ci at the repository root): %w", esbuild, err)
	}
	var written []string
	for _, entry := range BundleEntries {
		name := filepath.Base(entry)
		dst := filepath.Join(out, "js", name)
		cmd := exec.Command(esbuild, entry,
			"--bundle", "--format=esm", "--target=es2020", "--minify", "--charset=utf8",
			"--external:./runtime.js", "--legal-comments=eof",
			"--outfile="+dst)
		cmd.Dir = root
		if b, err := cmd.CombinedOutput(); err != nil {
			return nil, fmt.Errorf("site: esbuild %s: %w\n%s", entry, err, b)
		}
		written = append(written, filepath.ToSlash(filepath.Join("js", name)))
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
