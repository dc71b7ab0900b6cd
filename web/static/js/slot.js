// A Slot is one Web Worker running one instance of the Go runtime.

import { BridgeError, WorkerGone } from "./errors.js";

// crashMessage turns what the Go runtime printed before it exited into one
// short explanation, such as "fatal error: stack overflow".
export function crashMessage(code, output) {
  const lines = String(output ?? "").split("\n").map((l) => l.trim()).filter(Boolean);
  const headline = /^(fatal error|panic|runtime):/;
  const first = lines.findIndex((l) => headline.test(l));
  let why = lines.at(-1) ?? "";
  if (first >= 0) {
    // "runtime: goroutine stack exceeds ..." is followed by "fatal error:
    // stack overflow"; keep both, but not the goroutine dump after them.
    const second = lines[first + 1];
    why = second && headline.test(second) ? `${lines[first]} ${second}` : lines[first];
  }
  const head = code === null || code === undefined
    ? "the Go runtime stopped"
    : `the Go runtime exited with code ${code}`;
  return why ? `${head}: ${why}` : head;
}

// needsFreshWorker reports whether a worker must be retired after giving
// this answer to a run, format or core call: the run could not be proved
// to have left nothing behind (clean false), or the Go side failed on it
// (error kind or refusal code "internal"). The standby takes its place.
export function needsFreshWorker(answer) {
  if (answer instanceof BridgeError) return answer.code === "internal";
  if (answer === null || typeof answer !== "object") return false;
  return answer.clean === false || answer.error?.kind === "internal";
}

export class Slot {
  #worker;
  #pending = new Map();
  #nextId = 1;
  #onGone;
  #settleReady;

  // state is "starting", "ready" or "dead".
  state = "starting";
  version = "";
  // Timestamps (performance.now()) for the status line and benchmarks.
  createdAt = performance.now();
  readyAt = 0;

  // modulePromise resolves to the compiled WebAssembly.Module; urls has
  // worker and exec (wasm_exec.js); onGone(slot, WorkerGone) is called when
  // the slot dies on its own (never after kill).
  constructor(modulePromise, urls, onGone) {
    this.#onGone = onGone;
    this.ready = new Promise((resolve, reject) => {
      this.#settleReady = { resolve, reject };
    });
    // Nobody may be waiting yet; a startup failure must not surface as an
    // unhandled rejection.
    this.ready.catch(() => {});

    this.#worker = new Worker(urls.worker, { name: "flakylab" });
    this.#worker.addEventListener("message", (e) => this.#receive(e.data));
    this.#worker.addEventListener("error", (e) => {
      e.preventDefault();
      const what = e.message || `could not load ${urls.worker}`;
      this.#die("crash", `the runtime worker failed: ${what}`);
    });
    this.#worker.addEventListener("messageerror", () => {
      this.#die("crash", "the runtime worker sent a message that could not be read");
    });
    // wasm_exec.js loads while the wasm is still on its way; the module
    // follows once compiled.
    this.#worker.postMessage({ type: "load", execURL: urls.exec });
    modulePromise.then(
      (module) => {
        if (this.state !== "dead") this.#worker.postMessage({ type: "init", module, execURL: urls.exec });
      },
      (err) => this.#die("crash", err.message),
    );
  }

  get alive() {
    return this.state !== "dead";
  }

  // busy reports whether any request is waiting for an answer.
  get busy() {
    return this.#pending.size > 0;
  }

  // request posts {type, ...payload} and resolves with the worker's answer.
  // It rejects with a BridgeError when the Go side refuses the request and
  // with WorkerGone when the worker dies first.
  request(type, payload, { onStdout, onStderr, onInput } = {}) {
    if (!this.alive) {
      return Promise.reject(new WorkerGone("crash", "the runtime is gone"));
    }
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, onStdout, onStderr, onInput });
      try {
        this.#worker.postMessage({ ...payload, type, id });
      } catch (err) {
        // A value the structured clone cannot copy (a function, a symbol,
        // a Proxy) or a getter that throws while it is copied.
        this.#pending.delete(id);
        reject(new BridgeError({
          code: "bad_request",
          message: `${type}: an argument cannot be copied to the runtime's worker: ${err?.message ?? err}`,
        }));
      }
    });
  }

  // kill terminates the worker at once, whatever it is doing, and rejects
  // every pending request with WorkerGone(kind, message).
  kill(kind, message) {
    if (!this.alive) return;
    this.#worker.terminate();
    this.#settleAll(kind, message);
  }

  #die(kind, message) {
    if (!this.alive) return;
    this.#worker.terminate();
    if (this.state === "starting") {
      this.#settleReady.reject(new BridgeError({
        code: "internal", message: `the Go runtime failed to start: ${message}`,
      }));
    }
    this.#settleAll(kind, message);
    this.#onGone(this, new WorkerGone(kind, message));
  }

  #settleAll(kind, message) {
    this.state = "dead";
    const gone = new WorkerGone(kind, message);
    for (const p of this.#pending.values()) p.reject(gone);
    this.#pending.clear();
    this.#settleReady.reject(new BridgeError({ code: "internal", message }));
  }

  #receive(msg) {
    switch (msg.type) {
      case "ready":
        this.state = "ready";
        this.version = msg.version;
        this.readyAt = performance.now();
        this.#settleReady.resolve(this);
        return;
      case "fatal": {
        const detail = msg.output ? crashMessage(null, msg.output) : "";
        this.#die("crash", detail ? `${msg.message} (${detail})` : msg.message);
        return;
      }
      case "exit":
        this.#die("crash", crashMessage(msg.code, msg.output));
        return;
      case "broken":
        this.#die("crash", msg.message);
        return;
    }
    const p = this.#pending.get(msg.id);
    if (!p) return; // an answer for a request nobody waits for any more
    switch (msg.type) {
      case "stdout":
        p.onStdout?.(msg.chunk);
        break;
      case "stderr":
        p.onStderr?.(msg.chunk);
        break;
      case "input":
        p.onInput?.(msg.text);
        break;
      case "result":
        this.#pending.delete(msg.id);
        p.resolve(msg.value);
        break;
      case "error":
        this.#pending.delete(msg.id);
        p.reject(new BridgeError(msg.error));
        break;
    }
  }
}
