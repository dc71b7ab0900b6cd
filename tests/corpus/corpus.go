// Package corpus is the differential test corpus of the playground: small
// deterministic Go programs whose output in the browser runtime must equal
// `go run` of the same file, and invalid programs that the runtime must
// reject with the same messages, at the same positions, as `go build`.
//
// The programs live in testdata/ (so that the go command does not build
// them as part of the module) and are embedded, so any test can iterate
// them: the native test in this package runs them through the front end
// and the interpreter, and the runtime's test runs them under Node.
//
//	testdata/valid/prog_NNN_name.go      a program; prog_NNN_name.out is its output
//	testdata/invalid/bad_NNN_name.go     a program; bad_NNN_name.err is what go build reports
//	testdata/unsupported/NNN_name.go     valid Go the runtime cannot run faithfully (see README.md)
package corpus

import (
	"embed"
	"io/fs"
	"path"
	"sort"
	"strings"
)

//go:embed testdata
var files embed.FS

// Kind says what a Case expects.
type Kind int

// The kinds of Case.
const (
	Valid       Kind = iota // runs and prints Stdout
	Invalid                 // rejected with Errors
	Unsupported             // valid Go that the runtime does not run faithfully
)

// Case is one program of the corpus.
type Case struct {
	Name   string // file name without .go, e.g. "prog_001_hello"
	Kind   Kind
	Source []byte
	// Stdout is the output of `go run` of a Valid program.
	Stdout string
	// Errors is what `go build` prints for an Invalid program, with the
	// file name taken off each line: "6:2: declared and not used: x", one
	// error a line, continuation lines indented by a tab. An error without
	// a position (a missing func main) is printed as the linker does.
	Errors string
}

// Cases returns every program of the kind, sorted by name.
func Cases(kind Kind) []Case {
	dir := map[Kind]string{Valid: "valid", Invalid: "invalid", Unsupported: "unsupported"}[kind]
	ext := map[Kind]string{Valid: ".out", Invalid: ".err"}[kind]
	matches, err := fs.Glob(files, path.Join("testdata", dir, "*.go"))
	if err != nil {
		panic(err) // the pattern is constant
	}
	sort.Strings(matches)
	var cases []Case
	for _, m := range matches {
		src, err := files.ReadFile(m)
		if err != nil {
			panic(err) // embedded files are readable
		}
		c := Case{Name: strings.TrimSuffix(path.Base(m), ".go"), Kind: kind, Source: src}
		if ext != "" {
			want, err := files.ReadFile(strings.TrimSuffix(m, ".go") + ext)
			if err != nil {
				panic("corpus: " + m + " has no " + ext + " file")
			}
			if kind == Valid {
				c.Stdout = string(want)
			} else {
				c.Errors = string(want)
			}
		}
		cases = append(cases, c)
	}
	return cases
}
