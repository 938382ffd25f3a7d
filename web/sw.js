// Remi's service worker. build.py writes dist/sw.js from this file, filling in
// VERSION (a hash of every file of the site), PRECACHE (every file's URL) and INTEGRITY
// (each file's SHA-256: a file a deploy changed while this build installed fails the
// install, and the build running stays, rather than one cache mixing two builds).
// Cache-first: the cache is versioned by content, so a cached file is never stale;
// a new build means a new sw.js, a new cache (filled from the old one where a file did not
// change), and the old one deleted on activation.

const VERSION = "__VERSION__";
const PRECACHE = [/* __PRECACHE__ */];
const INTEGRITY = {/* __INTEGRITY__ */};
const CACHE = `remi-${VERSION}`;

self.addEventListener("install", (event) => event.waitUntil(precache()));

/** Every file of this build into its cache. A file an older build cached with the very bytes
 * this build names (INTEGRITY) is copied from there, not downloaded: a deploy that changed one
 * script costs that script, not the whole site (~14 MB) again. */
async function precache() {
  const cache = await caches.open(CACHE);
  const older = await Promise.all((await caches.keys())
    .filter((key) => key.startsWith("remi-") && key !== CACHE).map((key) => caches.open(key)));
  try {
    await Promise.all(PRECACHE.map(async (url) => {
      const kept = await unchanged(older, url);
      if (kept) return cache.put(url, kept);
      // "no-cache": revalidate with the server so a stale HTTP cache never enters ours.
      return cache.add(new Request(url, { cache: "no-cache", integrity: INTEGRITY[url] }));
    }));
  } catch (error) {
    await caches.delete(CACHE);      // no half-filled cache is left under this build's name
    throw error;                     // the install fails; the build running stays
  }
}

/** `url` as an older cache holds it, if its bytes are this build's. */
async function unchanged(older, url) {
  for (const cache of older) {
    const hit = await cache.match(url);
    if (hit && await sri(hit.clone()) === INTEGRITY[url]) return hit;
  }
  return null;
}

async function sri(response) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", await response.arrayBuffer()));
  let binary = "";
  for (const byte of digest) binary += String.fromCharCode(byte);
  return `sha256-${btoa(binary)}`;
}

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
