// Keeping the course for offline use: the service worker (sw.js at the root
// of the site) is registered once the page no longer needs the network for
// itself, so the offline copy never competes with the page's own downloads
// and is filled from what the page already has (see sw.js).

// keepOffline registers the service worker once the page has loaded and
// `ready` has settled: the page's Go runtime is up (or could not start), so
// the runtime's download is over. Pages without a runtime pass nothing.
export function keepOffline(ready) {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  const loaded = document.readyState === "complete"
    ? Promise.resolve()
    : new Promise((resolve) => window.addEventListener("load", resolve, { once: true }));
  Promise.allSettled([ready, loaded]).then(() =>
    navigator.serviceWorker.register(new URL("../sw.js", import.meta.url)).catch((err) => {
      console.warn("offline copy unavailable:", err);
    }));
}
