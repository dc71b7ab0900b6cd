// The exercise pages' seam to the Go grader (package exercises). Go decides
// everything: which programs to run, what their output means, the score and
// which hints show. This module only carries values between the page's
// Runtime (web/static/js/runtime.js) and the grader.
//
// The grader is compiled into the runtime and reached through the widget
// API: rt.core("gradePlan", slug, source) and rt.core("gradeReport", slug,
// source, runs, hints) (see wasm/BRIDGE.md). A runtime without those
// methods (an older build) is asked the old way, by running a tiny Go
// program that prints exercises.PlanJSON or ReportJSON; that needs
// github.com/flakylab/flakylab/exercises on the interpreter's allow-list.
//
//   const result = await checkSubmission(rt, "token-bucket", source, {hints});
//   render(result.report);
//   // "another hint": only the report is redone, not the runs
//   render(await reportRuns(rt, "token-bucket", source, result.runs, hints));

export const GRADER = "github.com/flakylab/flakylab/exercises";

// How long the grader's own programs may take (they only parse and format).
const GRADER_TIMEOUT_MS = 10000;

// OUTPUT_SENT is how much of a run's output goes to the grader: the
// report shows 4 KiB of it, and a program that prints up to the runtime's
// cap in every check must not make the runs too large to report.
export const OUTPUT_SENT = 16 * 1024;

// GraderError is thrown when the grader itself cannot answer: the runtime
// refused or failed the grader's program, or its output is not a result.
export class GraderError extends Error {
  constructor(message, cause) {
    super(message);
    this.name = "GraderError";
    this.cause = cause;
  }
}

// goString returns s as a Go interpreted string literal. JSON's escapes are
// Go's, except for lone surrogates, which Go cannot spell; they become
// U+FFFD, as they would crossing into Go anyway.
export function goString(s) {
  return JSON.stringify(String(s).toWellFormed ? String(s).toWellFormed() : wellFormed(String(s)));
}

function wellFormed(s) {
  return s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}

// graderProgram is the Go program that prints the result of one call into
// the grader.
export function graderProgram(call) {
  return `package main

import (
	"fmt"

	"${GRADER}"
)

func main() {
	fmt.Print(exercises.${call})
}
`;
}

async function callGrader(runtime, call) {
  let r;
  try {
    r = await runtime.run(graderProgram(call), { timeoutMs: GRADER_TIMEOUT_MS });
  } catch (err) {
    throw new GraderError(`the grader could not run: ${err.message}`, err);
  }
  if (r.error) {
    throw new GraderError(`the grader failed (${r.error.kind}): ${r.error.message}`, r.error);
  }
  let v;
  try {
    v = JSON.parse(r.stdout);
  } catch (err) {
    throw new GraderError("the grader's answer is not JSON", err);
  }
  if (v && typeof v === "object" && !Array.isArray(v) && typeof v.error === "string") {
    throw new GraderError(v.error);
  }
  return v;
}

// callCore asks the compiled grader through the runtime's widget API.
async function callCore(runtime, method, ...args) {
  let v;
  try {
    v = await runtime.core(method, ...args);
  } catch (err) {
    throw new GraderError(`the grader refused (${err?.code ?? "error"}): ${err?.message ?? err}`, err);
  }
  if (!v || typeof v !== "object") throw new GraderError("the grader's answer is not a result");
  return v;
}

// hasCore reports whether runtime offers the compiled grader.
function hasCore(runtime) {
  return typeof runtime.core === "function";
}

// planSubmission asks Go for the harnesses that check source: {exercise,
// diagnostics?, runs?: [{check, harness}], timeoutMs, seed}. Each
// submission gets a fresh seed for the checks' randomized cases.
export function planSubmission(runtime, slug, source) {
  if (hasCore(runtime)) return callCore(runtime, "gradePlan", slug, source);
  return callGrader(runtime, `PlanJSON(${goString(slug)}, ${goString(source)})`);
}

// reportRuns asks Go for the report of finished runs. hints maps a check's
// name to how many extra hints the learner asked for.
export function reportRuns(runtime, slug, source, runs, hints = {}) {
  if (hasCore(runtime)) return callCore(runtime, "gradeReport", slug, source, JSON.stringify(runs), JSON.stringify(hints));
  return callGrader(runtime,
    `ReportJSON(${goString(slug)}, ${goString(source)}, ${goString(JSON.stringify(runs))}, ${goString(JSON.stringify(hints))})`);
}

// checkSubmission plans, runs every check in its own graded run (the
// learner's source under the check's harness; the runtime's watchdog stops
// one that never ends, and the others still run) and reports.
// It resolves to {report, runs}, or to {stopped: true} if the learner
// pressed Stop (a run that ended with error.kind "stopped").
// onProgress(done, total, check) is called before each run.
export async function checkSubmission(runtime, slug, source, { hints = {}, onProgress } = {}) {
  const plan = await planSubmission(runtime, slug, source);
  const runs = [];
  if (!plan.diagnostics || plan.diagnostics.length === 0) {
    const list = plan.runs || [];
    for (let i = 0; i < list.length; i++) {
      if (onProgress) onProgress(i, list.length, list[i].check);
      // The learner's file runs as it is, under the check's harness; the
      // verdict comes back on its own channel, never in the output.
      const r = await runtime.run(source, { timeoutMs: plan.timeoutMs, harness: list[i].harness });
      if (r.error && r.error.kind === "stopped") return { stopped: true };
      runs.push({
        check: list[i].check, stdout: (r.stdout || "").slice(0, OUTPUT_SENT), error: r.error || null,
        verdict: typeof r.verdict === "string" ? r.verdict : null, input: r.input || "",
      });
      // A program that does not compile makes every check fail the same way.
      if (r.error && ["compile", "unsupported", "import"].includes(r.error.kind)) break;
    }
  }
  const report = await reportRuns(runtime, slug, source, runs, hints);
  return { report, runs };
}
