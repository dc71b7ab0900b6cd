package sandbox

import (
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRunReportsPanicsAtTheLine(t *testing.T) {
	cases := []struct {
		name, src string
		msg       string
		line, col int
		stdout    string
		trace     []string // lines the stderr trace must contain, in order
	}{
		{
			name: "panic in main",
			src:  "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"before\")\n\tpanic(\"boom\")\n\tfmt.Println(\"after\")\n}\n",
			msg:  "panic: boom",
			line: 7, col: 2, stdout: "before\n",
			trace: []string{"panic: boom", "goroutine 1 [running]:", "main.main(...)", "\tprog.go:7:2"},
		},
		{
			name: "panic in a snippet",
			src:  "fmt.Println(\"a\")\n\nif true {\n\tpanic(fmt.Sprintf(\"bad %d\", 42))\n}\n",
			msg:  "panic: bad 42",
			line: 4, col: 2, stdout: "a\n",
			trace: []string{"panic: bad 42", "main.main(...)", "\tprog.go:4:2"},
		},
		{
			name: "runtime error two calls deep",
			src:  "package main\n\nfunc at(xs []int, i int) int {\n\treturn xs[i]\n}\n\nfunc f() int {\n\tx := 1\n\treturn at([]int{1, 2}, x+4)\n}\n\nfunc main() {\n\tf()\n}\n",
			msg:  "panic: runtime error: index out of range [5] with length 2",
			line: 4, col: 2,
			trace: []string{"main.at(...)", "\tprog.go:4:2", "main.f(...)", "\tprog.go:9:2", "main.main(...)", "\tprog.go:13:2"},
		},
		{
			// The front end evaluates a deferred call's arguments in a
			// literal of its own; Go names the learner's literals only.
			name: "literal after a deferred call in a loop",
			src:  "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfor i := range 3 {\n\t\tdefer fmt.Println(i)\n\t}\n\tf := func() {\n\t\tvar m map[int]int\n\t\tm[1] = 1\n\t}\n\tf()\n}\n",
			msg:  "panic: assignment to entry in nil map",
			line: 11, col: 3, stdout: "2\n1\n0\n",
			trace: []string{"main.main.func1(...)", "\tprog.go:11:3", "main.main(...)", "\tprog.go:13:2"},
		},
		{
			// Literals that capture a loop variable, passed to a
			// package's function, count once each, as Go counts them.
			name: "literal after one in a loop",
			src:  "package main\n\nimport (\n\t\"fmt\"\n\t\"sync\"\n)\n\nfunc main() {\n\tvar once sync.Once\n\tfor i := 0; i < 2; i++ {\n\t\tonce.Do(func() { fmt.Println(\"once\", i) })\n\t}\n\tfunc() { panic(\"boom\") }()\n}\n",
			msg:  "panic: boom",
			line: 13, col: 11, stdout: "once 0\n",
			trace: []string{"main.main.func2(...)", "\tprog.go:13:11", "main.main(...)", "\tprog.go:13:2"},
		},
		{
			name: "nil map",
			src:  "var m map[string]int\nm[\"x\"] = 1\n",
			msg:  "panic: assignment to entry in nil map",
			line: 2, col: 1,
		},
		{
			name: "nil pointer",
			src:  "package main\n\ntype T struct{ n int }\n\nfunc main() {\n\tvar p *T\n\tp.n = 1\n}\n",
			msg:  "panic: runtime error: invalid memory address or nil pointer dereference",
			line: 7, col: 2,
		},
		{
			// The trace run must not put statements between a switch's
			// clauses: the interpreter took one for a case.
			name: "nil pointer after a tagless switch",
			src:  "package main\n\nimport \"fmt\"\n\ntype T struct{ n int }\n\nfunc main() {\n\tx := 3\n\tswitch {\n\tcase x < 2, x > 5:\n\t\tfmt.Println(\"out\")\n\tcase x == 3:\n\t\tfmt.Println(\"three\")\n\tdefault:\n\t\tfmt.Println(\"other\")\n\t}\n\tvar v any = x\n\tswitch v.(type) {\n\tcase int:\n\t\tfmt.Println(\"int\")\n\t}\n\tvar p *T\n\tfmt.Println(p.n)\n}\n",
			msg:  "panic: runtime error: invalid memory address or nil pointer dereference",
			line: 23, col: 2,
			stdout: "three\nint\n",
			trace:  []string{"main.main(...)", "\tprog.go:23:2"},
		},
		{
			name: "error value",
			src:  "panic(fmt.Errorf(\"wrapped: %w\", errors.New(\"inner\")))\n",
			msg:  "panic: wrapped: inner",
			line: 1, col: 1,
		},
		{
			name: "panic after a recovered one",
			src:  "func() {\n\tdefer func() { recover() }()\n\tpanic(\"first\")\n}()\nfmt.Println(\"recovered\")\npanic(\"second\")\n",
			msg:  "panic: second",
			line: 6, col: 1, stdout: "recovered\n",
		},
		{
			name: "panic in init",
			src:  "package main\n\nfunc init() {\n\tpanic(\"in init\")\n}\n\nfunc main() {}\n",
			msg:  "panic: in init",
			line: 4, col: 2,
		},
		{
			name: "type assertion",
			src:  "var v any = \"s\"\nn := v.(int)\nfmt.Println(n)\n",
			msg:  "panic: interface conversion: interface {} is string, not int",
			line: 2, col: 1,
		},
		{
			name: "string sliced past its end",
			src:  "s := \"héllo\"\nn := 10\nfmt.Println(s[n:])\n",
			msg:  "panic: runtime error: slice bounds out of range [10:6]",
			line: 3, col: 1,
		},
		{
			name: "method of a nil interface",
			src:  "var err error\nfmt.Println(err.Error())\n",
			msg:  "panic: runtime error: invalid memory address or nil pointer dereference",
			line: 2, col: 1,
		},
		{
			name: "assertion to fmt.Stringer of a value without String",
			src:  "package main\n\nimport \"fmt\"\n\ntype T struct{ n int }\n\nfunc main() {\n\tvar v any = T{1}\n\ts := v.(fmt.Stringer)\n\tfmt.Println(s)\n}\n",
			msg:  "panic: interface conversion: main.T is not fmt.Stringer: missing method String",
			line: 9, col: 2,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := runSource(t, tc.src, Options{})
			require.NotNil(t, res.Err, "source:\n%s\nwant a panic", tc.src)
			assert.Equal(t, KindPanic, res.Err.Kind, "source:\n%s\nerror %v", tc.src, res.Err)
			assert.Equal(t, tc.msg, res.Err.Message, "source:\n%s", tc.src)
			assert.Equal(t, []int{tc.line, tc.col}, []int{res.Err.Line, res.Err.Column},
				"source:\n%s\nerror %v: want %d:%d", tc.src, res.Err, tc.line, tc.col)
			assert.Equal(t, tc.stdout, res.Stdout, "source:\n%s", tc.src)
			assert.Equal(t, 2, res.ExitCode, "exit code after a panic")
			assertInOrder(t, res.Stderr, tc.trace)
		})
	}
}

