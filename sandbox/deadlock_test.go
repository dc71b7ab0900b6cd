package sandbox

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The deadlock tests do not run in parallel: the watch looks at every
// goroutine of the process, and another run's busy goroutines keep it
// from concluding (the program would then reach its time limit, and the
// test fail).

func TestDeadlockEndsTheRunAsGoDoes(t *testing.T) {
	cases := []struct {
		name, body, stdout string
	}{
		{"send nobody receives", `fmt.Println("before")
	ch := make(chan int)
	ch <- 1
	fmt.Println("after")`, "before\n"},
		{"receive nobody sends", `ch := make(chan string)
	fmt.Println(<-ch)`, ""},
		{"empty select", `fmt.Print("x")
	select {}`, "x"},
		{"nil channel", `var ch chan int
	<-ch`, ""},
		{"goroutines wait for each other", `a, b := make(chan int), make(chan int)
	go func() { <-a; b <- 1 }()
	go func() { <-b; a <- 1 }()
	var wg sync.WaitGroup
	wg.Add(1)
	wg.Wait()`, ""},
		{"mutex locked twice", `var mu sync.Mutex
	mu.Lock()
	fmt.Println("locked")
	mu.Lock()`, "locked\n"},
		{"range over a channel never closed", `ch := make(chan int, 3)
	go func() {
		for i := range 3 {
			ch <- i
		}
	}()
	for v := range ch {
		fmt.Println(v)
	}`, "0\n1\n2\n"},
		{"after the clock ran", `time.Sleep(time.Hour)
	fmt.Println("woke")
	done := make(chan bool)
	<-done`, "woke\n"},
		{"context never cancelled", `ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	<-ctx.Done()`, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := "package main\n\nimport (\n\t\"context\"\n\t\"fmt\"\n\t\"sync\"\n\t\"time\"\n)\n\n" +
				"var _ = context.Background\nvar _ = fmt.Println\nvar _ sync.Mutex\nvar _ = time.Sleep\n\n" +
				"func main() {\n\t" + c.body + "\n}\n"
			res := Run(context.Background(), src, Options{Timeout: 30 * time.Second})
			require.NotNil(t, res.Err, "program:\n%s\nwant the deadlock, got a clean end; stdout %q", src, res.Stdout)
			assert.Equal(t, KindRuntime, res.Err.Kind, "program:\n%s\nerror: %v", src, res.Err)
			assert.Equal(t, deadlockMessage, res.Err.Message, "program:\n%s", src)
			assert.Equal(t, 2, res.ExitCode, "program:\n%s", src)
			assert.Equal(t, c.stdout, res.Stdout, "program:\n%s", src)
		})
	}
}

func TestNoDeadlockWhileTimeCanMoveOrAGoroutineWorks(t *testing.T) {
	cases := []struct {
		name, body, stdout string
	}{
		{"a sleeper wakes the receiver", `ch := make(chan int)
	go func() {
		time.Sleep(10 * time.Minute)
		ch <- 7
	}()
	fmt.Println(<-ch)`, "7\n"},
		{"a deadline ends the wait", `ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	<-ctx.Done()
	fmt.Println(ctx.Err())`, "context deadline exceeded\n"},
		{"a timer fires", `t := time.NewTimer(time.Minute)
	<-t.C
	fmt.Println("fired")`, "fired\n"},
		{"a worker computes for a while", `ch := make(chan int)
	go func() {
		n := 0
		for i := range 1_000_000 {
			n += i % 7
		}
		ch <- n
	}()
	fmt.Println(<-ch)`, "2999997\n"},
		{"a ticker drives the loop", `tk := time.NewTicker(time.Second)
	defer tk.Stop()
	for i := range 3 {
		<-tk.C
		fmt.Println(i)
	}`, "0\n1\n2\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := "package main\n\nimport (\n\t\"context\"\n\t\"fmt\"\n\t\"time\"\n)\n\n" +
				"var _ = context.Background\nvar _ = time.Sleep\n\nfunc main() {\n\t" + c.body + "\n}\n"
			res := Run(context.Background(), src, Options{Timeout: 60 * time.Second})
			require.Nil(t, res.Err, "program:\n%s\nwant a clean end, got %v", src, res.Err)
			assert.Equal(t, c.stdout, res.Stdout, "program:\n%s", src)
		})
	}
}

func TestParseGoroutine(t *testing.T) {
	block := "goroutine 10 [select, 2 minutes]:\n" +
		"reflect.rselect({0xd3bbd7e248, 0x1, 0x0?})\n\t/go/src/runtime/select.go:589 +0x2c5\n" +
		"internal/sync.(*Mutex).Lock(...)\n\t/go/src/internal/sync/mutex.go:1 +0x1\n" +
		"github.com/traefik/yaegi/interp._select.func4(0xd3bbb5eb00)\n\t/mod/interp/run.go:1 +0x1\n" +
		"created by github.com/traefik/yaegi/interp.call.func9 in goroutine 8\n\t/mod/interp/run.go:2 +0x1"
	g, ok := parseGoroutine(block)
	require.True(t, ok)
	assert.Equal(t, "10", g.id)
	assert.Equal(t, "select, 2 minutes", g.state)
	assert.True(t, blockedState(g.state))
	assert.Equal(t, []string{"reflect.rselect", "internal/sync.(*Mutex).Lock", "github.com/traefik/yaegi/interp._select.func4"}, g.funcs)
	assert.Equal(t, "github.com/traefik/yaegi/interp.call.func9", g.creator)
	assert.True(t, blockedInProgram(g.funcs))
	assert.False(t, blockedInProgram([]string{"runtime.gopark", "github.com/flakylab/flakylab/sandbox.(*output).write", "github.com/traefik/yaegi/interp.callBin.func2"}),
		"a goroutine blocked inside the host's compiled code is not the program's deadlock")
	for _, s := range []string{"running", "runnable", "sleep", "syscall", "IO wait, 3 minutes", "preempted"} {
		assert.False(t, blockedState(s), "state %q", s)
	}
	assert.True(t, runtimeOnly([]string{"runtime.gopark", "runtime.handleEvent", "runtime.goexit"}))
	assert.False(t, runtimeOnly(g.funcs))
	_, ok = parseGoroutine("not a goroutine")
	assert.False(t, ok)
	assert.Equal(t, "github.com/traefik/yaegi/interp", funcPackage("github.com/traefik/yaegi/interp.(*Interpreter).Eval"))
	assert.Equal(t, "internal/sync", funcPackage("internal/sync.(*Mutex).lockSlow"))
	assert.Equal(t, "reflect", funcPackage("reflect.Value.Call"))
	assert.NotEmpty(t, currentGoroutine())
}
