// Spaced-repetition review state: FSRS scheduling (ts-fsrs) of the review
// cards, saved in localStorage with a versioned schema.
//
//   flakylab:review  {schema: 1, cards: {<card id>: {card, fsrs, added}}}
//
//   card   the card itself: {id, section, front, code?, choices?, back,
//          origin}, as quiz.Card writes it (origin "deck", "quiz" or
//          "exercise"); choices are shown under the front
//   fsrs   ts-fsrs's card state with dates as ISO strings: {due, stability,
//          difficulty, elapsed_days, scheduled_days, learning_steps, reps,
//          lapses, state, last_review}
//   added  when the card entered the queue (ISO string)
//
// A saved value that cannot be read is never thrown away: like the site's
// other saved data it is moved under flakylab:aside:<time>:flakylab:review
// and reported once through onSetAside. A value whose envelope is fine but
// some of whose cards are broken keeps the good cards and sets aside only
// the broken ones. exportState()/importState() carry the state in the
// site's progress export.

import { fsrs, createEmptyCard, Rating, State } from "ts-fsrs";

export const STORAGE_KEY = "flakylab:review";
export const SCHEMA = 1;
const ASIDE = "flakylab:aside:";

// RATINGS are the answers to a card, with the key that gives each.
export const RATINGS = Object.freeze([
  { key: "1", name: "Again", rating: Rating.Again },
  { key: "2", name: "Hard", rating: Rating.Hard },
  { key: "3", name: "Good", rating: Rating.Good },
  { key: "4", name: "Easy", rating: Rating.Easy },
]);

// PARAMETERS of the scheduler: FSRS defaults (90% retention, learning steps
// of 1 and 10 minutes), without fuzz so that a schedule is reproducible,
// and intervals capped at a year: this is a short course, not a lifetime
// deck.
export const PARAMETERS = Object.freeze({ enable_fuzz: false, maximum_interval: 365 });

export function makeScheduler() {
  return fsrs(PARAMETERS);
}

const ORIGINS = new Set(["deck", "quiz", "exercise"]);
const NUMBERS = ["stability", "difficulty", "elapsed_days", "scheduled_days", "learning_steps", "reps", "lapses"];

const isObject = (x) => x !== null && typeof x === "object" && !Array.isArray(x);
const isDate = (s) => typeof s === "string" && !Number.isNaN(Date.parse(s));
const isText = (s) => typeof s === "string";

// validEntry reports whether a saved entry has the expected shape.
export function validEntry(id, e) {
  if (!isObject(e) || !isObject(e.card) || !isObject(e.fsrs) || !isDate(e.added)) return false;
  const c = e.card;
  if (c.id !== id || !isText(c.section) || !isText(c.front) || !isText(c.back) || !ORIGINS.has(c.origin)) return false;
  if (c.code !== undefined && !isText(c.code)) return false;
  if (c.choices !== undefined && !(Array.isArray(c.choices) && c.choices.every(isText))) return false;
  const f = e.fsrs;
  if (!isDate(f.due) || !(f.last_review === null || isDate(f.last_review))) return false;
  if (!NUMBERS.every((k) => Number.isFinite(f[k]))) return false;
  return Number.isInteger(f.state) && f.state >= State.New && f.state <= State.Relearning;
}

function toSaved(card) {
  return {
    due: card.due.toISOString(), stability: card.stability, difficulty: card.difficulty,
    elapsed_days: card.elapsed_days, scheduled_days: card.scheduled_days,
    learning_steps: card.learning_steps, reps: card.reps, lapses: card.lapses, state: card.state,
    last_review: card.last_review ? card.last_review.toISOString() : null,
  };
}

function fromSaved(f) {
  return { ...f, due: new Date(f.due), last_review: f.last_review ? new Date(f.last_review) : undefined };
}

function cardContent(c) {
  const card = { id: c.id, section: c.section, front: c.front, back: c.back, origin: c.origin };
  if (c.code) card.code = c.code;
  if (c.choices?.length) card.choices = [...c.choices];
  return card;
}

// memoryStorage stands in when localStorage is unavailable (and in tests).
export function memoryStorage() {
  const m = new Map();
  return {
    getItem: (k) => (m.has(k) ? m.get(k) : null),
    setItem: (k, v) => void m.set(k, String(v)),
    removeItem: (k) => void m.delete(k),
    key: (i) => [...m.keys()][i] ?? null,
    get length() { return m.size; },
  };
}

function browserStorage() {
  try {
    const s = globalThis.localStorage;
    s.setItem("flakylab:probe", "1");
    s.removeItem("flakylab:probe");
    return s;
  } catch {
    return null; // disabled (private mode, policy): keep state in memory only
  }
}

export class ReviewStore {
  #storage;
  #onSetAside;
  #scheduler = makeScheduler();
  #cards = Object.create(null); // a card may be named anything, "__proto__" too

  // storage is a Web Storage (default localStorage, or memory when that is
  // unavailable); onSetAside(key, asideKey, reason) hears of unreadable data.
  constructor({ storage, onSetAside } = {}) {
    const s = storage ?? browserStorage();
    this.persistent = s !== null;
    this.#storage = s ?? memoryStorage();
    this.#onSetAside = onSetAside;
    this.#load();
  }

