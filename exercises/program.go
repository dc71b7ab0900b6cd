package exercises

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"math/rand/v2"
	"strings"
)

// MaxSourceBytes is the largest file the grader accepts, the same limit
// as the runtime's.
const MaxSourceBytes = 1 << 20

// maxSeed bounds the seeds NewSeed picks, so that one is easy to retype.
const maxSeed = 1_000_000_000

// NewSeed returns a fresh seed for the checks' randomized cases: each
// submission in the page gets its own, so a file cannot be tuned to a
// known set of inputs. Seeds are positive; 0 means "pick one".
func NewSeed() uint64 {
	return 1 + rand.Uint64N(maxSeed-1)
}

// Harness returns the program that runs the named check against a
// submission, seeded with seed (0 picks one with NewSeed): the shared
// prelude and the exercise's checks, as one package main that imports the
// learner's file as package submission. The sandbox runs them together
// (sandbox.Options.Harness, with the learner's file, unchanged, as the
// source), so every position it reports in the learner's code is the
// learner's own, and the checks' names are out of the learner's reach.
// The verdict comes back through the sandbox's grading package, not the
// program's output: see ParseCheck.
func (e *Exercise) Harness(check string, seed uint64) (string, error) {
	if _, ok := e.Check(check); !ok {
		return "", fmt.Errorf("exercises: %s has no check %q (have %s)", e.Slug, check, strings.Join(e.CheckNames(), ", "))
	}
	if seed == 0 {
		seed = NewSeed()
	}
	h, err := e.pruned(check)
	if err != nil {
		return "", err
	}
	return h + fmt.Sprintf("\nconst chkSeed uint64 = %d\n", seed), nil
}

// pruned returns the harness of check without the seed constant.
func (e *Exercise) pruned(check string) (string, error) {
	ix, err := e.index()
	if err != nil {
		return "", err
	}
	h, err := ix.harness(check)
	if err != nil {
		return "", fmt.Errorf("exercises: harness of %s/%s: %w", e.Slug, check, err)
	}
	return h, nil
}

// harnessImports returns the imports of the prelude and the checks as one
// import declaration.
func (e *Exercise) harnessImports() string {
	seen := map[string]bool{}
	var specs []string
	for _, src := range append([]string{prelude}, e.checks...) {
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
				specs = append(specs, "\t"+s+"\n")
			}
		}
	}
	return "import (\n" + strings.Join(specs, "") + ")"
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
