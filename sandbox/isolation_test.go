package sandbox

import (
	"fmt"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReservedNamesAreRefused(t *testing.T) {
	cases := []struct {
		name, src string
		line, col int
		ident     string
	}{
		{"function", "package main\n\nfunc flakylab_report_(v any, line, col int) {}\n\nfunc main() {}\n", 3, 6, "flakylab_report_"},
		{"reference", "package main\n\nfunc main() {\n\tflakylab_main_()\n}\n", 4, 2, "flakylab_main_"},
		{"import name", "package main\n\nimport flakylab_fmt_ \"fmt\"\n\nfunc main() { flakylab_fmt_.Println() }\n", 3, 8, "flakylab_fmt_"},
		{"variable in a snippet", "x := 1\nflakylab_at_ := x\n_ = flakylab_at_\n", 2, 1, "flakylab_at_"},
		{"lowering prefix", "var _fl_v1 = 2\nfmt.Println(_fl_v1)\n", 1, 5, "_fl_v1"},
		{"field", "type T struct{ flakylab_x int }\nfmt.Println(T{})\n", 1, 16, "flakylab_x"},
		// The front end tells twin struct types apart with a tag key of its
		// own; a learner's tag with that key made a third type one of them.
		{"struct tag key", "type Cat struct{ name string }\ntype Fox struct {\n\tname string `json:\"n\" _fl_twin:\"Cat\"`\n}\nfmt.Println(Cat{}, Fox{})\n", 3, 14, "the struct tag key _fl_twin"},
		{"label", "package main\n\nfunc main() {\nflakylab_l_:\n\tfor {\n\t\tbreak flakylab_l_\n\t}\n}\n", 4, 1, "flakylab_l_"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := runSource(t, tc.src, Options{})
			require.NotNil(t, res.Err, "source:\n%s\nwant a refusal, got stdout %q", tc.src, res.Stdout)
			assert.Equal(t, KindUnsupported, res.Err.Kind, "source:\n%s", tc.src)
			assert.Equal(t, tc.ident+": a name starting with flakylab_ or _fl_ is not supported by the playground (it keeps those names for its own helpers); rename it",
				res.Err.Message, "source:\n%s", tc.src)
			assert.Equal(t, []int{tc.line, tc.col}, []int{res.Err.Line, res.Err.Column}, "source:\n%s\nposition of %s", tc.src, tc.ident)
		})
	}
	for _, ok := range []string{"flakylab := 1\nfmt.Println(flakylab)\n", "my_flakylab_x := 2\nfmt.Println(my_flakylab_x)\n", "fl_x := 3\nfmt.Println(fl_x)\n"} {
		res := runSource(t, ok, Options{})
		requireSuccess(t, ok, res)
	}
}

// Each package variable of a compiled package: assigned in one run, seen
// by that run, and back to its original in the next. One pair of runs per
// package assigns all of its variables (unicode alone has hundreds, and a
// run takes a second under GOOS=js).
func TestPackageVariablesBelongToTheRun(t *testing.T) {
	vars := packageVars()
	paths := make([]string, 0, len(vars))
	total := 0
	for ip, names := range vars {
		paths = append(paths, ip)
		total += len(names)
	}
	sort.Strings(paths)
	require.GreaterOrEqual(t, total, 15, "variables of the allowed packages: %v", vars)

	for _, ip := range paths {
		refs := make([]string, 0, len(vars[ip]))
		for name := range vars[ip] {
			refs = append(refs, allowed[ip]+"."+name)
		}
		sort.Strings(refs)
		t.Run(ip, func(t *testing.T) {
			var write, read strings.Builder
			for i, ref := range refs {
				fmt.Fprintf(&write, "before%[2]d := fmt.Sprint(%[1]s)\n%[1]s = nil\nfmt.Println(%[1]q, %[1]s == nil, before%[2]d != \"<nil>\")\n", ref, i)
				fmt.Fprintf(&read, "fmt.Println(%[1]q, %[1]s == nil)\n", ref)
			}
			res := runSource(t, write.String(), Options{})
			requireSuccess(t, write.String(), res)
			for _, ref := range refs {
				assert.Contains(t, res.Stdout, fmt.Sprintf("%s true true\n", ref), "%s: the assignment is seen within the run (stdout %q)", ref, res.Stdout)
			}

			res = runSource(t, read.String(), Options{})
			requireSuccess(t, read.String(), res)
			for _, ref := range refs {
				assert.Contains(t, res.Stdout, fmt.Sprintf("%s false\n", ref), "%s: want the original value in the next run (stdout %q)", ref, res.Stdout)
			}
			assert.Empty(t, res.Leftover, "source:\n%s", read.String())
		})
	}
}

// The packages' compiled code keeps the originals (a documented limit).
func TestPackageVariableAssignmentIsTheProgramsOwn(t *testing.T) {
	src := "strconv.ErrSyntax = errors.New(\"mine\")\n_, err := strconv.Atoi(\"x\")\np := &strconv.ErrSyntax\nfmt.Println(err, *p, errors.Is(err, strconv.ErrSyntax))\n"
	res := runSource(t, src, Options{})
	requireSuccess(t, src, res)
	assert.Equal(t, "strconv.Atoi: parsing \"x\": invalid syntax mine false\n", res.Stdout, "source:\n%s", src)
}

