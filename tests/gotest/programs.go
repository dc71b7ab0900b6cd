// Package gotest measures the playground's engine against the Go
// distribution's own test programs in $(go env GOROOT)/test, read where
// they are at test time (never copied here).
//
// Two kinds of program take part:
//
//   - "run" programs, whose first line (after build constraints) is exactly
//     "// run": they must print what the sibling .out file holds (stdout and
//     stderr together, as Go's own harness compares them; no .out means no
//     output) and exit 0;
//   - "errorcheck" programs, whose first line is exactly "// errorcheck":
//     the engine must reject them, with its first error on a line that
//     carries an "// ERROR" comment.
//
// A program takes part when its build constraints hold both where `go run`
// made the expected output (linux/amd64) and where the page runs (js/wasm),
// and when every package it imports is offered by the playground
// (frontend.Allowed). Each program runs in a child process of
// sandbox/cmd/run, exactly as the page runs it, with a time limit.
package gotest

import (
	"bytes"
	"fmt"
	"go/build/constraint"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Action is what Go's test harness does with a program.
type Action string

// The actions the suite covers.
const (
	ActionRun        Action = "run"
	ActionErrorcheck Action = "errorcheck"
)

// Program is one test program of $GOROOT/test that takes part.
type Program struct {
	// Name is the path below $GOROOT/test, with slashes: "fixedbugs/issue1.go".
	Name   string
	Action Action
	Source []byte
	// Want is the expected output of a run program.
	Want string
	// ErrorLines are the lines of an errorcheck program that carry an
	// "// ERROR" comment.
	ErrorLines map[int]bool
}

// Folder is the folder a program belongs to in the table: "test/",
// "test/fixedbugs", ...
func (p Program) Folder() string {
	dir := filepath.ToSlash(filepath.Dir(p.Name))
	if dir == "." {
		return "test/"
	}
	return "test/" + dir
}

// Skipped counts the programs left out, by reason.
type Skipped map[string]int

// Programs returns the programs of root ($GOROOT/test) that take part,
// sorted by name, given the import paths the playground offers, and how
// many run and errorcheck programs were left out and why.
func Programs(root string, allowed []string) ([]Program, Skipped, error) {
	offer := map[string]bool{}
	for _, p := range allowed {
		offer[p] = true
	}
	skipped := Skipped{}
	var progs []Program
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			// Multi-file tests (x.dir) and data are not single programs.
			if path != root && (strings.HasSuffix(d.Name(), ".dir") || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		action := Action(actionOf(src))
		if action != ActionRun && action != ActionErrorcheck {
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		p := Program{Name: filepath.ToSlash(rel), Action: action, Source: src}
		if why := excluded(src, offer); why != "" {
			skipped[string(action)+": "+why]++
			return nil
		}
		switch action {
		case ActionRun:
			out, err := os.ReadFile(strings.TrimSuffix(path, ".go") + ".out")
			if err != nil && !os.IsNotExist(err) {
				return err
			}
			p.Want = string(out)
		case ActionErrorcheck:
			p.ErrorLines = errorLines(src)
		}
		progs = append(progs, p)
		return nil
	})
	slices.SortFunc(progs, func(a, b Program) int { return strings.Compare(a.Name, b.Name) })
	return progs, skipped, err
}

// actionOf returns the recipe of a test file as Go's harness reads it: the
// first non-empty line that is not a build constraint, without "//".
func actionOf(src []byte) string {
	for rest := string(src); rest != ""; {
		var line string
		line, rest, _ = strings.Cut(rest, "\n")
		if constraint.IsGoBuild(line) || constraint.IsPlusBuild(line) {
			continue
		}
		if action := strings.TrimSpace(strings.TrimPrefix(line, "//")); action != "" {
			return action
		}
	}
	return ""
}

// platforms are where a program's build constraints must hold: where `go
// run` produced the expected output, and where the page runs.
var platforms = [][2]string{{"linux", "amd64"}, {"js", "wasm"}}

// excluded says why a program does not take part, or "".
func excluded(src []byte, offer map[string]bool) string {
	header, _, _ := strings.Cut(string(src), "\npackage")
	for _, line := range strings.Split(header, "\n") {
		expr, err := constraint.Parse(line)
		if err != nil {
			continue
		}
		for _, pl := range platforms {
			if !expr.Eval(func(tag string) bool { return tagHolds(tag, pl[0], pl[1]) }) {
				return "build constraints"
			}
		}
	}
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.ImportsOnly)
	if err != nil {
		// Only an errorcheck program can fail to parse; its imports are
		// what parsed, and the syntax error is what it tests.
		if f == nil {
			return ""
		}
	}
	for _, spec := range f.Imports {
		path, err := strconv.Unquote(spec.Path.Value)
		if err != nil || !offer[path] {
			return "imports a package the playground does not offer"
		}
	}
	return ""
}

// tagHolds is Go's harness's rule for a build tag on goos/goarch, with cgo
// off and the optimizer on.
func tagHolds(tag, goos, goarch string) bool {
	switch {
	case tag == goos || tag == goarch || tag == "gc" || tag == "test_run":
		return true
	case strings.HasPrefix(tag, "go1."):
		minor, err := strconv.Atoi(strings.TrimPrefix(tag, "go1."))
		return err == nil && minor <= goMinor
	}
	return false
}

// goMinor is the minor version of the language the engine checks against.
const goMinor = 26

var (
	errRx       = regexp.MustCompile(`// (?:GC_)?ERROR (.*)`)
	errQuotesRx = regexp.MustCompile(`"([^"]*)"`)
)

// errorLines returns the lines holding an "// ERROR" comment with a
// pattern, as Go's harness finds them ("////" disables one).
func errorLines(src []byte) map[int]bool {
	lines := map[int]bool{}
	for i, line := range bytes.Split(src, []byte("\n")) {
		if bytes.Contains(line, []byte("////")) {
			continue
		}
		m := errRx.FindSubmatch(line)
		if m != nil && errQuotesRx.Match(m[1]) {
			lines[i+1] = true
		}
	}
	return lines
}

// String names the program for messages.
func (p Program) String() string { return fmt.Sprintf("%s (%s)", p.Name, p.Action) }
