// Node tests of saved edits when the browser's storage is full.
import { test } from "node:test";
import assert from "node:assert/strict";

import { Storage } from "./storage.js";
import { memoryStorage } from "../../quiz/review.js";

test("an edit the storage refuses is kept in memory and saved once there is room", () => {
  const m = memoryStorage();
  let full = true;
  const s = {
    getItem: (k) => m.getItem(k), removeItem: (k) => m.removeItem(k), key: (i) => m.key(i), get length() { return m.length; },
    setItem: (k, v) => {
      if (full && k.startsWith("flakylab:code:")) throw new DOMException("full", "QuotaExceededError");
      m.setItem(k, v);
    },
  };
  const events = [];
  const st = new Storage({ storage: s, onSaveFailed: () => events.push("failed"), onSaved: () => events.push("saved") });
  assert.equal(st.saveSource("bucket-basic", "edit 1"), false, "saveSource into a full storage");
  assert.equal(st.saveSource("bucket-basic", "edit 2"), false, "a second try");
  assert.equal(st.savedSource("bucket-basic"), "edit 2", "the page still reads the newest edit");
  assert.equal(st.unsaved, 1);
  assert.deepEqual(events, ["failed"], "told once that saving stopped");
  assert.equal(m.getItem("flakylab:code:bucket-basic"), null);

  full = false;
  assert.equal(st.saveSource("bucket-burst", "other"), true, "a write once there is room");
  assert.equal(JSON.parse(m.getItem("flakylab:code:bucket-basic")).source, "edit 2", "the kept edit is saved too");
  assert.equal(st.unsaved, 0);
  assert.deepEqual(events, ["failed", "saved"]);
});
