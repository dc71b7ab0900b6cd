// Export and import of all the learner's progress as one JSON file:
// saved edits, section progress, exercise progress and review cards.
//
//   {format: "flakylab-progress", version: 1, exportedAt,
//    code: {<example>: {schema, source, savedAt}},   (exercises' code as
//                                                     "exercise-<slug>")
//    progress: {schema, visited: {slug: time}, ran: {example: time}},
//    exercises: {schema, exercises: {...}},  (exercise-progress.js; absent
//                                             in files from before exercises)
//    review: {schema, cards: {...}}}        (web/quiz's exportState())
//
// An import is checked whole before anything is written: a file that is not
// ours, of another version, or with a part of the wrong shape changes
// nothing and says why. A good file is merged into what the browser already
// holds, keeping the more recent of two edits of the same example (an edit
// without a time is older than any dated one, and of two undated edits the
// browser's stays) and of two histories of the same review card, so
// importing never loses work. The merge is written whole or not at all:
// the room it needs is tried first, and a write that fails anyway puts back
// what was there.

import { SCHEMA } from "./storage.js";
import { EXERCISES_KEY, validState as validExercises, mergeEntries } from "./exercise-progress.js";
import { exportState, importState, STORAGE_KEY as REVIEW_KEY } from "../../quiz/pages.js";
import { memoryStorage, validEntry } from "../../quiz/review.js";

export const FORMAT = "flakylab-progress";
export const VERSION = 1;
const CODE = "flakylab:code:";
const PROGRESS = "flakylab:progress";

const isObject = (x) => x !== null && typeof x === "object" && !Array.isArray(x);
// Maps keyed by names from a file are objects without a prototype, so a
// name such as "__proto__" is stored like any other.
const dict = (from) => Object.assign(Object.create(null), from);
function put(obj, key, value) {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}
const isTime = (s) => typeof s === "string" && !Number.isNaN(Date.parse(s));

function parseItem(s, key) {
  try {
    return JSON.parse(s.getItem(key));
  } catch {
    return null;
  }
}

// collect gathers everything saved in storage s into an export document.
export function collect(s = localStorage, now = new Date()) {
  const code = Object.create(null);
  for (let i = 0; i < s.length; i++) {
    const key = s.key(i);
    if (!key?.startsWith(CODE)) continue;
    const v = parseItem(s, key);
    if (isObject(v) && v.schema === SCHEMA && typeof v.source === "string") put(code, key.slice(CODE.length), v);
  }
  let progress = parseItem(s, PROGRESS);
  if (!validProgress(progress)) progress = { schema: SCHEMA, visited: {}, ran: {} };
  let exercises = parseItem(s, EXERCISES_KEY);
  if (!validExercises(exercises)) exercises = { schema: SCHEMA, exercises: {} };
  return {
    format: FORMAT, version: VERSION, exportedAt: now.toISOString(),
    code, progress, exercises, review: exportState({ storage: s }),
  };
}

function validProgress(p) {
  const times = (m) => isObject(m) && Object.values(m).every(isTime);
  return isObject(p) && p.schema === SCHEMA && times(p.visited) && times(p.ran);
}

// check throws an Error whose message a learner can act on if doc is not a
// progress file this version can read.
export function check(doc) {
  if (!isObject(doc) || doc.format !== FORMAT) {
    throw new Error("this is not a flakylab progress file");
  }
  if (doc.version !== VERSION) {
    throw new Error(`this progress file has version ${JSON.stringify(doc.version)}; this site reads version ${VERSION}`);
  }
  if (!isObject(doc.code)) throw new Error("its saved edits are missing or damaged");
  for (const [name, v] of Object.entries(doc.code)) {
    if (!isObject(v) || v.schema !== SCHEMA || typeof v.source !== "string" || !/^[A-Za-z0-9_-]+$/.test(name)) {
      throw new Error(`its saved edit of example ${JSON.stringify(name)} is damaged`);
    }
  }
  if (!validProgress(doc.progress)) throw new Error("its section progress is missing or damaged");
  if (doc.exercises !== undefined && !validExercises(doc.exercises)) throw new Error("its exercise progress is damaged");
  try {
    // Validate against a throwaway store: nothing real is touched yet.
    const { skipped } = importState(doc.review, { storage: memoryStorage() });
    if (skipped > 0) throw new Error(`${skipped} review card${skipped === 1 ? " is" : "s are"} damaged`);
  } catch (err) {
    throw new Error(`its review cards cannot be read (${err.message})`);
  }
}

const earlier = (a, b) => (Date.parse(a) <= Date.parse(b) ? a : b);

function reviewedAt(e) {
  return Date.parse(e.fsrs.last_review ?? e.added) || 0;
}

// newer reports whether an edit saved at theirs should replace one saved at
// mine: only a dated edit later than the browser's (or than an undated one).
function newer(theirs, mine) {
  if (!isTime(theirs)) return false;
  return !isTime(mine) || Date.parse(theirs) > Date.parse(mine);
}

