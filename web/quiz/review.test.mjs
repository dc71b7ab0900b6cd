// FSRS scheduling of review cards on a fixed sequence of dates, and the
// saved state's schema, corruption handling, export and import.
// Run: node --test web/quiz/
import { test } from "node:test";
import assert from "node:assert/strict";

import { ReviewStore, RATINGS, STORAGE_KEY, SCHEMA, memoryStorage } from "./review.js";

const [AGAIN, HARD, GOOD, EASY] = RATINGS.map((r) => r.rating);
const T0 = new Date("2026-03-02T09:00:00Z");
const MIN = 60_000;
const DAY = 86_400_000;
const at = (ms) => new Date(T0.getTime() + ms);
const card = (id, origin = "deck") => ({ id, section: "token-bucket", front: `front ${id}`, back: `back ${id}`, origin });

function store(storage = memoryStorage(), notices = []) {
  return new ReviewStore({ storage, onSetAside: (key, aside, reason) => notices.push({ key, aside, reason }) });
}

// graduated returns a store whose card "c" has left the learning steps:
// Good at T0 (due +10 min), Good at +10 min (due +2 days).
function graduated() {
  const s = store();
  s.addDeck([card("c")], T0);
  s.rate("c", GOOD, T0);
  s.rate("c", GOOD, at(10 * MIN));
  return s;
}

test("a new card: Again comes back sooner than Hard, Hard than Good, Good than Easy", () => {
  const s = store();
  s.addDeck([card("c")], T0);
  const due = Object.fromEntries(s.preview("c", T0).map((p) => [p.name, p.due.getTime() - T0.getTime()]));
  assert.deepEqual(due, { Again: 1 * MIN, Hard: 6 * MIN, Good: 10 * MIN, Easy: 8 * DAY },
    "time until due after each rating of a new card at T0 (learning steps 1 min and 10 min)");
});

test("a reviewed card: Again sooner than Good, Easy later than Good", () => {
  const s = graduated();
  const now = at(2 * DAY + 10 * MIN); // when it comes due
  const due = Object.fromEntries(s.preview("c", now).map((p) => [p.name, p.due.getTime() - now.getTime()]));
  assert.equal(due.Again, 10 * MIN, "Again sends a review card to the 10-minute relearning step");
  assert.ok(due.Again < due.Hard && due.Hard < due.Good && due.Good < due.Easy,
    `want Again < Hard < Good < Easy, got ${JSON.stringify(due)}`);
});

test("Good on every due date gives growing intervals, capped at a year", () => {
  const s = store();
  s.addDeck([card("c")], T0);
  let now = T0;
  const days = [];
  for (let i = 0; i < 7; i++) {
    const due = s.rate("c", GOOD, now);
    days.push(Math.round((due - now) / DAY * 1000) / 1000);
    now = due;
  }
  assert.deepEqual(days, [0.007, 2, 11, 46, 163, 365, 366],
    "days until due after Good on each due date (the first is the 10-minute step; 366 spans 29 February 2028)");
  for (let i = 1; i < 5; i++) assert.ok(days[i + 1] > days[i], `interval ${i + 1} (${days[i + 1]}) > interval ${i} (${days[i]})`);
});

test("Again on a review card counts a lapse and shortens the next intervals", () => {
  const kept = graduated();
  const lapsed = graduated();
  const now = at(2 * DAY + 10 * MIN);
  lapsed.rate("c", AGAIN, now);
  assert.equal(lapsed.entry("c").fsrs.lapses, 1, "lapses after Again");
  const goodAfterLapse = lapsed.rate("c", GOOD, at(2 * DAY + 20 * MIN)) - at(2 * DAY + 20 * MIN);
  const goodWithoutLapse = kept.rate("c", GOOD, now) - now;
  assert.ok(goodAfterLapse < goodWithoutLapse, `Good after a lapse (${goodAfterLapse / DAY} d) < Good without (${goodWithoutLapse / DAY} d)`);
});

test("the due queue on fixed dates", () => {
  const s = store();
  s.addDeck([card("b"), card("a")], T0);
  assert.deepEqual(s.queue(T0).map((e) => e.card.id), ["b", "a"], "both new cards due at T0, in the order added");
  s.rate("a", EASY, T0); // +8 days
  s.rate("b", GOOD, T0); // +10 min
  assert.equal(s.dueCount(at(5 * MIN)), 0, "nothing due at +5 min");
  assert.deepEqual(s.nextDue(at(5 * MIN)), at(10 * MIN), "next due at +5 min");
  assert.deepEqual(s.queue(at(10 * MIN)).map((e) => e.card.id), ["b"], "due at +10 min");
  assert.deepEqual(s.queue(at(9 * DAY)).map((e) => e.card.id), ["b", "a"], "due at +9 days, most overdue first");
  assert.throws(() => s.rate("a", 0, T0), /rating must be 1-4/);
  assert.throws(() => s.rate("nope", GOOD, T0), /no card "nope"/);
});

