// Node unit tests of the grading seam, with a fake runtime standing in for
// the wasm one. Run: node --test exercises/web/
import { test } from "node:test";
import assert from "node:assert/strict";
import { checkSubmission, reportRuns, goString, graderProgram, GraderError, OUTPUT_SENT } from "./grade.js";

// fakeRuntime answers the grader's programs from the given functions and
// every other program from the check table, recording what it ran.
function fakeRuntime({ plan, report, checks = {} }) {
  const calls = [];
  return {
    calls,
    async run(source, opts) {
      calls.push({ source, opts });
      const m = source.match(/fmt\.Print\(exercises\.(PlanJSON|ReportJSON)\((.*)\)\)\n/);
      if (m) {
        const args = JSON.parse(`[${m[2]}]`);
        const out = m[1] === "PlanJSON" ? plan(...args) : report(...args);
        return { stdout: JSON.stringify(out), stderr: "", error: null };
      }
      const name = opts.harness.match(/const chkSelected = "(.*)"/)[1];
      return checks[name] || { stdout: "", error: null, verdict: `{"name":"${name}","pass":true}`, input: "" };
    },
  };
}

const twoChecks = (slug, source) => ({
  exercise: slug, timeoutMs: 5000,
  runs: [
    { check: "burst", harness: `package main\nconst chkSelected = "burst"\n` },
    { check: "capacity-cap", harness: `package main\nconst chkSelected = "capacity-cap"\n` },
  ],
});

test("every planned check runs with the plan's watchdog, then Go reports", async () => {
  let reported;
  const rt = fakeRuntime({
    plan: twoChecks,
    report: (slug, source, runs, hints) => { reported = { slug, source, runs: JSON.parse(runs), hints: JSON.parse(hints) }; return { status: "fail", passed: 1, total: 2 }; },
    checks: { "capacity-cap": { stdout: "", error: { kind: "timeout", message: "watchdog" }, verdict: null, input: "b := NewBucket(10, 2, t0)" } },
  });
  const res = await checkSubmission(rt, "token-bucket", "package main\n", { hints: { burst: 1 } });
  assert.deepEqual(res.report, { status: "fail", passed: 1, total: 2 });
  assert.equal(rt.calls.length, 4, "plan, two checks, report");
  assert.deepEqual(rt.calls[1].opts, { timeoutMs: 5000, harness: `package main\nconst chkSelected = "burst"\n` });
  assert.equal(rt.calls[1].source, "package main\n", "the learner's file runs as it is, under the harness");
  assert.equal(reported.slug, "token-bucket");
  assert.equal(reported.source, "package main\n");
  assert.deepEqual(reported.hints, { burst: 1 });
  assert.equal(reported.runs.length, 2, "a timed-out check does not stop the others");
  assert.deepEqual(reported.runs[1].error, { kind: "timeout", message: "watchdog" });
  assert.equal(reported.runs[1].input, "b := NewBucket(10, 2, t0)", "the input a killed run was on");
  assert.equal(reported.runs[1].verdict, null);
  assert.equal(reported.runs[0].verdict, `{"name":"burst","pass":true}`);
  assert.deepEqual(res.runs, reported.runs, "the runs come back for re-reporting with more hints");
});

test("a compile error stops after the first run", async () => {
  const rt = fakeRuntime({
    plan: twoChecks,
    report: (slug, source, runs) => ({ status: "error", runs: JSON.parse(runs).length }),
    checks: { burst: { stdout: "", error: { kind: "compile", message: "undefined: x", line: 3, column: 2 } } },
  });
  const res = await checkSubmission(rt, "token-bucket", "package main\n");
  assert.deepEqual(res.report, { status: "error", runs: 1 });
});

