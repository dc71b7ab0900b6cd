package exercises

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// Runner runs one check: the learner's file src under harness, in a fresh
// interpreter (sandbox.Run with Options.Harness), and returns what the run
// produced; Check may be left empty. It must return once ctx is done,
// with a RunError of kind "timeout" if ctx's deadline passed.
type Runner interface {
	Run(ctx context.Context, src, harness string) RunOutput
}

// RunnerFunc adapts a function to Runner.
type RunnerFunc func(ctx context.Context, src, harness string) RunOutput

// Run calls f.
func (f RunnerFunc) Run(ctx context.Context, src, harness string) RunOutput {
	return f(ctx, src, harness)
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
	// Seed seeds the checks' randomized cases; 0 picks a fresh one, which
	// the report gives.
	Seed uint64
	// FailFast stops starting checks once one has not passed; the checks
	// left out are reported as not run. For tools that only need to know
	// whether a file passes, such as the mutation tester.
	FailFast bool
}

// DefaultTimeout is how long a check may run natively.
const DefaultTimeout = 5 * time.Second

// PageTimeout is the watchdog a plan gives each run in the page, where
// the engine runs compiled to WebAssembly, several times slower than
// natively, and a fresh worker's first graded run also pays for compiling
// the engine's own code.
const PageTimeout = 10 * time.Second

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
	seed := opt.Seed
	if seed == 0 {
		seed = NewSeed()
	}
	run := func(name string) CheckResult {
		h, err := e.Harness(name, seed)
		if err != nil {
			return CheckResult{Name: name, Status: StatusError, Message: err.Error()}
		}
		cctx, cancel := context.WithTimeout(ctx, timeout)
		defer cancel()
		return ParseCheck(name, r.Run(cctx, src, h))
	}
	names := e.CheckNames()
	results := make([]CheckResult, len(names))
	results[0] = run(names[0])
	if results[0].Compile {
		rep := NewReport(e, results[:1], opt.Hints)
		rep.Seed = seed
		return rep
	}
	parallel := opt.Parallel
	if parallel < 1 {
		parallel = 1
	}
	sem := make(chan struct{}, parallel)
	var wg sync.WaitGroup
	var failed atomic.Bool
	failed.Store(!results[0].Passed())
	for i := 1; i < len(names); i++ {
		sem <- struct{}{}
		if opt.FailFast && failed.Load() {
			<-sem
			results[i] = CheckResult{Name: names[i], Status: StatusError, Message: notRun}
			continue
		}
		wg.Add(1)
		go func(i int) {
			defer func() { <-sem; wg.Done() }()
			results[i] = run(names[i])
			if !results[i].Passed() {
				failed.Store(true)
			}
		}(i)
	}
	wg.Wait()
	rep := NewReport(e, results, opt.Hints)
	rep.Seed = seed
	return rep
}
