// Entry point of the exercise pages (exercise-<slug>.html): an editor with
// the starter (or the learner's saved edit), Check, which runs every check
// of the exercise in the page's Go runtime and shows Go's report (per check
// its status, message, input, expected and got, hints one step at a time,
// and the score), a solution the learner may fetch after three checks that
// did not pass, and review cards (made by Go: one per idea a failed check
// tests, none for the unedited starter). On the index
// it fills in each exercise's progress.
//
// Grading is Go: exercises/web/grade.js asks the grader compiled into the
// runtime for the programs to run and for the report.

import { Runtime } from "./runtime.js";
import { Storage } from "./storage.js";
import { notice, storageFull, storageSaved } from "./notices.js";
import { createEditor, replaceAll, markError } from "./editor.js";
import { ExerciseProgress } from "./exercise-progress.js";
import { checkSubmission, reportRuns } from "../../../exercises/web/grade.js";
import { ReviewStore } from "../../quiz/review.js";
import { keepOffline } from "./offline.js";
import { mountExerciseRun } from "./exercise-run.js";
import { mountSectionsMenu } from "./masthead.js";
import { RuntimeStatus } from "./runtime-status.js";

// FAILS_BEFORE_SOLUTION is how many checks that did not pass every check
// unlock "Show a solution".
export const FAILS_BEFORE_SOLUTION = 3;

document.documentElement.classList.add("js");

const $ = (sel, root = document) => root.querySelector(sel);

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") e.textContent = v;
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

const onSetAside = (key, aside) => {
  notice(`We could not read your saved ${key.startsWith("flakylab:code:") ? "code" : "progress"}, so it was set aside under "${aside}" in this browser's storage. Nothing else was affected.`);
};

function scoreText(report) {
  if (report.status === "error") return "Your code could not be checked yet: fix what is listed below, then Check again.";
  if (report.status === "pass") return `All ${report.total} checks pass (score ${report.score}%). Well done.`;
  return `${report.passed} of ${report.total} checks pass (score ${report.score}%).`;
}

const STATUS = { pass: "passed", fail: "failed", error: "error", pending: "not run", running: "running…" };

class ExercisePage {
  constructor(root, data) {
    this.root = root;
    this.data = data;
    this.storage = new Storage({ onSetAside, onSaveFailed: storageFull, onSaved: storageSaved });
    this.progress = new ExerciseProgress({ onSetAside });
    this.review = new ReviewStore({});
    this.codeKey = "exercise-" + data.slug;
    this.last = null; // {source, runs, report}
    this.checking = false;

    this.btn = {
      check: $('[data-action="check"]', root),
      stop: $('[data-action="stop"]', root),
      reset: $('[data-action="reset"]', root),
      solution: $('[data-action="solution"]', root),
    };
    this.score = $('[data-role="score"]', root);
    this.live = $('[data-role="live"]', root);

    const saved = this.storage.savedSource(this.codeKey);
    const host = $('[data-role="editor"]', root);
    host.replaceChildren();
    let timer = null;
    let pending = null; // the save waiting for the typing to pause
    // A reload or a closed tab right after an edit keeps it.
    addEventListener("pagehide", () => pending?.());
    this.view = createEditor({
      parent: host,
      doc: saved ?? data.starter,
      label: `Your code for the exercise ${data.title}`,
      onRun: () => this.check(),
      onLeave: () => this.btn.check.focus(),
      onChange: (text) => {
        this.#modified(text);
        clearTimeout(timer);
        pending = () => {
          clearTimeout(timer);
          pending = null;
          this.#save(text);
        };
        timer = setTimeout(pending, 300);
      },
    });
    this.#modified(this.source());

    this.btn.check.addEventListener("click", () => this.check());
    this.btn.stop.addEventListener("click", () => this.rt?.stop());
    this.btn.reset.addEventListener("click", () => {
      replaceAll(this.view, data.starter);
      this.storage.forgetSource(this.codeKey);
      this.#say("The starter code is back; Ctrl+Z brings your code back.");
    });
    this.btn.solution.addEventListener("click", () => this.showSolution());
    this.#showSolutionOffer();
    const p = this.progress.get(data.slug);
    if (p.checkedAt) {
      this.score.textContent = p.passed
        ? `You have passed every check of this exercise. Best score ${p.best}%.`
        : `Checked ${p.attempts} time${p.attempts === 1 ? "" : "s"} so far; best score ${p.best}%. Press Check to run the checks again.`;
    }
    this.#startRuntime();
    mountExerciseRun(root, { source: () => this.source(), runtime: () => this.rt ?? null, view: this.view, stop: this.btn.stop });
  }

