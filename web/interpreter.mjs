// The `interpreter` module named in pyscript.toml: Pyodide's own, booted from the memory
// snapshot the build made (the page's meta names it, with a hash of the Pyodide
// build and of every file it imports), else booted normally. PyScript calls loadPyodide and
// reads `version`; nothing else changes for it.
//
// Python's start does not wait for PyScript: the page loads this module early (an async
// module script), which starts unpacking the snapshot and compiling the wasm at once, and
// Python just after the page's first paint (the board), while PyScript loads its own
// parts; PyScript's call then gets that same interpreter. PyScript 0.7 passes only
// `stdout`, `stderr` (its own forwarders) and `indexURL` (which we override); the early
// start writes through forwarders of ours that pass to PyScript's once it has called.
import "./release.mjs";   // first: every later fetch of the page's own files is checked
import * as pyodide from "./vendor/pyodide-314.0.7/pyodide.mjs";
import { compileWasm, packedHere, readWasm, standIn, wasmFile, withCompiled } from "./wasm.mjs";
import { dropUnpacked, engineFileList, fetchEngineFiles, fromKeptCopy, keepUnpacked, keptCopyNoted, mountRest, readKeptCopy, release,
         restoringWritten, snapshotBytes, writeEngineFiles } from "./snapshot.mjs";

export const version = pyodide.version;

/** After a reload, or another start of this page in the same tab, the page before (its
 * WebAssembly memory and compiled wasm) is garbage, but V8 gave it back only at a full
 * collection after this page's Python was up, so the renderer held both pages as Python
 * started. No script can ask for a collection, but V8 runs one when short-lived buffers
 * outside its heap pass its limit: 256 MB of them, never written (so never resident), made
 * and dropped as this module runs and again as Python starts. Only after a page before (on
 * a first visit the collection raised the peak), which the tab remembers in
 * sessionStorage (a flag whose value is never read); in Chromium only, where it was
 * measured. Where the memory cannot be had it stops. Figures: docs/startup.md, *Room for
 * Python on a reload*. */
const STARTED = "tabbycat.started.v1";
const pageBefore = (() => {
  if (!globalThis.navigator?.userAgentData?.brands?.some((b) => b.brand === "Chromium")) return false;
  let before = false;
  try {
    const type = performance.getEntriesByType("navigation")[0]?.type;
    before = type === "reload" || type === "back_forward";
  } catch (e) { /* no navigation timing */ }
  try {
    before ||= sessionStorage.getItem(STARTED) !== null;
    sessionStorage.setItem(STARTED, "1");
  } catch (e) { /* no sessionStorage: the navigation's type alone */ }
  return before;
})();
function makeRoomForPython() {
  if (!pageBefore) return;
  try {
    for (let i = 0; i < 4; i++) new ArrayBuffer(64 << 20);
    performance.mark("room-made");
  } catch (e) {
    // too much for this device: then nothing is gained either
  }
}
makeRoomForPython();
const indexURL = new URL("./vendor/pyodide-314.0.7/", import.meta.url).href;
// The wasm (Pyodide asks for this one as it sets up: startPyodide's stand-in answers it).
const wasmURL = indexURL + "pyodide.asm.wasm";
const fetchFile = globalThis.fetch?.bind(globalThis);
// What this start reads (web/wasm.mjs): the wasm packed with xz where no service worker
// serves the page, else the wasm itself. Asked for as soon as this module runs (the page
// preloads neither: which one it needs is known here); unpacked once the board is painted.
const wasmSource = wasmFile(indexURL, packedHere());
let wasmEarly = fetchFile?.(wasmSource);
wasmEarly?.catch(() => {});
const fetchWasm = () => {
  const response = wasmEarly || fetchFile(wasmSource);
  wasmEarly = null;
  return readWasm(wasmSource, response, fetchFile);
};

