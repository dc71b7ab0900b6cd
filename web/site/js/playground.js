// The runtime's own page (playground.html): the lessons' editor, Run, Stop,
// Format and Share. The program is kept in this browser as it is edited; a
// shared link (playground.html#code=...) opens a program but never runs it:
// only Run does. Bundled by the site's build (web/site/bundle.go), so it
// shares the editor's chunk with the lessons.

import { Runtime } from "./runtime.js";
import { OutputView } from "./output.js";
import { describeError } from "./run-error.js";
import { decodeProgram, playgroundLink, programFromHash } from "./share.js";
import { createEditor, replaceAll, markError } from "./editor.js";
import { downloadProgress, drawBar } from "./runtime-status.js";

const examples = {
  bucket: `package main

import (
	"fmt"
	"time"

	"github.com/flakylab/flakylab/core/bucket"
)

func main() {
	// 3 tokens, refilled at 1 token per second.
	b, err := bucket.New(3, 1)
	if err != nil {
		panic(err)
	}
	// time is virtual here: the sleeps below take no real time.
	start := time.Now()
	for i := 1; i <= 6; {
		now := time.Now()
		at := now.Sub(start).Seconds()
		d := b.TakeAt(now, 1)
		if !d.Allowed {
			wait := d.RetryAfter.Round(time.Millisecond)
			fmt.Printf("%4.1fs  request %d: 429, retry in %v\\n", at, i, wait)
			time.Sleep(d.RetryAfter)
			continue
		}
		fmt.Printf("%4.1fs  request %d: allowed\\n", at, i)
		i++
	}
}
`,
  backoff: `package main

import (
	"fmt"
	"time"
)

func main() {
	delay := 100 * time.Millisecond
	for attempt := 1; attempt <= 5; attempt++ {
		fmt.Printf("attempt %d failed, retrying in %v\\n", attempt, delay)
		time.Sleep(delay)
		delay *= 2
	}
	fmt.Println("giving up after", 5, "attempts")
}
`,
  loop: `package main

import "fmt"

func main() {
	fmt.Println("spinning; press Stop (or wait for the watchdog)")
	n := 0
	for {
		n++
	}
}
`,
  panic: `package main

import "fmt"

func main() {
	var retries []int
	fmt.Println("about to index an empty slice")
	fmt.Println(retries[3])
}
`,
};

const $ = (id) => document.getElementById(id);
const ui = {
  source: $("source"), example: $("example"), keys: $("keys"),
  run: $("run"), stop: $("stop"), format: $("format"), share: $("share"),
  shareBox: $("share-box"), shareLink: $("share-link"), shareText: $("share-text"),
  loading: $("loading"), progress: $("progress"), progressText: $("progress-text"),
  status: $("status"), stdout: $("stdout"), stderr: $("stderr"), opened: $("opened"),
};
const out = { stdout: new OutputView(ui.stdout), stderr: new OutputView(ui.stderr) };

function duration(ms) {
  if (ms === null || ms === undefined || Number.isNaN(ms)) return "unknown";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60000) return `${(ms / 1000).toFixed(ms < 10000 ? 2 : 1)} s`;
  return `${Math.floor(ms / 60000)} min ${Math.round((ms % 60000) / 1000)} s`;
}

function setState(state) {
  document.body.dataset.state = state;
  const ready = state === "ready";
  ui.run.disabled = !ready;
  ui.format.disabled = !ready;
  ui.stop.disabled = state !== "running";
}

function setStatus(text, isError = false) {
  ui.status.textContent = text;
  ui.status.classList.toggle("error", isError);
}

// Output arrives in many small chunks; OutputView draws them once per frame
// and keeps the panel bounded.
function stream(key) {
  return (chunk) => out[key].append(chunk);
}

// showProgress shows the bytes that cross the network, as the course
// pages do (runtime-status.js).
function showProgress(received, total, transfer) {
  const p = downloadProgress(received, total, transfer);
  drawBar(ui.progress, p);
  ui.progressText.textContent = p.amount;
}

function describe(r) {
  const virtual = r.virtualElapsedMs === null ? "" : `, virtual time ${duration(r.virtualElapsedMs)}`;
  if (!r.error) return `Finished in ${duration(r.realElapsedMs)}${virtual}.`;
  const where = r.error.line > 0 ? ` at line ${r.error.line}, column ${r.error.column}` : "";
  switch (r.error.kind) {
    case "timeout": return `Timed out after ${duration(r.realElapsedMs)}.`;
    case "stopped": return `Stopped after ${duration(r.realElapsedMs)}.`;
    case "crash": return "The Go runtime crashed; a fresh one took over.";
    case "compile": return `Does not compile${where}.`;
    case "unsupported": return `Not supported by the playground${where}; nothing ran.`;
    case "import": return `Import not allowed${where}.`;
    case "panic": return `Panicked${where} after ${duration(r.realElapsedMs)}${virtual}.`;
    case "runtime": return `Runtime error${where} after ${duration(r.realElapsedMs)}${virtual}.`;
    case "exit": return `Exited with code ${r.exitCode}${virtual}.`;
    default: return `Failed (${r.error.kind})${where} after ${duration(r.realElapsedMs)}${virtual}.`;
  }
}

