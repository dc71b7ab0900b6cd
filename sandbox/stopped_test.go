package sandbox

import (
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A goroutine that is between a panic and the deferred recover that would
// end it when the run stops: the interpreter no longer runs the recover,
// and the panic ended the whole process (in the browser, the worker that
// serves the next run). Here the deferred function waits on a channel
// before it recovers, so the run stops (main returns) with every
// goroutine of the program mid-panic, whatever the timing: each form of
// go statement, and each other way interpreted code runs on a goroutine
// of its own, crashed the test binary (natively and under Node) before
// its goroutine was started through compiled code (run.safe).
func TestGoroutinesMidPanicWhenTheRunStopsDoNotKillTheRuntime(t *testing.T) {
	skipUnderRace(t)
	const head = `package main

import (
	"fmt"
	"sync"
	"time"
)

var _ sync.WaitGroup

// never is never ready: a deferred function waiting on it is still
// waiting when main returns (a sleep would do natively, but a sleeper is
// not woken when the run stops in the browser runtime).
var never = make(chan int)

// work panics and recovers only after main has returned.
func work(v int) {
	defer func() {
		<-never
		recover()
	}()
	panic(v)
}

func work0() { work(0) }

type W struct{ n int }

func (w *W) work(v int) { work(v + w.n) }
func (w W) tick()       { work(w.n) }

func pass[T any](v T) T { return v }

func startGeneric[T any](v T) {
	go work(1)
	go func(x T) {
		defer func() {
			<-never
			recover()
		}()
		panic(x)
	}(v)
}

func main() {
`
	const tail = `
	time.Sleep(time.Millisecond)
	fmt.Println("main returns")
}
`
	cases := []struct{ name, body string }{
		{"go f()", "\tgo work0()\n"},
		{"go f(x)", "\tfor i := range 3 {\n\t\tgo work(i)\n\t}\n"},
		{"go f(g())", "\tgo work(pass(2))\n"},
		{"go obj.Method(x)", "\tw := &W{n: 1}\n\tfor i := range 2 {\n\t\tgo w.work(i)\n\t}\n"},
		{"go (*T).Method(p, x)", "\tgo (*W).work(&W{}, 3)\n"},
		{"go funcValue(x)", "\tf := work\n\tfor i := range 2 {\n\t\tgo f(i)\n\t}\n"},
		{"go func(){}()", "\tfor i := 0; i < 3; i++ {\n\t\tgo func() {\n\t\t\tdefer func() {\n\t\t\t\t<-never\n\t\t\t\trecover()\n\t\t\t}()\n\t\t\tpanic(i)\n\t\t}()\n\t}\n"},
		{"go func(v int){}(i)", "\tfor i := range 3 {\n\t\tgo func(v int) {\n\t\t\tdefer func() {\n\t\t\t\t<-never\n\t\t\t\trecover()\n\t\t\t}()\n\t\t\tpanic(v)\n\t\t}(i)\n\t}\n"},
		{"go in a goroutine", "\tgo func() {\n\t\tn := 4\n\t\tgo work(n)\n\t}()\n"},
		{"go in generic code", "\tstartGeneric(5)\n\tstartGeneric(\"s\")\n"},
		{"AfterFunc with a method value", "\ttime.AfterFunc(time.Microsecond, W{n: 6}.tick)\n"},
		{"WaitGroup.Go", "\tvar wg sync.WaitGroup\n\twg.Go(func() { work(7) })\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := head + tc.body + tail
			res := runSource(t, src, Options{})
			require.Nil(t, res.Err, "source:\n%s\nwant no error, got %v\nstderr:\n%s", src, res.Err, res.Stderr)
			assert.Equal(t, "main returns\n", res.Stdout, "source:\n%s", src)
		})
	}
}

