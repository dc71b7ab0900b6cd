// One Go runtime (flakylab.wasm) in a dedicated Web Worker.
//
// The page (runtime.js) owns the lifecycle: it posts {type: "load"} at once
// (wasm_exec.js), {type: "init"} with the compiled WebAssembly.Module, then
// requests by id. This file only
// translates between messages and the flakylab namespace that the Go
// program installs on globalThis (see BRIDGE.md). It is a classic worker
// because wasm_exec.js is a classic script.
"use strict";

// What the Go runtime wrote to its own stdout and stderr (not the
// learner's, which the bridge captures), kept to explain a crash: the first
// "fatal error:", "panic:" or "runtime:" lines, which a long goroutine dump
// would push out of a plain tail, and the last few kilobytes.
const TAIL_BYTES = 4096;
const HEADLINE = /^(fatal error|panic|runtime):/;
let tail = "";
let partialLine = "";
const headlines = [];
let exitCode = null;
let go = null;
let ns = null;
let gone = false;

function lastWords() {
  return [...headlines, tail].join("\n");
}

function captureRuntimeOutput() {
  const fs = globalThis.fs;
  const write = fs.writeSync.bind(fs);
  const decoder = new TextDecoder();
  fs.writeSync = (fd, buf) => {
    const text = decoder.decode(buf, { stream: true });
    tail = (tail + text).slice(-TAIL_BYTES);
    if (headlines.length < 3) {
      const lines = (partialLine + text).split("\n");
      partialLine = lines.pop().slice(-TAIL_BYTES);
      for (const line of lines) {
        if (HEADLINE.test(line.trim()) && headlines.length < 3) headlines.push(line.trim());
      }
    }
    return write(fd, buf);
  };
}

// A program that prints in a loop writes thousands of times a second, and
// each message is a task on the page's main thread: output is sent at most
// every OUTPUT_MS (or OUTPUT_BYTES at a time), one message for what was
// written meanwhile. The first write after a pause goes at once, and any
// other message sends what is pending first, so nothing is reordered and
// the result never overtakes its output.
const OUTPUT_MS = 16;
const OUTPUT_BYTES = 64 * 1024;
let pendingOutput = null; // {type, id, parts, size}
let pendingTimer = 0;
let outputSentAt = -Infinity;

function flushOutput() {
  clearTimeout(pendingTimer);
  pendingTimer = 0;
  if (!pendingOutput) return;
  const { type, id, parts } = pendingOutput;
  pendingOutput = null;
  outputSentAt = performance.now();
  self.postMessage({ type, id, chunk: parts.length === 1 ? parts[0] : parts.join("") });
}

function postOutput(type, id, chunk) {
  if (pendingOutput && (pendingOutput.type !== type || pendingOutput.id !== id)) flushOutput();
  if (!pendingOutput) {
    pendingOutput = { type, id, parts: [], size: 0 };
    pendingTimer = setTimeout(flushOutput, OUTPUT_MS);
  }
  pendingOutput.parts.push(chunk);
  pendingOutput.size += chunk.length;
  if (pendingOutput.size >= OUTPUT_BYTES || performance.now() - outputSentAt >= OUTPUT_MS) flushOutput();
}

const post = (msg) => {
  flushOutput();
  try {
    self.postMessage(msg);
  } catch (err) {
    // A value the structured clone cannot copy (a function, say): send
    // the JSON view of it instead of losing the answer.
    if (err && err.name === "DataCloneError") {
      self.postMessage(JSON.parse(JSON.stringify(msg)));
    } else {
      throw err;
    }
  }
};

// reportExit tells the page that the Go program is gone. A request that
// was running when it died fails with a JavaScript error from wasm_exec.js
// ("reading 'exports'", "already exited"), which is noise: the exit is what
// happened.
function reportExit() {
  if (gone) return;
  gone = true;
  post({ type: "exit", code: exitCode, output: lastWords() });
}

// reportBroken tells the page that the runtime threw a JavaScript exception
// (a wasm trap, a stack overflow): the Go side never throws, so its state
// cannot be trusted any more and the worker must be replaced.
function reportBroken(err) {
  if (gone) return;
  gone = true;
  const message = err instanceof RangeError && /call stack/i.test(err.message)
    ? "the call stack overflowed (runaway recursion?)"
    : `the Go runtime failed: ${err?.message ?? err}`;
  post({ type: "broken", message, output: lastWords() });
}

// A refusal from the bridge is a plain {code, message} value; an Error
// without a code came from the engine, not from Go.
function isRefusal(err) {
  return !(err instanceof Error) || typeof err.code === "string";
}

