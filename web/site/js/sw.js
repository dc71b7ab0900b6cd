// The course's service worker: after the first visit it keeps a copy of
// every page, asset and the Go runtime (flakylab.wasm, wasm_exec.js), so the
// course works offline. The builder writes this file at the root of the site
// with VERSION (a hash of the files' content) and FILES (paths relative to
// this file) filled in; a new build has a new VERSION, so the browser
// installs the new worker, which replaces the old copy.
//
// Every URL is relative to the worker's own location (its scope), so the
// site works under any sub-path, and two copies of the course on one origin
// keep separate caches.

/* global self, caches */
const VERSION = "dev";
const FILES = [];

const SCOPE = self.registration.scope;
const PREFIX = `flakylab:${SCOPE}:`;
const CACHE = PREFIX + VERSION;
const URLS = new Set(FILES.map((f) => new URL(f, SCOPE).href));

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // "reload" skips the HTTP cache, so the copy matches this build.
    await cache.addAll(FILES.map((f) => new Request(new URL(f, SCOPE), { cache: "reload" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// key maps a request to the URL of the copy that answers it: the site's
// root and directory URLs are their index.html, and a query string is
// ignored for the files of the site.
function key(request) {
  const url = new URL(request.url);
  url.hash = "";
  url.search = "";
  if (url.href.endsWith("/")) url.href += "index.html";
  return url.href;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(SCOPE)) return;
  const url = key(request);
  if (!URLS.has(url)) return; // not part of the site: the network as usual
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(url);
    if (hit) return hit;
    // Not copied yet (the first visit is still installing): fetch it and
    // keep it.
    const response = await fetch(request);
    if (response.ok && response.type === "basic") cache.put(url, response.clone());
    return response;
  })());
});
