// The chart writes numbers as the site builder does (web/site/storm.go).
// Run: node --test web/site/js/
import { test } from "node:test";
import assert from "node:assert/strict";

import { grouped, seconds } from "./storm-draw.js";

test("grouped", () => {
  const cases = [[0, "0"], [999, "999"], [1000, "1\u2009000"], [207659, "207\u2009659"], [1234567, "1\u2009234\u2009567"], [-4000, "-4\u2009000"]];
  for (const [n, want] of cases) assert.equal(grouped(n), want, `grouped(${n})`);
});

test("seconds", () => {
  const cases = [[0, "0.0 s"], [4330, "4.3 s"], [9949, "9.9 s"], [63270, "63 s"], [119400, "119 s"], [120000, "2.0 min"], [150000, "2.5 min"]];
  for (const [ms, want] of cases) assert.equal(seconds(ms), want, `seconds(${ms})`);
});