// plainError turns whatever a promise rejected with into {code, message}.
function plainError(err) {
  if (err && typeof err === "object" && typeof err.code === "string") {
    const out = { code: err.code, message: String(err.message ?? err.code) };
    if (typeof err.line === "number") out.line = err.line;
    if (typeof err.column === "number") out.column = err.column;
    return out;
  }
  if (err instanceof Error) return { code: "internal", message: err.message };
  return { code: "internal", message: String(err) };
}

self.addEventListener("error", (e) => {
  if (!ns) return; // startup failures are reported by init
  e.preventDefault();
  reportBroken(e.error ?? new Error(e.message));
});

// waitForNamespace resolves once main has installed globalThis.flakylab. It
// usually is there as soon as go.run returns control, but nothing in the
// contract promises that, so poll briefly instead of assuming.
async function waitForNamespace(exited) {
  let gone = false;
  exited.then(() => { gone = true; });
  for (let i = 0; !globalThis.flakylab; i++) {
    if (gone) throw new Error("the Go program exited before it was ready");
    if (i > 2000) throw new Error("the Go program did not install globalThis.flakylab");
    await new Promise((r) => setTimeout(r, i < 50 ? 0 : 5));
  }
  return globalThis.flakylab;
}

// loadExec runs wasm_exec.js once. The page asks for it ({type: "load"})
// as soon as the worker exists, so the script arrives while the wasm is
// still downloading; init loads it itself if that message never came. A
// failure is kept and reported by init.
let execLoad = null;
function loadExec(execURL) {
  if (execLoad === null) {
    try {
      importScripts(execURL);
      captureRuntimeOutput();
      execLoad = { ok: true };
    } catch (err) {
      execLoad = { ok: false, err };
    }
  }
  if (!execLoad.ok) throw execLoad.err;
}

async function init({ module, execURL }) {
  try {
    loadExec(execURL);
    go = new Go();
    go.exit = (code) => { exitCode = code; };
    const instance = await WebAssembly.instantiate(module, go.importObject);
    const exited = go.run(instance);
    exited.then(() => { if (ns) reportExit(); });
    const candidate = await waitForNamespace(exited);
    await Promise.race([
      candidate.ready,
      exited.then(() => { throw new Error("the Go program exited before it was ready"); }),
    ]);
    ns = candidate;
    post({ type: "ready", version: String(ns.version ?? "") });
  } catch (err) {
    post({ type: "fatal", message: plainError(err).message, output: lastWords() });
  }
}

async function answer(id, work) {
  try {
    post({ type: "result", id, value: await work() });
  } catch (err) {
    if (go?.exited) reportExit();
    else if (isRefusal(err)) post({ type: "error", id, error: plainError(err) });
    else reportBroken(err);
  }
}

function run(id, { source, realTime, seed, maxOutput, harness }) {
  const req = {
    source,
    onStdout: (chunk) => postOutput("stdout", id, String(chunk)),
    onStderr: (chunk) => postOutput("stderr", id, String(chunk)),
  };
  // Pass only what the caller set, so the Go side applies its defaults.
  if (realTime !== undefined) req.realTime = realTime;
  if (seed !== undefined) req.seed = seed;
  if (maxOutput !== undefined) req.maxOutput = maxOutput;
  if (harness !== undefined) {
    req.harness = harness;
    req.onInput = (text) => post({ type: "input", id, text });
  }
  return answer(id, () => ns.run(req));
}

// core calls one of flakylab.core's own methods. Names every object
// inherits (constructor, toString, __proto__, __defineGetter__) are not
// methods of the API.
function core(id, { method, args }) {
  return answer(id, async () => {
    const api = ns.core;
    if (typeof method !== "string" || !api || !Object.hasOwn(api, method) || typeof api[method] !== "function") {
      throw { code: "not_found", message: `flakylab.core has no method ${JSON.stringify(String(method))}` };
    }
    if (!Array.isArray(args)) {
      throw { code: "bad_request", message: "the arguments of a core call must be an array" };
    }
    return await api[method](...args);
  });
}

self.onmessage = ({ data: msg }) => {
  if (msg.type === "load") {
    try {
      loadExec(msg.execURL);
    } catch {
      // init reports it
    }
    return;
  }
  if (msg.type === "init") {
    init(msg);
    return;
  }
  if (!ns) {
    post({ type: "error", id: msg.id, error: { code: "internal", message: "the runtime is not ready" } });
    return;
  }
  switch (msg.type) {
    case "run":
      run(msg.id, msg);
      break;
    case "format":
      answer(msg.id, () => ns.format(msg.source));
      break;
    case "core":
      core(msg.id, msg);
      break;
    default:
      post({ type: "error", id: msg.id, error: { code: "bad_request", message: `unknown request ${msg.type}` } });
  }
};
