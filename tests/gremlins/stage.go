package main

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// stageModule copies what core's tests need, go.mod, go.sum and core/,
// from root into dst.
func stageModule(root, dst string) error {
	for _, name := range []string{"go.mod", "go.sum"} {
		if err := copyFile(filepath.Join(root, name), filepath.Join(dst, name), 0o644); err != nil {
			return err
		}
	}
	src := filepath.Join(root, "core")
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() {
			return nil
		}
		return copyFile(p, target, 0o644)
	})
}

func copyFile(src, dst string, mode os.FileMode) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, mode)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// sourceFiles reads the repository's files once each, for the source line
// shown beside a mutant and for telling where a mutant lies.
type sourceFiles struct {
	root  string
	texts map[string][]byte
}

func newSourceFiles(root string) *sourceFiles {
	return &sourceFiles{root: root, texts: map[string][]byte{}}
}

// text returns the file's contents (nil when it cannot be read).
func (s *sourceFiles) text(file string) []byte {
	b, ok := s.texts[file]
	if !ok {
		b, _ = os.ReadFile(filepath.Join(s.root, file))
		s.texts[file] = b
	}
	return b
}

// line returns line n of the file, "" when there is no such line.
func (s *sourceFiles) line(file string, n int) string {
	ls := strings.Split(string(s.text(file)), "\n")
	if n < 1 || n > len(ls) {
		return ""
	}
	return ls[n-1]
}
