//go:build browser

package browser_test

import (
	"fmt"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/flakylab/flakylab/wasm/widgets"
)

// graderMethods are the flakylab.core methods of the graders
// (wasm/exercises.go), beside the widgets'.
var graderMethods = []string{"gradePlan", "gradeReport", "quizScore", "quizGrade", "exerciseCards"}

// valuesJS builds [name, value] pairs of every kind of JavaScript value a
// page could pass by mistake, those the structured clone cannot copy to a
// worker included.
const valuesJS = `(() => {
  const cyclic = {}; cyclic.self = cyclic;
  const cyclicArray = []; cyclicArray.push(cyclicArray);
  let deep = 1; for (let i = 0; i < 100; i++) deep = [deep];
  return [
    ["undefined", undefined], ["null", null], ["true", true], ["false", false],
    ["zero", 0], ["negative zero", -0], ["one", 1], ["minus one", -1], ["a fraction", 1.5],
    ["NaN", NaN], ["Infinity", Infinity], ["-Infinity", -Infinity], ["2^53+2", 2 ** 53 + 2], ["1e308", 1e308],
    ["empty string", ""], ["string", "x"], ["lone surrogate", "\ud800"], ["long string", "a".repeat(200001)],
    ["BigInt", 1n], ["huge BigInt", 2n ** 70n], ["Symbol", Symbol("s")],
    ["function", function f() {}], ["arrow", () => 1], ["class", class K {}],
    ["object", {}], ["array", []], ["nested array", [1, [2, [3]]]], ["cyclic object", cyclic],
    ["cyclic array", cyclicArray], ["deep nesting", deep],
    ["Date", new Date(0)], ["RegExp", /x/], ["Map", new Map([[1, 2]])], ["Set", new Set([1])],
    ["ArrayBuffer", new ArrayBuffer(8)], ["Uint8Array", new Uint8Array(4)], ["Error", new Error("e")],
    ["Promise", Promise.resolve(1)], ["WeakMap", new WeakMap()], ["window", window], ["DOM node", document.body],
    ["Proxy", new Proxy({}, { get() { throw new Error("trap"); }, ownKeys() { throw new Error("trap"); } })],
    ["getter that throws", { get threshold() { throw new Error("getter"); } }],
    ["null prototype", Object.create(null)], ["__proto__ key", JSON.parse('{"__proto__": 1}')],
    ["class instance", new (class K { constructor() { this.a = 1; } })()],
    ["sparse array", [1, , 3]], ["array-like", { length: 1e9 }],
  ];
})()`

// fuzzJS throws every value at every method through window.host.rt and
// reports what came back: counts by code, and anything that is not a
// documented refusal.
const fuzzJS = `(async (methods) => {
  const rt = host.rt;
  const documented = new Set(["bad_request", "not_found", "too_large", "format"]);
  const codes = {}, odd = [];
  const values = ` + valuesJS + `;
  await rt.core("bucketNew", 3, 1);
  const h = await rt.core("bucketNew", 3, 1); // the second: no number below is h
  const attempt = async (what, call) => {
    let p;
    try {
      p = call();
    } catch (err) {
      odd.push(what + ": threw " + err);
      return;
    }
    if (!(p instanceof Promise)) {
      odd.push(what + ": returned no promise");
      return;
    }
    try {
      await p;
      codes.resolved = (codes.resolved ?? 0) + 1;
    } catch (err) {
      const code = err?.code;
      codes[code] = (codes[code] ?? 0) + 1;
      if (!(err instanceof Error) || err.name !== "BridgeError" || !documented.has(code)) {
        odd.push(what + ": rejected with " + (err?.name ?? typeof err) + " " + code + ": " + err?.message);
      }
    }
  };
  for (const m of methods) {
    for (const [name, v] of values) {
      await attempt("core(" + m + ", " + name + ")", () => rt.core(m, v));
      await attempt("core(" + m + ", " + name + " x3)", () => rt.core(m, v, v, v));
      if (m === "free") continue; // h must outlive the fuzz
      await attempt("core(" + m + ", h, " + name + ")", () => rt.core(m, h, v));
      await attempt("core(" + m + ", h, 0, " + name + ")", () => rt.core(m, h, 0, v));
    }
  }
  for (const [name, v] of values) {
    await attempt("core(" + name + ")", () => rt.core(v));
    await attempt("format(" + name + ")", () => rt.format(v));
    await attempt("run(" + name + ")", () => rt.run(v));
    await attempt("run(src, " + name + ")", () => rt.run("fmt.Println(1)", v));
    for (const field of ["timeoutMs", "realTime", "seed", "maxOutput", "onStdout", "onStderr"]) {
      // A class is a function that throws when called: as a callback it
      // is the page's own bug, which the host reports as such (an
      // uncaught exception) while the run goes on.
      if (name === "class" && field.startsWith("on")) continue;
      await attempt("run(src, {" + field + ": " + name + "})", () => rt.run("fmt.Println(1)", { [field]: v }));
    }
  }
  const tokens = await rt.core("bucketTokens", h, 1e13);
  const after = await rt.run("fmt.Println(\"still here\")");
  return { codes, odd, tokens, retired: rt.stats().retired, after: after.stdout };
})`

type fuzzReport struct {
	Codes   map[string]int `json:"codes"`
	Odd     []string       `json:"odd"`
	Tokens  float64        `json:"tokens"`
	Retired int            `json:"retired"`
	After   string         `json:"after"`
}

