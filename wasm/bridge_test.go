//go:build js && wasm

package main

import (
	"fmt"
	"os"
	"strings"
	"syscall/js"
	"testing"
	"time"

	"github.com/hack-pad/safejs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// These tests run under Node (GOOS=js GOARCH=wasm go test, with
// $(go env GOROOT)/lib/wasm on PATH). They install the namespace as main
// does and use it only through syscall/js, as the page's worker would.

func TestMain(m *testing.M) {
	in, err := install(safejs.Global())
	if err != nil {
		fmt.Println("install:", err)
		os.Exit(1)
	}
	code := m.Run()
	in.release()
	os.Exit(code)
}

// ns is globalThis.flakylab.
func ns() js.Value { return js.Global().Get(namespace) }

// settled is what a promise settled with.
type settled struct {
	value    js.Value
	rejected bool
}

// await blocks until p settles; the event loop runs meanwhile.
func await(t *testing.T, p js.Value) settled {
	t.Helper()
	require.Equal(t, js.TypeObject, p.Type(), "want a Promise, got %s", p.Type())
	ch := make(chan settled, 1)
	onValue := js.FuncOf(func(_ js.Value, args []js.Value) any { ch <- settled{args[0], false}; return nil })
	onError := js.FuncOf(func(_ js.Value, args []js.Value) any { ch <- settled{args[0], true}; return nil })
	defer onValue.Release()
	defer onError.Release()
	p.Call("then", onValue, onError)
	select {
	case s := <-ch:
		return s
	case <-time.After(30 * time.Second):
		t.Fatal("the promise did not settle within 30s")
	}
	return settled{}
}

// run calls flakylab.run(req) and requires it to resolve.
func run(t *testing.T, req map[string]any) js.Value {
	t.Helper()
	s := await(t, ns().Call("run", req))
	require.False(t, s.rejected, "run(%v) was rejected: %s", req["source"], jsonOf(s.value))
	return s.value
}

func jsonOf(v js.Value) string {
	return js.Global().Get("JSON").Call("stringify", v).String()
}

func TestReadyAndVersion(t *testing.T) {
	s := await(t, ns().Get("ready"))
	assert.False(t, s.rejected)
	assert.True(t, s.value.Bool(), "ready resolves with true")
	assert.Contains(t, ns().Get("version").String(), "go1.", "version names the Go release")

	mod, err := os.ReadFile("../go.mod")
	require.NoError(t, err)
	var want string
	for line := range strings.Lines(string(mod)) {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "github.com/traefik/yaegi" {
			want = f[1]
		}
	}
	require.NotEmpty(t, want, "go.mod requires github.com/traefik/yaegi")
	assert.True(t, strings.HasSuffix(ns().Get("version").String(), ", yaegi "+want),
		"version names the interpreter go.mod requires: want suffix %q, got %q", ", yaegi "+want, ns().Get("version").String())
}

func TestRunAllowedProgram(t *testing.T) {
	src := "package main\n\nimport (\n\t\"fmt\"\n\t\"strings\"\n)\n\nfunc main() {\n\tfmt.Println(strings.Repeat(\"ab\", 3))\n}\n"
	r := run(t, map[string]any{"source": src})
	assert.Equal(t, "ababab\n", r.Get("stdout").String(), "result %s", jsonOf(r))
	assert.Equal(t, "", r.Get("stderr").String())
	assert.True(t, r.Get("error").IsNull(), "result %s", jsonOf(r))
	assert.Equal(t, 0, r.Get("exitCode").Int())
	assert.False(t, r.Get("truncated").Bool())
	assert.Equal(t, js.TypeNumber, r.Get("realElapsedMs").Type())
	assert.Equal(t, 0.0, r.Get("virtualElapsedMs").Float())
}

func TestRunStreamsOutput(t *testing.T) {
	var out, errs []string
	onOut := js.FuncOf(func(_ js.Value, args []js.Value) any { out = append(out, args[0].String()); return nil })
	onErr := js.FuncOf(func(_ js.Value, args []js.Value) any { errs = append(errs, args[0].String()); return nil })
	defer onOut.Release()
	defer onErr.Release()
	src := "for i := 0; i < 3; i++ {\n\tfmt.Println(i)\n}\nprintln(\"e\")\n"
	r := run(t, map[string]any{"source": src, "onStdout": onOut, "onStderr": onErr})
	assert.Equal(t, []string{"0\n", "1\n", "2\n"}, out, "stdout chunks")
	assert.Equal(t, []string{"e\n"}, errs, "stderr chunks")
	assert.Equal(t, "0\n1\n2\n", r.Get("stdout").String())
}

func TestRunRefusesForbiddenImports(t *testing.T) {
	for _, pkg := range []string{"bufio", "os/exec", "net", "net/http", "syscall", "unsafe", "reflect", "runtime", "io/fs", "plugin", "syscall/js"} {
		src := fmt.Sprintf("package main\n\nimport %q\n\nfunc main() {}\n", pkg)
		r := run(t, map[string]any{"source": src})
		e := r.Get("error")
		require.False(t, e.IsNull(), "import %q: want an error, got %s", pkg, jsonOf(r))
		assert.Equal(t, "import", e.Get("kind").String(), "import %q", pkg)
		msg := e.Get("message").String()
		assert.Contains(t, msg, fmt.Sprintf("%q", pkg), "import %q: the message names it", pkg)
		assert.Contains(t, msg, "allowed packages: ", "import %q: the message lists what is allowed", pkg)
		assert.Contains(t, msg, "math/rand/v2", "import %q", pkg)
		assert.Equal(t, []int{3, 8}, []int{e.Get("line").Int(), e.Get("column").Int()}, "import %q: position", pkg)
		assert.Equal(t, 1, r.Get("exitCode").Int())
	}
}

func TestRunReportsPanicWithLine(t *testing.T) {
	src := "package main\n\nimport \"fmt\"\n\nfunc divide(a, b int) int {\n\treturn a / b\n}\n\nfunc main() {\n\tfmt.Println(\"start\")\n\tif divide(1, 1) == 1 {\n\t\tpanic(\"checked: \" + fmt.Sprint(divide(4, 2)))\n\t}\n}\n"
	r := run(t, map[string]any{"source": src})
	e := r.Get("error")
	require.False(t, e.IsNull(), "want a panic, got %s", jsonOf(r))
	assert.Equal(t, "panic", e.Get("kind").String())
	assert.Equal(t, "panic: checked: 2", e.Get("message").String())
	assert.Equal(t, 12, e.Get("line").Int(), "the line of the panic call")
	assert.Equal(t, 2, r.Get("exitCode").Int())
	assert.Equal(t, "start\n", r.Get("stdout").String())
	assert.Contains(t, r.Get("stderr").String(), "prog.go:12:3")

	runtimeErr := "xs := []int{1, 2, 3}\ni := 3\nfmt.Println(xs[i])\n"
	r = run(t, map[string]any{"source": runtimeErr})
	e = r.Get("error")
	require.False(t, e.IsNull(), "want a panic, got %s", jsonOf(r))
	assert.Equal(t, "panic: runtime error: index out of range [3] with length 3", e.Get("message").String(), "Go's own words")
	assert.Equal(t, 3, e.Get("line").Int())

	goroutine := "done := make(chan bool)\ngo func() {\n\tvar m map[string]int\n\tm[\"k\"]++\n\tdone <- true\n}()\n<-done\n"
	r = run(t, map[string]any{"source": goroutine})
	e = r.Get("error")
	require.False(t, e.IsNull(), "want a panic, got %s", jsonOf(r))
	assert.Equal(t, "panic: assignment to entry in nil map", e.Get("message").String())
	assert.Equal(t, 4, e.Get("line").Int(), "a goroutine's panic, at its line")
}

func TestRunReportsEveryCompileError(t *testing.T) {
	// The front end rejects what go build rejects, with its messages.
	src := "package main\n\nimport (\n\t\"fmt\"\n\t\"strings\"\n)\n\nfunc main() {\n\tx := 1\n\tfmt.Println(\"hi\")\n}\n"
	r := run(t, map[string]any{"source": src})
	assert.Equal(t, "compile", r.Get("error").Get("kind").String(), "result %s", jsonOf(r))
	errs := r.Get("errors")
	require.Equal(t, 2, errs.Length(), "result %s", jsonOf(r))
	assert.Equal(t, "\"strings\" imported and not used", errs.Index(0).Get("message").String())
	assert.Equal(t, []int{5, 2}, []int{errs.Index(0).Get("line").Int(), errs.Index(0).Get("column").Int()})
	assert.Equal(t, "declared and not used: x", errs.Index(1).Get("message").String())
	assert.Equal(t, []int{9, 2}, []int{errs.Index(1).Get("line").Int(), errs.Index(1).Get("column").Int()})

	// Range over an int made yaegi v0.16.1 panic; lowered, it runs.
	r = run(t, map[string]any{"source": "for i := range 3 {\n\tfmt.Println(i)\n}\n"})
	assert.Equal(t, "0\n1\n2\n", r.Get("stdout").String(), "result %s", jsonOf(r))
	assert.Equal(t, 0, r.Get("errors").Length())
}

func TestThirtyVirtualSecondsDoNotSleep(t *testing.T) {
	src := "start := time.Now()\nfor i := 0; i < 3; i++ {\n\ttime.Sleep(10 * time.Second)\n\tfmt.Println(i, time.Since(start))\n}\n"
	want := "0 10s\n1 20s\n2 30s\n"
	for i := 0; i < 2; i++ {
		began := time.Now()
		r := run(t, map[string]any{"source": src})
		assert.Equal(t, want, r.Get("stdout").String(), "run %d: %s", i, jsonOf(r))
		assert.Equal(t, 30000.0, r.Get("virtualElapsedMs").Float(), "run %d", i)
		// Only a real sleep takes the 30 s the program slept: a busy
		// machine cannot make this fail.
		assert.Less(t, time.Since(began), 30*time.Second, "run %d took %v of real time: it slept for real", i, time.Since(began))
	}
}

func TestRunCapsOutput(t *testing.T) {
	r := run(t, map[string]any{"source": "for {\n\tfmt.Println(\"more\")\n}\n", "maxOutput": 100})
	assert.True(t, r.Get("truncated").Bool(), "result %s", jsonOf(r))
	assert.True(t, strings.HasSuffix(r.Get("stdout").String(), "[output truncated: the program printed more than 100 bytes]\n"),
		"stdout %q", r.Get("stdout").String())
	assert.Equal(t, "runtime", r.Get("error").Get("kind").String())
}

func TestSeedOption(t *testing.T) {
	src := "fmt.Println(rand.IntN(1000000))\n"
	a := run(t, map[string]any{"source": src, "seed": 5}).Get("stdout").String()
	b := run(t, map[string]any{"source": src, "seed": 5}).Get("stdout").String()
	c := run(t, map[string]any{"source": src, "seed": 6}).Get("stdout").String()
	assert.Equal(t, a, b, "the same seed")
	assert.NotEqual(t, a, c, "another seed")
}

func TestFormat(t *testing.T) {
	s := await(t, ns().Call("format", "x:=1\nfmt.Println( x )\n"))
	require.False(t, s.rejected, "format: %s", jsonOf(s.value))
	assert.Equal(t, "x := 1\nfmt.Println(x)\n", s.value.Get("source").String())

	s = await(t, ns().Call("format", "package main\n\nfunc main() {\n\tx := \n}\n"))
	require.True(t, s.rejected, "format of broken code: want a rejection")
	assert.Equal(t, "format", s.value.Get("code").String(), "rejection %s", jsonOf(s.value))
	assert.Equal(t, 5, s.value.Get("line").Int())
	assert.Equal(t, 1, s.value.Get("column").Int())
}
