package exercises

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
)

// SourceError is returned by Program when the learner's file cannot be
// graded: it does not parse or does not declare what the exercise asks for.
type SourceError struct {
	Diagnostics []Diagnostic
}

func (e *SourceError) Error() string {
	parts := make([]string, len(e.Diagnostics))
	for i, d := range e.Diagnostics {
		parts[i] = d.String()
	}
	return strings.Join(parts, "\n")
}

// learnerMain is what a learner's own main is renamed to in a check program.
const learnerMain = "chkLearnerMain"

// Program returns the source of the program that runs check name of the
// exercise slug against the learner's file src. See Exercise.Program.
func Program(slug, src, check string) (string, error) {
	e, err := Get(slug)
	if err != nil {
		return "", err
	}
	return e.Program(src, check)
}

// Program returns the source of the program that runs the named check
// against the learner's file src: src itself, with the checks' imports
// added on its package line and its main (if any) renamed, followed by the
// shared prelude and the exercise's checks. Every line of src keeps its
// number, so an error the interpreter reports at line n of the program is
// at line n of the learner's file when n <= Lines(src). A file that fails
// Validate gives a *SourceError.
func (e *Exercise) Program(src, check string) (string, error) {
	if _, ok := e.Check(check); !ok {
		return "", fmt.Errorf("exercises: %s has no check %q (have %s)", e.Slug, check, strings.Join(e.CheckNames(), ", "))
	}
	if ds := e.Validate(src); len(ds) > 0 {
		return "", &SourceError{Diagnostics: ds}
	}
	fset, f, _ := parseLearner(src) // Validate parsed it already
	var edits []edit
	name := fset.Position(f.Name.End()).Offset
	edits = append(edits, edit{name, name, "; " + e.harnessImports()})
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == "main" {
			at := fset.Position(fd.Name.Pos()).Offset
			edits = append(edits, edit{at, at + len("main"), learnerMain})
		}
	}
	var b strings.Builder
	b.WriteString(apply(src, edits))
	b.WriteString("\n\n// ---- checks ----\n\n")
	b.WriteString(harnessBody(prelude))
	b.WriteString("\n")
	b.WriteString(harnessBody(e.checks))
	fmt.Fprintf(&b, "\nconst chkSelected = %s\n", strconv.Quote(check))
	return b.String(), nil
}

// Lines returns the number of lines of src: a program line number above it
// belongs to the checks, not to the learner.
func Lines(src string) int {
	return strings.Count(src, "\n") + 1
}

type edit struct {
	from, to int
	text     string
}

// apply replaces src[from:to] by text for each edit; edits are in order and
// do not overlap.
func apply(src string, edits []edit) string {
	var b strings.Builder
	last := 0
	for _, e := range edits {
		b.WriteString(src[last:e.from])
		b.WriteString(e.text)
		last = e.to
	}
	b.WriteString(src[last:])
	return b.String()
}

// harnessImports returns the imports of the prelude and the checks as one
// import declaration on a single line.
func (e *Exercise) harnessImports() string {
	seen := map[string]bool{}
	var specs []string
	for _, src := range []string{prelude, e.checks} {
		f, err := parser.ParseFile(token.NewFileSet(), "checks.go", src, parser.ImportsOnly)
		if err != nil {
			panic("exercises: harness of " + e.Slug + ": " + err.Error())
		}
		for _, imp := range f.Imports {
			s := imp.Path.Value
			if imp.Name != nil {
				s = imp.Name.Name + " " + s
			}
			if !seen[s] {
				seen[s] = true
				specs = append(specs, s)
			}
		}
	}
	return "import (" + strings.Join(specs, "; ") + ")"
}

// harnessBody returns a harness file without its package clause and
// imports.
func harnessBody(src string) string {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "checks.go", src, parser.ImportsOnly)
	if err != nil {
		panic("exercises: harness: " + err.Error())
	}
	end := fset.Position(f.Name.End()).Offset
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
			end = fset.Position(g.End()).Offset
		}
	}
	return strings.TrimLeft(src[end:], "\n")
}
