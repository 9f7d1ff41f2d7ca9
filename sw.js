// The service worker: precache the page, the Python sources and the vendored runtime, so
// that after one visit the game loads and plays offline. The cache is named after the
// content hash that scripts/vendor.sh writes into web/precache.json; a new deploy
// has a new hash, registers a new worker (sw.js?v=HASH) and deletes the old caches.
const VERSION = new URL(self.location.href).searchParams.get("v") || "dev";
const CACHE = "tabbycat-" + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const list = await (await fetch("./web/precache.json", { cache: "no-cache" })).json();
    const cache = await caches.open(CACHE);
    await cache.addAll(list.files);  // the HTTP cache may answer: no second download
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("tabbycat-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // The page itself is one entry whatever its query (?deal=N); other files are themselves.
    const scope = new URL(self.registration.scope);
    const isPage = url.pathname === scope.pathname || url.pathname === scope.pathname + "index.html";
    const hit = isPage ? await cache.match("./index.html", { ignoreSearch: true })
                       : await cache.match(request);
    if (hit) return hit;
    try {
      return await fetch(request);
    } catch (e) {
      return new Response("Offline, and this file was not cached.", { status: 503 });
    }
  })());
});