  source() {
    return this.view.state.doc.toString();
  }

  #modified(text) {
    $('[data-role="modified"]', this.root).hidden = text === this.data.starter;
  }

  #save(text) {
    const out = $('[data-role="saved"]', this.root);
    if (text === this.data.starter) {
      this.storage.forgetSource(this.codeKey);
      out.textContent = "";
    } else if (this.storage.saveSource(this.codeKey, text)) {
      out.textContent = "saved in this browser";
    }
  }

  #say(text) {
    this.live.textContent = text;
  }

  #startRuntime() {
    const status = new RuntimeStatus($('[data-role="runtime"]'));
    const failed = (err) => status.failed(err, "Your code cannot be checked here; reload to try again.");
    try {
      this.rt = new Runtime({ onProgress: (got, total, transfer) => status.progress(got, total, transfer) });
    } catch (err) {
      failed(err);
      return;
    }
    this.rt.ready.then(() => {
      status.ready("Go runtime ready: Check runs your code in this page.");
      this.btn.check.disabled = false;
      this.root.dataset.ready = "true";
    }, failed);
  }

  #setChecking(on) {
    this.checking = on;
    this.btn.check.disabled = on;
    this.btn.stop.disabled = !on;
    this.root.dataset.state = on ? "checking" : "idle";
  }

  async check() {
    if (this.checking || !this.rt || this.btn.check.disabled) return;
    const source = this.source();
    this.#save(source);
    this.#setChecking(true);
    markError(this.view, 0);
    for (const li of this.root.querySelectorAll(".exercise-check")) {
      li.dataset.status = "pending";
      $('[data-role="status"]', li).textContent = STATUS.pending;
    }
    const hints = this.progress.get(this.data.slug).hints;
    let result;
    try {
      result = await checkSubmission(this.rt, this.data.slug, source, {
        hints,
        onProgress: (done, total, name) => {
          this.score.textContent = `Checking… ${done} of ${total} checks done.`;
          const li = this.#item(name);
          if (li) {
            li.dataset.status = "running";
            $('[data-role="status"]', li).textContent = STATUS.running;
          }
        },
      });
    } catch (err) {
      this.score.textContent = `Your code could not be checked: ${err?.message ?? err}`;
      this.#setChecking(false);
      return;
    }
    this.#setChecking(false);
    if (result.stopped) {
      this.score.textContent = "Stopped. Press Check to run the checks again.";
      for (const li of this.root.querySelectorAll(".exercise-check")) {
        li.dataset.status = "pending";
        $('[data-role="status"]', li).textContent = STATUS.pending;
      }
      return;
    }
    this.last = { source, runs: result.runs, report: result.report };
    const report = result.report;
    const now = new Date().toISOString();
    this.progress.update(this.data.slug, (p) => {
      p.attempts++;
      if (report.status !== "pass") p.failed++;
      p.best = Math.max(p.best, report.score ?? 0);
      if (report.status === "pass" && !p.passed) p.passed = now;
      p.checkedAt = now;
    });
    if ((report.checks ?? []).some((c) => c.status !== "pass")) {
      // Go decides the cards: one per idea a failed check tests, none for
      // a Check of the unedited starter. They are saved before the report
      // shows, so what the page shows is already in the review queue.
      try {
        const cards = await this.rt.core("exerciseCards", this.data.slug, source, report);
        if (cards.length) this.review.addMissed(cards);
      } catch (err) {
        console.error("review cards:", err);
      }
    }
    this.render(report);
    this.#showSolutionOffer();
  }

  #item(name) {
    return this.root.querySelector(`.exercise-check[data-check="${CSS.escape(name)}"]`);
  }

  render(report) {
    this.root.dataset.status = report.status;
    this.score.textContent = scoreText(report);
    this.score.dataset.score = String(report.score ?? 0);
    this.#say(scoreText(report));
    const diag = $('[data-role="diagnostics"]', this.root);
    diag.replaceChildren();
    diag.hidden = !(report.diagnostics?.length);
    for (const d of report.diagnostics ?? []) {
      const where = d.line > 0 ? `line ${d.line}${d.column > 0 ? `:${d.column}` : ""}: ` : "";
      diag.append(el("li", { text: where + d.message, "data-line": d.line || null }));
    }
    const firstLine = report.diagnostics?.find((d) => d.line > 0)?.line ?? 0;
    const byName = new Map((report.checks ?? []).map((c) => [c.name, c]));
    for (const li of this.root.querySelectorAll(".exercise-check")) {
      const c = byName.get(li.dataset.check);
      const body = $('[data-role="body"]', li);
      body.replaceChildren();
      if (!c) {
        li.dataset.status = "pending";
        $('[data-role="status"]', li).textContent = STATUS.pending;
        continue;
      }
      li.dataset.status = c.status;
      $('[data-role="status"]', li).textContent = STATUS[c.status] ?? c.status;
      if (c.status === "pass") continue;
      if (c.message) body.append(el("p", { class: "check-message", "data-role": "message", text: c.message }));
      const dl = el("dl", { class: "check-io" });
      for (const [label, v] of [["Input", c.input], ["Expected", c.expected], ["Got", c.got]]) {
        if (v) dl.append(el("dt", { text: label }), el("dd", {}, el("pre", { text: v })));
      }
      if (dl.childElementCount) body.append(dl);
      if (c.line > 0) {
        const go = el("button", { type: "button", class: "linkish", "data-action": "line", text: `Show line ${c.line} in the editor` });
        go.addEventListener("click", () => { markError(this.view, c.line); this.view.focus(); });
        body.append(go);
      }
      if (c.output) body.append(el("details", { class: "check-output" }, el("summary", { text: "What your code printed" }), el("pre", { text: c.output })));
      if (c.hints?.length) {
        const ol = el("ol", { class: "check-hints", "data-role": "hints" });
        for (const h of c.hints) ol.append(el("li", { text: h }));
        body.append(el("p", { class: "check-hints-label", text: c.hints.length === 1 ? "Hint" : "Hints" }), ol);
      }
      if (c.moreHints) {
        const more = el("button", { type: "button", "data-action": "hint", text: "Another hint" });
        more.addEventListener("click", () => this.moreHint(c.name));
        body.append(more);
      }
    }
    if (firstLine) markError(this.view, firstLine);
  }

  // moreHint reveals one more hint of a check: Go redoes the report of the
  // last runs with the new hint level; nothing runs again.
  async moreHint(name) {
    const p = this.progress.update(this.data.slug, (e) => { e.hints[name] = (e.hints[name] ?? 0) + 1; });
    if (!this.last) return;
    try {
      const report = await reportRuns(this.rt, this.data.slug, this.last.source, this.last.runs, p.hints);
      this.last.report = report;
      this.render(report);
      this.#item(name)?.querySelector('[data-role="hints"] li:last-child')?.scrollIntoView({ block: "nearest" });
    } catch (err) {
      notice(`The next hint could not be shown: ${err?.message ?? err}`);
    }
  }

  #showSolutionOffer() {
    const box = $('[data-role="solution"]', this.root);
    const p = this.progress.get(this.data.slug);
    box.hidden = p.failed < FAILS_BEFORE_SOLUTION && !p.passed && !p.solutionShown;
  }

  async showSolution() {
    const pre = $('[data-role="solution-source"]', this.root);
    this.btn.solution.disabled = true;
    try {
      const res = await fetch(this.data.solution, { cache: "no-cache" });
      if (!res.ok) throw new Error(`the server answered ${res.status}`);
      $("code", pre).textContent = await res.text();
      pre.hidden = false;
      this.btn.solution.hidden = true;
      $('[data-role="solution-text"]', this.root).textContent =
        "One way to solve it. Compare it with yours, then write your own version without looking.";
      this.progress.update(this.data.slug, (e) => { e.solutionShown ||= new Date().toISOString(); });
    } catch (err) {
      this.btn.solution.disabled = false;
      notice(`The solution could not be fetched (${err?.message ?? err}). Are you offline? Try again when you are online.`);
    }
  }
}

function main() {
  mountSectionsMenu();
  const root = $('[data-role="exercise"]');
  const script = $('script[data-role="exercise-data"]');
  if (!root || !script) return;
  try {
    const page = new ExercisePage(root, JSON.parse(script.textContent));
    globalThis.flakylabExercise = page; // for the console and the browser tests
    keepOffline(page.rt?.ready, () => Boolean(page.rt?.running));
  } catch (err) {
    console.error("exercise page:", err);
    notice(`The exercise could not start: ${err?.message ?? err}`);
  }
}

main();
