// Saved edits and progress in localStorage, with a versioned schema.
//
//   flakylab:code:<example>  {schema: 1, source, savedAt}
//   flakylab:progress        {schema: 1, visited: {slug: time}, ran: {example: time}}
//
// A value that cannot be read (bad JSON, another schema, the wrong shape) is
// never thrown away and never overwrites anything else: it is moved under
// flakylab:aside:<time>:<original key> and reported once, so the rest of the
// learner's data keeps working.
//
// A write the browser refuses (storage full) is kept in memory, where reads
// find it, and retried every RETRY_MS and before every later write;
// onSaveFailed and onSaved tell the page when saving stops and starts
// working again, so it can say so.

export const SCHEMA = 1;
const PREFIX = "flakylab:";
const CODE = PREFIX + "code:";
const PROGRESS = PREFIX + "progress";
const ASIDE = PREFIX + "aside:";
export const RETRY_MS = 5000;
// STORAGE_FULL is what the learner reads while the browser refuses to save.
export const STORAGE_FULL = "This browser's storage is full, so your latest edits are kept in this page only for now. Saving is retried every few seconds; to be safe, save your progress to a file from the course index or free some space.";

function store() {
  try {
    const s = globalThis.localStorage;
    const probe = PREFIX + "probe";
    s.setItem(probe, "1");
    s.removeItem(probe);
    return s;
  } catch {
    return null; // storage disabled (private mode, policy): nothing is saved
  }
}

export class Storage {
  #s;
  #onSetAside;
  #onSaveFailed;
  #onSaved;
  #pending = new Map(); // key -> JSON not saved yet
  #retry = 0;

  // onSetAside(key, asideKey, reason) is told about every value set aside;
  // onSaveFailed() when a write is refused and kept in memory, onSaved()
  // when every kept write has been saved after all. storage replaces
  // localStorage (tests).
  constructor({ onSetAside, onSaveFailed, onSaved, storage } = {}) {
    this.#s = storage ?? store();
    this.#onSetAside = onSetAside;
    this.#onSaveFailed = onSaveFailed;
    this.#onSaved = onSaved;
  }

  // unsaved is how many values wait in memory for room in storage.
  get unsaved() {
    return this.#pending.size;
  }

  get available() {
    return this.#s !== null;
  }

  // #read returns the parsed value of key if it has the current schema and
  // passes valid(); otherwise it sets the raw value aside and returns null.
  #read(key, valid) {
    if (!this.#s) return null;
    let raw = this.#pending.get(key) ?? null;
    try {
      raw ??= this.#s.getItem(key);
    } catch {
      return null;
    }
    if (raw === null) return null;
    let value;
    let reason = "";
    try {
      value = JSON.parse(raw);
      if (value === null || typeof value !== "object") reason = "it is not an object";
      else if (value.schema !== SCHEMA) reason = `it has schema ${JSON.stringify(value.schema)}, not ${SCHEMA}`;
      else if (!valid(value)) reason = "its fields are not the expected ones";
    } catch {
      reason = "it is not valid JSON";
    }
    if (!reason) return value;
    this.#setAside(key, raw, reason);
    return null;
  }

  #setAside(key, raw, reason) {
    const aside = `${ASIDE}${new Date().toISOString()}:${key}`;
    try {
      this.#s.setItem(aside, raw);
      this.#s.removeItem(key);
    } catch {
      return; // full or failing storage: leave the value where it is
    }
    this.#onSetAside?.(key, aside, reason);
  }

  #write(key, value) {
    if (!this.#s) return false;
    this.#pending.set(key, JSON.stringify({ schema: SCHEMA, ...value }));
    return this.#flush();
  }

  // #flush saves what waits in memory; it reports whether all of it is.
  #flush() {
    const failedBefore = this.#retry !== 0;
    clearTimeout(this.#retry);
    this.#retry = 0;
    for (const [key, raw] of this.#pending) {
      try {
        this.#s.setItem(key, raw);
        this.#pending.delete(key);
      } catch {
        this.#retry = setTimeout(() => this.#flush(), RETRY_MS);
        if (!failedBefore) this.#onSaveFailed?.();
        return false;
      }
    }
    if (failedBefore) this.#onSaved?.();
    return true;
  }

  // savedSource returns the learner's saved edit of an example, or null.
  savedSource(example) {
    const v = this.#read(CODE + example, (x) => typeof x.source === "string");
    return v ? v.source : null;
  }

  saveSource(example, source) {
    return this.#write(CODE + example, { source, savedAt: new Date().toISOString() });
  }

  forgetSource(example) {
    this.#pending.delete(CODE + example);
    try {
      this.#s?.removeItem(CODE + example);
    } catch {
      // nothing to do
    }
  }

  progress() {
    const ok = (x) => typeof x.visited === "object" && x.visited !== null &&
      typeof x.ran === "object" && x.ran !== null;
    const v = this.#read(PROGRESS, ok);
    return v ? { visited: { ...v.visited }, ran: { ...v.ran } } : { visited: {}, ran: {} };
  }

  #update(fn) {
    const p = this.progress();
    fn(p);
    this.#write(PROGRESS, p);
  }

  markVisited(slug) {
    this.#update((p) => { p.visited[slug] ||= new Date().toISOString(); });
  }

  markRan(example) {
    this.#update((p) => { p.ran[example] ||= new Date().toISOString(); });
  }
}