test("diagnostics run nothing and still get Go's report", async () => {
  const rt = fakeRuntime({
    plan: (slug) => ({ exercise: slug, timeoutMs: 5000, diagnostics: [{ line: 0, column: 0, message: "missing function NewBucket" }] }),
    report: (slug, source, runs) => ({ status: "error", runs: JSON.parse(runs).length }),
  });
  const res = await checkSubmission(rt, "token-bucket", "package main\n");
  assert.deepEqual(res.report, { status: "error", runs: 0 });
  assert.equal(rt.calls.length, 2, "plan and report only");
});

test("Stop ends the check without a report", async () => {
  const rt = fakeRuntime({
    plan: twoChecks,
    report: () => assert.fail("no report after Stop"),
    checks: { burst: { stdout: "", error: { kind: "stopped", message: "stopped" } } },
  });
  assert.deepEqual(await checkSubmission(rt, "token-bucket", "package main\n"), { stopped: true });
});

test("grader failures are GraderErrors", async () => {
  const refused = { run: async () => ({ stdout: "", error: { kind: "import", message: `package "github.com/flakylab/flakylab/exercises" is not allowed` } }) };
  await assert.rejects(reportRuns(refused, "token-bucket", "", []), GraderError);
  const unknown = fakeRuntime({ plan: () => ({ error: "exercises: no exercise \"x\"" }) });
  await assert.rejects(checkSubmission(unknown, "x", ""), { name: "GraderError", message: "exercises: no exercise \"x\"" });
  const garbled = { run: async () => ({ stdout: "not json", error: null }) };
  await assert.rejects(reportRuns(garbled, "token-bucket", "", []), GraderError);
});

test("goString spells any source as a Go string literal", () => {
  assert.equal(goString("a\"b\\c\n\td`e"), "\"a\\\"b\\\\c\\n\\td`e\"");
  assert.equal(goString("x\uD800y"), "\"x\uFFFDy\"", "a lone surrogate becomes U+FFFD");
  assert.equal(goString("é😀"), "\"é😀\"");
  assert.match(graderProgram("PlanJSON(\"a\", \"b\")"), /^package main\n\nimport \(\n\t"fmt"\n\n\t"github.com\/flakylab\/flakylab\/exercises"\n\)\n/);
});

test("a runtime with the compiled grader is asked through core, not run", async () => {
  const calls = [];
  const rt = {
    async core(method, ...args) {
      calls.push([method, ...args]);
      if (method === "gradePlan") return twoChecks(args[0], args[1]);
      return { status: "pass", runs: JSON.parse(args[2]).length, hints: JSON.parse(args[3]) };
    },
    async run(source, { harness }) {
      const name = harness.match(/const chkSelected = "(.*)"/)[1];
      return { stdout: "", error: null, verdict: `{"name":"${name}","pass":true}`, input: "" };
    },
  };
  const res = await checkSubmission(rt, "token-bucket", "package main\n", { hints: { burst: 2 } });
  assert.deepEqual(res.report, { status: "pass", runs: 2, hints: { burst: 2 } });
  assert.deepEqual(calls.map((c) => c[0]), ["gradePlan", "gradeReport"]);
  const refusing = { core: async () => { throw Object.assign(new Error("core.gradePlan: no exercise"), { code: "not_found" }); }, run: async () => assert.fail("nothing runs") };
  await assert.rejects(checkSubmission(refusing, "x", ""), { name: "GraderError", message: /not_found/ });
});

test("a flood of output is clipped before it goes to the grader", async () => {
  let sent;
  const rt = fakeRuntime({
    plan: twoChecks,
    report: (slug, source, runs) => { sent = JSON.parse(runs); return { status: "fail" }; },
    checks: { burst: { stdout: "x".repeat(2 * 1024 * 1024), error: { kind: "runtime", message: "printed more than 1 MiB" }, verdict: null, input: "" } },
  });
  await checkSubmission(rt, "token-bucket", "package main\n");
  assert.equal(sent[0].stdout.length, OUTPUT_SENT, "the start of the output, no more");
  assert.ok(JSON.stringify(sent).length < 4 * 1024 * 1024, "the runs stay under the grader's limit");
});