  #load() {
    let raw = null;
    try {
      raw = this.#storage.getItem(STORAGE_KEY);
    } catch {
      return;
    }
    if (raw === null) return;
    let value;
    let reason = "";
    try {
      value = JSON.parse(raw);
      if (!isObject(value)) reason = "it is not an object";
      else if (value.schema !== SCHEMA) reason = `it has schema ${JSON.stringify(value.schema)}, not ${SCHEMA}`;
      else if (!isObject(value.cards)) reason = "it has no cards";
    } catch {
      reason = "it is not valid JSON";
    }
    if (reason) {
      this.#setAside(raw, reason);
      try { this.#storage.removeItem(STORAGE_KEY); } catch { /* leave it */ }
      return;
    }
    const bad = Object.create(null);
    for (const [id, e] of Object.entries(value.cards)) {
      if (validEntry(id, e)) this.#cards[id] = e;
      else bad[id] = e;
    }
    const n = Object.keys(bad).length;
    if (n > 0) {
      this.#setAside(JSON.stringify({ schema: SCHEMA, cards: bad }), `${n} card${n === 1 ? "" : "s"} had the wrong shape`);
      this.#save();
    }
  }

  #setAside(raw, reason) {
    const aside = `${ASIDE}${new Date().toISOString()}:${STORAGE_KEY}`;
    try {
      this.#storage.setItem(aside, raw);
    } catch {
      return;
    }
    this.#onSetAside?.(STORAGE_KEY, aside, reason);
  }

  #save() {
    try {
      this.#storage.setItem(STORAGE_KEY, JSON.stringify({ schema: SCHEMA, cards: this.#cards }));
      return true;
    } catch {
      return false;
    }
  }

  #add(card, now) {
    this.#cards[card.id] = {
      card: cardContent(card),
      fsrs: toSaved(createEmptyCard(now)),
      added: now.toISOString(),
    };
  }

  // addDeck adds the hand-written cards not yet in the queue (as new cards,
  // due now) and refreshes the wording of those already there, unless a
  // missed question or check about the same fact has given the card its
  // own wording (origin "quiz" or "exercise"), which stays.
  addDeck(cards, now = new Date()) {
    let added = 0;
    for (const c of cards) {
      const e = this.#cards[c.id];
      if (!e) { this.#add(c, now); added++; }
      else if (e.card.origin === "deck") e.card = cardContent(c);
    }
    this.#save();
    return added;
  }

  // addMissed takes the cards of missed questions (report.cards) or failed
  // exercise checks. A new card is due now. A card already scheduled for
  // later counts as forgotten: it is rated Again now, so it comes back soon
  // and FSRS lowers its stability. Returns the ids now due.
  addMissed(cards, now = new Date()) {
    const ids = [];
    for (const c of cards) {
      const e = this.#cards[c.id];
      if (!e) this.#add(c, now);
      else {
        e.card = cardContent(c);
        if (new Date(e.fsrs.due) > now) e.fsrs = toSaved(this.#scheduler.next(fromSaved(e.fsrs), now, Rating.Again).card);
      }
      ids.push(c.id);
    }
    this.#save();
    return ids;
  }

  get size() {
    return Object.keys(this.#cards).length;
  }

  entry(id) {
    const e = this.#cards[id];
    return e ? structuredClone(e) : null;
  }

  // queue returns the entries due at now, the most overdue first; cards
  // due at the same instant keep the order they were added in (the course
  // order for the deck).
  queue(now = new Date()) {
    return Object.values(this.#cards)
      .filter((e) => new Date(e.fsrs.due) <= now)
      .sort((a, b) => Date.parse(a.fsrs.due) - Date.parse(b.fsrs.due))
      .map((e) => structuredClone(e));
  }

  dueCount(now = new Date()) {
    return Object.values(this.#cards).filter((e) => new Date(e.fsrs.due) <= now).length;
  }

  // nextDue is when the next card not yet due comes due, or null.
  nextDue(now = new Date()) {
    const later = Object.values(this.#cards).map((e) => new Date(e.fsrs.due)).filter((d) => d > now);
    return later.length ? new Date(Math.min(...later)) : null;
  }

  // preview says when the card would come back after each rating.
  preview(id, now = new Date()) {
    const e = this.#cards[id];
    if (!e) throw new Error(`review: no card ${JSON.stringify(id)}`);
    const all = this.#scheduler.repeat(fromSaved(e.fsrs), now);
    return RATINGS.map((r) => ({ ...r, due: all[r.rating].card.due }));
  }

  // rate records a review of card id at now and returns its next due date.
  rate(id, rating, now = new Date()) {
    const e = this.#cards[id];
    if (!e) throw new Error(`review: no card ${JSON.stringify(id)}`);
    if (!RATINGS.some((r) => r.rating === rating)) throw new Error(`review: rating must be 1-4, got ${rating}`);
    const next = this.#scheduler.next(fromSaved(e.fsrs), now, rating).card;
    e.fsrs = toSaved(next);
    this.#save();
    return next.due;
  }

  // exportState returns the whole state as plain JSON data.
  exportState() {
    return { schema: SCHEMA, cards: structuredClone(this.#cards) };
  }

  // importState replaces the state with an exported one. It throws if obj
  // is not a review state of this schema; cards of the wrong shape are
  // skipped and counted.
  importState(obj) {
    if (!isObject(obj) || obj.schema !== SCHEMA || !isObject(obj.cards)) {
      throw new Error(`review: not a review state of schema ${SCHEMA}`);
    }
    const cards = Object.create(null);
    let skipped = 0;
    for (const [id, e] of Object.entries(obj.cards)) {
      if (validEntry(id, e)) cards[id] = structuredClone(e);
      else skipped++;
    }
    this.#cards = cards;
    if (!this.#save()) throw new Error("review: the browser's storage is full");
    return { imported: Object.keys(cards).length, skipped };
  }
}

// exportState and importState work on the browser's saved state, for the
// site's progress export and import.
export function exportState(options) {
  return new ReviewStore(options).exportState();
}

export function importState(obj, options) {
  return new ReviewStore(options).importState(obj);
}

// dueCount is the number of cards due now in the browser's saved state, for
// the course index.
export function dueCount(now = new Date(), options) {
  return new ReviewStore(options).dueCount(now);
}
