// The runtime's status line on the course pages (lessons, exercises, the
// final quiz): its download, then ready or failed. The download is shown as
// the bytes that cross the network, not the module they decode to: the
// runtime is about 21 MB of WebAssembly that a host sends as 2.7 MB of
// brotli.

// MB is the unit the line counts in (SI, as the size budget and the build
// print sizes).
const MB = 1e6;

function megabytes(n) {
  return (n / MB).toFixed(1);
}

// ENCODED_SIZE names, for a Content-Encoding, the data attribute where the
// build wrote the size of the runtime's precompressed sibling.
const ENCODED_SIZE = { br: "runtimeBr", gzip: "runtimeGzip", "x-gzip": "runtimeGzip" };

// builtSizes reads what the build wrote on the status element (make dist
// knows the runtime's files): its raw size and the size of each
// precompressed sibling, in bytes, null where absent.
export function builtSizes(dataset) {
  const size = (v) => {
    const n = Number(v);
    return v !== undefined && v !== "" && Number.isSafeInteger(n) && n > 0 ? n : null;
  };
  return { raw: size(dataset.runtimeBytes), runtimeBr: size(dataset.runtimeBr), runtimeGzip: size(dataset.runtimeGzip) };
}

// downloadProgress turns the runtime's download progress (got of total
// decoded bytes, total null when unknown, and transfer: {encoding, bytes}
// of the response) into what a page shows: {text, amount, value, max}, the
// line, its figures alone ("1.2 of 2.7 MB", "40 %", "" when nothing is
// known), and the bar's value and max (null for a bar without a known end).
// Once the last byte is in, the line says the runtime is starting.
// Decoded progress is scaled to the bytes that move: the response's
// Content-Length when it gives it, else the size the build wrote for that
// encoding (built, from builtSizes). An uncompressed response moves its
// raw size. When the moved size cannot be known, the line says how much is
// done without one.
export function downloadProgress(got, total, transfer, built = {}) {
  const raw = total ?? built.raw ?? null;
  const encoding = transfer?.encoding ?? null;
  let amount, value = null, max = null;
  if (encoding === "identity" && raw === null) {
    amount = `${megabytes(got)} MB`;
  } else if (encoding === "identity") {
    value = Math.min(got, raw);
    max = raw;
    amount = `${megabytes(value)} of ${megabytes(max)} MB`;
  } else if (raw === null) {
    amount = "";
  } else {
    const done = Math.min(got / raw, 1);
    const sent = transfer?.bytes ?? built[ENCODED_SIZE[encoding]] ?? null;
    if (sent === null) {
      [value, max] = [done, 1];
      amount = `${Math.floor(done * 100)} %`;
    } else {
      [value, max] = [Math.round(done * sent), sent];
      amount = `${megabytes(value)} of ${megabytes(max)} MB`;
    }
  }
  let text = amount === "" ? "Downloading the Go runtime…" : `Downloading the Go runtime: ${amount}…`;
  // The last byte is in: what is left is compiling and starting it.
  if (raw !== null && got >= raw) {
    text = max > 1 ? `Starting the Go runtime (${megabytes(max)} MB downloaded)…` : "Starting the Go runtime…";
  }
  return { text, amount, value, max };
}

// drawBar shows p (from downloadProgress) on a <progress> element.
export function drawBar(bar, p) {
  if (p.max === null) {
    bar.removeAttribute("value");
  } else {
    bar.max = p.max;
    bar.value = p.value;
  }
}

// RuntimeStatus draws the status element ([data-role="runtime"], with its
// runtime-text and runtime-progress) through the runtime's life.
export class RuntimeStatus {
  constructor(el) {
    this.el = el;
    this.text = el.querySelector('[data-role="runtime-text"]');
    this.bar = el.querySelector('[data-role="runtime-progress"]');
    this.built = builtSizes(el.dataset);
    el.hidden = false;
  }

  // progress is the Runtime's onProgress.
  progress(got, total, transfer) {
    const p = downloadProgress(got, total, transfer, this.built);
    drawBar(this.bar, p);
    this.text.textContent = p.text;
  }

  ready(text) {
    this.el.dataset.state = "ready";
    this.text.textContent = text;
  }

  failed(err, text) {
    this.el.dataset.state = "failed";
    this.text.textContent = `The Go runtime could not start (${err?.message ?? err}). ${text}`;
    this.bar.hidden = true;
  }
}
