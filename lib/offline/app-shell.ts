/**
 * The browser's side of the service worker (public/sw.js): the page registers it and asks it
 * to keep this page and the files it loaded, so the page opens with no network and can record
 * (kept on the device until the network is back). Browser-only.
 */
const WORKER_URL = "/sw.js";
/** public/sw.js's cache of signed-in pages (the name is written there too). */
const PAGES_CACHE = "verbatim-pages-v1";
/** Loaded only when a recording starts: kept up front, or an offline start would lack it. */
const RECORDER_FILES = ["/audio/pcm-capture-worklet.js"];

export async function keepThisPageOffline(): Promise<void> {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  const registration = await navigator.serviceWorker.register(WORKER_URL, { scope: "/" });
  const worker = registration.active ?? (await navigator.serviceWorker.ready).active;
  const files = performance
    .getEntriesByType("resource")
    .map((e) => new URL(e.name))
    .filter((u) => u.origin === location.origin && u.pathname.startsWith("/_next/static/"))
    .map((u) => u.pathname);
  worker?.postMessage({ type: "keep", pages: [location.pathname], files: [...files, ...RECORDER_FILES] });
}

/** Signing out: the pages kept for this account go. */
export async function forgetKeptPages(): Promise<void> {
  navigator.serviceWorker?.controller?.postMessage({ type: "forget" });
  if (typeof caches !== "undefined") await caches.delete(PAGES_CACHE).catch(() => false);
}
