// Remi's service worker. build.py writes dist/sw.js from this file, filling in
// VERSION (a hash of every file of the site), PRECACHE (every file's URL) and INTEGRITY
// (each file's SHA-256: a file a deploy changed while this build installed fails the
// install, and the build running stays, rather than one cache mixing two builds).
// Cache-first: the cache is versioned by content, so a cached file is never stale;
// a new build means a new sw.js, a new cache, and the old one deleted on activation.

const VERSION = "__VERSION__";
const PRECACHE = [/* __PRECACHE__ */];
const INTEGRITY = {/* __INTEGRITY__ */};
const CACHE = `remi-${VERSION}`;

self.addEventListener("install", (event) => {
  // "no-cache": revalidate with the server so a stale HTTP cache never enters ours.
  const requests = PRECACHE.map((url) =>
    new Request(url, { cache: "no-cache", integrity: INTEGRITY[url] ?? "" }));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(requests)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith("remi-") && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

// The page asks for this when the player accepts an update.
self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(fromCache(request));
});

async function fromCache(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request, { ignoreSearch: true });
  if (hit) return hit;
  if (request.mode === "navigate") {
    const page = await cache.match("./");
    if (page) return page;
  }
  return fetch(request);
}