// The kinds of failure the Errors pane names as the lesson pages do; a run
// stopped by the learner or the watchdog, or a crashed runtime, is said in
// the runtime's own words.
const named = new Set(["compile", "unsupported", "import", "runtime", "panic", "exit", "internal"]);

// explain renders a RunResult error for the Errors pane.
function explain(err) {
  if (named.has(err.kind)) return describeError(err);
  return err.message.charAt(0).toUpperCase() + err.message.slice(1) + ".";
}

// The editor. Programmatic replacements (an example, a shared link, Format)
// set `replacing`, so that only the learner's own edits clear the example
// menu; a shared program is saved only once the learner edits it.
let replacing = false;
const editor = createEditor({
  parent: ui.source,
  doc: "",
  label: "Go program",
  onRun: () => { if (document.body.dataset.state === "ready") run(); },
  // Esc stops a run; otherwise it leaves the editor for the Run button, so
  // the keyboard is never trapped in the text.
  onLeave: () => {
    if (rt.running) rt.stop();
    else ui.run.disabled ? ui.example.focus() : ui.run.focus();
  },
  onChange: () => {
    if (replacing) return;
    ui.example.value = "";
    scheduleSave();
  },
});
editor.contentDOM.setAttribute("aria-describedby", "keys");
const source = () => editor.state.doc.toString();

function setSource(text, { save = false } = {}) {
  replacing = !save;
  try {
    replaceAll(editor, text);
  } finally {
    replacing = false;
  }
}

// selectLine marks a 1-based line as the error's and moves the caret to its
// column.
function selectLine(line, column) {
  markError(editor, line);
  if (line < 1 || line > editor.state.doc.lines) return;
  const l = editor.state.doc.line(line);
  editor.dispatch({ selection: { anchor: Math.min(l.to, l.from + Math.max(0, column - 1)) } });
  editor.focus();
}

// A new worker warms up with the page's own example, so a Run of it right
// after the page is ready takes over that run instead of waiting for it.
const rt = new Runtime({ onProgress: showProgress, warmUp: examples.bucket });
// The width under which playground.css stacks the output below the editor.
const oneColumn = matchMedia("(max-width: 61.99rem)");
let ticker = 0;

async function run() {
  if (rt.running) return;
  out.stdout.clear();
  out.stderr.clear();
  // What the page said about an opened link ("Nothing has run") is over
  // once the learner runs a program; an edit alone leaves it, since
  // nothing has run yet and what it says about saving still holds.
  announceOpened("");
  setState("running");
  const started = performance.now();
  setStatus("Running…");
  ticker = setInterval(() => setStatus(`Running… ${duration(performance.now() - started)}`), 250);
  try {
    markError(editor, 0);
    // On one column the output is below the editor: bring it into view.
    if (oneColumn.matches) ui.stdout.scrollIntoView({ block: "nearest" });
    const r = await rt.run(source(), { onStdout: stream("stdout"), onStderr: stream("stderr") });
    // The result holds the whole output; it replaces the streamed copy.
    // A truncated output already ends with the runtime's own notice.
    // A panic's report is usually in stderr already; do not say it twice.
    out.stdout.set(r.stdout);
    let stderr = r.stderr;
    if (r.error && !r.stderr.includes(r.error.message)) {
      const gap = r.stderr && !r.stderr.endsWith("\n") ? "\n" : "";
      stderr += `${gap}${explain(r.error)}\n`;
    }
    out.stderr.set(stderr);
    ui.stderr.dataset.kind = r.error ? (r.error.kind === "stopped" ? "notice" : "error") : "";
    for (const pane of [ui.stdout, ui.stderr]) pane.dataset.empty = "(none)";
    setStatus(describe(r), Boolean(r.error) && r.error.kind !== "stopped");
    if (r.error?.line > 0) selectLine(r.error.line, r.error.column);
  } catch (err) {
    setStatus(`Could not run: ${err.message}`, true);
  } finally {
    clearInterval(ticker);
    setState("ready");
  }
}

async function format() {
  setState("busy");
  try {
    const formatted = (await rt.format(source())).source;
    // One undoable step, saved like any edit.
    if (formatted !== source()) setSource(formatted, { save: true });
    setStatus("Formatted.");
  } catch (err) {
    const where = err.line > 0 ? ` (line ${err.line}, column ${err.column})` : "";
    setStatus(`Cannot format: ${err.message}${where}`, true);
    if (err.line > 0) selectLine(err.line, err.column);
  } finally {
    setState("ready");
  }
}