// TestBridgeTakesAnyValueInThePage throws every kind of JavaScript value
// at every method of the page host, in every argument position: each call
// returns a promise that resolves or rejects with a BridgeError of a
// documented code, no worker dies, and a handle made before still works.
func TestBridgeTakesAnyValueInThePage(t *testing.T) {
	ctx, p := tab(t)
	openHost(t, ctx)
	methods := append(widgets.Methods(), graderMethods...)
	sort.Strings(methods)
	r := eval[fuzzReport](t, ctx, fmt.Sprintf("%s(%s)", fuzzJS, js(methods)))
	assert.Empty(t, r.Odd, "calls that threw, returned no promise or rejected with an undocumented code")
	assert.Greater(t, r.Codes["bad_request"], 1000, "refusals: %v", r.Codes)
	assert.Greater(t, r.Codes["resolved"], 100, "accepted calls: %v", r.Codes)
	assert.Equal(t, 3.0, r.Tokens, "the handle made before the fuzz still works")
	// A timeoutMs of 1 ms kills its run's worker, as it should; the widget
	// worker survived (the handle works) and no answer was internal.
	assert.Zero(t, r.Retired, "workers retired for an internal failure or an unclean run")
	assert.Equal(t, "still here\n", r.After, "runs work after the fuzz")
	assert.Empty(t, p.All(), "console errors or uncaught exceptions")
}

// TestBridgeContractCasesInThePage: the named cases of the contract, each
// with its code.
func TestBridgeContractCasesInThePage(t *testing.T) {
	ctx, p := tab(t)
	openHost(t, ctx)
	eval[bool](t, ctx, `(async () => { window.h = await host.rt.core("bucketNew", 2, 1); return true; })()`)
	cases := []struct {
		name, call, code, msg string
	}{
		{"constructor", `host.rt.core("constructor")`, "not_found", "no method"},
		{"toString", `host.rt.core("toString")`, "not_found", "no method"},
		{"__proto__", `host.rt.core("__proto__")`, "not_found", "no method"},
		{"__defineGetter__", `host.rt.core("__defineGetter__", "x", {})`, "not_found", "no method"},
		{"hasOwnProperty", `host.rt.core("hasOwnProperty", "bucketNew")`, "not_found", "no method"},
		{"valueOf", `host.rt.core("valueOf")`, "not_found", "no method"},
		{"a BigInt seed", `host.rt.run("fmt.Println(1)", {seed: 1n})`, "bad_request", "seed must be an integer, got a bigint"},
		{"a non-function onStdout", `host.rt.run("fmt.Println(1)", {onStdout: "console.log"})`, "bad_request", "onStdout must be a function"},
		{"bucketTake(h, NaN)", `host.rt.core("bucketTake", h, NaN)`, "bad_request", "NaN"},
		{"a function argument", `host.rt.core("bucketNew", () => 2, 1)`, "bad_request", "cannot be copied"},
		{"a symbol option", `host.rt.run("fmt.Println(1)", {realTime: Symbol("x")})`, "bad_request", "cannot be copied"},
		{"a getter that throws", `host.rt.core("breakerNew", {get threshold() { throw new Error("no") }})`, "bad_request", "cannot be copied"},
		{"options that are null", `host.rt.run("fmt.Println(1)", null)`, "bad_request", "the options must be an object"},
		{"a Date as settings", `host.rt.core("idempotencyNew", new Date(0))`, "bad_request", "a Date cannot be passed"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := eval[map[string]any](t, ctx, `(async () => {
  try {
    return {resolved: await `+tc.call+`};
  } catch (err) {
    return {name: err.name, code: err.code, message: err.message};
  }
})()`)
			require.Nil(t, got["resolved"], "%s: want a rejection, got %v", tc.name, got)
			assert.Equal(t, "BridgeError", got["name"], "%s: %v", tc.name, got)
			assert.Equal(t, tc.code, got["code"], "%s: %v", tc.name, got)
			assert.Contains(t, got["message"], tc.msg, "%s: %v", tc.name, got)
		})
	}
	assert.Equal(t, 2.0, eval[float64](t, ctx, `host.rt.core("bucketTokens", h, 0)`), "the handle is alive after the refusals")
	assert.Empty(t, p.All(), "console errors or uncaught exceptions")
}

// TestCoreCallPastTheWatchdogIsTimeout: a widget call that outlives the
// watchdog rejects with timeout, its worker is replaced, and the next call
// works.
func TestCoreCallPastTheWatchdogIsTimeout(t *testing.T) {
	ctx, p := tab(t)
	openHost(t, ctx)
	got := eval[map[string]any](t, ctx, `(async () => {
  const { Runtime } = await import("./js/runtime.js");
  const rt = new Runtime({ timeoutMs: 150, standby: false });
  await rt.core("stormStrategies"); // the widget worker is up
  let first;
  try {
    first = { resolved: await rt.core("stormRun", { clients: 100000, duration: 3600000, strategy: "exponential" }) !== undefined };
  } catch (err) {
    first = { name: err.name, code: err.code, message: err.message };
  }
  const next = await rt.core("stormStrategies");
  rt.close();
  return { first, next: next.length };
})()`)
	first, _ := got["first"].(map[string]any)
	require.NotNil(t, first, "%v", got)
	assert.Equal(t, "BridgeError", first["name"], "%v", first)
	assert.Equal(t, "timeout", first["code"], "%v", first)
	assert.Contains(t, first["message"], "did not answer within", "%v", first)
	assert.Greater(t, got["next"], 0.0, "the next call gets a new widget worker: %v", got)
	assert.Empty(t, p.All(), "console errors or uncaught exceptions")
}
