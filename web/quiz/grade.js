// Grading for the quiz pages: the seam between the page and the Go grader.
//
//   const report = await grade(bank, responses, {runtime});
//
// The grader is Go (package quiz, ScoreJSON). When a Runtime (web/static/js/
// runtime.js) is given, grade() asks the grader compiled into the runtime,
// rt.core("quizScore", responses) (wasm/BRIDGE.md), and returns its report,
// marked gradedBy: "go". A runtime object without core is asked by running
// a three-line Go program that calls quiz.ScoreJSON in the interpreter.
// When neither answers (no runtime, runtime not ready in time, an older
// runtime without the grader) it falls back to
// scoreLocally below, a stand-in that mirrors the Go rules and is checked
// against reports the Go grader produced (quiz/testdata/grade-vectors.json,
// grade.test.mjs), marked gradedBy: "js" with the reason in fallbackReason.
//
// Shapes (see quiz/SCHEMA.md): a response is {question, answer: {choices}
// | {value}}; a report is {total, correct, percent, results, cards, error?}.

// RUNTIME_WAIT_MS is how long grade() waits by default for a runtime that is
// still starting before it grades without it. A page that starts its own
// runtime and shows its progress passes runtimeWaitMs: Infinity, so grading
// waits for the download however long it takes and falls back only when the
// runtime fails to start (runtime.ready rejects).
export const RUNTIME_WAIT_MS = 3000;

export async function grade(bank, responses, { runtime = null, runtimeWaitMs = RUNTIME_WAIT_MS } = {}) {
  if (!runtime) return withSource(scoreLocally(bank, responses), "js", "no Go runtime on this page");
  try {
    const report = await scoreInRuntime(runtime, responses, runtimeWaitMs);
    return withSource(report, "go");
  } catch (err) {
    return withSource(scoreLocally(bank, responses), "js", String(err?.message ?? err));
  }
}

function withSource(report, gradedBy, fallbackReason) {
  return fallbackReason ? { ...report, gradedBy, fallbackReason } : { ...report, gradedBy };
}

// goString writes s as a Go interpreted string literal.
export function goString(s) {
  const text = typeof s.toWellFormed === "function" ? s.toWellFormed() : s;
  let out = '"';
  for (const ch of text) {
    const c = ch.codePointAt(0);
    if (ch === '"' || ch === "\\") out += "\\" + ch;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (c < 0x20 || c === 0x7f) out += "\\x" + c.toString(16).padStart(2, "0");
    else out += ch;
  }
  return out + '"';
}

// scoreProgram is the Go program the runtime runs to grade.
export function scoreProgram(responses) {
  return `package main

import (
	"fmt"

	"github.com/flakylab/flakylab/quiz"
)

func main() {
	fmt.Print(quiz.ScoreJSON(${goString(JSON.stringify(responses))}))
}
`;
}

async function scoreInRuntime(runtime, responses, waitMs) {
  let timer;
  const late = new Error(`the Go runtime was not ready within ${waitMs} ms`);
  const waits = [runtime.ready];
  if (Number.isFinite(waitMs)) {
    waits.push(new Promise((_, reject) => { timer = setTimeout(() => reject(late), waitMs); }));
  }
  try {
    await Promise.race(waits);
  } catch (err) {
    if (err === late) throw err;
    throw new Error(`the Go runtime could not start: ${err?.message ?? err}`);
  } finally {
    clearTimeout(timer);
  }
  if (typeof runtime.core === "function") {
    let report;
    try {
      report = await runtime.core("quizScore", responses);
    } catch (err) {
      throw new Error(`the Go grader refused (${err?.code ?? "error"}): ${err?.message ?? err}`);
    }
    if (!report || typeof report !== "object") throw new Error("the Go grader's answer is not a report");
    return report;
  }
  const r = await runtime.run(scoreProgram(responses), { timeoutMs: 5000 });
  if (r.error) throw new Error(`the Go grader did not run (${r.error.kind}): ${r.error.message}`);
  const report = JSON.parse(r.stdout);
  if (report.error) throw new Error(report.error);
  return report;
}

// ---- The stand-in grader. Keep in step with quiz/grade.go and numeric.go.

const MARKS = ["not-chosen", "chosen-right", "chosen-wrong", "missed"];
const [NOT_CHOSEN, CHOSEN_RIGHT, CHOSEN_WRONG, MISSED] = MARKS;

export function scoreLocally(bank, responses) {
  const byId = new Map(bank.questions.map((q) => [q.id, q]));
  const report = { total: responses.length, correct: 0, percent: 0, results: [], cards: [] };
  for (const resp of responses) {
    const q = byId.get(resp.question);
    const res = gradeQuestion(q, resp.question, resp.answer ?? {});
    report.results.push(res);
    if (res.correct) report.correct++;
    else if (q && !res.ask) {
      const card = cardFromMissed(q);
      if (!report.cards.some((c) => c.id === card.id)) report.cards.push(card);
    }
  }
  if (report.total > 0) report.percent = Math.round((100 * report.correct) / report.total);
  return report;
}