// The same at a time limit, in a busy program (Go's
// test/fixedbugs/issue31419.go under load), for a go statement that
// binds an argument and for a literal: the run is stopped wherever the
// goroutines are, often between a panic and its recover.
func TestStoppedWhilePanickingDoesNotKillTheRuntime(t *testing.T) {
	skipUnderRace(t)
	if runtime.GOOS == "js" {
		t.Skip("without preemption a busy loop cannot be stopped from inside the wasm runtime; the page's watchdog does it")
	}
	const head = `package main

type T int

func (t T) M() {}

type I interface {
	M()
	M2()
}

var e any = new(T)

func f1() {
	defer func() { recover() }()
	_ = e.(I)
}

func spin(n int) {
	for {
		f1()
	}
}

func spin0() { spin(0) }

func main() {
`
	const tail = `	for {
		f1()
	}
}
`
	cases := []struct{ name, body string }{
		{"go f()", "\tgo spin0()\n"},
		{"go f(x)", "\tfor i := range 2 {\n\t\tgo spin(i)\n\t}\n"},
		{"go func(v int){}(i)", "\tfor i := range 2 {\n\t\tgo func(v int) {\n\t\t\tfor {\n\t\t\t\tf1()\n\t\t\t}\n\t\t}(i)\n\t}\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			src := head + tc.body + tail
			for i := range 6 {
				res := runSource(t, src, Options{Timeout: time.Duration(50+37*i) * time.Millisecond})
				require.NotNil(t, res.Err, "run %d: want the time limit", i)
				assert.Contains(t, res.Err.Message, "time limit", "run %d: %v", i, res.Err)
			}
		})
	}
}

// A callback run on a goroutine of its own, passed through a function
// value (time.AfterFunc, a WaitGroup's Go or a clock's AfterFunc used as
// values): its panic is the program's, reported at the callback, where it
// used to end the whole process; a method of the program's own named Go
// or AfterFunc is called as written.
func TestCallbacksThroughFunctionValuesReportTheirPanics(t *testing.T) {
	skipUnderRace(t)
	cases := []struct{ name, body string }{
		{"time.AfterFunc as a value", "\tafter := time.AfterFunc\n\tafter(time.Millisecond, func() { panic(\"boom\") })\n\ttime.Sleep(time.Second)\n"},
		{"wg.Go as a value", "\tvar wg sync.WaitGroup\n\tstart := wg.Go\n\tstart(func() { panic(\"boom\") })\n\twg.Wait()\n"},
		{"clock AfterFunc as a value", "\tc := clock.NewVirtual(time.Unix(0, 0))\n\tafter := c.AfterFunc\n\tafter(time.Millisecond, func() { panic(\"boom\") })\n\tc.Advance(time.Second)\n\ttime.Sleep(time.Second)\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src := "package main\n\nimport (\n\t\"sync\"\n\t\"time\"\n\n\t\"github.com/flakylab/flakylab/core/clock\"\n)\n\nvar _ sync.WaitGroup\nvar _ = clock.NewVirtual\nvar _ = time.Now\n\nfunc main() {\n" + tc.body + "}\n"
			res := runSource(t, src, Options{})
			require.NotNil(t, res.Err, "source:\n%s\nwant the callback's panic", src)
			assert.Equal(t, KindPanic, res.Err.Kind, "source:\n%s\nerror: %v", src, res.Err)
			assert.Contains(t, res.Err.Message, "panic: boom", "source:\n%s", src)
		})
	}
	own := "package main\n\nimport \"fmt\"\n\ntype R struct{}\n\nfunc (R) Go(n int) { fmt.Println(\"go\", n) }\n\nfunc (R) AfterFunc(d int, f func(int) int) { fmt.Println(\"after\", f(d)) }\n\nfunc main() {\n\tR{}.Go(3)\n\tR{}.AfterFunc(2, func(x int) int { return x * 2 })\n}\n"
	res := runSource(t, own, Options{})
	requireSuccess(t, own, res)
	assert.Equal(t, "go 3\nafter 4\n", res.Stdout, "source:\n%s", own)
}
