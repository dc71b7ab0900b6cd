//go:build js && wasm

package main

import (
	"strings"
	"syscall/js"
	"testing"

	"github.com/hack-pad/safejs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rejection calls flakylab[fn](args...) and requires a rejection with code.
func rejection(t *testing.T, code string, fn string, args ...any) js.Value {
	t.Helper()
	s := await(t, ns().Call(fn, args...))
	require.True(t, s.rejected, "%s(%v): want a rejection, got %s", fn, args, jsonOf(s.value))
	assert.Equal(t, js.TypeObject, s.value.Type(), "%s: rejected with an object", fn)
	assert.Equal(t, code, s.value.Get("code").String(), "%s(%v): rejection %s", fn, args, jsonOf(s.value))
	assert.NotEmpty(t, s.value.Get("message").String(), "%s: a message", fn)
	return s.value
}

func TestBadRunInputIsRejected(t *testing.T) {
	fn := js.FuncOf(func(js.Value, []js.Value) any { return nil })
	defer fn.Release()
	huge := strings.Repeat("x", 10<<20)
	cases := []struct {
		name string
		args []any
		code string
	}{
		{"no argument", nil, "bad_request"},
		{"a number", []any{42}, "bad_request"},
		{"null", []any{nil}, "bad_request"},
		{"a string", []any{"fmt.Println(1)"}, "bad_request"},
		{"an array", []any{[]any{"x"}}, "bad_request"},
		{"missing source", []any{map[string]any{}}, "bad_request"},
		{"source not a string", []any{map[string]any{"source": 5}}, "bad_request"},
		{"callback not a function", []any{map[string]any{"source": "x := 1", "onStdout": "log"}}, "bad_request"},
		{"stderr callback not a function", []any{map[string]any{"source": "x := 1", "onStderr": 3}}, "bad_request"},
		{"realTime not a boolean", []any{map[string]any{"source": "x := 1", "realTime": "yes"}}, "bad_request"},
		{"fractional seed", []any{map[string]any{"source": "x := 1", "seed": 1.5}}, "bad_request"},
		{"negative maxOutput", []any{map[string]any{"source": "x := 1", "maxOutput": -1}}, "bad_request"},
		{"huge maxOutput", []any{map[string]any{"source": "x := 1", "maxOutput": 1 << 40}}, "bad_request"},
		{"harness not a string", []any{map[string]any{"source": "x := 1", "harness": 7}}, "bad_request"},
		{"empty harness", []any{map[string]any{"source": "x := 1", "harness": ""}}, "bad_request"},
		{"input callback not a function", []any{map[string]any{"source": "x := 1", "harness": "package main", "onInput": 1}}, "bad_request"},
		{"10 MB of source", []any{map[string]any{"source": huge}}, "too_large"},
		{"1 MiB of 3-byte characters", []any{map[string]any{"source": strings.Repeat("€", 400_000)}}, "too_large"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rejection(t, tc.code, "run", tc.args...)
		})
	}
	// Valid fields of the right types are accepted.
	r := run(t, map[string]any{"source": "fmt.Println(1)", "realTime": false, "seed": 3, "maxOutput": 1000, "onStdout": fn, "onStderr": nil})
	assert.Equal(t, "1\n", r.Get("stdout").String())
}

func TestSecondConcurrentRunIsBusy(t *testing.T) {
	// A real-time sleep waits on the JavaScript event loop, so the first
	// run is still in progress when the second call comes.
	first := ns().Call("run", map[string]any{"source": "time.Sleep(200 * time.Millisecond)\nfmt.Println(\"first\")\n", "realTime": true})
	rejection(t, "busy", "run", map[string]any{"source": "fmt.Println(\"second\")"})
	s := await(t, first)
	require.False(t, s.rejected)
	assert.Equal(t, "first\n", s.value.Get("stdout").String())
	// Once it is done, the next run is accepted.
	assert.Equal(t, "again\n", run(t, map[string]any{"source": "fmt.Println(\"again\")"}).Get("stdout").String())
}

