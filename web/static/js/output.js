// OutputView is the one renderer behind every output panel (the lessons'
// examples, the exercise pages' Run and the playground). A program may print
// a megabyte in thousands of small chunks; the page must stay responsive
// while it does:
//
//   - chunks are only queued as they arrive; the panel is redrawn in an
//     animation frame, at most every STREAM_MS, with everything that
//     arrived since;
//   - the panel shows the last maxLines lines (and at most maxChars
//     characters); a note above them says how many earlier lines are not
//     shown and offers "Show all", which adds them back a slice per frame;
//   - the whole text is kept, so the full output is never lost.
//
// The element is a <pre>; the note is inserted just before it.

export const MAX_LINES = 500;
export const MAX_CHARS = 16 * 1024;
// STREAM_MS is the least time between two redraws while output streams in.
const STREAM_MS = 100;
// SLICE is how many characters "Show all" adds per frame.
const SLICE = 64 * 1024;

// tail returns the end of text holding at most maxLines lines and maxChars
// characters, and how many lines of text it leaves out. A text ending in a
// newline has no empty last line.
export function tail(text, maxLines = MAX_LINES, maxChars = MAX_CHARS) {
  let start = text.length;
  let lines = 0;
  let end = text.endsWith("\n") ? text.length - 1 : text.length;
  while (lines < maxLines) {
    lines++;
    if (end <= 0) {
      start = 0;
      break;
    }
    const nl = text.lastIndexOf("\n", end - 1);
    start = nl + 1;
    if (nl < 0) break;
    end = nl;
  }
  if (text.length - start > maxChars) start = text.length - maxChars;
  if (start <= 0) return { shown: text, hidden: 0 };
  return { shown: text.slice(start), hidden: countLines(text, start) };
}

// countLines counts the lines that start before offset end of text.
function countLines(text, end) {
  let n = 0;
  for (let i = text.indexOf("\n"); i >= 0 && i < end; i = text.indexOf("\n", i + 1)) n++;
  // A cut inside a line counts that line as hidden too.
  return text[end - 1] === "\n" ? n : n + 1;
}

const frame = globalThis.requestAnimationFrame?.bind(globalThis) ?? ((f) => setTimeout(f, 16));
const cancelFrame = globalThis.cancelAnimationFrame?.bind(globalThis) ?? clearTimeout;

export class OutputView {
  #pre;
  #note;
  #noteText;
  #showAll;
  #parts = [];
  #text = "";
  #frame = 0;
  #expanded = false;
  #drawn = 0; // characters of #text in the panel once expanded
  #later = 0;
  #drawnAt = -Infinity;

  // pre is the <pre> to draw into; its current text is kept as the start.
  constructor(pre, { maxLines = MAX_LINES, maxChars = MAX_CHARS } = {}) {
    this.#pre = pre;
    this.maxLines = maxLines;
    this.maxChars = maxChars;
    this.#text = pre.textContent;
    const doc = pre.ownerDocument;
    this.#note = doc.createElement("p");
    this.#note.className = "output-clipped";
    this.#note.dataset.role = "clipped";
    this.#note.hidden = true;
    this.#noteText = doc.createElement("span");
    this.#showAll = doc.createElement("button");
    this.#showAll.type = "button";
    this.#showAll.className = "linkish";
    this.#showAll.dataset.action = "show-all";
    this.#showAll.textContent = "Show all";
    this.#showAll.addEventListener("click", () => this.showAll());
    this.#note.append(this.#noteText, " ", this.#showAll);
    pre.before(this.#note);
  }

  // text is everything written so far, shown or not.
  get text() {
    this.#collect();
    return this.#text;
  }

  // hiddenLines is how many lines the panel leaves out now.
  get hiddenLines() {
    return this.#note.hidden ? 0 : Number(this.#note.dataset.hidden);
  }

  // append queues a chunk; the panel shows it on the next frame.
  append(chunk) {
    if (!chunk) return;
    this.#parts.push(chunk);
    if (this.#frame || this.#later) return;
    // A flood redraws at most every STREAM_MS: each redraw lays out the
    // panel again, and the page has other work to do.
    const wait = this.#drawnAt + STREAM_MS - performance.now();
    if (wait > 0) this.#later = setTimeout(() => { this.#later = 0; this.#frame ||= frame(() => this.#draw()); }, wait);
    else this.#frame = frame(() => this.#draw());
  }

  // set replaces the whole text and draws it at once (bounded as ever). The
  // same text as shown stays expanded if the learner asked for all of it.
  set(text) {
    text ??= "";
    const same = text === this.text;
    this.#parts = [];
    this.#text = text;
    if (!(same && this.#expanded)) {
      this.#expanded = false;
      this.#drawn = 0;
    }
    this.#draw();
  }

  clear() {
    this.set("");
  }

  #collect() {
    if (this.#parts.length) {
      this.#text += this.#parts.join("");
      this.#parts = [];
    }
  }

  #draw() {
    cancelFrame(this.#frame);
    this.#frame = 0;
    clearTimeout(this.#later);
    this.#later = 0;
    this.#drawnAt = performance.now();
    this.#collect();
    if (this.#expanded) {
      this.#fill();
      return;
    }
    const { shown, hidden } = tail(this.#text, this.maxLines, this.maxChars);
    this.#pre.textContent = shown;
    this.#mark(hidden);
  }

  #mark(hidden) {
    // Lines wider than the panel: say that it scrolls (a shadow in CSS).
    this.#pre.dataset.overflows = String(this.#pre.scrollWidth > this.#pre.clientWidth + 1);
    this.#pre.dataset.hidden = String(hidden);
    this.#note.dataset.hidden = String(hidden);
    this.#note.hidden = hidden === 0;
    if (hidden > 0) {
      this.#noteText.textContent = `${hidden.toLocaleString("en")} earlier line${hidden === 1 ? " is" : "s are"} not shown, to keep the page quick.`;
    }
  }

  // showAll draws the whole text, a slice per frame.
  showAll() {
    if (this.#expanded) return;
    this.#expanded = true;
    this.#drawn = 0;
    this.#pre.textContent = "";
    this.#mark(0);
    this.#fill();
  }

  // #fill adds what is not drawn yet, at most SLICE characters now and the
  // rest on the next frames.
  #fill() {
    const end = Math.min(this.#text.length, this.#drawn + SLICE);
    if (end > this.#drawn) this.#pre.append(this.#text.slice(this.#drawn, end));
    this.#drawn = end;
    if (this.#drawn < this.#text.length) this.#frame ||= frame(() => this.#draw());
  }
}
