package site

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// CopyStatic copies the page host's folder (web/static: the playground
// page and the runtime's host scripts) into out as it is, before Bundle
// runs, so that the playground page gets its modulepreload links like the
// course pages. A file whose copy in out already has the same content is
// left alone (its time, and so its precompressed siblings, stay valid). It
// returns the files written, relative to out.
func CopyStatic(static, out string, compress bool) ([]string, error) {
	w := &writer{out: out, compress: compress}
	err := filepath.WalkDir(static, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(static, p)
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if old, err := os.ReadFile(filepath.Join(out, rel)); err == nil && bytes.Equal(old, data) {
			return nil
		}
		return w.file(filepath.ToSlash(rel), data)
	})
	if err != nil {
		return nil, fmt.Errorf("site: copying %s: %w", static, err)
	}
	return w.written, nil
}
