// One runnable example: an editor, Run/Stop/Format/Reset and an output
// panel. The page's Session owns the single Go runtime that all examples
// share.

import { createEditor, replaceAll, markError } from "./editor.js";
import { OutputView } from "./output.js";
import { playgroundLink } from "./share.js";
import { KIND, describeError } from "./run-error.js";

function lines(text) {
  if (!text) return 0;
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

function seconds(ms) {
  if (ms == null) return "";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  return s < 60 ? `${+s.toFixed(3)} s` : `${Math.floor(s / 60)} min ${+(s % 60).toFixed(1)} s`;
}


export class Example {
  constructor(root, session) {
    this.root = root;
    this.session = session;
    this.name = root.dataset.example;
    // A reload or a closed tab right after an edit keeps it.
    addEventListener("pagehide", () => this.pendingSave?.());
    const q = (role) => root.querySelector(`[data-role="${role}"]`);
    this.el = {
      editor: q("editor"), badge: q("modified"), output: q("output"), label: q("label"),
      meta: q("meta"), stdout: q("stdout"), stderr: q("stderr"), stderrWrap: q("stderr-wrap"),
      live: q("live"), expected: q("expected"), match: q("match"), playground: q("playground"),
    };
    this.out = new OutputView(this.el.stdout);
    this.err = new OutputView(this.el.stderr);
    this.buttons = {};
    for (const b of root.querySelectorAll("button[data-action]")) this.buttons[b.dataset.action] = b;
    this.original = this.el.editor.querySelector("pre.source").textContent;
    this.expected = this.el.expected ? this.el.expected.content.textContent : "";
    this.running = false;

    const saved = session.storage.savedSource(this.name);
    const start = saved !== null && saved !== this.original ? saved : this.original;
    this.el.editor.textContent = "";
    this.view = createEditor({
      parent: this.el.editor,
      doc: start,
      label: `Go source of example ${this.name}`,
      onRun: () => this.run(),
      onLeave: () => this.buttons.run.focus(),
      onChange: (text) => this.#changed(text),
      fold: true,
    });
    this.#showModified(start !== this.original);
    this.el.output.dataset.state = "expected";
    if (start !== this.original) {
      // Restored code is shown, never run: the original's output would not
      // belong to it, so the panel stays empty until the learner runs it.
      this.el.output.dataset.state = "restored";
      this.el.label.textContent = "Output";
      this.out.clear();
      this.el.meta.textContent = "your saved edit, not run yet";
    }

    this.buttons.run.addEventListener("click", () => this.run());
    this.buttons.stop.addEventListener("click", () => this.stop());
    this.buttons.format.addEventListener("click", () => this.format());
    this.buttons.reset.addEventListener("click", () => this.reset());
    // "Open in playground" carries the code as it is when the link is
    // followed (a middle click too), never a stale copy.
    const link = this.el.playground;
    if (link) {
      const refresh = async () => { link.href = await playgroundLink(this.source, link.getAttribute("href")); };
      link.addEventListener("pointerdown", refresh);
      link.addEventListener("focus", refresh);
      link.addEventListener("click", async (e) => {
        if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        await refresh();
        location.href = link.href;
      });
    }
  }

  get source() {
    return this.view.state.doc.toString();
  }

  #changed(text) {
    const modified = text !== this.original;
    this.#showModified(modified);
    clearTimeout(this.saveTimer);
    this.pendingSave = () => {
      clearTimeout(this.saveTimer);
      this.pendingSave = null;
      if (modified) this.session.storage.saveSource(this.name, text);
      else this.session.storage.forgetSource(this.name);
    };
    this.saveTimer = setTimeout(this.pendingSave, 250);
  }

  #showModified(on) {
    this.el.badge.hidden = !on;
    this.buttons.reset.disabled = !on;
  }

  #announce(text) {
    // Clear first so that the same message twice is still announced.
    this.el.live.textContent = "";
    setTimeout(() => { this.el.live.textContent = text; }, 50);
  }

  #setRunning(on) {
    // The focus moves with the action: from Run to Stop while running, and
    // back, so the keyboard never lands on a button being disabled.
    const focused = document.activeElement;
    this.running = on;
    this.buttons.run.disabled = on;
    this.buttons.stop.disabled = !on;
    this.buttons.format.disabled = on;
    this.root.dataset.running = on ? "true" : "false";
    if (on && focused === this.buttons.run) this.buttons.stop.focus();
    if (!on && focused === this.buttons.stop) this.buttons.run.focus();
  }

  #clearOutput(label) {
    this.el.output.dataset.state = "live";
    this.el.label.textContent = label;
    this.out.clear();
    this.err.clear();
    this.el.stderrWrap.hidden = true;
    this.el.meta.textContent = "";
    this.el.meta.className = "meta";
    this.#showMatch(null);
  }

  #stderr(text) {
    if (!text) return;
    this.err.append(text);
    this.el.stderrWrap.hidden = false;
  }

  #setStderr(text) {
    this.err.set(text);
    this.el.stderrWrap.hidden = !text;
  }

  // #showMatch shows whether the output is the lesson's: true, false, or
  // null for no mark.
  #showMatch(same) {
    const m = this.el.match;
    if (!m) return;
    m.hidden = same === null;
    m.dataset.match = same === null ? "" : String(same);
    m.textContent = same ? "✓ same as the lesson" : "≠ differs from the lesson";
  }

  // #bringOutputIntoView scrolls the output panel into the window when it
  // is below (or above) it, as on a phone where it sits under the code.
  #bringOutputIntoView() {
    const r = this.el.output.getBoundingClientRect();
    const h = window.innerHeight || document.documentElement.clientHeight;
    if (r.top >= 0 && r.top < h - 48) return;
    const smooth = !window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    this.el.output.scrollIntoView({ block: "nearest", behavior: smooth ? "smooth" : "auto" });
  }

  async run() {
    if (this.running) return;
    markError(this.view, 0);
    this.#setRunning(true);
    this.#clearOutput("Output");
    this.el.meta.textContent = this.session.ready ? "running…" : "waiting for the Go runtime…";
    this.#bringOutputIntoView();
    this.#announce(`Running example ${this.name}.`);
    let result;
    try {
      result = await this.session.run(this, this.source, {
        onStdout: (chunk) => this.out.append(chunk),
        onStderr: (chunk) => this.#stderr(chunk),
      });
    } catch (err) {
      this.#setRunning(false);
      this.err.set(`${err?.message ?? err}\n`);
      this.el.stderrWrap.hidden = false;
      this.el.meta.textContent = "could not run";
      this.el.meta.className = "meta failed";
      this.#announce(`Example ${this.name} could not run: ${err?.message ?? err}`);
      return;
    }
    this.#setRunning(false);
    this.#show(result);
  }

  #show(r) {
    // The streamed chunks are replaced by the final, complete text.
    // Drawn at once (set), so the result is complete when the run ends.
    this.out.set(r.stdout ?? "");
    let stderr = r.stderr ?? "";
    if (r.truncated) stderr += "\n[output truncated]\n";

    const parts = [];
    if (r.virtualElapsedMs != null) parts.push(`${seconds(r.virtualElapsedMs)} virtual time`);
    if (r.realElapsedMs != null) parts.push(`${seconds(r.realElapsedMs)} real`);
    const n = lines(r.stdout);
    if (!r.error) {
      this.#setStderr(stderr);
      this.el.meta.textContent = ["finished", ...parts].join(" · ");
      this.el.meta.className = "meta ok";
      this.session.storage.markRan(this.name);
      this.#showMatch(r.stdout === this.expected);
      const same = r.stdout === this.expected ? " The output matches the lesson." : " The output differs from the lesson's.";
      this.#announce(`Example ${this.name} finished: ${n} line${n === 1 ? "" : "s"} of output${r.stderr ? ", and standard error output" : ""}.${same}`);
      return;
    }
    const e = r.error;
    const described = describeError(e);
    this.#setStderr(`${stderr}${described}\n`);
    if (e.line > 0) markError(this.view, e.line);
    this.#showMatch(false);
    this.el.meta.textContent = [KIND[e.kind] ?? "failed", ...parts].join(" · ");
    this.el.meta.className = "meta failed";
    this.#announce(`Example ${this.name} failed. ${described}`);
  }

  // #showExpected puts the lesson's own output back, with no stale error.
  #showExpected() {
    if (this.running) this.stop();
    this.el.output.dataset.state = "expected";
    this.el.label.textContent = "Prints";
    this.out.set(this.expected);
    this.err.clear();
    this.el.stderrWrap.hidden = true;
    this.el.meta.textContent = "";
    this.el.meta.className = "meta";
    this.#showMatch(null);
  }

  stop() {
    if (this.running) this.session.stop(this);
  }

  async format() {
    markError(this.view, 0);
    const before = this.source;
    try {
      const { source } = await this.session.format(before);
      if (source !== before && this.source === before) replaceAll(this.view, source);
      this.#announce(source === before ? "Already formatted." : "Formatted. Undo with Control+Z.");
    } catch (err) {
      this.#clearOutput("Format");
      const where = err?.line > 0 ? ` on line ${err.line}` : "";
      this.#setStderr(`Cannot format${where}: ${err?.message ?? err}\n`);
      if (err?.line > 0) markError(this.view, err.line);
      this.el.meta.textContent = "not formatted";
      this.el.meta.className = "meta failed";
      this.#announce(`Cannot format${where}: ${err?.message ?? err}`);
    }
  }

  reset() {
    if (this.source === this.original) return;
    replaceAll(this.view, this.original);
    markError(this.view, 0);
    this.#showExpected();
    this.view.focus();
    this.#announce("Reset to the original code. Undo with Control+Z to get your version back.");
  }
}
