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
//	-timeout d     how long each check may run (default 5s)
//	-hints n       reveal n more hints per failing check (default 0: one)
//	-parallel n    checks run at once (default: the number of CPUs)
//	-list          list the exercises
//
// Each check runs in a child process (this program, re-executed), which is
// killed when its time is up, so a solution that loops forever is reported
// as timed out and the other checks still run.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/flakylab/flakylab/exercises"
)

// childEnv marks a re-executed child that runs one program from stdin.
const childEnv = "FLAKYLAB_CHECK_CHILD"

func main() {
	if os.Getenv(childEnv) == "1" {
		os.Exit(child(os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print results.json (version 2) instead of the report")
	timeout := fs.Duration("timeout", exercises.DefaultTimeout, "how long each check may run")
	hints := fs.Int("hints", 0, "reveal this many more hints per failing check")
	parallel := fs.Int("parallel", runtime.NumCPU(), "checks run at once")
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
	report := e.Grade(context.Background(), processRunner{exe: exe}, src, exercises.Options{
		Parallel: *parallel, Timeout: *timeout, Hints: levels,
	})
	if *asJSON {
		stdout.Write(report.ResultsJSON())
	} else {
		io.WriteString(stdout, report.Text())
	}
	if report.Status != exercises.StatusPass {
		return 1
	}
	return 0
}

func readSource(name string) (string, error) {
	var b []byte
	var err error
	if name == "-" {
		b, err = io.ReadAll(os.Stdin)
	} else {
		b, err = os.ReadFile(name)
	}
	return string(b), err
}

// killGrace is how long a killed child may take to let go of its pipes.
const killGrace = 2 * time.Second
