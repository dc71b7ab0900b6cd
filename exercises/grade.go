package exercises

import (
	"context"
	"sync"
	"time"
)

// Runner runs one program in a fresh interpreter and returns what it wrote
// to standard output and, if it did not end normally, how it ended. It must
// return once ctx is done, with a RunError of kind "timeout" if ctx's
// deadline passed.
type Runner interface {
	Run(ctx context.Context, program string) (stdout string, err *RunError)
}

// RunnerFunc adapts a function to Runner.
type RunnerFunc func(ctx context.Context, program string) (string, *RunError)

// Run calls f.
func (f RunnerFunc) Run(ctx context.Context, program string) (string, *RunError) {
	return f(ctx, program)
}

// Options tune Grade. The zero value runs one check at a time with
// DefaultTimeout each and reveals the first hint of each failing check.
type Options struct {
	// Parallel is how many checks run at once; 0 means 1.
	Parallel int
	// Timeout bounds each check; 0 means DefaultTimeout.
	Timeout time.Duration
	// Hints is passed to NewReport.
	Hints map[string]int
}

// DefaultTimeout is how long a check may run, the same as the page's
// watchdog.
const DefaultTimeout = 5 * time.Second

// Grade validates src, runs every check of e through r and reports. The
// first check runs alone, so a program that does not compile is reported
// once rather than by every check. Grade never fails: what goes wrong
// is in the report.
func (e *Exercise) Grade(ctx context.Context, r Runner, src string, opt Options) Report {
	if ds := e.Validate(src); len(ds) > 0 {
		return ErrorReport(e, ds)
	}
	timeout := opt.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	lines := Lines(src)
	run := func(name string) CheckResult {
		prog, err := e.Program(src, name)
		if err != nil {
			return CheckResult{Name: name, Status: StatusError, Message: err.Error()}
		}
		cctx, cancel := context.WithTimeout(ctx, timeout)
		defer cancel()
		out, runErr := r.Run(cctx, prog)
		return ParseCheck(name, out, runErr, lines)
	}
	names := e.CheckNames()
	results := make([]CheckResult, len(names))
	results[0] = run(names[0])
	if results[0].Compile {
		return NewReport(e, results[:1], opt.Hints)
	}
	parallel := opt.Parallel
	if parallel < 1 {
		parallel = 1
	}
	sem := make(chan struct{}, parallel)
	var wg sync.WaitGroup
	for i := 1; i < len(names); i++ {
		wg.Add(1)
		sem <- struct{}{}
		go func(i int) {
			defer func() { <-sem; wg.Done() }()
			results[i] = run(names[i])
		}(i)
	}
	wg.Wait()
	return NewReport(e, results, opt.Hints)
}
