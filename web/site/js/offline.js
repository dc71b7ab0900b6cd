// Keeping the course for offline use: the service worker (sw.js at the root
// of the site) is registered once the page no longer needs the network or
// the processor for itself, so the offline copy never competes with the
// page's own downloads or with a run, and is filled from what the page
// already has (see sw.js).

// IDLE_POLL_MS is how often a busy runtime is asked again; IDLE_WAIT_MS is
// the longest the offline copy waits for it (a page that runs all the time
// is kept offline too).
const IDLE_POLL_MS = 250;
const IDLE_WAIT_MS = 60000;

// keepOffline registers the service worker once the page has loaded,
// `ready` has settled (the page's Go runtime is up or could not start, so
// its download is over) and `busy` (when given) says no program is running:
// on a first visit, Run pressed while the runtime loaded runs first, without
// the copy's thirty requests beside it. Pages without a runtime pass
// nothing.
export function keepOffline(ready, busy = () => false) {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  const loaded = document.readyState === "complete"
    ? Promise.resolve()
    : new Promise((resolve) => window.addEventListener("load", resolve, { once: true }));
  Promise.allSettled([ready, loaded])
    .then(() => whenIdle(busy))
    .then(() => navigator.serviceWorker.register(new URL("../sw.js", import.meta.url)))
    .catch((err) => {
      console.warn("offline copy unavailable:", err);
    });
}

// whenIdle resolves once busy() is false, or after IDLE_WAIT_MS.
function whenIdle(busy) {
  const until = performance.now() + IDLE_WAIT_MS;
  return new Promise((resolve) => {
    const check = () => {
      let running = false;
      try {
        running = Boolean(busy());
      } catch {
        // a broken probe must not cost the offline copy
      }
      if (!running || performance.now() >= until) resolve();
      else setTimeout(check, IDLE_POLL_MS);
    };
    check();
  });
}