// assertInOrder checks that each of want appears in s as a whole line, in
// order.
func assertInOrder(t *testing.T, s string, want []string) {
	t.Helper()
	lines := strings.Split(s, "\n")
	i := 0
	for _, w := range want {
		for i < len(lines) && lines[i] != w {
			i++
		}
		if !assert.Less(t, i, len(lines), "stderr:\n%s\nwant line %q (after the ones before it)", s, w) {
			return
		}
		i++
	}
}

func TestGoroutinePanicsDoNotKillTheRuntime(t *testing.T) {
	cases := []struct {
		name, src string
		msg       string
		line, col int
		goLine    string
	}{
		{
			name: "func literal",
			src:  "done := make(chan bool)\ngo func() {\n\tdefer close(done)\n\tpanic(\"in goroutine\")\n}()\n<-done\ntime.Sleep(time.Second)\nfmt.Println(\"unreachable\")\n",
			msg:  "panic: in goroutine",
			line: 4, col: 2, goLine: "goroutine started at prog.go:2:1 [running]:",
		},
		{
			name: "named function with arguments",
			src:  "package main\n\nimport \"time\"\n\nfunc worker(id int64, xs []int) {\n\t_ = xs[id]\n}\n\nfunc main() {\n\tgo worker(5, nil)\n\ttime.Sleep(time.Second)\n}\n",
			msg:  "panic: runtime error: index out of range [5] with length 0",
			line: 6, col: 2, goLine: "goroutine started at prog.go:10:2 [running]:",
		},
		{
			name: "method value",
			src:  "package main\n\nimport \"time\"\n\ntype S struct{ name string }\n\nfunc (s *S) loop() {\n\tpanic(s.name)\n}\n\nfunc main() {\n\ts := &S{\"svc\"}\n\tgo s.loop()\n\ttime.Sleep(time.Second)\n}\n",
			msg:  "panic: svc",
			line: 8, col: 2, goLine: "goroutine started at prog.go:13:2 [running]:",
		},
		{
			name: "compiled function",
			src:  "var wg sync.WaitGroup\ngo wg.Done()\ntime.Sleep(time.Second)\n",
			msg:  "panic: sync: negative WaitGroup counter",
			line: 2, col: 1, goLine: "goroutine started at prog.go:2:1 [running]:",
		},
		{
			name: "time.AfterFunc callback",
			src:  "time.AfterFunc(time.Second, func() {\n\tvar m map[int]int\n\tm[1] = 1\n})\ntime.Sleep(2 * time.Second)\n",
			msg:  "panic: assignment to entry in nil map",
			line: 3, col: 2, goLine: "goroutine started at prog.go:1:1 [running]:",
		},
		{
			name: "WaitGroup.Go",
			src:  "var wg sync.WaitGroup\nwg.Go(func() {\n\tpanic(\"in wg.Go\")\n})\nwg.Wait()\n",
			msg:  "panic: in wg.Go",
			line: 3, col: 2, goLine: "goroutine started at prog.go:2:1 [running]:",
		},
		{
			name: "AfterFunc of a clock the program made",
			src:  "vc := clock.NewVirtual(time.Now())\ndefer vc.Close()\nvc.AfterFunc(time.Second, func() { panic(\"tick\") })\nvc.SleepPlain(2 * time.Second)\n",
			msg:  "panic: tick",
			line: 3, col: 36, goLine: "goroutine started at prog.go:3:1 [running]:",
		},
	}
	skipUnderRace(t)
	before := runtime.NumGoroutine()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res := runSource(t, tc.src, Options{})
			require.NotNil(t, res.Err, "source:\n%s\nwant a panic", tc.src)
			assert.Equal(t, KindPanic, res.Err.Kind, "source:\n%s\nerror %v", tc.src, res.Err)
			assert.Equal(t, tc.msg, res.Err.Message, "source:\n%s", tc.src)
			assert.Equal(t, []int{tc.line, tc.col}, []int{res.Err.Line, res.Err.Column},
				"source:\n%s\nerror %v: want %d:%d", tc.src, res.Err, tc.line, tc.col)
			assert.NotContains(t, res.Stdout, "unreachable", "a goroutine's panic ends the program")
			assertInOrder(t, res.Stderr, []string{tc.msg, tc.goLine})
		})
	}
	// Stopped programs leave no goroutines behind.
	assert.Eventually(t, func() bool { return runtime.NumGoroutine() <= before+1 }, 20*time.Second, 10*time.Millisecond,
		"goroutines before %d, after %d", before, runtime.NumGoroutine())
}

