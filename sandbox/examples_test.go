package sandbox

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestCourseExamplesRun runs the course's example programs (web/examples)
// in the interpreter and compares their output with what they print when
// compiled. It is skipped where the site's sources are not present.
func TestCourseExamplesRun(t *testing.T) {
	mains, _ := filepath.Glob(filepath.Join("..", "..", "web", "examples", "*", "main.go"))
	if len(mains) == 0 {
		t.Skip("no web/examples next to this package")
	}
	for _, f := range mains {
		dir := filepath.Dir(f)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(filepath.Join(dir, "expected.txt"))
			if err != nil {
				t.Skip("no expected.txt")
			}
			res := runSource(t, string(src), Options{})
			requireSuccess(t, string(src), res)
			assert.Equal(t, string(want), res.Stdout, "%s: output in the interpreter", dir)
		})
	}
}
