//go:build unix

// Command servicebench measures the command-line grader as a service: it
// grades an honest submission, then n hostile ones in a row (memory hog,
// endless loop, output flood, endless recursion, goroutine bomb, oversized
// file, in turn), then the honest one again, each through the check
// command as a grading service would run it, and prints what that cost:
// the honest grading's time before and after, the time the hostile ones
// took, the largest resident memory any check process reached and the
// memory the machine had left.
//
//	go run ./exercises/cmd/servicebench [-n 100] [-memory 512]
//
// make bench-grader runs it. It prints figures and checks nothing but
// that every hostile submission failed and the honest one passed.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"syscall"
	"time"

	"github.com/flakylab/flakylab/exercises"
	"github.com/flakylab/flakylab/exercises/attack"
	"github.com/flakylab/flakylab/exercises/internal/native"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("servicebench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	n := fs.Int("n", 100, "hostile submissions to grade")
	memory := fs.Int("memory", 512, "MiB each check may use (the check command's -memory)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	dir, err := os.MkdirTemp("", "servicebench")
	if err != nil {
		fmt.Fprintln(stderr, "servicebench:", err)
		return 1
	}
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, "check")
	build := exec.Command("go", "build", "-o", bin, "./exercises/cmd/check")
	build.Stderr = stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(stderr, "servicebench: building the check command:", err)
		return 1
	}
	e, err := exercises.Get(attack.HostileSlug)
	if err != nil {
		fmt.Fprintln(stderr, "servicebench:", err)
		return 1
	}
	grade := func(name, src string, timeout time.Duration) (int, time.Duration, error) {
		file := filepath.Join(dir, name+".go")
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			return 0, 0, err
		}
		start := time.Now()
		cmd := exec.Command(bin, "-json", "-memory", strconv.Itoa(*memory), "-timeout", timeout.String(), "-parallel", "1", "-failfast", attack.HostileSlug, file)
		err := cmd.Run()
		elapsed := time.Since(start)
		if exit, ok := err.(*exec.ExitError); ok {
			return exit.ExitCode(), elapsed, nil
		}
		return 0, elapsed, err
	}
	honest := func() (time.Duration, error) {
		var times []time.Duration
		for i := 0; i < 3; i++ {
			code, d, err := grade("honest", e.Solution, 20*time.Second)
			if err != nil {
				return 0, err
			}
			if code != 0 {
				return 0, fmt.Errorf("the honest solution did not pass (exit %d)", code)
			}
			times = append(times, d)
		}
		slices.Sort(times)
		return times[1], nil
	}
	before, err := honest()
	if err != nil {
		fmt.Fprintln(stderr, "servicebench:", err)
		return 1
	}
	availBefore := native.AvailableMemory()
	hostiles := attack.Hostiles()
	spent := map[string]time.Duration{}
	count := map[string]int{}
	start := time.Now()
	for i := 0; i < *n; i++ {
		h := hostiles[i%len(hostiles)]
		timeout := exercises.DefaultTimeout
		if h.Timeout > 0 {
			timeout = h.Timeout
		}
		code, d, err := grade(h.Name, h.Source(), timeout)
		if err != nil || code != 1 {
			fmt.Fprintf(stderr, "servicebench: %s: exit %d, %v (want a failing report)\n", h.Name, code, err)
			return 1
		}
		spent[h.Name] += d
		count[h.Name]++
	}
	hostileTime := time.Since(start)
	availAfter := native.AvailableMemory()
	after, err := honest()
	if err != nil {
		fmt.Fprintln(stderr, "servicebench:", err)
		return 1
	}
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru)
	fmt.Fprintf(stdout, "grading service: %d hostile submissions of %s, -memory %d MiB, one check at a time\n", *n, attack.HostileSlug, *memory)
	for _, h := range hostiles {
		if count[h.Name] > 0 {
			fmt.Fprintf(stdout, "  %-16s %3d graded, %8s each\n", h.Name, count[h.Name], (spent[h.Name] / time.Duration(count[h.Name])).Round(time.Millisecond))
		}
	}
	fmt.Fprintf(stdout, "hostile submissions: %s in all\n", hostileTime.Round(time.Millisecond))
	fmt.Fprintf(stdout, "honest submission:   %s before, %s after (median of 3)\n", before.Round(time.Millisecond), after.Round(time.Millisecond))
	fmt.Fprintf(stdout, "largest check process: %d MiB resident\n", ru.Maxrss>>10)
	fmt.Fprintf(stdout, "memory available:     %d MiB before, %d MiB after the hostile ones\n", availBefore>>20, availAfter>>20)
	return 0
}
