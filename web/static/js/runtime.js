// The host side of the flakylab runtime: what every page uses to run Go.
//
//   const rt = new Runtime({onProgress: (received, total, transfer) => {}});
//   await rt.ready;
//   const r = await rt.run(source, {timeoutMs: 5000, onStdout, onStderr});
//   rt.stop();
//
// The wasm is downloaded and compiled once per page; each worker receives
// the compiled WebAssembly.Module, so bringing up a new one costs an
// instantiation, never a download. One worker (the active one) runs
// programs, a second waits warm in standby, and a third starts on demand for
// the widget API, whose handles must outlive runaway learner programs. A new
// runner first runs warm-up programs in the background (WARM_UPS, led by the
// page's own first example when it names one): a fresh Go instance is
// several times slower on its first runs than later. See BRIDGE.md for the
// contract.

import { BridgeError, WorkerGone } from "./errors.js";
import { compileModule } from "./compile.js";
import { Slot, needsFreshWorker } from "./slot.js";

export { BridgeError } from "./errors.js";

// DEFAULT_TIMEOUT_MS is how long a run, a format or a widget call may take
// before the watchdog kills its worker.
export const DEFAULT_TIMEOUT_MS = 5000;

// COLD_START_MS is the time a run is given on top of its own when it is the
// first of its worker, which skipped the warm-up run for it.
const COLD_START_MS = 5000;

// WARM_UP_TIMEOUT_MS is the least time a warm-up run is given. It does not
// follow a short timeoutMs: a warm-up killed for being slow on a loaded
// machine would start a new worker that is killed again, in a loop.
const WARM_UP_TIMEOUT_MS = 30000;

// WARM_UPS are the programs a new runner worker runs before it takes real
// ones when the page names no example of its own (the warmUp option; a
// page that does runs just that, which reaches what its examples reach,
// and a Run of it pressed meanwhile takes that run over rather than
// waiting for it). The first, tiny, absorbs a fresh Go instance's first
// run. The second is a lesson's everyday program (time, a course package,
// a type with a method, a loop, goroutines, Printf verbs printed): it
// decodes the type information of those packages and has the engine
// compile the front end's, the interpreter's and the output's common paths
// once, so a learner's first Run after the page sat idle for a moment costs
// what a warm run does. A run asked for during the warm-up waits for the
// program in progress only, never for the rest.
export const WARM_UPS = [`package main

import "fmt"

func main() { _ = fmt.Sprint(0) }
`, `package main

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/flakylab/flakylab/core/bucket"
)

type attempt struct {
	n    int
	wait time.Duration
}

func (a attempt) String() string { return fmt.Sprintf("attempt %d: %v", a.n, a.wait) }

var errBusy = errors.New("busy")

func main() {
	b, err := bucket.New(2, 1)
	if err != nil {
		panic(err)
	}
	start := time.Now()
	var lines []string
	for i := 1; i <= 3; {
		now := time.Now()
		d := b.TakeAt(now, 1)
		if !d.Allowed {
			lines = append(lines, attempt{i, d.RetryAfter.Round(time.Millisecond)}.String())
			time.Sleep(d.RetryAfter)
			continue
		}
		lines = append(lines, fmt.Sprintf("%4.1fs %d: %v", now.Sub(start).Seconds(), i, errBusy))
		i++
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			defer mu.Unlock()
			lines = append(lines, fmt.Sprint("worker ", i))
		}()
	}
	wg.Wait()
	fmt.Println(strings.Join(lines, "\\n"))
	fmt.Printf("%d lines, %q\\n", len(lines), errBusy)
}
`];

function seconds(ms) {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return ms < 10000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}

// callSafely runs a caller's callback; an exception in it is reported
// without breaking the runtime's bookkeeping.
function callSafely(fn, ...args) {
  if (typeof fn !== "function") return;
  try {
    fn(...args);
  } catch (err) {
    queueMicrotask(() => { throw err; });
  }
}

