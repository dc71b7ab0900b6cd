// Shared links: a program survives the fragment, and a damaged fragment is
// refused with a message that says why.
import { test } from "node:test";
import assert from "node:assert/strict";

import { encodeProgram, decodeProgram, programFromHash, playgroundLink, MAX_SOURCE } from "./share.js";

test("a program round-trips through a link", async () => {
  const programs = [
    "package main\n\nfunc main() {}\n",
    "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(\"héllo, 世界 🌍\")\n}\n",
    "",
    "x".repeat(100000),
  ];
  for (const src of programs) {
    const value = await encodeProgram(src);
    assert.match(value, /^[A-Za-z0-9_-]*$/, `encodeProgram(${JSON.stringify(src.slice(0, 30))}) is not base64url: ${value.slice(0, 40)}`);
    const link = await playgroundLink(src, "http://example.test/course/playground.html");
    assert.equal(programFromHash(new URL(link).hash), value, `link ${link.slice(0, 80)}`);
    if (src === "") continue; // an empty program is "no program"
    assert.equal(await decodeProgram(value), src, `round trip of ${JSON.stringify(src.slice(0, 30))}`);
  }
});

test("a damaged link is refused with a reason", async () => {
  const bomb = await encodeProgram("a".repeat(MAX_SOURCE + 1));
  const cases = [
    ["", /carries no program/],
    ["not*base64", /characters a shared link never contains/],
    ["AAAA", /damaged/],
    ["A", /not valid base64url|damaged/],
    [bomb, /unpacks to more than 256 KiB/],
  ];
  for (const [value, want] of cases) {
    await assert.rejects(decodeProgram(value), want, `decodeProgram(${JSON.stringify(value.slice(0, 20))})`);
  }
  // Not UTF-8: a lone continuation byte, deflated.
  const cs = new Blob([new Uint8Array([0x80, 0xff])]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  const bytes = new Uint8Array(await new Response(cs).arrayBuffer());
  const value = Buffer.from(bytes).toString("base64url");
  await assert.rejects(decodeProgram(value), /not UTF-8/, "a program of invalid UTF-8");
});

test("programFromHash", () => {
  const cases = [["", null], ["#", null], ["#code=abc", "abc"], ["#other=1&code=x_y-z", "x_y-z"], ["#example-bucket", null]];
  for (const [hash, want] of cases) assert.equal(programFromHash(hash), want, `programFromHash(${JSON.stringify(hash)})`);
});
