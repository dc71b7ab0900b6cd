// Node tests of the progress file's exercise part. Run: node --test web/site/js/
import { test } from "node:test";
import assert from "node:assert/strict";

import { collect, apply } from "./progress-file.js";
import { memoryStorage } from "../../quiz/review.js";
import { EXERCISES_KEY, ExerciseProgress } from "./exercise-progress.js";


test("exercise progress is exported, and merged on import", () => {
  const a = memoryStorage();
  const pa = new ExerciseProgress({ storage: a });
  pa.update("token-bucket", (e) => { e.attempts = 4; e.failed = 3; e.best = 80; e.checkedAt = "2026-01-02T00:00:00.000Z"; e.hints["burst"] = 2; });
  const doc = collect(a, new Date("2026-01-03T00:00:00Z"));
  assert.equal(doc.exercises.schema, 1);
  assert.equal(doc.exercises.exercises["token-bucket"].best, 80);

  const b = memoryStorage();
  const pb = new ExerciseProgress({ storage: b });
  pb.update("token-bucket", (e) => { e.attempts = 1; e.best = 100; e.passed = "2026-01-01T00:00:00.000Z"; e.checkedAt = "2026-01-01T00:00:00.000Z"; });
  pb.update("full-jitter", (e) => { e.attempts = 2; e.failed = 2; e.checkedAt = "2026-01-01T00:00:00.000Z"; });
  apply(JSON.parse(JSON.stringify(doc)), b);
  const all = new ExerciseProgress({ storage: b }).all();
  assert.deepEqual(all["token-bucket"], {
    attempts: 4, failed: 3, best: 100, passed: "2026-01-01T00:00:00.000Z", hints: { burst: 2 },
    solutionShown: null, checkedAt: "2026-01-02T00:00:00.000Z",
  });
  assert.equal(all["full-jitter"].failed, 2, "what only this browser had stays");
});

test("a file from before exercises still imports; a damaged exercise part changes nothing", () => {
  const a = memoryStorage();
  const doc = collect(a);
  delete doc.exercises;
  const b = memoryStorage();
  apply(doc, b);
  assert.equal(b.getItem(EXERCISES_KEY), null);
  const bad = { ...collect(a), exercises: { schema: 1, exercises: { "token-bucket": { attempts: -1 } } } };
  assert.throws(() => apply(bad, b), /exercise progress is damaged/);
});

// limitedStorage is memoryStorage that refuses to hold more than limit
// characters (keys and values), as a full localStorage does.
function limitedStorage(limit) {
  const m = memoryStorage();
  const used = () => { let n = 0; for (let i = 0; i < m.length; i++) { const k = m.key(i); n += k.length + m.getItem(k).length; } return n; };
  return {
    getItem: (k) => m.getItem(k),
    setItem: (k, v) => {
      const before = m.getItem(k);
      const grow = String(v).length - (before === null ? -k.length : before.length);
      if (used() + grow > limit) throw new DOMException("full", "QuotaExceededError");
      m.setItem(k, v);
    },
    removeItem: (k) => m.removeItem(k),
    key: (i) => m.key(i),
    get length() { return m.length; },
  };
}

function snapshot(s) {
  const out = {};
  for (let i = 0; i < s.length; i++) out[s.key(i)] = s.getItem(s.key(i));
  return out;
}

function card(id, lastReview) {
  return {
    card: { id, section: "1", front: `front of ${id}`, back: "back", origin: "quiz" },
    fsrs: { due: "2026-02-01T00:00:00.000Z", stability: 1, difficulty: 5, elapsed_days: 0, scheduled_days: 1, learning_steps: 0, reps: 1, lapses: 0, state: 1, last_review: lastReview },
    added: "2026-01-01T00:00:00.000Z",
  };
}

function edit(source, savedAt) {
  const e = { schema: 1, source };
  if (savedAt) e.savedAt = savedAt;
  return JSON.stringify(e);
}

