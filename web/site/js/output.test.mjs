// The output panels' tail: what OutputView shows of a long output.
import { test } from "node:test";
import assert from "node:assert/strict";

import { tail, tailOfPieces } from "./output.js";

test("tail keeps the last lines and counts the rest", () => {
  const numbered = (n) => Array.from({ length: n }, (_, i) => `line ${i + 1}\n`).join("");
  const cases = [
    { name: "empty", text: "", lines: 3, chars: 100, shown: "", hidden: 0 },
    { name: "fits", text: "a\nb\n", lines: 3, chars: 100, shown: "a\nb\n", hidden: 0 },
    { name: "exactly the limit", text: "a\nb\nc\n", lines: 3, chars: 100, shown: "a\nb\nc\n", hidden: 0 },
    { name: "one line over", text: "a\nb\nc\nd\n", lines: 3, chars: 100, shown: "b\nc\nd\n", hidden: 1 },
    { name: "no final newline", text: "a\nb\nc\nd", lines: 2, chars: 100, shown: "c\nd", hidden: 2 },
    { name: "leading empty line", text: "\nabc", lines: 5, chars: 100, shown: "\nabc", hidden: 0 },
    { name: "empty lines count", text: "\n\n\n\n", lines: 2, chars: 100, shown: "\n\n", hidden: 2 },
    { name: "character cap cuts a line", text: "0123456789\nabc\n", lines: 10, chars: 8, shown: "789\nabc\n", hidden: 1 },
    { name: "one long line", text: "x".repeat(50), lines: 10, chars: 20, shown: "x".repeat(20), hidden: 1 },
    { name: "thousand lines", text: numbered(1000), lines: 2, chars: 1000, shown: "line 999\nline 1000\n", hidden: 998 },
  ];
  for (const c of cases) {
    const got = tail(c.text, c.lines, c.chars);
    assert.deepEqual(got, { shown: c.shown, hidden: c.hidden }, `${c.name}: tail(${JSON.stringify(c.text.slice(0, 40))}, ${c.lines}, ${c.chars})`);
    // What is shown is always the end of the text.
    assert.ok(c.text.endsWith(got.shown), `${c.name}: shown is not the end of the text`);
  }
});

// newlines counts "\n" in s, as the panel does for each piece it keeps.
const newlines = (s) => s.split("\n").length - 1;

test("tailOfPieces is tail of the joined pieces", () => {
  const cases = [
    { name: "no pieces", pieces: [], lines: 3, chars: 100 },
    { name: "one piece", pieces: ["a\nb\nc\nd\n"], lines: 2, chars: 100 },
    { name: "cut between pieces", pieces: ["a\nb\n", "c\nd\n", "e"], lines: 2, chars: 100 },
    { name: "a line across pieces", pieces: ["ab", "cd\nef", "gh\n"], lines: 1, chars: 100 },
    { name: "character cap inside a piece", pieces: ["0123456789\n", "abc\n"], lines: 10, chars: 8 },
    { name: "character cap on a piece's edge", pieces: ["xxxx", "yyyy", "zzzz"], lines: 10, chars: 8 },
    { name: "newline ends a piece", pieces: ["a\n", "b\n", "c\n", "d\n"], lines: 3, chars: 100 },
    { name: "empty lines", pieces: ["\n\n", "\n", "\n\n"], lines: 2, chars: 100 },
    { name: "many small pieces", pieces: Array.from({ length: 2000 }, (_, i) => (i % 7 === 6 ? "\n" : `${i} `)), lines: 5, chars: 60 },
  ];
  for (const c of cases) {
    const want = tail(c.pieces.join(""), c.lines, c.chars);
    const got = tailOfPieces(c.pieces, c.pieces.map(newlines), c.lines, c.chars);
    assert.deepEqual(got, want, `${c.name}: tailOfPieces(${JSON.stringify(c.pieces.slice(0, 4))}…, ${c.lines}, ${c.chars})`);
  }
});

test("tailOfPieces agrees with tail on random output", () => {
  // A fixed linear congruential sequence: the same cases on every run.
  let seed = 12345;
  const next = (n) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const alphabet = ["a", "bc", "\n", "def ", "\n\n", "ghij"];
  for (let round = 0; round < 300; round++) {
    const pieces = Array.from({ length: next(40) }, () => Array.from({ length: next(6) }, () => alphabet[next(alphabet.length)]).join(""));
    const lines = 1 + next(12);
    const chars = 1 + next(80);
    const want = tail(pieces.join(""), lines, chars);
    const got = tailOfPieces(pieces, pieces.map(newlines), lines, chars);
    assert.deepEqual(got, want, `round ${round}: tailOfPieces(${JSON.stringify(pieces)}, ${lines}, ${chars})`);
  }
});