func TestChangedSharedStateIsPutBack(t *testing.T) {
	src := "*time.UTC = *time.FixedZone(\"EVIL\", 3600)\nfmt.Println(time.UTC)\n"
	res := runSource(t, src, Options{})
	requireSuccess(t, src, res)
	assert.Equal(t, "EVIL\n", res.Stdout, "source:\n%s\nwithin the run, as in Go", src)
	assert.Equal(t, "the program changed state shared with other runs (what time.UTC refers to); it was put back", res.Leftover)
	assert.Equal(t, "UTC", time.UTC.String(), "time.UTC after the run")

	after := "fmt.Println(time.UTC, time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))\n"
	res = runSource(t, after, Options{})
	requireSuccess(t, after, res)
	assert.Equal(t, "UTC 2026-01-02 03:04:05 +0000 UTC\n", res.Stdout)
	assert.Empty(t, res.Leftover)
}

func TestGoroutinesBlockedInCompiledCodeAreReported(t *testing.T) {
	// Under GOOS=js a goroutine that never blocks keeps the only thread,
	// so nothing can stop it (the page's watchdog kills its worker:
	// tests/browser); natively the interpreter stops it at its next step.
	busy := "go func() { for { } }()\n"
	if runtime.GOOS == "js" {
		busy = ""
	}
	cases := []struct {
		name, src string
		running   int
	}{
		{"none", "go func() { select {} }()\nch := make(chan int)\ngo func() { ch <- 1 }()\n" + busy + "time.Sleep(time.Millisecond)\n", 0},
		{"mutex", "var mu sync.Mutex\nmu.Lock()\ngo func() { mu.Lock() }()\ntime.Sleep(time.Millisecond)\n", 1},
		{"two on a waitgroup", "var wg sync.WaitGroup\nwg.Add(1)\ngo wg.Wait()\ngo wg.Wait()\ntime.Sleep(time.Millisecond)\n", 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			skipUnderRace(t)
			res := runSource(t, tc.src, Options{})
			requireSuccess(t, tc.src, res)
			switch tc.running {
			case 0:
				assert.Empty(t, res.Leftover, "source:\n%s", tc.src)
			case 1:
				assert.Equal(t, "1 goroutine of the program was still running after it ended (blocked where the runtime cannot stop it)", res.Leftover, "source:\n%s", tc.src)
			default:
				assert.Equal(t, fmt.Sprintf("%d goroutines of the program were still running after it ended (blocked where the runtime cannot stop them)", tc.running), res.Leftover, "source:\n%s", tc.src)
			}
		})
	}
}

func TestRealTimeTimersStopWithTheRun(t *testing.T) {
	skipUnderRace(t)
	var late []string
	// The AfterFunc is armed last, just before main returns: a machine
	// too busy to reach the end of main in 30 ms lets it fire within the
	// run, which is allowed; after the run nothing may print.
	src := "tk := time.NewTicker(5*time.Millisecond)\n<-tk.C\nfmt.Println(\"ticked\")\ntime.AfterFunc(30*time.Millisecond, func() { fmt.Println(\"late\") })\n"
	done := false
	res := runSource(t, src, Options{RealTime: true, Stdout: func(s string) {
		if done {
			late = append(late, s)
		}
	}})
	done = true
	requireSuccess(t, src, res)
	assert.True(t, strings.HasPrefix(res.Stdout, "ticked\n"), "source:\n%s\nstdout %q", src, res.Stdout)
	assert.Empty(t, res.Leftover)
	time.Sleep(60 * time.Millisecond)
	assert.Empty(t, late, "output after the run")
}

func TestLifecycleSettle(t *testing.T) {
	l := newLifecycle()
	assert.Equal(t, 0, l.settle(1), "nothing started")
	tok := l.Enter()
	l.Enter()
	l.Exit(tok)
	assert.Equal(t, 1, l.settle(1), "one exited, one keeps running")
	go l.Exit(tok)
	assert.Equal(t, 0, l.settle(1<<30), "settle returns as soon as the last one exits")
	timer := time.NewTimer(time.Hour)
	l.track(timer)
	ended := false
	l.track(cancelStopper(func() { ended = true }))
	l.stopAll()
	assert.False(t, timer.Stop(), "stopAll stopped the timer")
	assert.True(t, ended, "stopAll ended the context")
	late := time.NewTimer(time.Hour)
	l.track(late)
	assert.False(t, late.Stop(), "a timer made after the end is stopped at once")
}

func TestGoroutinesSeeANewGoroutine(t *testing.T) {
	before := goroutines()
	require.NotEmpty(t, before, "at least the test's goroutine")
	stop := make(chan struct{})
	started := make(chan struct{})
	go func() {
		close(started)
		<-stop
	}()
	<-started
	after := goroutines()
	close(stop)
	var added []string
	for id, creator := range after {
		if _, old := before[id]; !old {
			added = append(added, creator)
		}
	}
	assert.Equal(t, []string{"github.com/flakylab/flakylab/sandbox.TestGoroutinesSeeANewGoroutine"}, added,
		"goroutines before %v, after %v", before, after)
}

func TestGoroutinesOfCompiledCodeAreReported(t *testing.T) {
	src := "package main\n\nimport (\n\t\"context\"\n\t\"time\"\n)\n\ntype never struct{ done chan struct{} }\n\n" +
		"func (never) Deadline() (time.Time, bool) { return time.Time{}, false }\nfunc (n never) Done() <-chan struct{} { return n.done }\n" +
		"func (never) Err() error { return nil }\nfunc (never) Value(any) any { return nil }\n\n" +
		"func main() {\n\t_, cancel := context.WithCancel(never{done: make(chan struct{})})\n\t_ = cancel\n}\n"
	res := runSource(t, src, Options{})
	requireSuccess(t, src, res)
	assert.Equal(t, "1 more goroutine started during the run was still running after it (started by context.(*cancelCtx).propagateCancel)",
		res.Leftover, "source:\n%s", src)
}
