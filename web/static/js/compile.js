// Downloading and compiling flakylab.wasm once per page, with progress.

import { BridgeError } from "./errors.js";

// The header our server (web/serve) adds to precompressed responses: fetch
// counts decoded bytes, while Content-Length counts the encoded ones.
const UNCOMPRESSED_LENGTH = "X-Uncompressed-Length";

// expectedSize returns the number of bytes the body will decode to, or null
// when the response does not say.
export function expectedSize(headers) {
  const encoding = (headers.get("Content-Encoding") ?? "").trim().toLowerCase();
  const raw = encoding === "" || encoding === "identity"
    ? headers.get("Content-Length")
    : headers.get(UNCOMPRESSED_LENGTH);
  const n = Number(raw);
  return raw !== null && Number.isSafeInteger(n) && n > 0 ? n : null;
}

// transferOf says how the body crosses the network: its Content-Encoding
// ("identity" when there is none) and the bytes that move, which
// Content-Length counts (the encoded body), or null when the response does
// not say. The progress counts decoded bytes: a page that wants to show
// what the learner downloads scales them to these.
export function transferOf(headers) {
  const encoding = (headers.get("Content-Encoding") ?? "").trim().toLowerCase() || "identity";
  const raw = headers.get("Content-Length");
  const n = Number(raw);
  return { encoding, bytes: raw !== null && Number.isSafeInteger(n) && n > 0 ? n : null };
}

function isWasmType(headers) {
  const type = (headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  return type === "application/wasm";
}

// countBytes reads a stream to its end, reporting (received, total) as
// chunks arrive, and resolves to the chunks when keep is true.
async function countBytes(stream, total, onProgress, keep) {
  const reader = stream.getReader();
  const chunks = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (keep) chunks.push(value);
    // A wrong total must not push the bar past 100 %.
    onProgress(received, total === null ? null : Math.max(total, received));
  }
  onProgress(received, received);
  return chunks;
}

function concat(chunks) {
  const size = chunks.reduce((n, c) => n + c.byteLength, 0);
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

// early holds the compilation startCompile began, by URL, until a
// compileModule call takes it over: the page's script starts the download
// and the compilation before its own, larger module graph has arrived, and
// the Runtime it later creates continues with that work instead of
// starting again.
const early = new Map();

// startCompile begins compileModule(url) now, for the next compileModule
// call with the same URL to take over (progress so far included).
export function startCompile(url) {
  if (early.has(url)) return;
  const listeners = new Set();
  const entry = { listeners, last: null, module: null };
  entry.module = compileFresh(url, (...progress) => {
    entry.last = progress;
    for (const fn of listeners) fn(...progress);
  });
  // Nobody may take it over (the page failed first): no unhandled rejection.
  entry.module.catch(() => {});
  early.set(url, entry);
}

// compileModule downloads the wasm at url and compiles it. onProgress gets
// (bytesReceived, totalBytes or null, transfer): decoded bytes, and how the
// body crosses the network (transferOf). It streams the compilation when the
// server labels the file application/wasm, and otherwise falls back to
// downloading the whole file and compiling the bytes. A compilation
// startCompile began for url is taken over (once) rather than repeated.
export function compileModule(url, onProgress = () => {}) {
  const entry = early.get(url);
  if (!entry) return compileFresh(url, onProgress);
  early.delete(url);
  entry.listeners.add(onProgress);
  if (entry.last) onProgress(...entry.last);
  return entry.module;
}

async function compileFresh(url, onProgress) {
  let res;
  try {
    res = await fetch(url, { credentials: "same-origin" });
  } catch (err) {
    throw new BridgeError({ code: "internal", message: `could not download ${url}: ${err.message}` });
  }
  if (!res.ok) {
    throw new BridgeError({ code: "internal", message: `could not download ${url}: HTTP ${res.status}` });
  }
  const total = expectedSize(res.headers);
  const transfer = transferOf(res.headers);
  const progress = (received, size) => onProgress(received, size, transfer);
  progress(0, total);
  try {
    if (res.body && isWasmType(res.headers) && typeof WebAssembly.compileStreaming === "function") {
      // Count on a clone so the engine still sees the original response:
      // Chromium caches the compiled code of a fetched response by URL,
      // which makes the next visit's compile almost free.
      const counted = countBytes(res.clone().body, total, progress, false);
      const [module] = await Promise.all([WebAssembly.compileStreaming(res), counted]);
      return module;
    }
    const bytes = res.body
      ? concat(await countBytes(res.body, total, progress, true))
      : new Uint8Array(await res.arrayBuffer());
    if (!res.body) progress(bytes.byteLength, bytes.byteLength);
    return await WebAssembly.compile(bytes);
  } catch (err) {
    if (err instanceof BridgeError) throw err;
    throw new BridgeError({ code: "internal", message: `could not compile ${url}: ${err.message}` });
  }
}
