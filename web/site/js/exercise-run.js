// Run on an exercise page: runs the learner's own main, as an example runs
// in a lesson, with its output in the same kind of panel. Check (exercise.js)
// is separate: it runs the exercise's checks, not main.

import { OutputView } from "./output.js";
import { markError } from "./editor.js";
import { KIND, describeError } from "./run-error.js";


// mountExerciseRun wires the Run button of an exercise page. source returns
// the editor's text, runtime the page's Runtime (or null), view is the
// editor (for the error line) and stop the page's Stop button.
export function mountExerciseRun(root, { source, runtime, view, stop }) {
  const q = (role) => root.querySelector(`[data-role="${role}"]`);
  const button = root.querySelector('[data-action="run"]');
  const panel = q("run-output");
  if (!button || !panel) return;
  const out = new OutputView(panel.querySelector('[data-role="stdout"]'));
  const err = new OutputView(panel.querySelector('[data-role="stderr"]'));
  const meta = panel.querySelector('[data-role="meta"]');
  const errWrap = panel.querySelector('[data-role="stderr-wrap"]');
  let running = false;

  runtime()?.ready.then(() => { button.disabled = false; }, () => {});
  // Check takes the runtime: a run still going is stopped first.
  root.querySelector('[data-action="check"]')?.addEventListener("click", () => { if (running) runtime()?.stop(); }, true);

  button.addEventListener("click", async () => {
    const rt = runtime();
    if (running || !rt || root.dataset.state === "checking") return;
    running = true;
    button.disabled = true;
    stop.disabled = false;
    panel.hidden = false;
    out.clear();
    err.clear();
    errWrap.hidden = true;
    meta.className = "meta";
    meta.textContent = "running…";
    markError(view, 0);
    if (panel.getBoundingClientRect().top > (window.innerHeight || 0) - 48) panel.scrollIntoView({ block: "nearest" });
    const stderr = (t) => { if (t) { err.append(t); errWrap.hidden = false; } };
    try {
      const r = await rt.run(source(), { onStdout: (c) => out.append(c), onStderr: stderr });
      out.set(r.stdout ?? "");
      let text = r.stderr ?? "";
      if (r.error) {
        const e = r.error;
        text += `${describeError(e)}\n`;
        if (e.line > 0) markError(view, e.line);
        meta.textContent = KIND[e.kind] ?? "failed";
        meta.className = "meta failed";
      } else {
        meta.textContent = "your main finished";
        meta.className = "meta ok";
      }
      err.set(text);
      errWrap.hidden = !text;
    } catch (e) {
      err.set(`${e?.message ?? e}\n`);
      errWrap.hidden = false;
      meta.textContent = "could not run";
      meta.className = "meta failed";
    } finally {
      running = false;
      button.disabled = false;
      if (root.dataset.state !== "checking") stop.disabled = true;
    }
  });
}