func TestBadFormatInputIsRejected(t *testing.T) {
	rejection(t, "bad_request", "format")
	rejection(t, "bad_request", "format", 5)
	rejection(t, "bad_request", "format", nil)
	rejection(t, "too_large", "format", strings.Repeat("x", 10<<20))
}

func TestCoreWidgets(t *testing.T) {
	core := ns().Get("core")
	call := func(method string, args ...any) js.Value {
		t.Helper()
		s := await(t, core.Call(method, args...))
		require.False(t, s.rejected, "core.%s: %s", method, jsonOf(s.value))
		return s.value
	}
	h := call("bucketNew", 2, 1)
	assert.True(t, call("bucketTake", h, 0).Get("allowed").Bool())
	assert.True(t, call("bucketTake", h, 0).Get("allowed").Bool())
	d := call("bucketTake", h, 0)
	assert.False(t, d.Get("allowed").Bool())
	assert.Equal(t, 1000.0, d.Get("retryAfter").Float(), "decision %s", jsonOf(d))

	delays := call("backoffDelays", map[string]any{"base": 100, "cap": 1000}, 4, 1)
	assert.Equal(t, "[100,200,400,800]", jsonOf(delays))

	br := call("breakerNew", map[string]any{"threshold": 1, "cooldown": 500})
	tk := call("breakerAllow", br, 0)
	assert.Equal(t, "open", call("breakerRecord", br, tk.Get("ticket"), false, 0).Get("state").String())

	assert.True(t, call("free", h).Bool())
	assert.False(t, call("free", h).Bool(), "freed once only")
	assert.True(t, call("free", br).Bool())

	check := func(code, method string, args ...any) {
		t.Helper()
		s := await(t, core.Call(method, args...))
		require.True(t, s.rejected, "core.%s(%v): want a rejection, got %s", method, args, jsonOf(s.value))
		assert.Equal(t, code, s.value.Get("code").String(), "core.%s: %s", method, jsonOf(s.value))
	}
	check("not_found", "bucketTake", h, 0)
	check("bad_request", "bucketNew", "two", 1)
	check("bad_request", "bucketNew", 1)
	check("bad_request", "breakerNew", map[string]any{"threshold": 1, "onStateChange": js.Global().Get("Object")})
	check("bad_request", "stormRun", map[string]any{"clients": -1})
}

func TestNoGoPanicCrossesIntoJavaScript(t *testing.T) {
	syncBoom, err := syncFunc("boom", func([]safejs.Value) (any, *bridgeError) { panic("sync boom") })
	require.NoError(t, err)
	defer syncBoom.Release()
	prepBoom, err := asyncFunc("boom", func([]safejs.Value) (job, *bridgeError) { panic("prepare boom") })
	require.NoError(t, err)
	defer prepBoom.Release()
	jobBoom, err := asyncFunc("boom", func([]safejs.Value) (job, *bridgeError) {
		return func() (any, *bridgeError) { panic("job boom") }, nil
	})
	require.NoError(t, err)
	defer jobBoom.Release()
	for _, f := range []safejs.Func{syncBoom, prepBoom, jobBoom} {
		s := await(t, safejs.Unsafe(f.Value()).Invoke())
		require.True(t, s.rejected, "a panicking function rejects its promise")
		assert.Equal(t, "internal", s.value.Get("code").String())
		assert.Contains(t, s.value.Get("message").String(), "boom")
	}
}

func TestReleaseRemovesTheNamespace(t *testing.T) {
	global := js.Global().Get("Object").Call("create", js.Global())
	in, err := install(safejs.Safe(global))
	require.NoError(t, err)
	assert.True(t, global.Call("hasOwnProperty", namespace).Bool())
	n := len(in.funcs)
	assert.Greater(t, n, 20, "run, format and the widget methods")
	in.release()
	assert.Empty(t, in.funcs, "every function released")
	assert.False(t, global.Call("hasOwnProperty", namespace).Bool(), "the namespace is removed")
	assert.Equal(t, js.TypeObject, ns().Type(), "the real one is untouched")
}
