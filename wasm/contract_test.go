//go:build js && wasm

package main

import (
	"fmt"
	"syscall/js"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/wasm/widgets"
)

// valueKinds are JavaScript values of every kind a page could pass by
// mistake, built in JavaScript: name -> expression.
var valueKinds = [][2]string{
	{"undefined", "undefined"}, {"null", "null"}, {"true", "true"}, {"false", "false"},
	{"zero", "0"}, {"negative zero", "-0"}, {"one", "1"}, {"minus one", "-1"}, {"a fraction", "1.5"},
	{"NaN", "NaN"}, {"Infinity", "Infinity"}, {"-Infinity", "-Infinity"}, {"2^53+2", "2**53+2"}, {"1e308", "1e308"},
	{"empty string", `""`}, {"string", `"x"`}, {"lone surrogate", `"\ud800"`}, {"long string", `"a".repeat(200001)`},
	{"BigInt", "1n"}, {"huge BigInt", "2n**70n"}, {"Symbol", `Symbol("s")`},
	{"function", "(function f() {})"}, {"arrow", "(() => 1)"}, {"class", "(class K {})"},
	{"object", "({})"}, {"array", "([])"}, {"nested array", "[1, [2, [3]]]"},
	{"cyclic object", "(() => { const o = {}; o.self = o; return o })()"},
	{"cyclic array", "(() => { const a = []; a.push(a); return a })()"},
	{"deep nesting", "(() => { let o = 1; for (let i = 0; i < 100; i++) o = [o]; return o })()"},
	{"Date", "new Date(0)"}, {"RegExp", "/x/"}, {"Map", "new Map([[1, 2]])"}, {"Set", "new Set([1])"},
	{"ArrayBuffer", "new ArrayBuffer(8)"}, {"Uint8Array", "new Uint8Array(4)"}, {"Error", `new Error("e")`},
	{"Promise", "Promise.resolve(1)"}, {"WeakMap", "new WeakMap()"}, {"globalThis", "globalThis"},
	{"Proxy that throws", `new Proxy({}, {ownKeys() { throw new Error("trap") }, get() { throw new Error("trap") }, getPrototypeOf() { throw new Error("trap") }, has() { throw new Error("trap") }})`},
	{"getter that throws", `({ get threshold() { throw new Error("getter") }, get source() { throw new Error("getter") } })`},
	{"null prototype", "Object.create(null)"}, {"__proto__ key", `JSON.parse('{"__proto__": 1}')`},
	{"class instance", "new (class K { constructor() { this.a = 1 } })()"},
	{"sparse array", "[1, , 3]"}, {"array-like", "({length: 1e9})"},
}

// jsValue evaluates a JavaScript expression.
func jsValue(t *testing.T, expr string) js.Value {
	t.Helper()
	return js.Global().Call("eval", "("+expr+")")
}

// documented are the refusal codes of BRIDGE.md a wrong argument may get;
// "internal" (a Go panic) never.
var documented = map[string]bool{"bad_request": true, "not_found": true, "too_large": true, "format": true}

// callSettles calls fn(args...) and requires a promise that resolves, or
// rejects with a documented {code, message}.
func callSettles(t *testing.T, what string, fn js.Value, this js.Value, args ...any) {
	t.Helper()
	start := time.Now()
	defer func() {
		if d := time.Since(start); d > time.Second {
			t.Logf("%s took %v", what, d)
		}
	}()
	p := fn.Call("call", append([]any{this}, args...)...)
	s := await(t, p)
	if !s.rejected {
		return
	}
	require.Equal(t, js.TypeObject, s.value.Type(), "%s: rejected with %s, want {code, message}", what, s.value.Type())
	code := s.value.Get("code")
	require.Equal(t, js.TypeString, code.Type(), "%s: rejection without a code", what)
	assert.True(t, documented[code.String()], "%s: rejected with %s", what, jsonOf(s.value))
	assert.NotEmpty(t, s.value.Get("message").String(), "%s: a message", what)
}

func TestInheritedNamesAreNotWidgetMethods(t *testing.T) {
	core := ns().Get("core")
	assert.True(t, js.Global().Get("Object").Call("getPrototypeOf", core).IsNull(), "flakylab.core has no prototype")
	for _, name := range []string{"constructor", "toString", "valueOf", "hasOwnProperty", "isPrototypeOf",
		"__proto__", "__defineGetter__", "__defineSetter__", "__lookupGetter__", "propertyIsEnumerable", "toLocaleString"} {
		assert.True(t, core.Get(name).IsUndefined(), "flakylab.core.%s: want undefined, got %s", name, core.Get(name).Type())
	}
	for _, name := range widgets.Methods() {
		assert.Equal(t, js.TypeFunction, core.Get(name).Type(), "flakylab.core.%s", name)
	}
}