test("missed questions become due cards; a scheduled card missed again comes back now", () => {
  const s = store();
  s.addDeck([card("deck-1")], T0);
  s.rate("deck-1", EASY, T0);
  const missed = [card("quiz:q1", "quiz"), { ...card("quiz:q2", "quiz"), code: "package main" }];
  assert.deepEqual(s.addMissed(missed, T0), ["quiz:q1", "quiz:q2"]);
  assert.deepEqual(s.queue(T0).map((e) => e.card.id), ["quiz:q1", "quiz:q2"], "queue after missing q1 and q2");
  assert.equal(s.entry("quiz:q2").card.code, "package main", "code kept");

  s.rate("quiz:q1", EASY, T0); // now due in 8 days
  s.addMissed([card("quiz:q1", "quiz")], at(1 * DAY)); // missed again the next day
  const e = s.entry("quiz:q1");
  assert.equal(e.fsrs.lapses, 1, "missing it again counts as a lapse");
  assert.ok(new Date(e.fsrs.due) <= at(1 * DAY + 10 * MIN), `due again within 10 minutes, got ${e.fsrs.due}`);
});

test("state survives a reload and has the documented shape", () => {
  const storage = memoryStorage();
  const s = store(storage);
  s.addDeck([card("c")], T0);
  const due = s.rate("c", GOOD, T0);
  const saved = JSON.parse(storage.getItem(STORAGE_KEY));
  assert.equal(saved.schema, SCHEMA);
  assert.deepEqual(Object.keys(saved.cards.c).sort(), ["added", "card", "fsrs"]);
  assert.equal(saved.cards.c.fsrs.due, due.toISOString());
  assert.deepEqual(store(storage).entry("c"), s.entry("c"), "entry after reload");
});

test("unreadable state is set aside with a notice, and nothing else is lost", () => {
  const good = store();
  good.addDeck([card("ok")], T0);
  const goodState = good.exportState();
  const cases = [
    ["not JSON", "{oops", 0, /not valid JSON/],
    ["another schema", JSON.stringify({ schema: 99, cards: {} }), 0, /schema 99/],
    ["no cards", JSON.stringify({ schema: SCHEMA }), 0, /no cards/],
    ["one broken card", JSON.stringify({ schema: SCHEMA, cards: { ...goodState.cards, bad: { card: {} } } }), 1, /1 card had the wrong shape/],
  ];
  for (const [name, raw, kept, reason] of cases) {
    const storage = memoryStorage();
    storage.setItem(STORAGE_KEY, raw);
    storage.setItem("flakylab:progress", "untouched");
    const notices = [];
    const s = store(storage, notices);
    assert.equal(s.size, kept, `${name}: cards kept`);
    assert.equal(notices.length, 1, `${name}: one notice`);
    assert.match(notices[0].reason, reason, name);
    assert.match(notices[0].aside, /^flakylab:aside:.*:flakylab:review$/, `${name}: aside key`);
    assert.ok(storage.getItem(notices[0].aside).length > 0, `${name}: the data is kept aside`);
    assert.equal(storage.getItem("flakylab:progress"), "untouched", `${name}: other keys untouched`);
    assert.equal(store(storage, []).size, kept, `${name}: a reload finds the cleaned state`);
  }
});

test("export and import", () => {
  const a = store();
  a.addDeck([card("x"), card("y")], T0);
  a.rate("x", GOOD, T0);
  const exported = JSON.parse(JSON.stringify(a.exportState()));
  const b = store();
  assert.deepEqual(b.importState(exported), { imported: 2, skipped: 0 });
  assert.deepEqual(b.exportState(), a.exportState(), "state after import");

  exported.cards.z = { card: { id: "other" } };
  assert.deepEqual(store().importState(exported), { imported: 2, skipped: 1 }, "a broken card is skipped");
  for (const bad of [null, [], { schema: 2, cards: {} }, { schema: SCHEMA }]) {
    assert.throws(() => b.importState(bad), /not a review state/, `import ${JSON.stringify(bad)}`);
  }
  assert.equal(b.size, 2, "a refused import leaves the state alone");
});

test("a missed question about a deck card's fact keeps its wording (and its choices) when the deck is added again", () => {
  const s = store();
  s.addDeck([card("card-x")], T0);
  const missed = { ...card("card-x", "quiz"), front: "Which one?", choices: ["A one", "B two"] };
  s.addMissed([missed], at(MIN));
  s.addDeck([{ ...card("card-x"), front: "reworded deck front" }], at(2 * MIN));
  const e = s.entry("card-x");
  assert.equal(e.card.origin, "quiz", "origin after the deck is added again");
  assert.equal(e.card.front, "Which one?", "the question's wording stays");
  assert.deepEqual(e.card.choices, ["A one", "B two"], "choices kept");
  assert.equal(s.size, 1, "one card for the fact");
  s.addDeck([{ ...card("card-y"), front: "old" }], T0);
  s.addDeck([{ ...card("card-y"), front: "new" }], T0);
  assert.equal(s.entry("card-y").card.front, "new", "a deck card's own wording is refreshed");
});

test("saved cards with choices that are not strings are set aside", () => {
  const storage = memoryStorage();
  const s = store(storage);
  s.addMissed([{ ...card("ok", "quiz"), choices: ["a", "b"] }], T0);
  const saved = JSON.parse(storage.getItem(STORAGE_KEY));
  saved.cards.bad = { ...saved.cards.ok, card: { ...saved.cards.ok.card, id: "bad", choices: [1, 2] } };
  storage.setItem(STORAGE_KEY, JSON.stringify(saved));
  const notices = [];
  const again = store(storage, notices);
  assert.deepEqual(again.entry("ok").card.choices, ["a", "b"], "good card with choices kept");
  assert.equal(again.entry("bad"), null, "bad choices set aside");
  assert.equal(notices.length, 1, "one notice");
});
