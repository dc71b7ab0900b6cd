// The stand-in grader must agree with the Go grader: the reports in
// quiz/testdata/grade-vectors.json were produced by quiz.Score.
// Run: node --test web/quiz/
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { grade, goString, parseNumber, readNumber, scoreLocally, scoreProgram } from "./grade.js";

const testdata = new URL("../../quiz/testdata/", import.meta.url);
const bank = JSON.parse(readFileSync(new URL("site-bank.json", testdata), "utf8"));
const vectors = JSON.parse(readFileSync(new URL("grade-vectors.json", testdata), "utf8"));

test("scoreLocally matches the Go grader on every vector", () => {
  for (const [name, responses] of Object.entries(vectors.responses)) {
    const got = scoreLocally(bank, responses);
    assert.deepStrictEqual(got, vectors.reports[name], `vector ${JSON.stringify(name)}`);
  }
});

test("readNumber matches the Go reader on every vector", () => {
  const numbers = JSON.parse(readFileSync(new URL("number-vectors.json", testdata), "utf8"));
  assert.ok(numbers.length > 40, "the vectors cover the reader's rules");
  for (const v of numbers) {
    const got = readNumber(v.text, v.unit);
    assert.deepStrictEqual(got, { value: v.value, ok: v.ok, note: v.note, ask: v.ask },
      `readNumber(${JSON.stringify(v.text)}, ${JSON.stringify(v.unit)})`);
    assert.equal(parseNumber(v.text, v.unit), v.ok ? v.value : null, `parseNumber(${JSON.stringify(v.text)})`);
  }
});

test("goString escapes what Go needs escaped", () => {
  const cases = [
    ["plain", '"plain"'], ['say "hi"', '"say \\"hi\\""'], ["a\\b", '"a\\\\b"'],
    ["l1\nl2\t\r", '"l1\\nl2\\t\\r"'], ["\u0001", '"\\x01"'], ["`back`", '"`back`"'], ["é €", '"é €"'],
  ];
  for (const [s, want] of cases) assert.equal(goString(s), want, `goString(${JSON.stringify(s)})`);
});

test("scoreProgram calls quiz.ScoreJSON with the responses", () => {
  const src = scoreProgram([{ question: "q", answer: { value: '1"' } }]);
  assert.match(src, /"github.com\/flakylab\/flakylab\/quiz"/);
  assert.ok(src.includes(String.raw`quiz.ScoreJSON("[{\"question\":\"q\",\"answer\":{\"value\":\"1\\\"\"}}]")`), src);
});

const responses = vectors.responses.mixed;

test("grade without a runtime uses the stand-in", async () => {
  const r = await grade(bank, responses);
  assert.equal(r.gradedBy, "js");
  assert.equal(r.fallbackReason, "no Go runtime on this page");
  assert.equal(r.correct, vectors.reports.mixed.correct);
});

test("grade with a runtime uses the Go grader's report", async () => {
  const goReport = { ...vectors.reports.mixed, percent: 99 }; // marked so we can tell it came from "Go"
  let ran = "";
  const runtime = {
    ready: Promise.resolve(),
    run: async (source) => { ran = source; return { stdout: JSON.stringify(goReport), error: null }; },
  };
  const r = await grade(bank, responses, { runtime });
  assert.equal(r.gradedBy, "go");
  assert.equal(r.percent, 99);
  assert.equal(ran, scoreProgram(responses));
});

test("grade with a runtime asks the grader compiled into it", async () => {
  const goReport = { ...vectors.reports.mixed, percent: 98 };
  let asked;
  const runtime = {
    ready: Promise.resolve(),
    core: async (method, arg) => { asked = [method, arg]; return goReport; },
    run: async () => assert.fail("the compiled grader needs no run"),
  };
  const r = await grade(bank, responses, { runtime });
  assert.equal(r.gradedBy, "go");
  assert.equal(r.percent, 98);
  assert.deepEqual(asked, ["quizScore", responses]);
  const old = { ready: Promise.resolve(), core: async () => { throw Object.assign(new Error("flakylab.core has no method \"quizScore\""), { code: "bad_request" }); } };
  const f = await grade(bank, responses, { runtime: old });
  assert.equal(f.gradedBy, "js");
  assert.match(f.fallbackReason, /bad_request/);
});

test("grade falls back when the runtime cannot run the grader", async () => {
  const cases = [
    ["import refused", { ready: Promise.resolve(), run: async () => ({ stdout: "", error: { kind: "import", message: "quiz is not allowed" } }) }, /import/],
    ["never ready", { ready: new Promise(() => {}), run: async () => assert.fail("must not run") }, /not ready within 20 ms/],
    ["failed to start", { get ready() { return Promise.reject(new Error("wasm failed")); }, run: async () => assert.fail("must not run") }, /wasm failed/],
    ["bad output", { ready: Promise.resolve(), run: async () => ({ stdout: "not json", error: null }) }, /JSON/],
  ];
  for (const [name, runtime, reason] of cases) {
    const r = await grade(bank, responses, { runtime, runtimeWaitMs: 20 });
    assert.equal(r.gradedBy, "js", name);
    assert.match(r.fallbackReason, reason, name);
    assert.deepStrictEqual(r.results, vectors.reports.mixed.results, name);
  }
});

test("grade with runtimeWaitMs: Infinity waits for a slow runtime, and falls back only when it fails to start", async () => {
  const goReport = { ...vectors.reports.mixed, percent: 97 };
  let start;
  const slow = {
    ready: new Promise((resolve) => { start = resolve; }),
    core: async () => goReport,
  };
  const pending = grade(bank, responses, { runtime: slow, runtimeWaitMs: Infinity });
  setTimeout(start, 50); // later than a short cap would allow
  const r = await pending;
  assert.equal(r.gradedBy, "go");
  assert.equal(r.percent, 97);

  let fail;
  const broken = { ready: new Promise((_, reject) => { fail = reject; }), core: async () => assert.fail("must not ask") };
  const p2 = grade(bank, responses, { runtime: broken, runtimeWaitMs: Infinity });
  setTimeout(() => fail(new Error("wasm download failed")), 20);
  const f = await p2;
  assert.equal(f.gradedBy, "js");
  assert.match(f.fallbackReason, /could not start: wasm download failed/);
  assert.deepStrictEqual(f.results, vectors.reports.mixed.results);
});