func TestRecoverSeesThePanicValue(t *testing.T) {
	src := `package main

import (
	"errors"
	"fmt"
)

var errBoom = errors.New("boom")

func try(f func()) (r any) {
	defer func() { r = recover() }()
	f()
	return nil
}

func main() {
	fmt.Println(try(func() { panic("text") }))
	r := try(func() { panic(errBoom) })
	err, ok := r.(error)
	fmt.Println(ok, errors.Is(err, errBoom))
	fmt.Println(try(func() { panic(42) }) == 42)
	fmt.Println(try(func() {}))
}
`
	res := runSource(t, src, Options{})
	requireSuccess(t, src, res)
	assert.Equal(t, "text\ntrue true\ntrue\n<nil>\n", res.Stdout, "source:\n%s", src)
	assert.Empty(t, res.Stderr, "recovered panics leave no trace")
}

func TestPrintBuiltinsWriteToStderr(t *testing.T) {
	src := "println(\"a\", 1, true, 1.5)\nprint(\"b\", 2)\nfmt.Println(\"out\")\n"
	res := runSource(t, src, Options{})
	requireSuccess(t, src, res)
	assert.Equal(t, "out\n", res.Stdout)
	assert.Equal(t, "a 1 true 1.5\nb2", res.Stderr)
}