// checkOptions refuses options that are not an object (undefined is none).
function checkOptions(opts) {
  if (opts !== undefined && (opts === null || typeof opts !== "object")) {
    throw new BridgeError({ code: "bad_request", message: `the options must be an object, got ${opts === null ? "null" : typeof opts}` });
  }
  return opts ?? {};
}

// checkCallback refuses an output callback that is not a function.
function checkCallback(name, fn) {
  if (fn !== undefined && fn !== null && typeof fn !== "function") {
    throw new BridgeError({ code: "bad_request", message: `${name} must be a function, got ${typeof fn}` });
  }
  return fn;
}

function checkTimeout(ms) {
  if (!(typeof ms === "number" && ms > 0 && ms <= 2 ** 31 - 1)) {
    throw new BridgeError({ code: "bad_request", message: `timeoutMs must be a positive number of milliseconds, got ${ms}` });
  }
  return ms;
}

export class Runtime {
  #urls;
  #module;
  #timeoutMs;
  #keepStandby;
  #active;
  #standby = null;
  #tool = null;
  #current = null;
  #closed = false;
  #standbyAfterRun = false;
  #ranOnce = false;
  #pageExample = null;
  #stats = { compileMs: null, spawns: 0, retired: 0, lastSpawnMs: null, lastWarmUpMs: null, warmUpsTakenOver: 0 };

  // base is the URL of the site root holding flakylab.wasm, wasm_exec.js and
  // js/; relative values resolve against the page. The default is the
  // directory above this module, so a site served under a sub-path works
  // without configuration. warmUp is the page's own first example, which
  // a new worker runs first, its output discarded, so that the code it
  // reaches is compiled before the learner presses its Run.
  constructor({
    base = new URL("../", import.meta.url).href,
    onProgress,
    timeoutMs = DEFAULT_TIMEOUT_MS,
    standby = true,
    warmUp,
  } = {}) {
    const root = new URL(base, globalThis.document?.baseURI ?? globalThis.location?.href);
    this.#urls = {
      wasm: new URL("flakylab.wasm", root).href,
      exec: new URL("wasm_exec.js", root).href,
      worker: new URL("js/worker.js", root).href,
    };
    this.#timeoutMs = checkTimeout(timeoutMs);
    this.#keepStandby = standby;
    if (typeof warmUp === "string" && warmUp.trim() !== "") this.#pageExample = warmUp;

