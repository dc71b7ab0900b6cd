// Entry point of the course pages. On a lesson page it mounts an editor on
// every example and starts the Go runtime (the host's Runtime, next to this
// bundle as js/runtime.js); the final quiz page starts the runtime too, for
// the Go grader compiled into it; on the index it shows the learner's
// progress.

import { Runtime } from "./runtime.js";
import { Storage } from "./storage.js";
import { notice, storageFull, storageSaved } from "./notices.js";
import { mountQuizPages } from "../../quiz/pages.js";
import { mountProgressFile } from "./progress-file.js";
import { showExerciseProgress } from "./exercise-progress.js";
import { mountBackoff, mountBreaker, mountBucket } from "./pictures.js";
import { mountSectionsMenu } from "./masthead.js";
import { mountFleet } from "./fleet-chart.js";
import { keepOffline } from "./offline.js";
import { RuntimeStatus } from "./runtime-status.js";

document.documentElement.classList.add("js");

const $ = (sel, root = document) => root.querySelector(sel);

const storage = new Storage({
  onSaveFailed: storageFull,
  onSaved: storageSaved,
  onSetAside: (key, aside) => {
    const what = key.startsWith("flakylab:code:")
      ? `your saved edit of example ${key.slice("flakylab:code:".length)}`
      : "your saved progress";
    notice(`We could not read ${what}, so it was set aside under "${aside}" in this browser's storage and the original is shown. Nothing else was affected.`);
  },
});

