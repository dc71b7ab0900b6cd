package main

import (
	"bufio"
	"io"
	"io/fs"
	"os"
	"path/filepath"
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

// sourceLines returns a function that gives line n of a file of the
// repository ("" when there is no such line), reading each file once.
func sourceLines(root string) func(file string, n int) string {
	cache := map[string][]string{}
	return func(file string, n int) string {
		ls, ok := cache[file]
		if !ok {
			if f, err := os.Open(filepath.Join(root, file)); err == nil {
				sc := bufio.NewScanner(f)
				for sc.Scan() {
					ls = append(ls, sc.Text())
				}
				f.Close()
			}
			cache[file] = ls
		}
		if n < 1 || n > len(ls) {
			return ""
		}
		return ls[n-1]
	}
}
