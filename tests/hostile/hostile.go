// Package hostile holds the programs that try to spoil the runs after
// them, and the innocent program that shows whether they did. A test runs
// each hostile program, then the innocent one, and expects the innocent
// one's output to equal what it prints on a fresh runtime: natively
// through the sandbox (this package's test, and under Node in make
// test-runtime) and in headless Chromium through the page host
// (tests/browser).
//
//	testdata/innocent.go          the innocent program
//	testdata/hostile/NN_name.go   a hostile program; its header says what to expect
//
// A hostile program's leading comment ends with lines of the form
// "key: value":
//
//	want: text       the run's output or error message contains text
//	clean: yes|no    whether the engine can prove the run left nothing behind
//	realtime: yes    run it on the wall clock
//	endless: yes     it never ends on its own: the time limit stops it
//	busy: yes        a goroutine of it computes without ever blocking: under
//	                 GOOS=js, with one thread and no preemption, nothing else
//	                 runs again, and only the page's watchdog (which kills the
//	                 worker) can stop it
package hostile

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
)

//go:embed testdata
var files embed.FS

// Case is one hostile program.
type Case struct {
	Name     string // the file name without .go
	Source   string
	Want     string // text its output or error message contains; "" for none
	Clean    bool   // the engine can prove the run left nothing behind
	RealTime bool   // run it on the wall clock
	Endless  bool   // the time limit stops it
	Busy     bool   // under GOOS=js only the page's watchdog stops it
}

// Innocent returns the innocent program.
func Innocent() string {
	b, err := files.ReadFile("testdata/innocent.go")
	if err != nil {
		panic(err) // embedded
	}
	return string(b)
}

// Cases returns the hostile programs, sorted by name.
func Cases() []Case {
	names, err := fs.Glob(files, "testdata/hostile/*.go")
	if err != nil {
		panic(err) // the pattern is constant
	}
	sort.Strings(names)
	var out []Case
	for _, name := range names {
		b, err := files.ReadFile(name)
		if err != nil {
			panic(err) // embedded
		}
		c, err := parse(strings.TrimSuffix(path.Base(name), ".go"), string(b))
		if err != nil {
			panic(err) // the files are part of the package
		}
		out = append(out, c)
	}
	return out
}

// parse reads a case's header: the "// key: value" lines before the
// package clause.
func parse(name, src string) (Case, error) {
	c := Case{Name: name, Source: src}
	clean := ""
	for _, line := range strings.Split(src, "\n") {
		if strings.HasPrefix(line, "package ") {
			break
		}
		key, value, ok := strings.Cut(strings.TrimPrefix(line, "// "), ": ")
		if !ok || !strings.HasPrefix(line, "// ") {
			continue
		}
		switch key {
		case "want":
			c.Want = value
		case "clean":
			clean = value
			c.Clean = value == "yes"
		case "realtime":
			c.RealTime = value == "yes"
		case "endless":
			c.Endless = value == "yes"
		case "busy":
			c.Busy = value == "yes"
		}
	}
	if clean != "yes" && clean != "no" {
		return c, fmt.Errorf("hostile: %s: the header must say clean: yes or clean: no", name)
	}
	if c.Want == "" && !c.Endless {
		return c, fmt.Errorf("hostile: %s: the header must say what the run prints (want:)", name)
	}
	return c, nil
}
