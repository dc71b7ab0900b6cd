// Command check grades a solution to one of the course's exercises, as the
// page's Check button does.
//
//	go run ./exercises/cmd/check [flags] <exercise> <file.go>
//	go run ./exercises/cmd/check -list
//
// It prints a report for people, or with -json the results.json of
// Exercism's test runners, and exits 0 only when every check passes (1 when
// a check fails or the file cannot be graded, 2 on a usage error). Flags
// may come before or after the arguments:
//
//	-json          print results.json (version 2) instead of the report
//	-seed n        seed the checks' randomized cases (default: a fresh seed,
//	               which the report gives, so that a run can be repeated)
//	-timeout d     how long each check may run (default 5s)
//	-memory n      MiB of memory each check may use (default 512)
//	-max-output n  bytes a check's code may print (default 1 MiB)
//	-hints n       reveal n more hints per failing check (default 0: one)
//	-parallel n    checks run at once (default: one per CPU, at most 4, and
//	               no more than half the available memory allows)
//	-failfast      stop starting checks after the first one that does not
//	               pass (the others are reported as not run)
//	-list          list the exercises
//
// It is meant to run unattended on submissions. Each check runs in a
// child process (this program, re-executed) under limits: its wall-clock
// time, its resident memory (a watchdog kills the child past -memory, and
// the child's runtime is told to keep under it), its output, and the
// file's size (1 MiB, as in the page). The learner's file is compiled as
// a package of its own under the checks, which report on a channel the
// learner's code cannot reach (see sandbox/graded.go).
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"

	"github.com/flakylab/flakylab/exercises"
	"github.com/flakylab/flakylab/exercises/internal/native"
	"github.com/flakylab/flakylab/sandbox"
)

func main() {
	if os.Getenv(native.ChildEnv) == "1" {
		os.Exit(native.Child(os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print results.json (version 2) instead of the report")
	timeout := fs.Duration("timeout", exercises.DefaultTimeout, "how long each check may run")
	hints := fs.Int("hints", 0, "reveal this many more hints per failing check")
	seed := fs.Uint64("seed", 0, "seed the checks' randomized cases (0: a fresh seed)")
	memory := fs.Int64("memory", native.DefaultMemory>>20, "MiB of memory each check may use")
	maxOutput := fs.Int("max-output", sandbox.DefaultMaxOutput, "bytes a check's code may print")
	parallel := fs.Int("parallel", 0, "checks run at once (0: one per CPU, at most 4, within the available memory)")
	failFast := fs.Bool("failfast", false, "stop starting checks after the first one that does not pass")
	list := fs.Bool("list", false, "list the exercises")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: check [flags] <exercise> <file.go>\n       check -list\n\nexercises: %s\n\nflags:\n", strings.Join(exercises.Slugs(), ", "))
		fs.PrintDefaults()
	}
	// Accept flags after the positional arguments too.
	var pos []string
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			return 2
		}
		args = fs.Args()
		if len(args) > 0 {
			pos = append(pos, args[0])
			args = args[1:]
		}
	}
	if *list {
		for _, e := range exercises.All() {
			fmt.Fprintf(stdout, "%-18s %s (%d checks)\n", e.Slug, e.Title, len(e.Checks))
		}
		return 0
	}
	if len(pos) != 2 {
		fs.Usage()
		return 2
	}
	e, err := exercises.Get(pos[0])
	if err != nil {
		fmt.Fprintln(stderr, "check:", err)
		return 2
	}
	src, err := readSource(pos[1])
	if err != nil {
		fmt.Fprintln(stderr, "check:", err)
		return 2
	}
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintln(stderr, "check:", err)
		return 2
	}
	levels := map[string]int{}
	for _, c := range e.Checks {
		levels[c.Name] = *hints
	}
	if *memory < 16 || *maxOutput < 1 || *maxOutput > 16<<20 || *parallel < 0 {
		fmt.Fprintln(stderr, "check: -memory must be at least 16 (MiB), -max-output from 1 to 16 MiB, -parallel not negative")
		return 2
	}
	runner := native.Process{Exe: exe, Memory: *memory << 20, MaxOutput: *maxOutput}
	if *parallel == 0 {
		*parallel = native.SafeParallel(runtime.NumCPU(), runner.Memory, native.AvailableMemory())
	}
	report := e.Grade(context.Background(), runner, src, exercises.Options{
		Parallel: *parallel, Timeout: *timeout, Hints: levels, Seed: *seed, FailFast: *failFast,
	})
	if *asJSON {
		stdout.Write(exercises.ResultsJSON(report))
	} else {
		io.WriteString(stdout, exercises.ReportText(report))
	}
	if report.Status != exercises.StatusPass {
		return 1
	}
	return 0
}

// readSource reads the file to grade, at most one byte past the grader's
// limit: a longer file is then refused by the grader with a report, like
// any other file that cannot be graded, without being read whole.
func readSource(name string) (string, error) {
	var r io.Reader = os.Stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return "", err
		}
		defer f.Close()
		r = f
	}
	b, err := io.ReadAll(io.LimitReader(r, exercises.MaxSourceBytes+1))
	return string(b), err
}