// transact writes every [key, value] of writes into s, or none of them. It
// first tries a value as large as what the writes add; a browser that
// refuses it has no room, and nothing is written. A write that fails after
// all (another tab filled the storage meanwhile) puts back the old values.
export function transact(s, writes) {
  const old = writes.map(([k]) => [k, s.getItem(k)]);
  let growth = 0;
  for (let i = 0; i < writes.length; i++) {
    const [k, v] = writes[i];
    growth += Math.max(0, v.length - (old[i][1] === null ? -k.length : old[i][1].length));
  }
  const probe = "flakylab:import-room";
  try {
    s.setItem(probe, "x".repeat(growth));
  } catch {
    throw new Error(`this browser's storage has no room for it (about ${Math.ceil(growth / 512)} KB more is needed; exporting and clearing other sites' data frees some)`);
  } finally {
    try { s.removeItem(probe); } catch { /* nothing was written */ }
  }
  let done = 0;
  try {
    for (const [k, v] of writes) {
      s.setItem(k, v);
      done++;
    }
  } catch {
    for (const [k, v] of old.slice(0, done)) {
      try {
        if (v === null) s.removeItem(k);
        else s.setItem(k, v);
      } catch { /* the old value was there a moment ago: it fits */ }
    }
    throw new Error("this browser's storage filled up while importing");
  }
}

// apply checks doc and merges it into storage s. It returns counts for the
// message, or throws (having written nothing) when the file is bad or does
// not fit.
export function apply(doc, s = localStorage) {
  check(doc);
  const mine = collect(s);
  const writes = [];
  let edits = 0;
  let kept = 0;
  for (const [name, v] of Object.entries(doc.code)) {
    const have = mine.code[name];
    if (have && have.source === v.source) continue;
    if (have && !newer(v.savedAt, have.savedAt)) {
      kept++;
      continue;
    }
    writes.push([CODE + name, JSON.stringify({ schema: SCHEMA, source: v.source, savedAt: isTime(v.savedAt) ? v.savedAt : undefined })]);
    edits++;
  }
  const merge = (a, b) => {
    const out = dict(a);
    for (const [k, t] of Object.entries(b)) put(out, k, out[k] ? earlier(out[k], t) : t);
    return out;
  };
  const sections = Object.keys(doc.progress.visited).filter((k) => !Object.hasOwn(mine.progress.visited, k)).length;
  const progress = {
    schema: SCHEMA,
    visited: merge(mine.progress.visited, doc.progress.visited),
    ran: merge(mine.progress.ran, doc.progress.ran),
  };
  writes.push([PROGRESS, JSON.stringify(progress)]);
  if (doc.exercises) {
    const merged = dict(mine.exercises.exercises);
    for (const [slug, e] of Object.entries(doc.exercises.exercises)) put(merged, slug, mergeEntries(merged[slug], e));
    writes.push([EXERCISES_KEY, JSON.stringify({ schema: SCHEMA, exercises: merged })]);
  }
  const cards = dict(mine.review.cards);
  let taken = 0;
  for (const [id, e] of Object.entries(doc.review.cards)) {
    if (cards[id] && reviewedAt(e) <= reviewedAt(cards[id])) continue;
    put(cards, id, e);
    taken++;
  }
  // The merged cards go through the review store's own import (on a copy
  // in memory), so they are saved exactly as the store saves them.
  const review = memoryStorage();
  importState({ schema: mine.review.schema, cards }, { storage: review });
  writes.push([REVIEW_KEY, review.getItem(REVIEW_KEY)]);
  transact(s, writes);
  return { edits, kept, sections, cards: taken };
}

function el(tag, attrs = {}, text = "") {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text) e.textContent = text;
  return e;
}

function plural(n, one) {
  return `${n} ${one}${n === 1 ? "" : "s"}`;
}

// mountProgressFile puts the export and import controls into root. onImported
// is called after a successful import, to redraw what depends on progress.
export function mountProgressFile(root, { onImported } = {}) {
  const save = el("button", { type: "button", "data-action": "export-progress" }, "Save progress to a file");
  const input = el("input", { type: "file", accept: ".json,application/json", id: "progress-file-input", class: "visually-hidden", tabindex: "-1", "aria-label": "Progress file to load", "data-action": "import-progress" });
  const load = el("button", { type: "button", "data-action": "choose-progress-file" }, "Load progress from a file");
  const status = el("p", { class: "progress-file-status", role: "status", "aria-live": "polite", "data-role": "progress-file-status" });
  const say = (text, ok) => {
    status.textContent = text;
    status.dataset.state = ok ? "ok" : "error";
  };
  save.addEventListener("click", () => {
    const doc = collect();
    const blob = new Blob([JSON.stringify(doc, null, 1)], { type: "application/json" });
    const a = el("a", { href: URL.createObjectURL(blob), download: `flakylab-progress-${doc.exportedAt.slice(0, 10)}.json` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
    say(`Saved ${plural(Object.keys(doc.code).length, "edit")}, ${plural(Object.keys(doc.progress.visited).length, "section")} and ${plural(Object.keys(doc.review.cards).length, "review card")} to a file.`, true);
  });
  load.addEventListener("click", () => input.click());
  input.addEventListener("change", async () => {
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    let doc;
    try {
      doc = JSON.parse(await file.text());
    } catch {
      say(`Nothing was imported: ${file.name} is not a JSON file. Your progress is unchanged.`, false);
      return;
    }
    try {
      const n = apply(doc);
      const kept = n.kept ? ` ${plural(n.kept, "edit")} in the file ${n.kept === 1 ? "was" : "were"} older than this browser's and ${n.kept === 1 ? "was" : "were"} left out.` : "";
      say(`Imported ${plural(n.edits, "edit")}, ${plural(n.sections, "new section")} and ${plural(n.cards, "review card")} (new or more recently reviewed) from ${file.name}, merged with what this browser already had.${kept}`, true);
      onImported?.();
    } catch (err) {
      say(`Nothing was imported: ${err.message}. Your progress is unchanged.`, false);
    }
  });
  root.replaceChildren(save, input, load, status);
}