func TestGoStatementsEvaluateTheirArgumentsAtOnce(t *testing.T) {
	skipUnderRace(t)
	src := `package main

import (
	"fmt"
	"sort"
	"sync"
)

const greeting = "hi"

var (
	mu  sync.Mutex
	got []string
)

func note(wg *sync.WaitGroup, i int, s string, f float32) {
	defer wg.Done()
	mu.Lock()
	got = append(got, fmt.Sprint(i, s, f))
	mu.Unlock()
}

func sum(wg *sync.WaitGroup, xs ...int) {
	defer wg.Done()
	n := 0
	for _, x := range xs {
		n += x
	}
	mu.Lock()
	got = append(got, fmt.Sprint("sum", n))
	mu.Unlock()
}

type counter struct{ name string }

func (c counter) report(wg *sync.WaitGroup) {
	defer wg.Done()
	mu.Lock()
	got = append(got, c.name)
	mu.Unlock()
}

func main() {
	var wg sync.WaitGroup
	x := 1
	wg.Add(1)
	go note(&wg, x, greeting, 2.5)
	x = 2
	for i := 10; i < 13; i++ {
		wg.Add(1)
		go note(&wg, i, "loop", 0)
	}
	xs := []int{1, 2, 3}
	wg.Add(1)
	go sum(&wg, xs...)
	c := counter{"first"}
	wg.Add(1)
	go c.report(&wg)
	f := note
	wg.Add(1)
	go f(&wg, 99, "via a variable", 1)
	wg.Wait()
	sort.Strings(got)
	fmt.Println(got, x)
}
`
	res := runSource(t, src, Options{})
	requireSuccess(t, src, res)
	assert.Equal(t, "[10loop0 11loop0 12loop0 1hi2.5 99via a variable1 first sum6] 2\n", res.Stdout)
}

// TestPanicPositionsSurviveLowering: the front end rewrites ranges over
// ints, min/max and swaps into longer code, and the rewrite and the trace
// then work on that lowered source; every reported position must still be
// the learner's, in a program and in a snippet.
func TestPanicPositionsSurviveLowering(t *testing.T) {
	body := "a, b := 1, 2\na, b = b, a\nfor i := range 2 {\n\tfmt.Println(max(i, a), b)\n}\nfs := []func(){}\nfor i := range 2 {\n\tfs = append(fs, func() { fmt.Println(i) })\n}\nfor _, f := range fs {\n\tf()\n}\ndone := make(chan bool)\ngo func() {\n\tvar m map[string]int\n\tm[\"k\"] = min(a, b)\n\tdone <- true\n}()\n<-done\n"
	program := "package main\n\nimport \"fmt\"\n\nfunc main() {\n" + indent(body) + "}\n"
	for _, tc := range []struct {
		name, src string
		line, col int // of m["k"] = ...
		goLine    int // of the go statement
	}{
		{"program", program, 21, 3, 19},
		{"snippet", body, 16, 2, 14},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := runSource(t, tc.src, Options{})
			require.NotNil(t, res.Err, "stdout %q", res.Stdout)
			assert.Equal(t, "2 1\n2 1\n0\n1\n", res.Stdout)
			assert.Equal(t, "panic: assignment to entry in nil map", res.Err.Message)
			assert.Equal(t, []int{tc.line, tc.col}, []int{res.Err.Line, res.Err.Column}, "stderr:\n%s", res.Stderr)
			assert.Contains(t, res.Stderr, "goroutine started at prog.go:"+itoa(tc.goLine)+":", "stderr:\n%s", res.Stderr)
		})
	}
}

func indent(s string) string {
	return "\t" + strings.ReplaceAll(strings.TrimSuffix(s, "\n"), "\n", "\n\t") + "\n"
}

func itoa(n int) string { return strconv.Itoa(n) }
