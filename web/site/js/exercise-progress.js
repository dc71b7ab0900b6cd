// The learner's exercise progress in localStorage, with the site's
// versioned schema (storage.js keeps the saved edits: an exercise's code is
// saved as the edit "exercise-<slug>", so it travels in the progress file
// with the examples' edits).
//
//   flakylab:exercises  {schema: 1, exercises: {<slug>: {
//     attempts,        checks run on this exercise (a Stop does not count)
//     failed,          of those, how many did not pass every check
//     best,            best score so far, 0-100
//     passed,          time every check first passed, or null
//     hints: {check: n}, extra hints revealed per check
//     solutionShown,   time the learner first looked at the solution, or null
//     checkedAt}}}     time of the last check
//
// Unreadable data is set aside under flakylab:aside:<time>:<key>, like the
// site's other data, and never thrown away.

import { SCHEMA } from "./storage.js";

export const EXERCISES_KEY = "flakylab:exercises";
const ASIDE = "flakylab:aside:";

const isObject = (x) => x !== null && typeof x === "object" && !Array.isArray(x);
const isTime = (s) => typeof s === "string" && !Number.isNaN(Date.parse(s));
const isCount = (n) => Number.isInteger(n) && n >= 0;

// validEntry reports whether one exercise's record has the expected shape.
export function validEntry(e) {
  return isObject(e) && isCount(e.attempts) && isCount(e.failed) &&
    Number.isFinite(e.best) && e.best >= 0 && e.best <= 100 &&
    (e.passed === null || isTime(e.passed)) &&
    (e.solutionShown === null || isTime(e.solutionShown)) &&
    (e.checkedAt === null || isTime(e.checkedAt)) &&
    isObject(e.hints) && Object.values(e.hints).every(isCount);
}

// validState reports whether a whole saved value has the expected shape.
export function validState(v) {
  return isObject(v) && v.schema === SCHEMA && isObject(v.exercises) &&
    Object.entries(v.exercises).every(([slug, e]) => /^[a-z0-9-]+$/.test(slug) && validEntry(e));
}

export function emptyEntry() {
  return { attempts: 0, failed: 0, best: 0, passed: null, hints: {}, solutionShown: null, checkedAt: null };
}

function browserStorage() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export class ExerciseProgress {
  #s;
  #onSetAside;

  constructor({ storage, onSetAside } = {}) {
    this.#s = storage ?? browserStorage();
    this.#onSetAside = onSetAside;
  }

  // all returns every exercise's record, setting unreadable data aside.
  all() {
    if (!this.#s) return {};
    let raw = null;
    try {
      raw = this.#s.getItem(EXERCISES_KEY);
    } catch {
      return {};
    }
    if (raw === null) return {};
    let v;
    try {
      v = JSON.parse(raw);
    } catch {
      v = undefined;
    }
    if (validState(v)) return v.exercises;
    const aside = `${ASIDE}${new Date().toISOString()}:${EXERCISES_KEY}`;
    try {
      this.#s.setItem(aside, raw);
      this.#s.removeItem(EXERCISES_KEY);
      this.#onSetAside?.(EXERCISES_KEY, aside);
    } catch {
      // full or failing storage: leave it where it is
    }
    return {};
  }

  get(slug) {
    return { ...emptyEntry(), ...(this.all()[slug] ?? {}) };
  }

  // update applies fn to slug's record and saves it; it returns the record.
  update(slug, fn) {
    const all = this.all();
    const e = { ...emptyEntry(), ...(all[slug] ?? {}) };
    e.hints = { ...e.hints };
    fn(e);
    all[slug] = e;
    try {
      this.#s?.setItem(EXERCISES_KEY, JSON.stringify({ schema: SCHEMA, exercises: all }));
    } catch {
      // nothing saved; the page keeps working
    }
    return e;
  }
}

// mergeEntries combines two records of the same exercise from two browsers
// (a progress file import): counts and the best score take the larger,
// first-pass and first-look times the earlier, the last check the later.
export function mergeEntries(a, b) {
  if (!a) return b;
  if (!b) return a;
  const earlier = (x, y) => (x === null ? y : y === null ? x : Date.parse(x) <= Date.parse(y) ? x : y);
  const later = (x, y) => (x === null ? y : y === null ? x : Date.parse(x) >= Date.parse(y) ? x : y);
  const hints = { ...a.hints };
  for (const [k, n] of Object.entries(b.hints)) hints[k] = Math.max(hints[k] ?? 0, n);
  return {
    attempts: Math.max(a.attempts, b.attempts),
    failed: Math.max(a.failed, b.failed),
    best: Math.max(a.best, b.best),
    passed: earlier(a.passed, b.passed),
    hints,
    solutionShown: earlier(a.solutionShown, b.solutionShown),
    checkedAt: later(a.checkedAt, b.checkedAt),
  };
}

// showExerciseProgress fills in the exercise cards of the course index with
// the learner's progress on each.
export function showExerciseProgress(onSetAside) {
  const all = new ExerciseProgress({ onSetAside }).all();
  for (const card of document.querySelectorAll(".exercise-card[data-exercise]")) {
    const p = all[card.dataset.exercise];
    const out = card.querySelector('[data-role="exercise-progress"]');
    if (!p || !out) continue;
    card.dataset.done = String(Boolean(p.passed));
    out.textContent = p.passed ? "\u00b7 passed" : `\u00b7 best ${p.best}%`;
  }
}