// The snapshot's address: named by the page (not preloaded: a first visit over a slow link
// never fetches it, see firstVisit).
const snapshotLink = () => {
  const named = globalThis.document?.querySelector('meta[name="start-up-snapshot"]')?.content;
  return named ? new URL(named, document.baseURI).href : undefined;
};
// The page's smaller standard-library archive (the build's), mounted in place of Pyodide's
// whole python_stdlib.zip; that one is fetched only if an import needs more (mountRest).
// Named by the page, not preloaded: asked for once the board is painted (preloadStdlib).
const stdlibLink = () => {
  const named = globalThis.document?.querySelector('meta[name="start-up-stdlib"]')?.content;
  return named ? new URL(named, document.baseURI).href : undefined;
};

/** The archive preloaded once the page has painted, so that it downloads while the wasm
 * does and Pyodide's own request for it gets it (a request made before the first paint
 * is one that Lighthouse's simulation counts in the largest contentful paint). */
function preloadStdlib() {
  const url = stdlibLink();
  if (!url || !globalThis.document?.head) return;
  const link = document.createElement("link");
  link.rel = "preload";
  link.as = "fetch";
  link.crossOrigin = "anonymous";
  link.href = url;
  document.head.append(link);
}
// The kept copy is asked for as soon as this module runs if the link is parsed by then: its
// read waits on nothing, and on a later visit it is what Python's start waits for last.
const earlyURL = snapshotLink();
const stored = earlyURL ? readKeptCopy(earlyURL) : undefined;

/** The snapshot's bytes, or null: the copy an earlier start kept, else fetched, gunzipped
 * and XORed back (web/snapshot.mjs) on this thread; the inflating streams in as the bytes
 * arrive. (In a worker it came later here: starting the worker cost more than the 0.2-0.3 s
 * of inflating that the build's zero-block packing leaves, on this 2-core machine.) */
let snapshotURL;   // read once the page is painted (this module may run before the link is parsed)
function snapshot(wasmResponse) {
  snapshotURL = snapshotLink();
  return snapshotBytes(snapshotURL, indexURL, wasmResponse, snapshotURL === earlyURL ? stored : undefined).then((bytes) => {
    performance.mark("snapshot-ready", { detail: fromKeptCopy(bytes) ? "kept" : bytes ? "shipped" : null });
    return bytes;
  });
}

/** Once the game is playable and the page idle, keep the unpacked snapshot for the next
 * start (web/snapshot.mjs's keepUnpacked): 17 MB written to Cache Storage (the 31 MB less
 * its zero blocks), off the start. */
function keepForNextStart(bytes) {
  const ready = () => globalThis.document?.body?.dataset.ready;
  const idle = (f) => (globalThis.requestIdleCallback ? requestIdleCallback(f, { timeout: 5000 }) : setTimeout(f, 1000));
  let tries = 480;   // two minutes: a page that never gets ready keeps nothing
  const keep = () => keepUnpacked(snapshotURL, bytes).finally(() => release(bytes));
  const wait = () => (ready() ? setTimeout(() => idle(keep), 1000)
                              : --tries > 0 ? setTimeout(wait, 250) : release(bytes));
  wait();
}

/** On a normal boot of a page whose config leaves the engine's files to the snapshot
 * (scripts/build_site.py's light config), write them where PyScript would have. */
let engineFetch = null;   // the engine's files, asked for early by a start that will need them
async function engineFiles(py) {
  if (!globalThis.document?.querySelector('script[type="py"][config$="snapshot.json"]')) return;
  await writeEngineFiles(py, engineFetch || fetchEngineFiles());
  engineFetch = null;
}

/** While Pyodide sets up, `new WebAssembly.Module` compiles each small module once and
 * gives the same module for the same bytes (a module can be instantiated any number of
 * times). Emscripten makes one small module per JavaScript function it puts in the wasm's
 * function table (convertJsFunctionToWasm): 261 at a start, from 29 distinct byte strings,
 * one per signature, which took 27-31 ms of this thread compiled one by one, 5-10 ms so.
 * Returns the function that puts the constructor back. */
