// Command mutants measures how strong the exercises' checks are: it makes
// small mistakes in each reference solution (see Mutant) and grades every
// such mutant with the checks, as the command-line grader does. A mutant
// the checks reject is killed; one they pass survived, and is either a
// hole in the checks or a change that makes no difference, which
// exercises/mutants.md lists with the reason.
//
//	go run ./exercises/cmd/mutants [-exercise slug] [-seed n] [-j n] [-timeout d] [-v]
//
// It prints, per exercise, the mutants (leaving out those that do not
// compile or no longer fit the starter's API), how many the checks killed,
// how many survivors mutants.md lists as equivalent, how many it does not,
// and the mutation score, killed / (mutants - equivalent); then every
// survivor that is not listed, with its line. It exits 1 when a score is
// under 90% or a survivor is not listed, and names entries of mutants.md
// that no longer match a survivor.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/flakylab/flakylab/exercises"
	"github.com/flakylab/flakylab/exercises/internal/native"
)

// target is the share of mutants each exercise's checks must kill.
const target = 0.90

func main() {
	if os.Getenv(native.ChildEnv) == "1" {
		os.Exit(native.Child(os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// outcome is what grading one mutant found.
type outcome struct {
	mutant  Mutant
	status  string // "killed", "survived", "invalid"
	killer  string // the check that rejected it
	message string
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mutants", flag.ContinueOnError)
	fs.SetOutput(stderr)
	only := fs.String("exercise", "", "mutate this exercise only (default: all)")
	seed := fs.Uint64("seed", 1, "seed of the checks' randomized cases")
	jobs := fs.Int("j", max(1, runtime.NumCPU()), "mutants graded at once")
	timeout := fs.Duration("timeout", 10*time.Second, "how long each check may run")
	dir := fs.String("dir", "exercises", "the exercises folder (solutions and mutants.md)")
	verbose := fs.Bool("v", false, "print every mutant's outcome")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	list := exercises.All()
	if *only != "" {
		e, err := exercises.Get(*only)
		if err != nil {
			fmt.Fprintln(stderr, "mutants:", err)
			return 2
		}
		list = []*exercises.Exercise{e}
	}
	equivalent, err := readEquivalent(filepath.Join(*dir, "mutants.md"))
	if err != nil {
		fmt.Fprintln(stderr, "mutants:", err)
		return 2
	}
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintln(stderr, "mutants:", err)
		return 2
	}
	runner := native.Process{Exe: exe, Memory: native.DefaultMemory}
	code := 0
	fmt.Fprintf(stdout, "%-18s %8s %7s %11s %9s %7s   (seed %d)\n", "exercise", "mutants", "killed", "equivalent", "survived", "score", *seed)
	var report strings.Builder
	for _, e := range list {
		src, err := os.ReadFile(filepath.Join(*dir, e.Slug, "solution.go"))
		if err != nil {
			fmt.Fprintln(stderr, "mutants:", err)
			return 2
		}
		mutants, err := Generate(string(src))
		if err != nil {
			fmt.Fprintf(stderr, "mutants: %s: %v\n", e.Slug, err)
			return 2
		}
		outcomes := grade(e, mutants, runner, exercises.Options{Seed: *seed, Timeout: *timeout, FailFast: true}, *jobs)
		var killed, total, listed int
		var survivors []outcome
		for _, o := range outcomes {
			if *verbose {
				fmt.Fprintf(&report, "%s %s: %s %s\n", e.Slug, o.mutant.ID, o.status, o.killer)
			}
			switch o.status {
			case "killed":
				killed++
				total++
			case "survived":
				total++
				if _, ok := equivalent[e.Slug][o.mutant.ID]; ok {
					listed++
					delete(equivalent[e.Slug], o.mutant.ID)
					continue
				}
				survivors = append(survivors, o)
			}
		}
		score := share(killed, total-listed)
		fmt.Fprintf(stdout, "%-18s %8d %7d %11d %9d %6.1f%%\n", e.Slug, total, killed, listed, len(survivors), 100*score)
		if score < target {
			fmt.Fprintf(&report, "%s: %.1f%% of the mutants killed, under the %.0f%% target\n", e.Slug, 100*score, 100*target)
			code = 1
		}
		lines := strings.Split(string(src), "\n")
		for _, o := range survivors {
			code = 1
			fmt.Fprintf(&report, "survived: %s %s\n\t%s\n", e.Slug, o.mutant.ID, strings.TrimSpace(lines[o.mutant.Line-1]))
		}
		for id := range equivalent[e.Slug] {
			fmt.Fprintf(&report, "stale: exercises/mutants.md lists %s %q, which is no longer a surviving mutant\n", e.Slug, id)
		}
	}
	fmt.Fprint(stdout, "\nmutants: those that compile and fit the starter; equivalent: survivors exercises/mutants.md explains;\n"+
		"survived: survivors it does not; score: killed / (mutants - equivalent), the mutation score\n")
	if report.Len() > 0 {
		fmt.Fprint(stdout, "\n"+report.String())
	}
	return code
}

func share(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}

// grade grades every mutant, jobs at a time, each check in a child
// process (a mutant may loop or allocate without end).
func grade(e *exercises.Exercise, mutants []Mutant, runner exercises.Runner, opt exercises.Options, jobs int) []outcome {
	out := make([]outcome, len(mutants))
	sem := make(chan struct{}, jobs)
	var wg sync.WaitGroup
	for i, m := range mutants {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			out[i] = judge(e, m, runner, opt)
		}()
	}
	wg.Wait()
	return out
}

func judge(e *exercises.Exercise, m Mutant, runner exercises.Runner, opt exercises.Options) outcome {
	o := outcome{mutant: m}
	if ds := e.Validate(m.Source); len(ds) > 0 {
		o.status, o.message = "invalid", ds[0].String()
		return o
	}
	r := e.Grade(context.Background(), runner, m.Source, opt)
	switch {
	case r.Status == exercises.StatusPass:
		o.status = "survived"
	case r.Status == exercises.StatusError:
		// It does not compile (the interpreter or the type checker says so).
		o.status = "invalid"
		if len(r.Diagnostics) > 0 {
			o.message = r.Diagnostics[0].String()
		}
	default:
		o.status = "killed"
		for _, c := range r.Checks {
			if !c.Passed() && c.Message != "the check did not run" {
				o.killer, o.message = c.Name, c.Message
				break
			}
		}
	}
	return o
}