export function gradeQuestion(q, id, answer) {
  if (!q) {
    return { question: id, kind: "", answered: false, correct: false, right: "", explain: "", error: `quiz: no question ${JSON.stringify(id)}` };
  }
  const res = { question: q.id, kind: q.kind, answered: false, correct: false };
  let note = "";
  let askBack = false;
  let choices, rightChoices;
  if (q.kind === "numeric") {
    let ask;
    ({ answered: res.answered, correct: res.correct, note, ask } = gradeNumeric(q, answer.value ?? ""));
    if (ask) askBack = true;
  } else {
    ({ answered: res.answered, correct: res.correct, note, choices, rightChoices } = gradeChoices(q, answer.choices ?? []));
  }
  if (choices?.length) res.choices = choices;
  if (note) res.note = note;
  if (askBack) res.ask = true;
  res.right = rightAnswer(q);
  if (rightChoices?.length) res.rightChoices = rightChoices;
  res.explain = q.explain;
  return res;
}

function gradeChoices(q, chosenIds) {
  const chosen = new Set(chosenIds);
  const known = new Set(q.choices.map((c) => c.id));
  const unknown = chosenIds.filter((id) => !known.has(id)).map((id) => JSON.stringify(id));
  const answered = chosen.size > 0;
  let correct = answered && unknown.length === 0;
  const choices = [];
  const rightChoices = [];
  for (const c of q.choices) {
    if (c.correct) rightChoices.push(c.id);
    let mark = NOT_CHOSEN;
    if (c.correct && chosen.has(c.id)) mark = CHOSEN_RIGHT;
    else if (c.correct) { mark = MISSED; correct = false; }
    else if (chosen.has(c.id)) { mark = CHOSEN_WRONG; correct = false; }
    choices.push({ id: c.id, text: c.text, mark, explain: c.explain });
  }
  let note = "";
  if (unknown.length > 0) note = `This question has no choice ${unknown.join(", ")}.`;
  else if (q.kind !== "multiple" && chosen.size > 1) note = "Only one answer is right here; choose exactly one.";
  return { answered, correct, note, choices, rightChoices };
}

export function within(x, key) {
  const slack = 1e-9 * Math.max(1, Math.abs(key.value));
  return Math.abs(x - key.value) <= key.tolerance + slack;
}

function gradeNumeric(q, typed) {
  const out = { answered: typed.trim() !== "", correct: false, note: "", ask: false };
  if (!out.answered) return out;
  const r = readNumber(typed, q.numeric.unit ?? "");
  if (!r.ok) {
    out.note = r.note;
    if (r.ask) {
      out.answered = false;
      out.ask = true;
    }
  } else if (within(r.value, q.numeric)) {
    out.correct = true;
  } else {
    const trap = (q.traps ?? []).find((t) => within(r.value, { value: t.value, tolerance: q.numeric.tolerance }));
    if (trap) out.note = trap.explain;
  }
  return out;
}

// TIME_UNITS mirrors quiz.timeUnits: nanoseconds per unit.
const TIME_UNITS = new Map([
  ...["ns", "nanosecond", "nanoseconds"].map((u) => [u, 1]),
  ...["µs", "μs", "us", "microsecond", "microseconds"].map((u) => [u, 1e3]),
  ...["ms", "msec", "msecs", "millisecond", "milliseconds"].map((u) => [u, 1e6]),
  ...["s", "sec", "secs", "second", "seconds"].map((u) => [u, 1e9]),
  ...["min", "mins", "minute", "minutes"].map((u) => [u, 60e9]),
  ...["h", "hr", "hrs", "hour", "hours"].map((u) => [u, 3600e9]),
]);

const quote = (s) => JSON.stringify(s);
const digits = (s) => /^[0-9]*$/.test(s);

// readNumber mirrors quiz.ReadNumber: {value, ok, note, ask}.
export function readNumber(text, unit = "") {
  const shown = quote(text.trim());
  const [num, typedUnit] = splitUnit(text.trim());
  const unreadable = { value: 0, ok: false, note: `Could not read ${shown} as a number.`, ask: false };
  if (num === "") return unreadable;
  const [s, ask] = normalizeSeparators(num);
  if (ask) return { value: 0, ok: false, note: shown + ask, ask: true };
  if (s === "" || !isDecimal(s)) return unreadable;
  const x = Number(s);
  if (!Number.isFinite(x)) return unreadable;
  const conv = convertUnit(x, typedUnit, unit);
  if (conv === null) {
    const u = unit.trim();
    const want = u ? `in ${u}` : "without a unit";
    return { value: 0, ok: false, note: `Could not read the unit ${quote(typedUnit)} of ${shown}: the answer is a number ${want}.`, ask: false };
  }
  return { value: conv, ok: true, note: "", ask: false };
}

