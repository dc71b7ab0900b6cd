// Command run runs one Go program file through the playground's engine,
// natively, exactly as the page runs it: the same allow-list, front end,
// interpreter, virtual clock and seeded randomness.
//
//	go run ./sandbox/cmd/run [flags] prog.go
//
// The program's stdout and stderr pass through as they are written, and
// the command exits with the program's exit code (0, 1 after an error, 2
// after a panic, or the code given to os.Exit). A program the engine
// rejects has its errors printed on stderr, one per line, as
// "prog.go:line:column: message", like the go command. Flags:
//
//	-json        print the RunResult (wasm/BRIDGE.md) as JSON instead
//	-result f    also write the RunResult as JSON to the file f
//	-timeout d   stop the program after d of real time (default: none)
//	-realtime    run on the wall clock instead of a virtual one
//	-seed n      seed math/rand and math/rand/v2 (default 1)
//	-max-output n  cap stdout and stderr together at n bytes (default 1 MiB)
//	-compile-only  check and compile the program, run nothing
//	-lowered     print the program the interpreter runs (after the front
//	             end's lowering) instead of running it
//	-max-stack n   the Go stack limit in bytes (default 256 MiB, so that a
//	               runaway recursion crashes quickly; the page's is 1 GB)
//
// "-" as the file reads the program from stdin. Exit code 3 means the
// command itself could not run (a usage error, an unreadable file).
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"

	"github.com/flakylab/flakylab/sandbox"
)

func main() {
	// One thread, as in the page. The interpreter (yaegi v0.16.1) keeps one
	// list of cases per select statement, which every goroutine running
	// that select fills and then hands to reflect.Select: on several
	// threads, two goroutines in the same select can swap channels and
	// receive each other's values (test/chan/powser2.go panicked with
	// "interface {} is nil, not *rat" about one run in twelve, or
	// deadlocked). The browser runs one thread, where a goroutine is only
	// switched when it blocks, and the front end evaluates the operands
	// that could block (calls, receives) before the select (but in a
	// labeled one).
	runtime.GOMAXPROCS(1)
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// usageExit is the exit code of a usage or I/O error of the command.
const usageExit = 3

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print the RunResult as JSON instead of the program's output")
	resultFile := fs.String("result", "", "also write the RunResult as JSON to this file")
	timeout := fs.Duration("timeout", 0, "stop the program after this much real time (0: no limit)")
	realTime := fs.Bool("realtime", false, "run on the wall clock instead of a virtual one")
	seed := fs.Int64("seed", 0, "seed of math/rand and math/rand/v2 (0: the default, 1)")
	maxOutput := fs.Int("max-output", 0, "cap on stdout and stderr together, in bytes (0: 1 MiB)")
	compileOnly := fs.Bool("compile-only", false, "check and compile the program, run nothing")
	lowered := fs.Bool("lowered", false, "print the program the interpreter runs instead of running it")
	maxStack := fs.Int("max-stack", 256<<20, "the Go stack limit, in bytes")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: run [flags] prog.go   (\"-\" reads the program from stdin)")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return usageExit
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return usageExit
	}
	debug.SetMaxStack(*maxStack)
	name := fs.Arg(0)
	src, err := readSource(name, stdin)
	if err != nil {
		fmt.Fprintln(stderr, "run:", err)
		return usageExit
	}
	if *lowered {
		out, errs := sandbox.Lowered(string(src))
		io.WriteString(stdout, out)
		reportFailure(stderr, name, sandbox.Result{Err: first(errs), Errors: errs})
		if len(errs) > 0 {
			return 1
		}
		return 0
	}
	opts := sandbox.Options{RealTime: *realTime, Seed: *seed, MaxOutput: *maxOutput, Timeout: *timeout, CompileOnly: *compileOnly}
	if !*asJSON {
		opts.Stdout = func(s string) { io.WriteString(stdout, s) }
		opts.Stderr = func(s string) { io.WriteString(stderr, s) }
	}
	res := sandbox.Run(context.Background(), string(src), opts)
	if *resultFile != "" {
		data, _ := json.Marshal(res)
		if err := os.WriteFile(*resultFile, data, 0o644); err != nil {
			fmt.Fprintln(stderr, "run:", err)
			return usageExit
		}
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(res); err != nil {
			fmt.Fprintln(stderr, "run:", err)
			return usageExit
		}
		return res.ExitCode
	}
	reportFailure(stderr, name, res)
	return res.ExitCode
}

// reportFailure prints why a run failed, unless the run's own stderr says
// it already (a panic's trace, the truncation note).
func reportFailure(stderr io.Writer, name string, res sandbox.Result) {
	if res.Err == nil {
		return
	}
	switch res.Err.Kind {
	case sandbox.KindPanic, sandbox.KindExit:
		return
	case sandbox.KindRuntime:
		if res.Truncated {
			return
		}
	}
	if name == "-" {
		name = sandbox.SourceName
	}
	for _, e := range res.Errors {
		if e.Line > 0 {
			fmt.Fprintf(stderr, "%s:%d:%d: %s\n", name, e.Line, e.Column, e.Message)
		} else {
			fmt.Fprintln(stderr, e.Message)
		}
	}
}

func first(errs []*sandbox.Error) *sandbox.Error {
	if len(errs) == 0 {
		return nil
	}
	return errs[0]
}

func readSource(name string, stdin io.Reader) ([]byte, error) {
	if name == "-" {
		return io.ReadAll(io.LimitReader(stdin, sandbox.MaxSourceBytes+1))
	}
	return os.ReadFile(name)
}
