// describeError: one sentence per failed run, without naming the kind twice.
import { test } from "node:test";
import assert from "node:assert/strict";

import { describeError } from "./run-error.js";

test("describeError names the kind, the place and the message once", () => {
  const cases = [
    [{ kind: "runtime", message: "index out of range [5] with length 3", line: 8, column: 3 },
      "Runtime error on line 8, column 3: index out of range [5] with length 3"],
    [{ kind: "compile", message: "undefined: x", line: 4, column: 0 }, "Compile error on line 4: undefined: x"],
    [{ kind: "panic", message: "boom", line: 0, column: 0 }, "Panic: boom"],
    [{ kind: "unsupported", message: "os.Remove is not supported by the playground: programs here have no files", line: 6, column: 2 },
      "On line 6, column 2: os.Remove is not supported by the playground: programs here have no files"],
    [{ kind: "unsupported", message: "not supported by the playground: its Go interpreter cannot run this (x)", line: 0, column: 0 },
      "Not supported by the playground: its Go interpreter cannot run this (x)"],
    [{ kind: "unsupported", message: "the source is too long", line: 0, column: 0 },
      "Not supported by the playground: the source is too long"],
    [{ kind: "mystery", message: "odd", line: 2, column: 1 }, "Error on line 2, column 1: odd"],
    [{ kind: "panic", message: "don't panic", line: 9, column: 2 }, "Panic on line 9, column 2: don't panic"],
    [{ kind: "runtime", message: "runtime error: x is not supported by the playground", line: 1, column: 1 },
      "Runtime error on line 1, column 1: runtime error: x is not supported by the playground"],
  ];
  for (const [e, want] of cases) assert.equal(describeError(e), want, JSON.stringify(e));
});
