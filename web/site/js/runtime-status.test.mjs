// The runtime's download bar counts the bytes that cross the network.
import { test } from "node:test";
import assert from "node:assert/strict";

import { builtSizes, downloadProgress } from "./runtime-status.js";

const RAW = 20679225; // decoded module
const BR = 2714464; // its brotli sibling
const GZ = 3917455; // its gzip sibling
const built = builtSizes({ runtimeBytes: String(RAW), runtimeBr: String(BR), runtimeGzip: String(GZ) });

test("builtSizes reads the build's data attributes", () => {
  assert.deepEqual(built, { raw: RAW, runtimeBr: BR, runtimeGzip: GZ });
  assert.deepEqual(builtSizes({}), { raw: null, runtimeBr: null, runtimeGzip: null });
  assert.deepEqual(builtSizes({ runtimeBytes: "x", runtimeBr: "0", runtimeGzip: "-4" }), { raw: null, runtimeBr: null, runtimeGzip: null });
});

test("downloadProgress", () => {
  const cases = [
    // name, got, total, transfer, built, want text, want value, want max
    ["brotli from web/serve: Content-Length is what moves", RAW / 2, RAW, { encoding: "br", bytes: BR }, {},
      "Downloading the Go runtime: 1.4 of 2.7 MB…", BR / 2, BR],
    ["brotli, done: starting", RAW, RAW, { encoding: "br", bytes: BR }, {},
      "Starting the Go runtime (2.7 MB downloaded)…", BR, BR],
    ["brotli without Content-Length: the build's size", RAW / 4, null, { encoding: "br", bytes: null }, built,
      "Downloading the Go runtime: 0.7 of 2.7 MB…", Math.round(BR / 4), BR],
    ["gzip without Content-Length: the build's gzip size", RAW / 2, RAW, { encoding: "gzip", bytes: null }, built,
      "Downloading the Go runtime: 2.0 of 3.9 MB…", Math.round(GZ / 2), GZ],
    ["uncompressed: the raw size moves", 5e6, RAW, { encoding: "identity", bytes: RAW }, built,
      "Downloading the Go runtime: 5.0 of 20.7 MB…", 5e6, RAW],
    ["uncompressed, size unknown", 5e6, null, { encoding: "identity", bytes: null }, {},
      "Downloading the Go runtime: 5.0 MB…", null, null],
    ["an encoding the build did not write: a share, never decoded MB", RAW * 0.4, RAW, { encoding: "zstd", bytes: null }, built,
      "Downloading the Go runtime: 40 %…", 0.4, 1],
    ["nothing known", 1234, null, { encoding: "br", bytes: null }, {},
      "Downloading the Go runtime…", null, null],
    ["a decoded count past a wrong total stays at the end", RAW + 10, RAW, { encoding: "br", bytes: BR }, {},
      "Starting the Go runtime (2.7 MB downloaded)…", BR, BR],
    ["uncompressed, done", RAW, RAW, { encoding: "identity", bytes: RAW }, {},
      "Starting the Go runtime (20.7 MB downloaded)…", RAW, RAW],
    ["a share, done", RAW, RAW, { encoding: "zstd", bytes: null }, {},
      "Starting the Go runtime…", 1, 1],
  ];
  for (const [name, got, total, transfer, sizes, text, value, max] of cases) {
    const p = downloadProgress(got, total, transfer, sizes);
    assert.deepEqual([p.text, p.value, p.max], [text, value, max], `${name}: downloadProgress(${got}, ${total}, ${JSON.stringify(transfer)})`);
  }
});
