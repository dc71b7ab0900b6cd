// Programs shared by link: the whole source travels in the URL fragment,
// compressed (deflate-raw) and base64url-encoded, so no server keeps it and
// the fragment is never even sent to the host.
//
//   playground.html#code=<base64url of deflate-raw(UTF-8 source)>

export const PARAM = "code";
// MAX_SOURCE caps what a link may unpack to: a hand-made fragment must not
// make the page inflate gigabytes.
export const MAX_SOURCE = 256 * 1024;

function base64url(bytes) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function unbase64url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("it has characters a shared link never contains");
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
  let bin;
  try {
    bin = atob(b64);
  } catch {
    throw new Error("it is not valid base64url");
  }
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

async function pump(bytes, stream, limit) {
  const writer = stream.writable.getWriter();
  writer.write(bytes).catch(() => {});
  writer.close().catch(() => {});
  const reader = stream.readable.getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      reader.cancel().catch(() => {});
      throw new Error(`it unpacks to more than ${limit / 1024} KiB`);
    }
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

// encodeProgram returns the fragment value that carries source.
export async function encodeProgram(source) {
  const raw = new TextEncoder().encode(source);
  return base64url(await pump(raw, new CompressionStream("deflate-raw"), Infinity));
}

// decodeProgram returns the source a fragment value carries, or throws an
// Error whose message says what is wrong with the link.
export async function decodeProgram(value) {
  if (!value) throw new Error("it carries no program");
  const bytes = unbase64url(value);
  let raw;
  try {
    raw = await pump(bytes, new DecompressionStream("deflate-raw"), MAX_SOURCE);
  } catch (err) {
    if (/unpacks to more/.test(err?.message)) throw err;
    throw new Error("its program is damaged (it does not decompress)");
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(raw);
  } catch {
    throw new Error("its program is not UTF-8 text");
  }
}

// programFromHash returns the fragment value of a location hash
// ("#code=..."), or null when the hash carries no program.
export function programFromHash(hash) {
  const params = new URLSearchParams((hash ?? "").replace(/^#/, ""));
  return params.has(PARAM) ? params.get(PARAM) : null;
}

// playgroundLink returns the URL of the playground (href, relative to the
// page) opened on source.
export async function playgroundLink(source, href = "playground.html") {
  const url = new URL(href, globalThis.location?.href ?? "http://localhost/");
  url.hash = `${PARAM}=${await encodeProgram(source)}`;
  return url.href;
}
