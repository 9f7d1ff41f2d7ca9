// One release per load, on a first visit too. Until a service worker of the page's release
// controls it, a page fetches its later files from the network, and a release deployed
// meanwhile (Netlify replaces the whole site at once) would answer them. The build writes
// into the page the hash of every file the page may fetch into itself whose name carries no
// version (<script type="application/json" id="release-files">, scripts/build_site.py's
// release_files: the engine's files, web/app.py, How to play's texts, the solver's worker's
// scripts, PyScript's config). Every such file fetched here (through `fetch`, which PyScript,
// Pyodide and the page's Python use) is read whole and checked before anyone gets it; files
// under web/vendor/ carry a version or a hash in their names, so a later release has the
// same bytes there or nothing. The files the browser loads by itself, which no script can
// check before they run (the page's scripts, their imports, its stylesheet), are asked for
// as soon as the page arrives; they are read back from the HTTP cache (what the browser
// ran) and checked before any checked file is given to the page, so before the page's
// Python runs (web/app.py is such a file) and before anything is saved.
//
// A file of another release (other bytes, or gone: 404) is never given to the page. Before
// the game is ready the page reloads at once, all of the new release (nothing has been
// saved by then), once per release it was of (sessionStorage), so it never loops: a second
// mismatch on the same release refuses the file and offers the reload instead. Once the
// game is ready the file is refused (a 409 response, as a failed download) and the page
// offers the reload ("a new version is ready"); the player's game is saved after every move.
// <html data-release-check>: "reloading" or "refused", with data-release-file naming the file.
// The solver's worker checks its own fetches with the list the page gives it (`pin`).

const GUARD = "tabbycat.release-reload.v1";   // the release a tab last reloaded away from
let pinned = null;   // {files: {path: hash}, site: URL, changed(path)} once known
let real = null;     // the fetch this module wraps

/** The first 16 hex digits of the SHA-256 of `bytes`, as the build writes them; null where
 * the browser has no SubtleCrypto (not a secure context: nothing can be checked). */
