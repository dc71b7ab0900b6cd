// The output panels' tail: what OutputView shows of a long output.
import { test } from "node:test";
import assert from "node:assert/strict";

import { tail } from "../static/js/output.js";

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
