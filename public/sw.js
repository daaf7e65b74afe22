/*
 * Verbatim's service worker: the app's shell offline, so a recording can start, go on and be
 * kept on the device with no network (components/recordings/recording-vault.ts) and reach the
 * server once it is back. It never touches the API: data is always fresh or an honest error.
 *
 * - The build's files (/_next/static/, hashed and immutable): from the cache first, fetched and
 *   kept once.
 * - The recorder's worklet, the icons and the manifest (same name across releases): from the
 *   network first, the kept copy only when the network fails, so a release's change arrives.
 * - The signed-in pages the page asks it to keep (the dashboard): from the network first, the
 *   kept copy only when the network fails. A redirect (signed out) or an error is never kept,
 *   and a redirect or a 401/403 deletes the kept copy: that account's page is not for this visitor.
 * - Signing out deletes the kept pages (a "forget" message, and the page deletes them too).
 */
const STATIC = "verbatim-static-v1";
const PAGES = "verbatim-pages-v1";
const IMMUTABLE = /^\/_next\/static\//;
const STATIC_PATHS = [IMMUTABLE, /^\/audio\//, /^\/icon[^/]*$/, /^\/manifest\.webmanifest$/];

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== STATIC && name !== PAGES) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

const isStatic = (url) => STATIC_PATHS.some((p) => p.test(url.pathname));

async function keepStatic(request) {
  const cache = await caches.open(STATIC);
  if (IMMUTABLE.test(new URL(request.url).pathname)) {
    const hit = await cache.match(request);
    if (hit) return hit;
  }
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic") await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(request);
    if (kept) return kept;
    throw error;
  }
}

/** A kept page is stored under its path alone: the browser's navigation and the page's own request for it are the same entry. */
const pageKey = (url) => new URL(url.pathname, self.location.origin).href;

async function page(request) {
  const cache = await caches.open(PAGES);
  const key = pageKey(new URL(request.url));
  try {
    const response = await fetch(request);
    const refused = response.redirected || response.type === "opaqueredirect" || response.status === 401 || response.status === 403;
    if (refused) await cache.delete(key);
    else if (response.ok && (await cache.match(key))) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(key);
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  if (isStatic(url)) event.respondWith(keepStatic(request));
  else if (request.mode === "navigate") event.respondWith(page(request));
});

self.addEventListener("message", (event) => {
  const message = event.data;
  if (!message || typeof message !== "object") return;
  if (message.type === "forget") event.waitUntil(caches.delete(PAGES));
  if (message.type === "keep" && Array.isArray(message.pages) && Array.isArray(message.files)) {
    event.waitUntil(
      (async () => {
        const pages = await caches.open(PAGES);
        for (const path of message.pages) {
          const url = new URL(path, self.location.origin);
          if (url.origin !== self.location.origin) continue;
          const response = await fetch(url, { credentials: "same-origin", redirect: "manual" }).catch(() => null);
          if (response && response.ok && response.type === "basic") await pages.put(pageKey(url), response);
          else if (response && (response.type === "opaqueredirect" || response.status === 401 || response.status === 403)) await pages.delete(pageKey(url));
        }
        const files = await caches.open(STATIC);
        for (const path of message.files) {
          const url = new URL(path, self.location.origin);
          if (url.origin === self.location.origin && isStatic(url) && !(await files.match(url))) await files.add(url).catch(() => undefined);
        }
      })(),
    );
  }
});
