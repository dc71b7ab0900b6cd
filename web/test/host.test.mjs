// Unit tests of the host's pure parts under Node (node --test web/test/).
// The Runtime itself needs Web Workers; tests/browser covers it.
import { test } from "node:test";
import assert from "node:assert/strict";

import { compileModule, expectedSize, startCompile, transferOf } from "../static/js/compile.js";
import { crashMessage, needsFreshWorker } from "../static/js/slot.js";
import { BridgeError } from "../static/js/errors.js";

// The smallest valid module: the magic number and version 1.
const emptyModule = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);

function respond(body, headers, status = 200) {
  globalThis.fetch = async () => new Response(body, { status, headers });
}

test("expectedSize", () => {
  const cases = [
    [{ "Content-Length": "2700000" }, 2700000],
    [{ "Content-Length": "900", "Content-Encoding": "gzip", "X-Uncompressed-Length": "2700" }, 2700],
    [{ "Content-Length": "900", "Content-Encoding": "br" }, null],
    [{ "Content-Length": "900", "Content-Encoding": "identity" }, 900],
    [{}, null],
    [{ "Content-Length": "abc" }, null],
    [{ "Content-Length": "0" }, null],
  ];
  for (const [headers, want] of cases) {
    assert.equal(expectedSize(new Headers(headers)), want, JSON.stringify(headers));
  }
});

test("transferOf", () => {
  const cases = [
    [{ "Content-Length": "900", "Content-Encoding": "br", "X-Uncompressed-Length": "2700" }, { encoding: "br", bytes: 900 }],
    [{ "Content-Encoding": " GZIP " }, { encoding: "gzip", bytes: null }],
    [{ "Content-Length": "2700" }, { encoding: "identity", bytes: 2700 }],
    [{ "Content-Length": "abc" }, { encoding: "identity", bytes: null }],
    [{}, { encoding: "identity", bytes: null }],
  ];
  for (const [headers, want] of cases) {
    assert.deepEqual(transferOf(new Headers(headers)), want, JSON.stringify(headers));
  }
});

test("compileModule tells how the body crossed the network", async () => {
  respond(emptyModule, { "Content-Type": "application/wasm", "Content-Length": "8" });
  const seen = [];
  await compileModule("http://x/flakylab.wasm", (r, t, transfer) => seen.push(transfer));
  assert.ok(seen.length > 0);
  for (const transfer of seen) assert.deepEqual(transfer, { encoding: "identity", bytes: 8 });
});

test("compileModule streams when the server says application/wasm", async () => {
  respond(emptyModule, { "Content-Type": "application/wasm", "Content-Length": "8" });
  const seen = [];
  const module = await compileModule("http://x/flakylab.wasm", (r, t) => seen.push([r, t]));
  assert.ok(module instanceof WebAssembly.Module);
  assert.deepEqual(seen.at(0), [0, 8]);
  assert.deepEqual(seen.at(-1), [8, 8]);
});

test("compileModule takes over what startCompile began, once", async () => {
  let fetches = 0;
  globalThis.fetch = async () => {
    fetches++;
    return new Response(emptyModule, { headers: { "Content-Type": "application/wasm", "Content-Length": "8" } });
  };
  const url = "http://x/early/flakylab.wasm";
  startCompile(url);
  startCompile(url); // a second start is the same work
  await new Promise((r) => setTimeout(r, 20)); // the download has ended
  const seen = [];
  const module = await compileModule(url, (r, t) => seen.push([r, t]));
  assert.ok(module instanceof WebAssembly.Module);
  assert.equal(fetches, 1, "downloads for a started compilation taken over");
  assert.deepEqual(seen, [[8, 8]], "the progress so far, replayed to the caller that took it over");
  const again = await compileModule(url);
  assert.ok(again instanceof WebAssembly.Module);
  assert.equal(fetches, 2, "a later compileModule of the same URL downloads anew");
  await compileModule("http://x/other/flakylab.wasm");
  assert.equal(fetches, 3, "another URL is never taken over");
});

test("compileModule falls back when the MIME type is wrong", async () => {
  respond(emptyModule, { "Content-Type": "application/octet-stream" });
  const seen = [];
  const module = await compileModule("http://x/flakylab.wasm", (r, t) => seen.push([r, t]));
  assert.ok(module instanceof WebAssembly.Module);
  assert.deepEqual(seen.at(0), [0, null], "no Content-Length: total unknown");
  assert.deepEqual(seen.at(-1), [8, 8]);
});

test("compileModule never reports more than 100 %", async () => {
  respond(emptyModule, { "Content-Type": "application/wasm", "Content-Length": "4" });
  const seen = [];
  await compileModule("http://x/flakylab.wasm", (r, t) => seen.push([r, t]));
  for (const [r, t] of seen) assert.ok(t === null || r <= t, `${r} of ${t}`);
});

test("compileModule reports HTTP and compile errors as BridgeError", async () => {
  respond("not found", { "Content-Type": "text/plain" }, 404);
  await assert.rejects(compileModule("http://x/flakylab.wasm"), (err) =>
    err instanceof BridgeError && err.code === "internal" && /HTTP 404/.test(err.message));
  respond("<html>", { "Content-Type": "text/html" });
  await assert.rejects(compileModule("http://x/flakylab.wasm"), (err) =>
    err instanceof BridgeError && /could not compile/.test(err.message));
});

test("crashMessage", () => {
  const cases = [
    [2, "fatal error: sync: unlock of unlocked mutex\n\ngoroutine 9 [running]:\nmain.main()\n",
      "the Go runtime exited with code 2: fatal error: sync: unlock of unlocked mutex"],
    [2, "runtime: goroutine stack exceeds 1000000000-byte limit\nfatal error: stack overflow\n\nruntime stack:\n",
      "the Go runtime exited with code 2: runtime: goroutine stack exceeds 1000000000-byte limit fatal error: stack overflow"],
    [7, "", "the Go runtime exited with code 7"],
    [null, "something odd\nlast words\n", "the Go runtime stopped: last words"],
  ];
  for (const [code, output, want] of cases) {
    assert.equal(crashMessage(code, output), want);
  }
});

test("BridgeError keeps code and position", () => {
  const err = new BridgeError({ code: "format", message: "expected ';'", line: 3, column: 7 });
  assert.equal(err.code, "format");
  assert.equal(err.line, 3);
  assert.equal(err.column, 7);
  assert.equal(err.message, "expected ';'");
  assert.equal(new BridgeError().code, "internal");
});

test("needsFreshWorker", () => {
  const cases = [
    [{ clean: true, error: null }, false],
    [{ clean: false, leftover: "1 goroutine ...", error: null }, true],
    [{ clean: true, error: { kind: "panic" } }, false],
    [{ clean: true, error: { kind: "internal" } }, true],
    [{ error: { kind: "internal" } }, true],
    [{ source: "package main" }, false],
    [new BridgeError({ code: "internal", message: "the runtime failed" }), true],
    [new BridgeError({ code: "bad_request" }), false],
    [new BridgeError({ code: "timeout" }), false],
    [null, false],
    [undefined, false],
    ["internal", false],
  ];
  for (const [answer, want] of cases) {
    assert.equal(needsFreshWorker(answer), want, JSON.stringify(answer) ?? String(answer));
  }
});