// Session is the page's one Go runtime, shared by its examples and its
// quizzes' grader: one run at a time, so starting an example stops the one
// that is running. readyText and failedText are what the status line says
// once it is ready or could not start. The status says ready only once
// `mounted` (the examples' editors, loaded as a chunk of their own) has
// settled too, so a page that says ready has its Run buttons working.
// warmUp is the page's first example, which the runtime warms up with.
class Session {
  constructor(status, {
    readyText = "Go runtime ready: examples run in this page.",
    failedText = "The lessons still read fine; reload to try again.",
    mounted,
    warmUp,
  } = {}) {
    this.failedText = failedText;
    this.storage = storage;
    this.status = new RuntimeStatus(status);
    this.ready = false;
    this.current = null;
    // downloaded settles once the runtime's last byte is in (or it failed
    // or was ready first): what the page can wait for has the line to
    // itself until then.
    this.downloaded = new Promise((resolve) => { this.#downloaded = resolve; });
    try {
      this.rt = new Runtime({ onProgress: (got, total, transfer) => this.#progress(got, total, transfer), warmUp });
    } catch (err) {
      this.#failed(err);
      return;
    }
    this.rt.ready.then(this.#downloaded, this.#downloaded);
    Promise.all([this.rt.ready, mounted]).then(
      () => {
        this.ready = true;
        this.status.ready(readyText);
      },
      (err) => this.#failed(err),
    );
  }

  #downloaded;

  #progress(got, total, transfer) {
    if (total > 0 && got >= total) this.#downloaded();
    this.status.progress(got, total, transfer);
  }

  #failed(err) {
    this.#downloaded();
    this.status.failed(err, this.failedText);
  }

  async run(example, source, handlers) {
    if (!this.rt) throw new Error("the Go runtime is not available");
    if (this.current && this.current !== example) this.rt.stop();
    this.current = example;
    try {
      // Not after rt.ready: a run asked for while the runtime loads is
      // the first thing its worker does, before any warm-up run.
      return await this.rt.run(source, handlers);
    } finally {
      if (this.current === example) this.current = null;
    }
  }

  stop(example) {
    if (this.current === example) this.rt?.stop();
  }

  async format(source) {
    if (!this.rt) throw new Error("the Go runtime is not available");
    await this.rt.ready;
    return this.rt.format(source);
  }
}

// pictures draws the backoff, breaker and token-bucket figures; the bucket
// asks the page's Go runtime to decide the learner's own requests.
function pictures(session) {
  const runtime = () => session?.rt ?? null;
  const mounts = { backoff: mountBackoff, breaker: mountBreaker, bucket: (el) => mountBucket(el, runtime), fleet: (el) => mountFleet(el, runtime) };
  for (const el of document.querySelectorAll(".pic[data-sim]")) {
    try {
      mounts[el.dataset.sim]?.(el);
    } catch (err) {
      console.error(`picture ${el.dataset.sim}:`, err);
    }
  }
}

// keyboardScrollers lets the keyboard reach every table or code block that
// scrolls (on a phone, most wide tables do), by making it focusable.
function keyboardScrollers() {
  for (const el of document.querySelectorAll("main table, main pre")) {
    if (el.hasAttribute("tabindex")) continue;
    if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) el.tabIndex = 0;
  }
}
let resizing = 0;
window.addEventListener("resize", () => {
  clearTimeout(resizing);
  resizing = setTimeout(keyboardScrollers, 200);
});

function lessonPage() {
  storage.markVisited(document.body.dataset.page);
  const sims = document.querySelectorAll('.sim[data-sim="storm"]');
  const roots = document.querySelectorAll("section.example[data-example]");
  // The quick checks are graded by the Go grader in the runtime, and the
  // storm charts simulate in its widget worker, so a lesson with either but
  // no example starts it too.
  let session = null;
  const mounted = roots.length ? mountExamples(roots, () => session) : undefined;
  // The runtime warms up with the page's first example: a Run of it pressed
  // soon after the page is ready takes over that run.
  const warmUp = roots[0]?.querySelector("pre.source")?.textContent;
  session = roots.length || sims.length || $("[data-quiz]") ? new Session($('[data-role="runtime"]'), { mounted, warmUp }) : null;
  // The chart and the editor are chunks of their own, loaded only by the
  // pages that show them.
  if (sims.length) {
    import("./storm-chart.js").then(({ mountStormChart }) => {
      for (const sim of sims) mountStormChart(sim, () => session?.rt ?? null).then(keyboardScrollers, (err) => console.error("storm chart:", err));
    }, (err) => console.error("storm chart:", err));
  }
  pictures(session);
  return session;
}

// mountExamples loads the editor's chunk and mounts every example on the
// page's session (asked for once the chunk is there); it never rejects.
async function mountExamples(roots, pageSession) {
  let Example;
  try {
    ({ Example } = await import("./example.js"));
  } catch (err) {
    console.error("examples:", err);
    return;
  }
  for (const root of roots) {
    try {
      new Example(root, pageSession());
    } catch (err) {
      // One broken widget must not take the others down: it keeps its
      // static source and output.
      console.error(`example ${root.dataset.example}:`, err);
    }
  }
  keyboardScrollers();
}

function indexPage() {
  const p = storage.progress();
  const cards = [...document.querySelectorAll(".section-card[data-section]")];
  let done = 0;
  let next = null;
  for (const card of cards) {
    const slug = card.dataset.section;
    const names = card.dataset.examples.split(" ").filter(Boolean);
    const ran = names.filter((n) => p.ran[n]).length;
    const visited = Boolean(p.visited[slug]);
    const complete = visited && ran === names.length;
    card.dataset.done = String(complete);
    const out = $('[data-role="section-progress"]', card);
    if (complete) out.textContent = "done";
    else if (visited) out.textContent = names.length ? `${ran} of ${names.length} example${names.length === 1 ? "" : "s"} run` : "read";
    if (complete) done++;
    else if (!next) next = card;
  }
  const bar = $('[data-role="progress-bar"]');
  bar.value = done;
  const started = Object.keys(p.visited).length > 0;
  if (started) {
    $('[data-role="progress-summary"]').textContent =
      `${done} of ${cards.length} sections done. A section is done when you have read it and run each of its examples.`;
  }
  const cont = $('[data-role="continue"]');
  if (started && next && cont) {
    const a = $("a", next);
    cont.href = a.getAttribute("href");
    cont.textContent = `Continue with section ${$(".section-number", next).textContent}`;
  } else if (started && !next && cont) {
    cont.textContent = "Read it again from section 0";
  }
}

// quizPage starts the Go runtime on the final quiz page, so its answers are
// graded by the Go grader compiled into the runtime (rt.core("quizScore")),
// like the lessons' quick checks. The quiz can be answered while the runtime
// downloads; grading waits for it.
function quizPage() {
  const status = $('[data-role="runtime"]');
  if (!status || !$("[data-quiz]")) return null;
  return new Session(status, {
    readyText: "Go runtime ready: your answers are graded by Go in this page.",
    failedText: "Your answers are still graded, by a JavaScript copy of the Go grader; reload to try again.",
  });
}

// quizzes mounts the page's quick checks, final quiz, review session or due
// count. The hand-written review cards enter the queue section by section,
// as the learner opens them; missed questions enter whenever they are missed.
// On a page that started its runtime, grading waits for it to be ready and
// uses the JavaScript stand-in only if it failed to start (grade.js).
async function quizzes(session) {
  const deckSections = Object.keys(storage.progress().visited);
  const runtime = session?.rt ?? null;
  // On a page that downloads the runtime, the question bank waits for its
  // last byte, unless the learner comes near a quiz first.
  const bankAfter = session && document.body.classList.contains("lesson-page")
    ? Promise.race([session.downloaded, nearView(document.querySelectorAll("[data-quiz]"))])
    : null;
  try {
    await mountQuizPages({ runtime, runtimeWaitMs: runtime ? Infinity : undefined, notice, deckSections, bankAfter });
  } catch (err) {
    console.error("quiz:", err);
    notice(`The quiz could not be shown: ${err?.message ?? err}`);
  }
}

// nearView resolves once one of els is within half a screen of the
// viewport (never, for no elements).
function nearView(els) {
  return new Promise((resolve) => {
    if (!els.length || typeof IntersectionObserver !== "function") {
      if (els.length) resolve();
      return;
    }
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        seen.disconnect();
        resolve();
      }
    }, { rootMargin: "50% 0px" });
    for (const el of els) seen.observe(el);
  });
}

mountSectionsMenu();
keyboardScrollers();
let session = null;
if (document.body.classList.contains("lesson-page")) session = lessonPage();
else if (document.body.classList.contains("quiz-page")) session = quizPage();
else if (document.body.classList.contains("index-page")) {
  const exercises = () => showExerciseProgress((key, aside) => notice(
    `We could not read your saved exercise progress, so it was set aside under "${aside}" in this browser's storage. Nothing else was affected.`));
  indexPage();
  exercises();
  const box = $('[data-role="progress-file"]');
  if (box) mountProgressFile(box, { onImported: () => { indexPage(); exercises(); quizzes(null); } });
}
quizzes(session);
keepOffline(session?.rt?.ready, () => Boolean(session?.rt?.running));
