// The service worker: keeps every file of the site (the page, the Python files, the runtime
// and the start-up snapshot) so that after one visit the game loads and plays offline.
//
// scripts/build_site.py writes the list and its content hash into PRECACHE below when it builds
// dist/, so a deploy that changes any file changes this script, and the browser installs
// the new version beside the old one. Releases never mix files:
// - install fills a cache of its own (tabbycat-<version>); if any file fails, the install
//   fails, the partial cache is dropped and the old version goes on serving;
// - the new worker then waits (no skipWaiting, no clients.claim): a page that is loading or
//   open keeps getting every file from the version it started with;
// - a first visit, which no worker controls, is taken over once the worker is active, if the
//   page is of the worker's release (see claim below; else the page offers a reload);
// - it takes over at the next navigation: a tab's navigation that finds it waiting, with no
//   other page of the site open, gets an empty page that tells it to take over and reloads
//   once it has (see handOver), so the reload asks only the new version. The page may offer
//   "a new version is ready" (web/boot.js) and reload. A frame's navigation (the page's
//   warm-up frame) never hands over: the tab it is in is still on the old release.
const PRECACHE = {"version": "dev", "files": []};
const CACHE = "tabbycat-" + PRECACHE.version;
const IMMUTABLE = /\/web\/vendor\//;  // versioned names: the HTTP cache may answer
// A file the site also has packed with xz (pyodide.asm.wasm.xz, which a first visit
// fetches: web/wasm.mjs) is not fetched again: install unpacks the packed copy into the
// cache (the HTTP cache has it from that visit), with the xz decoder the page uses.
const PACKED = PRECACHE.files.filter((f) => f.endsWith(".xz") && PRECACHE.files.includes(f.slice(0, -3)));
const DECODER = PRECACHE.files.find((f) => /\/xz-decompress-[^/]+\/xz-decompress\.js$/.test(f));
if (PACKED.length && DECODER) importScripts(DECODER);

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    if (!PRECACHE.files.length) throw new Error("not a built site: nothing to keep offline");
    // Files come straight from this version's cache, without waking this script (the
    // browser's static routing, where it has it): what the fetch handler below answers
    // (this cache, else the network), sooner. Navigations still come to it (the hand-over).
    try {
      await event.addRoutes?.([
        { condition: { requestMode: "navigate" }, source: "fetch-event" },
        { condition: { requestMethod: "GET" }, source: { cacheName: CACHE } },
      ]);
    } catch (e) { /* the fetch handler answers everything */ }
    const cache = await caches.open(CACHE);
    const unpacked = self["xz-decompress"] ? PACKED.map((f) => f.slice(0, -3)) : [];
    try {
      await cache.addAll(PRECACHE.files.filter((f) => !unpacked.includes(f))
        .map((f) => new Request(f, { cache: IMMUTABLE.test(f) ? "default" : "no-cache" })));
      for (const file of unpacked) {
        const packed = await cache.match(file + ".xz");
        const stream = new self["xz-decompress"].XzReadableStream(packed.body);
        await cache.put(file, new Response(stream, { headers: { "Content-Type": "application/wasm",
                                                                "Cross-Origin-Resource-Policy": "same-origin" } }));
      }
      // The decoder's instance (its memory grown past the 8 MiB dictionary) is not needed
      // again by this worker, which shares the page's renderer: let it go.
      const decoder = self["xz-decompress"]?.XzReadableStream;
      if (decoder) decoder._moduleInstance = decoder._moduleInstancePromise = undefined;
    } catch (e) {
      await caches.delete(CACHE);
      throw e;
    }
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("tabbycat-") && name !== CACHE) await caches.delete(name);
    }
  })());
});

self.addEventListener("message", (event) => {
  if (event.data === "take-over") self.skipWaiting();  // a no-op for the active worker
  if (event.data?.type === "claim") event.waitUntil(claim(event));
});

/** A first visit (a page no worker controls yet) asks to be taken over, naming its release
 * (web/boot.js): when that is this worker's, the page's later files come from this release's
 * cache whatever the server deploys meanwhile; else it is told, and offers a reload. */
async function claim(event) {
  let claimed = event.data.release === PRECACHE.version;
  if (claimed) {
    try { await self.clients.claim(); } catch (e) { claimed = false; }  // not active (yet)
  }
  event.ports[0]?.postMessage({ release: PRECACHE.version, claimed });
}

// The page a navigation gets while the new version takes over (handOver): it reloads when the
// new version controls it (controllerchange), or at once if it has taken over already, and
// after 5 s whatever happens (its Refresh header: the new version asked again). A reload
// sent at once (a bare "Refresh: 0") can be given to this worker just as it is retired,
// and Chromium then never answers that navigation: the tab stays blank (one hand-over in
// 30 to 90, offline on a busy machine). The page's one script is allowed by its hash; it
// asks for nothing (its icon is inline), so offline it fails nothing.
const HAND_OVER_SCRIPT = "const sw = navigator.serviceWorker, go = () => location.reload();"
  + " sw.addEventListener('controllerchange', go);"
  + " sw.getRegistration().then((r) => { if (!r || !r.waiting) go(); }, go);";
let handOverPage = null;   // its text and headers, made once

async function handOverResponse() {
  if (!handOverPage) {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(HAND_OVER_SCRIPT));
    const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
    handOverPage = {
      body: `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script>${HAND_OVER_SCRIPT}</script>`,
      headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "Refresh": "5",
                 "Content-Security-Policy": `default-src 'none'; script-src 'sha256-${hash}'; img-src data:`,
                 // cross-origin isolated, as every page of the site is (netlify.toml)
                 "Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp" },
    };
  }
  return new Response(handOverPage.body, { headers: handOverPage.headers });
}

/** A tab's own navigation while a new version waits and no other page is open: hand over.
 * Only a top-level navigation (a frame's, such as the page's warm-up frame, web/boot.js,
 * never: its tab is still running the old release), and only when the navigating tab is
 * the one window of the site, controlled or not (a page still starting, not yet claimed,
 * is a page of the old release too). Activating is what deletes the old release's cache,
 * so no page is left using it. */
async function handOver(event) {
  const waiting = self.registration.waiting;
  if (!waiting || event.request.mode !== "navigate" || event.request.destination !== "document") return null;
  const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  if (tabs.length > 1) return null;
  waiting.postMessage("take-over");
  return handOverResponse();
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  event.respondWith((async () => {
    const next = await handOver(event);
    if (next) return next;
    const cache = await caches.open(CACHE);
    // The page itself is one entry whatever its query (?deal=N); other files are themselves.
    const scope = new URL(self.registration.scope);
    const isPage = url.pathname === scope.pathname || url.pathname === scope.pathname + "index.html";
    const hit = isPage ? await cache.match("./index.html", { ignoreSearch: true })
                       : await cache.match(request, { ignoreSearch: false });
    if (hit) return hit;
    try {
      return await fetch(request);
    } catch (e) {
      return new Response("Offline, and this file was not cached.", { status: 503 });
    }
  })());
});
