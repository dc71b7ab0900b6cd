// Package examples holds the course's runnable example programs. Each lives
// in its own directory as a package main (main.go) next to the exact output
// its default code prints (expected.txt). Lessons refer to an example by its
// directory name; the site builder embeds the source in the page, and the
// tests run every example and compare what it prints with expected.txt.
package examples

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
)

//go:embed */main.go */expected.txt
var files embed.FS

// Example is one runnable program of the course.
type Example struct {
	// Name is the directory name, e.g. "bucket-basic".
	Name string
	// Source is the Go program, a whole package main.
	Source string
	// Expected is exactly what the program prints to standard output.
	Expected string
}

// All returns every example, sorted by name. It fails if a directory has a
// main.go without an expected.txt or the other way round.
func All() ([]Example, error) {
	dirs := map[string]bool{}
	err := fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			dirs[path.Dir(p)] = true
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	names := make([]string, 0, len(dirs))
	for name := range dirs {
		names = append(names, name)
	}
	sort.Strings(names)
	out := make([]Example, 0, len(names))
	for _, name := range names {
		ex, err := load(name)
		if err != nil {
			return nil, err
		}
		out = append(out, ex)
	}
	return out, nil
}

// Get returns the example called name.
func Get(name string) (Example, error) {
	if name == "" || strings.ContainsAny(name, "/\\.") {
		return Example{}, fmt.Errorf("examples: bad example name %q", name)
	}
	return load(name)
}

func load(name string) (Example, error) {
	src, err := files.ReadFile(name + "/main.go")
	if err != nil {
		return Example{}, fmt.Errorf("examples: %s has no main.go", name)
	}
	want, err := files.ReadFile(name + "/expected.txt")
	if err != nil {
		return Example{}, fmt.Errorf("examples: %s has no expected.txt", name)
	}
	return Example{Name: name, Source: string(src), Expected: string(want)}, nil
}