// parseNumber is readNumber's value, or null when there is none.
export function parseNumber(text, unit = "") {
  const r = readNumber(text, unit);
  return r.ok ? r.value : null;
}

function splitUnit(s) {
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if ((c >= "0" && c <= "9") || c === "." || c === "," || c === "_" || c === " ") continue;
    if ((c === "+" || c === "-") && (i === 0 || s[i - 1] === "e" || s[i - 1] === "E")) continue;
    if ((c === "e" || c === "E") && i > 0 && i + 1 < s.length && /^[+-]?[0-9]/.test(s.slice(i + 1))) continue;
    return [s.slice(0, i).trim(), s.slice(i).trim()];
  }
  return [s.trim(), ""];
}

function grouped(s, sep) {
  const parts = s.split(sep);
  if (parts[0].length < 1 || parts[0].length > 3 || !digits(parts[0])) return false;
  return parts.slice(1).every((p) => p.length === 3 && digits(p));
}

function normalizeSeparators(num) {
  const s = num.replace(/[_ ]/g, "");
  let mantissa = s;
  let exp = "";
  const e = s.search(/[eE]/);
  if (e >= 0) [mantissa, exp] = [s.slice(0, e), s.slice(e)];
  let sign = "";
  if (mantissa[0] === "+" || mantissa[0] === "-") [sign, mantissa] = [mantissa[0], mantissa.slice(1)];
  const count = (ch) => mantissa.split(ch).length - 1;
  const commas = count(",");
  const points = count(".");
  if (commas === 0 && points === 0) return [s, ""];
  if (commas > 0 && points > 0) {
    let [dec, group] = [".", ","];
    if (mantissa.lastIndexOf(",") > mantissa.lastIndexOf(".")) [dec, group] = [",", "."];
    const i = mantissa.lastIndexOf(dec);
    const whole = mantissa.slice(0, i);
    const frac = mantissa.slice(i + 1);
    if (frac.includes(group) || count(dec) > 1 || !grouped(whole, group)) return ["", ""];
    return [sign + whole.split(group).join("") + "." + frac + exp, ""];
  }
  const sep = points > 0 ? "." : ",";
  if (count(sep) > 1) {
    if (!grouped(mantissa, sep)) return ["", ""];
    return [sign + mantissa.split(sep).join("") + exp, ""];
  }
  const i = mantissa.indexOf(sep);
  const whole = mantissa.slice(0, i);
  const frac = mantissa.slice(i + 1);
  const zero = whole.replace(/^0+/, "") === "";
  if (frac.length === 3 && whole.length >= 1 && whole.length <= 3 && digits(whole) && digits(frac) && !(sep === "." && zero)) {
    const asDecimal = sign + (whole + "." + frac).replace(/0+$/, "").replace(/\.$/, "") + exp;
    const asGrouped = sign + ((whole + frac).replace(/^0+/, "") || "0") + exp;
    return ["", ` could be ${asDecimal} or ${asGrouped}. Type the number you meant again, as ${asDecimal} or as ${asGrouped}.`];
  }
  return [sign + whole + "." + frac + exp, ""];
}

function isDecimal(s) {
  return /^[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$/.test(s);
}

function convertUnit(x, typed, unit) {
  const t = typed.toLowerCase();
  const u = unit.trim().toLowerCase();
  if (t === "" || t === u || (u.length > 1 && u.endsWith("s") && t === u.slice(0, -1))) return x;
  const ft = TIME_UNITS.get(t);
  const fu = TIME_UNITS.get(u);
  if (ft === undefined || fu === undefined) return null;
  return ft >= fu ? x * (ft / fu) : x / (fu / ft);
}

export function rightAnswer(q) {
  if (q.kind === "numeric") {
    let s = String(q.numeric.value);
    if (q.numeric.unit) s += " " + q.numeric.unit;
    if (q.numeric.tolerance > 0) s += ` (± ${q.numeric.tolerance})`;
    return s;
  }
  return q.choices.filter((c) => c.correct).map((c) => c.text).join("\n");
}

// cardFromMissed mirrors quiz.CardFromMissed: a question that tests a fact
// of a card (q.card) gives that card's id, so the fact is carded once.
export function cardFromMissed(q) {
  const card = { id: q.card || "quiz:" + q.id, section: q.section, front: q.prompt };
  const code = q.source || q.code || "";
  if (code) card.code = code;
  let answer = rightAnswer(q);
  if (q.kind !== "numeric" && q.choices?.length) {
    card.choices = q.choices.map((c) => c.text);
    // Lettered like the front's choices (A, B, …).
    answer = q.choices.map((c, i) => (c.correct ? `${String.fromCharCode(65 + i)}. ${c.text}` : null)).filter((x) => x !== null).join("\n");
  }
  card.back = "Answer: " + answer + "\n\n" + q.explain;
  card.origin = "quiz";
  return card;
}