// The learner's program is kept in this browser as it is edited.
const SAVED = "flakylab:playground";
const BEFORE_SHARE = "flakylab:playground:before-share";
function savedProgram(key = SAVED) {
  try {
    const v = JSON.parse(localStorage.getItem(key));
    return v && typeof v.source === "string" ? v.source : null;
  } catch {
    return null;
  }
}
function saveProgram(source, key = SAVED) {
  try {
    localStorage.setItem(key, JSON.stringify({ schema: 1, source, savedAt: new Date().toISOString() }));
    return true;
  } catch {
    return false;
  }
}
let saveTimer = 0;
let sharedUnsaved = false; // a shared program shown, not edited yet

function show(text) {
  setSource(text);
  ui.example.value = Object.keys(examples).find((k) => examples[k] === text) ?? "";
}

function announceOpened(text, isError = false) {
  ui.opened.textContent = text;
  ui.opened.hidden = !text;
  ui.opened.classList.toggle("error", isError);
}

// open shows the program of a shared link, or the saved one. A link that
// cannot be read says why and changes nothing.
async function open() {
  const own = savedProgram();
  show(own ?? examples.bucket);
  const value = programFromHash(location.hash);
  if (value === null) return;
  try {
    const shared = await decodeProgram(value);
    show(shared);
    sharedUnsaved = own !== null && own !== shared;
    announceOpened("You opened a shared program. Nothing has run: read it, then press Run." +
      (sharedUnsaved ? " Your own program is kept; editing this one saves it in its place, and the previous one stays in this browser's storage." : ""));
  } catch (err) {
    announceOpened(`This link's program could not be opened: ${err.message}. ${own !== null ? "Your own program is shown, unchanged." : "An example is shown instead."}`, true);
  }
  // Reloading now keeps the learner's edits instead of the link's program.
  history.replaceState(null, "", location.pathname + location.search);
}

async function share() {
  try {
    const link = await playgroundLink(source(), location.pathname);
    ui.shareLink.value = link;
    ui.shareBox.hidden = false;
    ui.shareLink.focus();
    ui.shareLink.select();
    let copied = false;
    try {
      await navigator.clipboard.writeText(link);
      copied = true;
    } catch {
      // no clipboard access (an insecure origin, a denied permission)
    }
    ui.shareText.textContent = `${copied ? "Copied to the clipboard: a" : "A"} link of ${link.length.toLocaleString("en")} characters that carries this program. Whoever opens it sees the program; it runs only when they press Run.`;
  } catch (err) {
    setStatus(`Could not make a link: ${err.message}`, true);
  }
}

open();
function scheduleSave() {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(saveNow, 250);
}
function saveNow() {
  clearTimeout(saveTimer);
  saveTimer = 0;
  if (sharedUnsaved) {
    const own = savedProgram();
    if (own !== null) saveProgram(own, BEFORE_SHARE);
    sharedUnsaved = false;
  }
  if (!saveProgram(source())) setStatus("This browser would not save your program (storage is full or disabled); copy it before you leave.", true);
}
// A reload or a closed tab right after an edit keeps it: the pending save
// is made as the page goes away.
addEventListener("pagehide", () => {
  if (saveTimer) saveNow();
});
ui.example.addEventListener("change", () => {
  if (!examples[ui.example.value]) return;
  setSource(examples[ui.example.value]);
  scheduleSave();
});
ui.share.addEventListener("click", share);
ui.run.addEventListener("click", run);
ui.stop.addEventListener("click", () => rt.stop());
ui.format.addEventListener("click", format);
// The same keys outside the editor (the editor handles its own).
document.addEventListener("keydown", (e) => {
  if (e.defaultPrevented) return;
  if (e.key === "Enter" && (e.ctrlKey || e.metaKey) && document.body.dataset.state === "ready") {
    e.preventDefault();
    run();
  } else if (e.key === "Escape" && rt.running) {
    rt.stop();
  }
});

// Tests and benchmarks drive the page through this handle.
globalThis.playground = {
  runtime: rt, examples, readyAt: null, output: out, editor, source,
  // setSource(text) shows a program as the example menu does; with
  // {save: true} it is kept like the learner's own edit.
  setSource: (text, opts) => (opts?.save ? setSource(text, opts) : show(text)),
};
rt.ready.then(
  () => {
    globalThis.playground.readyAt = performance.now();
    ui.loading.hidden = true;
    setState("ready");
    // performance.now() counts from the start of the navigation.
    setStatus(`Ready in ${duration(performance.now())} · Go runtime ${rt.version || "(dev)"}`);
  },
  (err) => {
    ui.loading.hidden = true;
    setState("error");
    setStatus(`The Go runtime could not start: ${err.message}`, true);
  },
);
