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
//   - a redraw reads only the end of the text (kept in pieces, one per
//     redraw) and never the page's layout, which would make the browser lay
//     out the page in the middle of the frame's script;
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
  const start = tailStart(text, maxLines, maxChars);
  if (start <= 0) return { shown: text, hidden: 0 };
  return { shown: text.slice(start), hidden: hiddenBefore(text, start, 0) };
}

// tailOfPieces is tail() of pieces.join(""), where lines[i] counts the
// newlines of pieces[i]. It joins only the last pieces: enough that the
// tail starts inside them (more characters than it may hold, or one newline
// more than the lines it may show).
export function tailOfPieces(pieces, lines, maxLines = MAX_LINES, maxChars = MAX_CHARS) {
  let i = pieces.length;
  let size = 0;
  let inside = 0;
  while (i > 0 && size <= maxChars && inside <= maxLines) {
    i--;
    size += pieces[i].length;
    inside += lines[i];
  }
  const end = pieces.length - i === 1 ? pieces[i] : pieces.slice(i).join("");
  if (i === 0) return tail(end, maxLines, maxChars);
  let before = 0;
  for (let j = 0; j < i; j++) before += lines[j];
  const start = tailStart(end, maxLines, maxChars);
  return { shown: end.slice(start), hidden: hiddenBefore(end, start, before) };
}

// tailStart is where tail's part of text starts.
function tailStart(text, maxLines, maxChars) {
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
  return Math.max(start, text.length - maxChars, 0);
}

// hiddenBefore counts the lines that start before offset end of text, when
// newlinesBefore newlines come before text.
function hiddenBefore(text, end, newlinesBefore) {
  // A cut inside a line counts that line as hidden too.
  return newlinesBefore + newlines(text, end) + (text[end - 1] === "\n" ? 0 : 1);
}

// newlines counts the newlines in the first end characters of text.
function newlines(text, end = text.length) {
  let n = 0;
  for (let i = text.indexOf("\n"); i >= 0 && i < end; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

const frame = globalThis.requestAnimationFrame?.bind(globalThis) ?? ((f) => setTimeout(f, 16));
const cancelFrame = globalThis.cancelAnimationFrame?.bind(globalThis) ?? clearTimeout;

export class OutputView {
  #pre;
  #note;
  #noteText;
  #showAll;
  // The text is kept in pieces: one per redraw (what arrived since the
  // last) and the newlines of each, so a redraw reads only the end of a
  // megabyte and never copies the whole of it.
  #pieces = [];
  #pieceLines = [];
  #parts = []; // chunks not drawn yet
  #frame = 0;
  #expanded = false;
  #drawn = 0; // characters of the text in the panel once expanded
  #later = 0;
  #drawnAt = -Infinity;
  #overflowCheck = 0;

  // pre is the <pre> to draw into; its current text is kept as the start.
  constructor(pre, { maxLines = MAX_LINES, maxChars = MAX_CHARS } = {}) {
    this.#pre = pre;
    this.maxLines = maxLines;
    this.maxChars = maxChars;
    this.#keep(pre.textContent);
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
    if (this.#pieces.length > 1) {
      const whole = this.#pieces.join("");
      this.#pieceLines = [this.#pieceLines.reduce((a, b) => a + b, 0)];
      this.#pieces = [whole];
    }
    return this.#pieces[0] ?? "";
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
    if (wait > 0) this.#later = setTimeout(() => { this.#later = 0; this.#frame ||= frame(() => this.#draw(false)); }, wait);
    else this.#frame = frame(() => this.#draw(false));
  }

  // set replaces the whole text and draws it at once (bounded as ever). The
  // same text as shown stays expanded if the learner asked for all of it.
  set(text) {
    text ??= "";
    const same = text === this.text;
    this.#parts = [];
    this.#pieces = [];
    this.#pieceLines = [];
    this.#keep(text);
    if (!(same && this.#expanded)) {
      this.#expanded = false;
      this.#drawn = 0;
    }
    this.#draw(true);
  }

  clear() {
    this.set("");
  }

  #keep(piece) {
    if (!piece) return;
    this.#pieces.push(piece);
    this.#pieceLines.push(newlines(piece));
  }

  #collect() {
    if (this.#parts.length) {
      this.#keep(this.#parts.join(""));
      this.#parts = [];
    }
  }

  // #draw shows what arrived. A redraw while output streams in never asks
  // the page for its layout (that would lay out the page in the middle of
  // the frame's script): whether lines overflow the panel is read after the
  // frame, when the layout is done anyway. final draws it all at once.
  #draw(final) {
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
    const { shown, hidden } = tailOfPieces(this.#pieces, this.#pieceLines, this.maxLines, this.maxChars);
    if (this.#pre.textContent !== shown) this.#pre.textContent = shown;
    this.#mark(hidden, final);
  }

  #mark(hidden, final) {
    // Lines wider than the panel: say that it scrolls (a shadow in CSS).
    clearTimeout(this.#overflowCheck);
    this.#overflowCheck = 0;
    if (final || this.#pre.textContent === "") this.#checkOverflow();
    else this.#overflowCheck = setTimeout(() => this.#checkOverflow(), 0);
    const h = String(hidden);
    if (this.#pre.dataset.hidden !== h) this.#pre.dataset.hidden = h;
    if (this.#note.dataset.hidden === h && this.#note.hidden === (hidden === 0)) return;
    this.#note.dataset.hidden = h;
    this.#note.hidden = hidden === 0;
    if (hidden > 0) {
      this.#noteText.textContent = `${hidden.toLocaleString("en")} earlier line${hidden === 1 ? " is" : "s are"} not shown, to keep the page quick.`;
    }
  }

  #checkOverflow() {
    this.#overflowCheck = 0;
    const pre = this.#pre;
    // An empty panel cannot overflow: no need to ask for the layout.
    const wide = pre.textContent !== "" && pre.scrollWidth > pre.clientWidth + 1;
    if (pre.dataset.overflows !== String(wide)) pre.dataset.overflows = String(wide);
  }

  // showAll draws the whole text, a slice per frame.
  showAll() {
    if (this.#expanded) return;
    this.#expanded = true;
    this.#drawn = 0;
    this.#pre.textContent = "";
    this.#mark(0, true);
    this.#fill();
  }

  // #fill adds what is not drawn yet, at most SLICE characters now and the
  // rest on the next frames.
  #fill() {
    const text = this.text;
    const end = Math.min(text.length, this.#drawn + SLICE);
    if (end > this.#drawn) this.#pre.append(text.slice(this.#drawn, end));
    this.#drawn = end;
    if (this.#drawn < text.length) this.#frame ||= frame(() => this.#draw(false));
  }
}
