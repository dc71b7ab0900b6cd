// The course's service worker: it keeps a copy of every page, asset and the
// Go runtime (flakylab.wasm, wasm_exec.js), so the course works offline. The
// builder writes this file at the root of the site with VERSION (a hash of
// the files' content) and FILES (paths relative to this file) filled in; a
// new build has a new VERSION, so the browser installs the new worker, which
// replaces the old copy.
//
// The pages register it only once the Go runtime is ready (js/offline.js),
// so by then the browser's HTTP cache holds what the page downloaded:
// filling the copy revalidates those files (a 304 each, no body) and
// downloads only the ones the page did not use. Online, every file is asked
// of the network first (again a revalidation, answered by the HTTP cache
// when unchanged), so a new build shows on the very next load; the copy
// answers only when the network cannot.
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
    // "no-cache" revalidates what the HTTP cache holds: the copy matches
    // this build without downloading again what the page already has.
    await cache.addAll(FILES.map((f) => new Request(new URL(f, SCOPE), { cache: "no-cache" })));
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
    try {
      const response = await fetch(request);
      // A server error is no better than the copy, when there is one.
      if (response.status < 500) return response;
      return (await caches.match(url, { cacheName: CACHE })) ?? response;
    } catch (err) {
      const copy = await caches.match(url, { cacheName: CACHE });
      if (copy) return copy;
      throw err;
    }
  })());
});