// TestBridgeTakesAnyValue throws every kind of JavaScript value at every
// method, in every argument position: each call settles, rejections carry
// a documented code, and a handle made before is still alive after.
func TestBridgeTakesAnyValue(t *testing.T) {
	core := ns().Get("core")
	// Two handles: h is the second, so that no number thrown at free below
	// (0, 1, -1, ...) is h.
	await(t, core.Call("bucketNew", 3, 1))
	created := await(t, core.Call("bucketNew", 3, 1))
	require.False(t, created.rejected, "bucketNew: %s", jsonOf(created.value))
	h := created.value
	require.Greater(t, h.Float(), 1.0, "the second handle")

	values := make([]js.Value, len(valueKinds))
	for i, k := range valueKinds {
		values[i] = jsValue(t, k[1])
	}
	var methods []string
	keys := js.Global().Get("Object").Call("keys", core)
	for i := 0; i < keys.Length(); i++ {
		methods = append(methods, keys.Index(i).String())
	}
	require.Greater(t, len(methods), 20, "the widget and grader methods")
	for _, m := range methods {
		fn := core.Get(m)
		for i, v := range values {
			name := valueKinds[i][0]
			callSettles(t, fmt.Sprintf("core.%s(%s)", m, name), fn, core, v)
			callSettles(t, fmt.Sprintf("core.%s(%s, %s, %s)", m, name, name, name), fn, core, v, v, v)
			if m == "free" {
				continue // h must outlive the test
			}
			callSettles(t, fmt.Sprintf("core.%s(h, %s)", m, name), fn, core, h, v)
			callSettles(t, fmt.Sprintf("core.%s(h, 0, %s)", m, name), fn, core, h, 0, v)
		}
	}
	tokens := await(t, core.Call("bucketTokens", h, 1e13))
	require.False(t, tokens.rejected, "the handle made before is alive: %s", jsonOf(tokens.value))
	assert.Equal(t, 3.0, tokens.value.Float(), "the bucket refilled to its capacity of 3")
	freed := await(t, core.Call("free", h))
	assert.True(t, freed.value.Bool(), "free(h)")

	for i, v := range values {
		name := valueKinds[i][0]
		callSettles(t, "format("+name+")", ns().Get("format"), ns(), v)
		callSettles(t, "run("+name+")", ns().Get("run"), ns(), v)
		for _, field := range []string{"source", "realTime", "seed", "maxOutput", "onStdout", "onStderr"} {
			req := js.Global().Get("Object").New()
			req.Set("source", "fmt.Println(1)")
			req.Set(field, v)
			callSettles(t, fmt.Sprintf("run({%s: %s})", field, name), ns().Get("run"), ns(), req)
		}
	}
	assert.Equal(t, "ok\n", run(t, map[string]any{"source": "fmt.Println(\"ok\")"}).Get("stdout").String(), "the runner works after the fuzz")
}

func TestContractCases(t *testing.T) {
	core := ns().Get("core")
	h := await(t, core.Call("bucketNew", 2, 1)).value
	cases := []struct {
		name string
		call func() js.Value
		code string
		msg  string
	}{
		{"a BigInt seed", func() js.Value {
			return ns().Call("run", map[string]any{"source": "fmt.Println(1)", "seed": jsValue(t, "1n")})
		}, "bad_request", "seed must be an integer, got a bigint"},
		{"a non-function onStdout", func() js.Value {
			return ns().Call("run", map[string]any{"source": "fmt.Println(1)", "onStdout": "console.log"})
		}, "bad_request", "onStdout must be a function"},
		{"bucketTake(h, NaN)", func() js.Value { return core.Call("bucketTake", h, js.Global().Get("NaN")) }, "bad_request", "NaN"},
		{"bucketNew(BigInt, 1)", func() js.Value { return core.Call("bucketNew", jsValue(t, "2n"), 1) }, "bad_request", "bigint"},
		{"a Date as settings", func() js.Value { return core.Call("idempotencyNew", jsValue(t, "new Date(0)")) }, "bad_request", "a Date cannot be passed"},
		{"a Map as settings", func() js.Value { return core.Call("breakerNew", jsValue(t, "new Map()")) }, "bad_request", "a Map cannot be passed"},
		{"a getter that throws", func() js.Value {
			return core.Call("breakerNew", jsValue(t, `({ get threshold() { throw new Error("no") } })`))
		}, "bad_request", "no"},
		{"an array too long", func() js.Value {
			return core.Call("stormRun", jsValue(t, "new Array(100001)"))
		}, "bad_request", "an array longer than 100000"},
		{"a cyclic object", func() js.Value {
			return core.Call("stormRun", jsValue(t, "(() => { const o = {}; o.self = o; return o })()"))
		}, "bad_request", "nested more than"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := await(t, tc.call())
			require.True(t, s.rejected, "%s: want a rejection, got %s", tc.name, jsonOf(s.value))
			assert.Equal(t, tc.code, s.value.Get("code").String(), "%s: %s", tc.name, jsonOf(s.value))
			assert.Contains(t, s.value.Get("message").String(), tc.msg, "%s", tc.name)
		})
	}
}

func TestRunReportsWhetherItEndedCleanly(t *testing.T) {
	r := run(t, map[string]any{"source": "go func() { select {} }()\nfmt.Println(1)\n"})
	assert.True(t, r.Get("clean").Bool(), "a goroutine the run stops: %s", jsonOf(r))
	assert.Equal(t, "", r.Get("leftover").String())

	r = run(t, map[string]any{"source": "var mu sync.Mutex\nmu.Lock()\ngo mu.Lock()\ntime.Sleep(time.Millisecond)\n"})
	assert.False(t, r.Get("clean").Bool(), "a goroutine blocked on a mutex: %s", jsonOf(r))
	assert.Contains(t, r.Get("leftover").String(), "1 goroutine of the program was still running")
}