export function sharingSmallModules(limit = 256) {
  const Native = WebAssembly.Module;
  const made = new Map();
  function Shared(bytes, ...rest) {
    if (!new.target) return Native(bytes, ...rest);   // throws, as the native one does
    if (!(bytes instanceof Uint8Array) || bytes.length > limit || rest.length) {
      return Reflect.construct(Native, [bytes, ...rest], new.target);
    }
    const key = bytes.join();
    let module = made.get(key);
    if (!module) made.set(key, (module = new Native(bytes)));
    return module;
  }
  Shared.prototype = Native.prototype;        // instanceof WebAssembly.Module still holds
  Object.setPrototypeOf(Shared, Native);      // and its static methods are there
  WebAssembly.Module = Shared;
  return () => { if (WebAssembly.Module === Shared) WebAssembly.Module = Native; };
}

/** Pyodide's loadPyodide with `options`, the vendored folder and the wasm compiled here
 * (web/wasm.mjs's withCompiled), its small modules shared (sharingSmallModules). Pyodide
 * also fetches the wasm itself as it sets up, though it instantiates that compiled module:
 * the 9.6 MB file was read a second time while the start read everything else; that one
 * request gets a stand-in (web/wasm.mjs's standIn). */
async function startPyodide(options) {
  const unshare = sharingSmallModules();
  const stdLibURL = stdlibLink();
  try {
    return await standIn(wasmURL, wasm, async () => {
      const py = await pyodide.loadPyodide({ ...options, indexURL, ...(stdLibURL ? { stdLibURL } : {}),
                                             createPyodideModule: withCompiled(indexURL, wasm, restoringWritten) });
      if (stdLibURL) mountRest(py, indexURL + "python_stdlib.zip");
      return py;
    });
  } finally {
    unshare();
  }
}

// Python's output before PyScript has called goes to the console, as PyScript's would.
const io = { stdout: (...a) => console.log(...a), stderr: (...a) => console.error(...a) };
const forwarders = { stdout: (...a) => io.stdout(...a), stderr: (...a) => io.stderr(...a) };

async function boot(bytes, options, when = null) {
  performance.mark("pyodide-start");
  makeRoomForPython();
  // Pyodide awaits the snapshot only after fetching its lock file and loading its
  // JavaScript, so those overlap the unpacking; no snapshot rejects before Python starts.
  // Given `when`, the restore (about a second of this thread, cold) also waits for it.
  const snap = Promise.all([bytes, when]).then(([b]) => b || Promise.reject(new Error("no start-up snapshot")));
  snap.catch(() => {});  // handled below, whenever Pyodide gets to it
  try {
    const py = await startPyodide({ ...options, _loadSnapshot: snap });
    performance.mark("pyodide-ready");
    globalThis.document?.documentElement.setAttribute("data-boot", "snapshot");
    const used = await bytes;
    // Pyodide has copied the snapshot into its memory: the bytes go, once kept if need be.
    if (snapshotURL && !fromKeptCopy(used)) keepForNextStart(used);
    else release(used);
    return py;
  } catch (e) {
    const refused = await bytes;
    if (refused) console.warn("The start-up snapshot was refused; starting Python normally.", e);
    if (fromKeptCopy(refused)) dropUnpacked(snapshotURL);   // the next start unpacks the shipped file
  }
  performance.mark("pyodide-normal-start");
  const py = await startPyodide(options);
  performance.mark("pyodide-normal-up");
  await engineFiles(py);
  performance.mark("pyodide-ready");
  globalThis.document?.documentElement.setAttribute("data-boot", "normal");
  return py;
}

/** Resolves once the page has painted (the board), so that Python's start, long tasks
 * on this thread, never delays it; at once in a hidden page, which paints nothing (and
 * when a page is hidden before its first frame). */
function afterFirstPaint() {
  if (!globalThis.document || document.visibilityState === "hidden" || typeof requestAnimationFrame === "undefined") {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    document.addEventListener("visibilitychange", resolve, { once: true });
  });
}

