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