test("an import never replaces a newer edit with an older or undated one", () => {
  const cases = [
    // [name, mine (savedAt or null for undated), theirs, want the file's edit]
    ["file newer", "2026-01-01T00:00:00Z", "2026-01-02T00:00:00Z", true],
    ["file older", "2026-01-02T00:00:00Z", "2026-01-01T00:00:00Z", false],
    ["file undated, mine dated", "2026-01-01T00:00:00Z", null, false],
    ["mine undated, file dated", null, "2026-01-01T00:00:00Z", true],
    ["both undated", null, null, false],
  ];
  for (const [name, mineAt, theirsAt, wantTheirs] of cases) {
    const s = memoryStorage();
    s.setItem("flakylab:code:bucket-basic", edit("mine", mineAt));
    const doc = collect(memoryStorage());
    doc.code["bucket-basic"] = JSON.parse(edit("theirs", theirsAt));
    const n = apply(doc, s);
    const got = JSON.parse(s.getItem("flakylab:code:bucket-basic")).source;
    assert.equal(got, wantTheirs ? "theirs" : "mine", `${name}: mine at ${mineAt}, file at ${theirsAt}`);
    assert.deepEqual([n.edits, n.kept], wantTheirs ? [1, 0] : [0, 1], `${name}: counts ${JSON.stringify(n)}`);
  }
});

test("an import that does not fit writes nothing and says so", () => {
  const s = limitedStorage(3000);
  s.setItem("flakylab:code:bucket-basic", edit("mine", "2026-01-01T00:00:00Z"));
  const before = snapshot(s);
  const doc = collect(memoryStorage());
  for (let i = 0; i < 20; i++) doc.code[`example-${i}`] = JSON.parse(edit("x".repeat(200), "2026-01-02T00:00:00Z"));
  assert.throws(() => apply(doc, s), /no room for it/);
  assert.deepEqual(snapshot(s), before, "storage after a refused import");
});

test("a write that fails half way puts everything back", () => {
  const s = memoryStorage();
  s.setItem("flakylab:code:a", edit("old a", "2026-01-01T00:00:00Z"));
  const before = snapshot(s);
  let writes = 0;
  const flaky = {
    getItem: (k) => s.getItem(k), removeItem: (k) => s.removeItem(k), key: (i) => s.key(i), get length() { return s.length; },
    setItem: (k, v) => {
      if (k !== "flakylab:import-room" && ++writes === 2) throw new DOMException("full", "QuotaExceededError");
      s.setItem(k, v);
    },
  };
  const doc = collect(memoryStorage());
  doc.code.a = JSON.parse(edit("new a", "2026-01-02T00:00:00Z"));
  doc.code.b = JSON.parse(edit("new b", "2026-01-02T00:00:00Z"));
  assert.throws(() => apply(doc, flaky), /filled up/);
  assert.deepEqual(snapshot(s), before, "storage after a failed write");
});

test("names like __proto__ are stored and restored like any other", () => {
  const a = memoryStorage();
  a.setItem("flakylab:code:__proto__", edit("proto code", "2026-01-01T00:00:00Z"));
  a.setItem("flakylab:review", JSON.stringify({ schema: 1, cards: JSON.parse(`{"__proto__": ${JSON.stringify(card("__proto__", "2026-01-01T00:00:00.000Z"))}, "plain": ${JSON.stringify(card("plain", null))}}`) }));
  const text = JSON.stringify(collect(a));
  const doc = JSON.parse(text);
  assert.ok(Object.hasOwn(doc.code, "__proto__"), `exported edits: ${JSON.stringify(Object.keys(doc.code))}`);
  assert.deepEqual(Object.keys(doc.review.cards).sort(), ["__proto__", "plain"], "exported cards");

  const b = memoryStorage();
  const n = apply(doc, b);
  assert.equal(n.cards, 2, `counts ${JSON.stringify(n)}`);
  assert.equal(JSON.parse(b.getItem("flakylab:code:__proto__")).source, "proto code");
  const cards = JSON.parse(b.getItem("flakylab:review")).cards;
  assert.ok(Object.hasOwn(cards, "__proto__"), `imported cards: ${JSON.stringify(Object.keys(cards))}`);
  assert.equal(cards.__proto__.card.front, "front of __proto__");
  assert.equal({}.polluted, undefined);
  assert.equal(Object.getPrototypeOf(collect(b).code), null);
});