    const start = performance.now();
    this.#module = compileModule(this.#urls.wasm, (...progress) => callSafely(onProgress, ...progress));
    this.#module.then(() => { this.#stats.compileMs = performance.now() - start; }, () => {});
    // The standby starts once the active worker is warm, so the two do not
    // compete for the CPU while the page loads.
    this.#active = this.#spawn();
    this.#active.warm.then(() => this.#ensureStandby());
  }

  // ready resolves when a worker's Go runtime is up. After a kill it is the
  // promoted standby's readiness, usually already settled. A run started
  // just after it may still wait for the worker's warm-up run to finish.
  get ready() {
    return this.#readySlot(false).then(() => undefined);
  }

  // running reports whether a run is in progress.
  get running() {
    return this.#current !== null;
  }

  // version is the Go runtime's version string once ready.
  get version() {
    return this.#active.version;
  }

  // stats returns figures for the status line and benchmarks: compileMs
  // (download and compile), spawns (workers started), retired (workers
  // replaced because a run could not be proved clean or the Go side
  // failed), lastSpawnMs (from
  // creating the latest worker to its runtime being ready), lastWarmUpMs
  // (its warm-up runs), warmUpsTakenOver (runs of the page's example that
  // took over a warm-up run of it in progress) and standby ("none",
  // "starting" or "ready", which means warmed up).
  stats() {
    let standby = "none";
    if (this.#standby?.alive) standby = this.#standby.warmed ? "ready" : "starting";
    return { ...this.#stats, standby };
  }

  // run runs a program and resolves with a RunResult (BRIDGE.md). A run the
  // watchdog or stop() ends resolves with error.kind "timeout" or "stopped"
  // and a run whose Go runtime dies with "crash". Requests the runtime
  // refuses (busy, bad_request, too_large, internal) reject with a
  // BridgeError.
  run(source, opts) {
    if (this.#closed) return Promise.reject(new BridgeError({ code: "internal", message: "the runtime is closed" }));
    if (typeof source !== "string") {
      return Promise.reject(new BridgeError({ code: "bad_request", message: "source must be a string" }));
    }
    if (this.#current) {
      return Promise.reject(new BridgeError({ code: "busy", message: "a program is already running; stop it first" }));
    }
    let timeoutMs, realTime, seed, maxOutput, harness, onStdout, onStderr;
    try {
      // A getter in the options may throw: that is a bad request too.
      ({ timeoutMs = this.#timeoutMs, realTime, seed, maxOutput, harness, onStdout, onStderr } = checkOptions(opts));
      checkTimeout(timeoutMs);
      checkCallback("onStdout", onStdout);
      checkCallback("onStderr", onStderr);
    } catch (err) {
      return Promise.reject(err instanceof BridgeError ? err : new BridgeError({ code: "bad_request", message: `the options cannot be read: ${err?.message ?? err}` }));
    }
    if (harness !== undefined && typeof harness !== "string") {
      return Promise.reject(new BridgeError({ code: "bad_request", message: "harness must be a string" }));
    }
    const run = {
      stdout: "", stderr: "", graded: harness !== undefined, input: "",
      startedAt: performance.now(), timeoutMs, allowedMs: timeoutMs, slot: null, timer: 0, done: false,
    };
    this.#current = run;
    return new Promise((resolve, reject) => {
      const settle = (fn) => {
        if (run.done) return;
        run.done = true;
        clearTimeout(run.timer);
        if (this.#current === run) this.#current = null;
        this.#ranOnce = true;
        if (this.#standbyAfterRun) {
          this.#standbyAfterRun = false;
          this.#ensureStandby();
        }
        fn();
      };
      run.end = (kind, message) => settle(() => resolve(this.#hostResult(run, kind, message)));
      const forward = (key, fn) => (chunk) => {
        run[key] += chunk;
        callSafely(fn, chunk);
      };
      const handlers = {
        onStdout: forward("stdout", onStdout),
        onStderr: forward("stderr", onStderr),
        onInput: (text) => { run.input = text; },
      };
      const plain = harness === undefined && realTime === undefined && seed === undefined && maxOutput === undefined;
      const started = (plain && this.#takeOver(run, source, handlers)) ||
        this.#startRun(run, { source, realTime, seed, maxOutput, harness }, handlers);
      started.then(
        (result) => {
          // Retired before the result is out, so the next run already
          // goes to the standby.
          this.#retireIfNeeded(run.slot, result);
          settle(() => resolve(result));
        },
        (err) => {
          // The worker died under the run: whoever killed it (or
          // #lost, for a crash) has already replaced it.
          if (err instanceof WorkerGone) {
            settle(() => resolve(this.#hostResult(run, err.kind, err.message)));
          } else {
            this.#retireIfNeeded(run.slot, err);
            settle(() => reject(err));
          }
        },
      );
    });
  }

  // #takeOver gives run the active worker's warm-up run of the page's
  // example when that is the program asked for and it is still going: the
  // run gets what it printed so far and the rest as it comes, and its
  // result, instead of waiting for it and running the program again. It
  // returns that run's promise, or null.
  #takeOver(run, source, handlers) {
    const slot = this.#active;
    const w = slot?.alive ? slot.warmingUp : null;
    if (!w || w.taken || w.source !== source) return null;
    w.taken = handlers;
    for (const [key, chunk] of w.output) handlers[key](chunk);
    w.output = [];
    run.slot = slot;
    run.startedAt = w.startedAt;
    this.#stats.warmUpsTakenOver++;
    // It started as a warm-up, which a fresh worker's first run may be.
    run.allowedMs = run.timeoutMs + COLD_START_MS;
    run.timer = setTimeout(() => this.#kill(run, "timeout"), run.allowedMs);
    return w.done;
  }

  async #startRun(run, payload, handlers) {
    const slot = await this.#readySlot();
    if (run.done) return null; // stopped while the worker was starting
    run.slot = slot;
    run.startedAt = performance.now();
    // The first run of a worker that skipped its warm-up does that work
    // too: its watchdog allows for it.
    const cold = slot.cold ? COLD_START_MS : 0;
    slot.cold = false;
    run.allowedMs = run.timeoutMs + cold;
    run.timer = setTimeout(() => this.#kill(run, "timeout"), run.allowedMs);
    return slot.request("run", payload, handlers);
  }

  // stop ends the run in progress, killing its worker, and reports whether
  // there was one. The standby takes over at once.
  stop() {
    if (!this.#current) return false;
    this.#kill(this.#current, "stopped");
    return true;
  }

  // format gofmts source: it resolves with {source} or rejects with a
  // BridgeError whose code is "format" and which has line and column.
  async format(source, opts) {
    if (typeof source !== "string") throw new BridgeError({ code: "bad_request", message: "source must be a string" });
    const { timeoutMs = this.#timeoutMs } = checkOptions(opts);
    // The active worker is free unless a program runs; then use the tool
    // worker rather than wait behind a program that may never end.
    const tool = this.#current !== null;
    const slot = tool ? await this.#toolSlot() : await this.#readySlot(false);
    // A warm-up run in progress holds the worker until it ends (the Go side
    // answers between runs): the format's time starts after it, or a slow
    // warm-up on a loaded machine would time the format out and kill a
    // healthy worker. The warm-up has a watchdog of its own.
    return this.#call(slot, "format", { source }, checkTimeout(timeoutMs) + (tool ? this.#coldExtra(slot) : 0), slot.warmingUp?.done);
  }

  // core calls flakylab.core[method](...args) in the tool worker, which
  // never runs learner code. If that worker has to be replaced, its handles
  // are lost and later calls with them are refused by the Go side.
  async core(method, ...args) {
    if (typeof method !== "string") throw new BridgeError({ code: "bad_request", message: "method must be a string" });
    const slot = await this.#toolSlot();
    return this.#call(slot, "core", { method, args }, this.#timeoutMs + this.#coldExtra(slot));
  }

  // #coldExtra is the time the first call to the tool worker is given on
  // top of its own: that worker never warms up, and its first call (an
  // exercise's first grading plan, a widget's first simulation) compiles
  // the code it reaches, which on a loaded machine took more than the
  // 5 s default.
  #coldExtra(slot) {
    if (slot.calledOnce) return 0;
    slot.calledOnce = true;
    return COLD_START_MS;
  }

  // close terminates every worker; the runtime cannot be used afterwards.
  close() {
    if (this.#closed) return;
    this.#closed = true;
    this.#current?.end("stopped", "the runtime was closed");
    for (const slot of [this.#active, this.#standby, this.#tool]) slot?.kill("stopped", "the runtime was closed");
  }

  // #call sends a request to slot and waits for its answer for timeoutMs,
  // counted from when the promise after (work the worker finishes first)
  // settles, or from now.
  async #call(slot, type, payload, timeoutMs, after = undefined) {
    let timer = 0;
    let settled = false;
    const watchdog = new Promise((_, reject) => {
      const arm = () => {
        if (settled) return;
        timer = setTimeout(() => {
          const message = `${type} did not answer within ${seconds(timeoutMs)}`;
          // Rejected first, so that the race settles with the timeout and
          // not with the worker's death that the kill causes.
          reject(new BridgeError({ code: "timeout", message }));
          slot.kill("timeout", message);
          this.#replace(slot);
        }, timeoutMs);
      };
      if (after) after.then(arm, arm);
      else arm();
    });
    try {
      return await Promise.race([slot.request(type, payload), watchdog]);
    } catch (err) {
      if (err instanceof WorkerGone) throw new BridgeError({ code: "internal", message: err.message });
      this.#retireIfNeeded(slot, err);
      throw err;
    } finally {
      settled = true;
      clearTimeout(timer);
    }
  }

  // #retireIfNeeded replaces a worker whose answer says it cannot be
  // trusted with the next request (needsFreshWorker): a run that may have
  // left something behind, or an internal failure of the Go side.
  #retireIfNeeded(slot, answer) {
    if (!slot?.alive || !needsFreshWorker(answer)) return;
    slot.kill("stopped", "the runtime's worker was retired");
    this.#stats.retired++;
    this.#replace(slot);
  }

  #kill(run, kind) {
    // The first run of a fresh worker was given more time (COLD_START_MS):
    // the message says what the watchdog allowed, as the run's time shows.
    const allowed = run.allowedMs;
    const extra = allowed > run.timeoutMs
      ? ` (${seconds(run.timeoutMs)}, and ${seconds(allowed - run.timeoutMs)} more for the first run of a fresh Go runtime)`
      : "";
    const message = kind === "timeout"
      ? `the program was still running after ${seconds(allowed)}${extra} and was stopped: ` +
        "an endless loop, runaway recursion, goroutines that never finish or too much work"
      : `stopped after ${seconds(performance.now() - run.startedAt)}`;
    run.end(kind, message);
    if (run.slot) {
      run.slot.kill(kind, message);
      this.#replace(run.slot);
    }
  }

  #hostResult(run, kind, message) {
    const result = {
      stdout: run.stdout,
      stderr: run.stderr,
      truncated: false,
      virtualElapsedMs: null,
      realElapsedMs: Math.round(performance.now() - run.startedAt),
      exitCode: -1,
      error: { kind, message, line: 0, column: 0 },
    };
    // A graded run the host ended has no verdict, but the input its
    // checks last announced says what it was doing.
    if (run.graded) Object.assign(result, { verdict: null, input: run.input });
    return result;
  }

  // #spawn starts a worker. Runners (not the widget worker) warm up; their
  // warm promise settles, never rejecting, once they can take a run.
  #spawn(runner = true) {
    this.#stats.spawns++;
    const slot = new Slot(this.#module, this.#urls, (dead) => this.#lost(dead));
    slot.warmed = false;
    slot.warm = slot.ready.then(
      () => {
        this.#stats.lastSpawnMs = slot.readyAt - slot.createdAt;
        return runner ? this.#warmUp(slot) : undefined;
      },
      () => {},
    ).then(() => { slot.warmed = slot.alive; });
    return slot;
  }

  async #warmUp(slot) {
    // A run that is already waiting for the first worker (Run pressed while
    // the page loaded) warms it up itself: it does not wait for another.
    if (slot === this.#active && this.#current) {
      slot.cold = true;
      return;
    }
    const start = performance.now();
    let timer = 0;
    const watchdog = new Promise((resolve) => {
      timer = setTimeout(() => {
        slot.kill("timeout", "the runtime's warm-up run did not finish");
        this.#replace(slot);
        resolve();
      }, Math.max(this.#timeoutMs, WARM_UP_TIMEOUT_MS));
    });
    const example = this.#pageExample;
    const programs = example === null ? WARM_UPS : [example];
    try {
      for (const [i, source] of programs.entries()) {
        // A run waiting for this worker goes before the rest of the warm-up.
        if (i > 0 && ((slot === this.#active && this.#current) || !slot.alive)) break;
        const w = this.#warmUpRun(slot, source);
        // Its result does not matter: a refusal leaves a working, cold worker.
        const done = await Promise.race([w.done.then(() => true, () => true), watchdog]);
        if (!done) {
          // The watchdog fired: a page example that does not finish is
          // no warm-up, for this worker or the next.
          if (source === example) this.#pageExample = null;
          break;
        }
      }
    } catch {
      // The worker died (reported through #lost) or refused; either way
      // there is nothing to wait for.
    } finally {
      clearTimeout(timer);
      slot.warmingUp = null;
    }
    this.#stats.lastWarmUpMs = performance.now() - start;
  }

  // #warmUpRun starts a warm-up run of source on slot, noted as
  // slot.warmingUp until it ends: its output is kept for a run that may
  // take it over (#takeOver), and dropped otherwise.
  #warmUpRun(slot, source) {
    const w = { source, output: [], taken: null, startedAt: performance.now(), done: null };
    const keep = (key) => (chunk) => {
      if (w.taken) w.taken[key](chunk);
      else if (source === this.#pageExample) w.output.push([key, chunk]);
    };
    w.done = slot.request("run", { source }, {
      onStdout: keep("onStdout"),
      onStderr: keep("onStderr"),
      onInput: (text) => w.taken?.onInput(text),
    });
    w.done.finally(() => { if (slot.warmingUp === w) slot.warmingUp = null; }).catch(() => {});
    slot.warmingUp = w;
    return w;
  }

  // #lost handles a worker that died on its own (the Go runtime exited or
  // the worker failed). A run on it has already been told by its request.
  #lost(slot) {
    if (this.#closed) return;
    // A worker that never became ready is not replaced automatically: the
    // next request retries, so a broken build cannot spin in a loop.
    if (slot.readyAt === 0) {
      if (slot === this.#standby) this.#standby = null;
      if (slot === this.#tool) this.#tool = null;
      return;
    }
    this.#replace(slot);
  }

  // #replace retires a dead worker: the standby takes the active's place
  // and a new standby starts behind it.
  #replace(slot) {
    if (this.#closed) return;
    if (slot === this.#active) {
      const next = this.#standby?.alive ? this.#standby : this.#spawn();
      this.#standby = null;
      this.#active = next;
      next.warm.then(() => this.#ensureStandby());
    } else if (slot === this.#standby) {
      this.#standby = null;
      this.#ensureStandby();
    } else if (slot === this.#tool) {
      this.#tool = null;
    }
  }

  #ensureStandby() {
    if (this.#closed || !this.#keepStandby || this.#standby?.alive) return;
    if (this.#active.state !== "ready") return;
    // On a first visit a new worker's start would compete for the CPU with
    // the learner's first run: it starts after that run. Later runs never
    // wait for it: a run that has to be stopped (a runaway, or another
    // example's Run) must find a standby started, not a cold start.
    if (this.#current && !this.#ranOnce) {
      this.#standbyAfterRun = true;
      return;
    }
    this.#standby = this.#spawn();
  }

  // #readySlot resolves to the active worker once it is up and, when warm
  // is set, done with its warm-up run (the Go side takes one run at a time).
  async #readySlot(warm = true) {
    if (this.#closed) throw new BridgeError({ code: "internal", message: "the runtime is closed" });
    for (let attempt = 0; attempt < 3; attempt++) {
      if (!this.#active.alive) this.#replace(this.#active);
      const slot = this.#active;
      await slot.ready;
      if (warm) await slot.warm;
      if (slot.alive) return slot;
    }
    throw new BridgeError({ code: "internal", message: "the Go runtime keeps stopping" });
  }

  async #toolSlot() {
    if (this.#closed) throw new BridgeError({ code: "internal", message: "the runtime is closed" });
    if (!this.#tool?.alive) this.#tool = this.#spawn(false);
    return this.#tool.ready;
  }
}
