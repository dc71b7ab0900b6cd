package site_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/web/site"
)

var runtimeStatus = regexp.MustCompile(`<div class="runtime" data-role="runtime"[^>]*>`)

// The runtime's status line carries the sizes of the runtime and of the
// siblings that are current (stamped with its time), for the download bar.
func TestPagesCarryTheRuntimeSizes(t *testing.T) {
	stamp := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	files := []struct {
		name string
		size int
		when time.Time
	}{
		{"flakylab.wasm", 2000, stamp},
		{"flakylab.wasm.br", 300, stamp},
		{"flakylab.wasm.gz", 450, stamp.Add(-time.Hour)}, // an older runtime's
	}
	tests := []struct {
		name  string
		files int // how many of files are in the folder
		want  string
	}{
		{"no runtime built", 0, `<div class="runtime" data-role="runtime" hidden>`},
		{"runtime without siblings", 1, `<div class="runtime" data-role="runtime" data-runtime-bytes="2000" hidden>`},
		{"current brotli, stale gzip", 3, `<div class="runtime" data-role="runtime" data-runtime-bytes="2000" data-runtime-br="300" hidden>`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := t.TempDir()
			for _, f := range files[:tt.files] {
				p := filepath.Join(out, f.name)
				require.NoError(t, os.WriteFile(p, []byte(strings.Repeat("x", f.size)), 0o644))
				require.NoError(t, os.Chtimes(p, f.when, f.when))
			}
			_, err := site.Build(site.Options{Lessons: os.DirFS("../lessons"), Out: out})
			require.NoError(t, err)
			for _, page := range []string{"token-bucket.html", "exercise-token-bucket.html", "final.html"} {
				b, err := os.ReadFile(filepath.Join(out, page))
				require.NoError(t, err)
				assert.Equal(t, tt.want, runtimeStatus.FindString(string(b)), "%s, with %d of the runtime's files", page, tt.files)
			}
		})
	}
}