/** How long (s) the wasm took to arrive: its request's start to its last byte (Resource
 * Timing), else from the navigation's start to now. */
function wasmSeconds() {
  const entry = performance.getEntriesByName(wasmSource).find((e) => e.responseEnd > 0);
  return (entry ? entry.responseEnd - entry.requestStart : performance.now()) / 1000;
}

// A first visit (no service worker's copy, no kept copy) uses the snapshot only where it
// pays: it weighs twice the packed wasm on the wire (5.1 MB against 2.6), and saves some
// 2-3 s of Python's own start on this 2-core machine (more on a phone). So it is fetched
// only if the wasm came within this many seconds (a link of 14 Mbit/s or more: the
// snapshot then comes within 3 s more); over a slower link Python starts normally, and the
// service worker, installed once the game is playable, brings the snapshot for the next visit.
const SNAPSHOT_PAYS_WITHIN = 1.5;

/** A first visit's snapshot bytes, or null for a normal start (see SNAPSHOT_PAYS_WITHIN):
 * asked for once the wasm (`copy`, a second handle on it) has all arrived. */
async function firstVisit(copy) {
  // The engine's list (1 kB), at once: a normal start asks for every file it names before
  // Python's start holds this thread (the requests then download meanwhile).
  const list = engineFileList();
  list.catch(() => {});
  const code = await copy.then((r) => r.arrayBuffer()).catch(() => null);
  const took = wasmSeconds();
  if (!code || took > SNAPSHOT_PAYS_WITHIN) {
    performance.mark("snapshot-skipped", { detail: took });
    engineFetch = fetchEngineFiles(await list.catch(() => null));
    engineFetch.catch(() => {});   // (asked for again when written)
    return null;
  }
  return snapshot(new Response(code));
}

// Started when this module is first evaluated (the page loads it early), once the board is
// on screen: unpacking the snapshot and compiling the wasm (downloading since this module
// ran), then Python. Before the paint, inflating the snapshot as it streamed in from the
// service worker held the board back by up to a second. One request for the wasm, read
// twice: compiled, and its data segments XORed into the snapshot (unless an earlier start
// noted a kept copy).
const painted = afterFirstPaint();
painted.then(preloadStdlib);
const wasmResponse = painted.then(fetchWasm);
const bytes = painted.then(async () => {
  // A start that will read the kept copy needs no second handle on the wasm's bytes (if
  // the copy fails it after all, the wasm is fetched again).
  if (keptCopyNoted(snapshotLink())) return snapshot(fetchWasm);
  const copy = wasmResponse.then((r) => r.clone());
  if (snapshotLink() && !globalThis.navigator?.serviceWorker?.controller
      && !(await (snapshotLink() === earlyURL ? stored : readKeptCopy(snapshotLink())))) {
    return firstVisit(copy);
  }
  const unpacked = await snapshot(copy);
  // A copy left unread (no snapshot to XOR) would hold back the compiling of the other.
  if (!unpacked) copy.then((r) => r.body?.cancel()).catch(() => {});
  return unpacked;
});
const wasm = painted.then(() => compileWasm(wasmResponse));
// The snapshot's restore, one long task, waits for PyScript's call: run earlier, it held
// back PyScript's own start (its config, plugins, IndexedDB), which then came later than
// Python and made the page playable later.
const called = Promise.withResolvers();
const early = painted.then(() => boot(bytes, forwarders, called.promise));

export async function loadPyodide(options = {}) {
  performance.mark("interpreter-called");
  const { stdout, stderr, indexURL: _, ...other } = options;
  if (Object.keys(other).length) {
    // Options the early start could not know (a PyScript that passes more): boot with them.
    return boot(bytes.then((b) => (b?.byteLength ? b.slice() : null)), options);   // (null: already let go)
  }
  if (stdout) io.stdout = stdout;
  if (stderr) io.stderr = stderr;
  called.resolve();
  return early;
}