export async function hashOf(bytes) {
  if (!globalThis.crypto?.subtle) return null;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest.subarray(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The path under the site of a request for `url`, if it is one of the pinned files. */
function pinnedPath(url) {
  const at = new URL(url, globalThis.document?.baseURI ?? globalThis.location.href);
  if (at.origin !== pinned.site.origin || !at.pathname.startsWith(pinned.site.pathname)) return null;
  const path = decodeURIComponent(at.pathname.slice(pinned.site.pathname.length));
  return Object.hasOwn(pinned.files, path) ? path : null;
}

const seen = new Set();   // the pinned files fetched here, or checked by checkLoaded
let loaded = Promise.resolve(null);

/** The pinned files the page's browser loaded by itself so far (its scripts and their
 * imports, its stylesheet, its config's preload: asked for as soon as the page arrived),
 * read back from the HTTP cache, which holds what the browser ran, and checked, each once.
 * Resolves to the path of one of another release (or gone), else null. */
function checkLoaded() {
  loaded = loaded.then(async (other) => {
    if (other || !globalThis.document) return other;
    const check = async (url, path) => {
      try {
        const response = await real.call(globalThis, url, { cache: "force-cache" });
        if (response.status === 404) return path;
        const hash = response.ok ? await hashOf(await response.arrayBuffer()) : null;
        return hash !== null && hash !== pinned.files[path] ? path : null;
      } catch (e) {
        return null;   // offline and not kept: nothing to check it with
      }
    };
    const checks = [];
    for (const entry of performance.getEntriesByType("resource")) {
      const path = pinnedPath(entry.name);
      if (!path || seen.has(path)) continue;
      seen.add(path);
      checks.push(check(entry.name, path));
    }
    return (await Promise.all(checks)).find((path) => path) || null;
  });
  return loaded;
}

async function checkedFetch(input, init) {
  const call = () => real.call(globalThis, input, init);
  if (!pinned && globalThis.document) pinned = pageList();
  const method = (init?.method || input?.method || "GET").toUpperCase();
  const path = pinned && method === "GET" ? pinnedPath(input?.url ?? String(input)) : null;
  if (!path) return call();
  seen.add(path);
  const response = await call();
  if (response.status === 404) return pinned.changed(path);   // gone: another release is up
  if (!response.ok) return response;                         // offline, a server error: as ever
  const bytes = await response.arrayBuffer();
  const hash = await hashOf(bytes);
  if (hash !== null && hash !== pinned.files[path]) return pinned.changed(path);
  // Given only once what the page already runs is checked too (scripts of another release
  // may have run, but nothing is saved before the game is ready).
  const other = await checkLoaded();
  if (other) return pinned.changed(other);
  return new Response(bytes, { status: response.status, statusText: response.statusText, headers: response.headers });
}

/** Check, from here on, every fetch of a file in `files` ({path: hash} under `site`);
 * `changed(path)` answers one that is of another release. (The page pins itself on its
 * first fetch from its own list; the solver's worker calls this with the page's.) */
export function pin(files, site, changed) {
  pinned = { files, site: new URL(site), changed };
  if (!real) {
    real = globalThis.fetch;
    globalThis.fetch = checkedFetch;
  }
}

/** The page's own list, from the build (an empty one, which checks nothing, in a page
 * without it: the sources served unbuilt). */
function pageList() {
  const block = document.getElementById("release-files");
  if (!block && document.readyState === "loading") return null;   // not parsed yet: asked again
  let files = {};
  try {
    files = JSON.parse(block?.textContent || "{}");
  } catch (e) { /* unreadable: nothing to check against */ }
  return { files, site: new URL("./", document.baseURI), changed: pageChanged };
}

const release = () => globalThis.document?.querySelector('meta[name="tabbycat-release"]')?.content || "";
const ready = () => globalThis.document?.body?.dataset.ready !== undefined;

/** Whether this tab may reload away from this release: once per release, so never in a loop. */
function firstReload() {
  try {
    if (sessionStorage.getItem(GUARD) === release()) return false;
    sessionStorage.setItem(GUARD, release());
    return true;
  } catch (e) {
    return false;   // no sessionStorage: never reload by itself
  }
}

const REFUSED = () => new Response(null, { status: 409, statusText: "Another release" });

/** A file of another release, met by the page: reload before the game is ready (the file's
 * fetch then never answers: nothing of it runs), else refuse it and offer the reload.
 * The page's words say which (web/boot.js listens for "tabbycat-release"). */
export function pageChanged(path) {
  const root = document.documentElement;
  const reloading = !ready() && firstReload();
  root.dataset.releaseCheck = reloading ? "reloading" : "refused";
  root.dataset.releaseFile = path;
  dispatchEvent(new CustomEvent("tabbycat-release", { detail: { path, reloading } }));
  if (!reloading) return REFUSED();
  location.reload();
  return new Promise(() => {});
}

// The page: every fetch checked from now on (this module is imported by the first of the
// page's modules to run, web/interpreter.mjs, before anything is fetched), unless a service
// worker served the page: then every file it asks for comes from that worker's release's
// cache, the page's own among them, and nothing needs checking (nor costs a later start).
// For the page's Python (the solver's worker's start): check these files now, and tell of
// another release.
const served = !!globalThis.navigator?.serviceWorker?.controller;
if (globalThis.document && !served) {
  real = globalThis.fetch;
  globalThis.fetch = checkedFetch;
  // The files the page loaded by itself are checked early, after the first paint.
  addEventListener("DOMContentLoaded", () => requestAnimationFrame(() => setTimeout(() => {
    if ((pinned ||= pageList())) checkLoaded();
  }, 0)), { once: true });
}
if (globalThis.document) {
  globalThis.tabbyRelease = {
    /** The page's list, for the solver's worker to check its own fetches with (null: a
     * page the service worker served, whose worker is served by it too). */
    list: () => (served ? null : (pinned ||= pageList())?.files ?? {}),
    /** Whether the files at `urls` are all of the page's release (fetched and checked). */
    check: async (urls) => {
      if (served) return true;
      const responses = await Promise.all(Array.from(urls, (url) => fetch(url)));
      return responses.every((response) => response.ok);
    },
    changed: (path) => { pageChanged(path); },
  };
}
