// Command conformance runs the Go distribution's test programs
// ($(go env GOROOT)/test) through the playground's engine and prints, per
// folder, how many passed, were refused clearly, printed a wrong answer,
// were falsely rejected, broke the engine or timed out, with the pass
// rate; `make conformance` runs it from the module's root.
//
//	go run ./tests/gotest/cmd/conformance [flags]
//
//	-run re        only programs whose name (below $GOROOT/test) matches re
//	-timeout d     each program's time limit (default 20s)
//	-parallel n    programs run at once (default: the number of CPUs)
//	-v             list every program that did not pass, with what happened
//	-failures      list the failing programs in the known-failures format
//
// It exits 1 when the outcomes disagree with tests/gotest/known_failures.txt
// (as the test does), 0 otherwise.
package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"os"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/flakylab/flakylab/sandbox/frontend"
	"github.com/flakylab/flakylab/tests/gotest"
)

func main() {
	os.Exit(run())
}

func run() int {
	filter := flag.String("run", "", "only programs whose name matches this regular expression")
	timeout := flag.Duration("timeout", gotest.DefaultTimeout, "each program's time limit")
	parallel := flag.Int("parallel", runtime.NumCPU(), "programs run at once")
	verbose := flag.Bool("v", false, "list every program that did not pass")
	failures := flag.Bool("failures", false, "list the failing programs in the known-failures format")
	flag.Parse()

	root, err := gotest.ModuleRoot()
	if err != nil {
		fmt.Fprintln(os.Stderr, "conformance:", err)
		return 2
	}
	goroot, err := gotest.GorootTest()
	if err != nil {
		fmt.Fprintln(os.Stderr, "conformance:", err)
		return 2
	}
	re, err := regexp.Compile(*filter)
	if err != nil {
		fmt.Fprintln(os.Stderr, "conformance: -run:", err)
		return 2
	}
	progs, skipped, err := gotest.Programs(goroot, frontend.Allowed)
	if err != nil {
		fmt.Fprintln(os.Stderr, "conformance:", err)
		return 2
	}
	var chosen []gotest.Program
	for _, p := range progs {
		if re.MatchString(p.Name) {
			chosen = append(chosen, p)
		}
	}
	dir, err := os.MkdirTemp("", "conformance")
	if err != nil {
		fmt.Fprintln(os.Stderr, "conformance:", err)
		return 2
	}
	defer os.RemoveAll(dir)
	bin, err := gotest.BuildRunner(root, dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "conformance:", err)
		return 2
	}
	known, err := gotest.ReadKnownFile(root + "/tests/gotest/known_failures.txt")
	if err != nil {
		fmt.Fprintln(os.Stderr, "conformance:", err)
		return 2
	}
	r := &gotest.Runner{Binary: bin, Timeout: *timeout, Dir: dir}
	began := time.Now()
	outcomes := r.RunAll(context.Background(), chosen, *parallel, nil)
	fmt.Printf("$GOROOT/test through the playground's engine (%s, %d programs, %d at once, %s each at most, %.0fs)\n\n",
		runtime.Version(), len(chosen), *parallel, *timeout, time.Since(began).Seconds())
	gotest.WriteTable(os.Stdout, outcomes)
	for reason, n := range skipped {
		fmt.Printf("left out: %d (%s)\n", n, reason)
	}
	slowest := slices.DeleteFunc(slices.Clone(outcomes), func(o gotest.Outcome) bool { return o.Class == gotest.Timeout })
	slices.SortFunc(slowest, func(a, b gotest.Outcome) int { return cmp.Compare(b.Elapsed, a.Elapsed) })
	fmt.Print("slowest that finished:")
	for _, o := range slowest[:min(8, len(slowest))] {
		fmt.Printf(" %s %s (%.1fs)", o.Program.Name, o.Class, o.Elapsed.Seconds())
	}
	fmt.Println()
	if *verbose {
		fmt.Println()
		for _, o := range outcomes {
			if o.Class != gotest.Pass && o.Class != gotest.Rejected {
				fmt.Printf("%-40s %-20s %s\n", o.Program.Name, o.Class, o.Detail)
			}
		}
	}
	if *failures {
		fmt.Println()
		for _, o := range outcomes {
			if o.Class.Failing() {
				fmt.Printf("%s\t%s\t%s\n", o.Program.Name, o.Class, strings.ReplaceAll(o.Detail, "\t", " "))
			}
		}
	}
	if *filter != "" {
		return 0 // a partial run cannot judge the list
	}
	problems := gotest.Problems(outcomes, known)
	if len(problems) > 0 {
		fmt.Printf("\n%d disagreements with tests/gotest/known_failures.txt:\n", len(problems))
		for _, p := range problems {
			fmt.Println("  " + p)
		}
		return 1
	}
	return 0
}
