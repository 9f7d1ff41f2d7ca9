// The solver's worker: a second Pyodide, booted from the page's own start-up snapshot,
// that runs the page's searches (Hint, the look-back, "is this deal still winnable?",
// Winnable new deals, the daily) and, while none runs, the deals' difficulty ratings, off
// the page's thread, at full speed. One job at a time: a newer job replaces the running one.
//
// Messages from the page: {type: "boot", snapshot: URL or null, stdlib: URL or null (the
// page's smaller standard-library archive), packed: whether to read the wasm packed with
// xz (no service worker serves the page: web/wasm.mjs), files: the page's list of its release's files
// (web/release.mjs: the engine's files this worker fetches on a normal boot are checked
// against it; one of another release is refused and the page told: {type: "release",
// path})}, then {type: "job", id,
// job: JSON text of solitaire.play.jobs} and {type: "cancel", id}. To the page: {type: "ready",
// boot: "snapshot" | "normal", ms, memory}, {type: "report", id, data: JSON text of
// solitaire.play.worker.Driver.step, memory}, {type: "failed", why}, {type: "csp", what}.
// A job runs in chunks of about CHUNK seconds; between chunks the worker yields to its
// event loop, so a cancel (or a newer job) gets through. Budgets count positions, so the
// chunks change when progress is reported, never the answer.
//
// Where the page is cross-origin isolated its boot message also brings `interrupt`, two
// Int32 in memory shared with the page: [0] is Pyodide's interrupt buffer
// (pyodide.setInterruptBuffer: the page writes 2, SIGINT, and Python raises it at its next
// check, mid-chunk), [1] the id of the job the page wants run (0: none). The signal stops
// the running job only if that is not it (solitaire.play.worker.stop_when); the job's
// Driver is dropped and the worker takes the next message at once. Either way a job
// stopped before its end is told to the page: {type: "stopped", id, how: "interrupt" |
// "message", at: the time, ms since the epoch}; "ready" says {interrupt: true} when the
// buffer is in use.
import { loadPyodide } from "./vendor/pyodide-314.0.7/pyodide.mjs";
import { pin } from "./release.mjs";
import { mountRest, release, restoringWritten, snapshotBytes, writeEngineFiles } from "./snapshot.mjs";
import { compileWasm, readWasm, standIn, wasmFile, withCompiled } from "./wasm.mjs";

const indexURL = new URL("./vendor/pyodide-314.0.7/", import.meta.url).href;
const CHUNK = 0.1;
let py = null, jobs = null;
let current = 0;   // the job running (0: none); a cancel or a newer job changes it
let interrupt = null;   // the memory shared with the page (see above), once in use

self.addEventListener("securitypolicyviolation", (e) => {
  postMessage({ type: "csp", what: e.violatedDirective + " " + e.blockedURI });
});

/** On a normal boot, write the engine's files where the snapshot has them (the page's
 * folder in Pyodide's home) and make them importable. */
async function engineFiles() {
  await writeEngineFiles(py);
  // (each path finder's own cache forgotten: importlib.invalidate_caches() would also
  // import importlib.metadata, which the page's smaller standard library does not hold)
  py.runPython("import os, sys\nif os.getcwd() not in sys.path: sys.path.insert(0, os.getcwd())\n"
               + "for f in list(sys.path_importer_cache.values()): getattr(f, 'invalidate_caches', lambda: None)()");
}

/** Boot Pyodide from the snapshot at `url` (else normally) with the page's standard
 * library, the wasm read once (packed or not, as the page says) and compiled here: its data
 * segments XORed into the snapshot, and Pyodide instantiating the module compiled
 * (web/wasm.mjs), its restore writing only the snapshot's blocks that are not zero
 * (restoringWritten), as the page's does. */
async function boot(url, stdLibURL, packed, shared) {
  const start = performance.now();
  const quiet = { stdout: () => {}, stderr: (line) => console.warn(line), ...(stdLibURL ? { stdLibURL } : {}) };
  const source = wasmFile(indexURL, packed);
  const wasm = readWasm(source, fetch(source));
  const compiled = compileWasm(wasm.then((r) => r.clone()));
  const startWith = (options) => standIn(indexURL + "pyodide.asm.wasm", compiled, () => loadPyodide({
    ...quiet, indexURL, ...options, createPyodideModule: withCompiled(indexURL, compiled, restoringWritten) }));
  const bytes = await snapshotBytes(url, indexURL, wasm);
  if (!bytes) wasm.then((r) => r.body?.cancel()).catch(() => {});   // unread, it would hold the compiling back
  let how = "snapshot";
  if (bytes) {
    try {
      py = await startWith({ _loadSnapshot: bytes });
      release(bytes);   // copied into Pyodide's memory
      if (stdLibURL) mountRest(py, indexURL + "python_stdlib.zip");
    } catch (e) {
      console.warn("The solver's worker: the snapshot was refused; starting Python normally.", e);
      py = null;
    }
  }
  if (!py) {
    how = "normal";
    py = await startWith({});
    if (stdLibURL) mountRest(py, indexURL + "python_stdlib.zip");
    await engineFiles();
  }
  jobs = py.pyimport("solitaire.play.worker");
  if (shared) {
    try {
      jobs.stop_when(() => current !== 0 && !wanted(current));
      py.setInterruptBuffer(shared);
      interrupt = shared;
    } catch (e) {
      console.warn("The solver's worker: no interrupt buffer; the cancel messages stop the searches.", e);
    }
  }
  postMessage({ type: "ready", boot: how, ms: performance.now() - start, memory: memory(), interrupt: !!interrupt });
}

/** Whether the page still wants job `id` run (always, without the shared memory: then only
 * its messages say). */
function wanted(id) {
  return !interrupt || Atomics.load(interrupt, 1) === id;
}

function memory() {
  return py?._module?.HEAPU8?.length ?? 0;
}

async function run(id, text) {
  current = id;
  let driver = null;
  try {
    if (!wanted(id)) return stopped(id, "interrupt");   // cancelled before it began
    driver = jobs.Driver(text);
    while (current === id && wanted(id)) {
      const data = driver.step(CHUNK);
      const done = JSON.parse(data).done;
      postMessage({ type: "report", id, data, memory: done ? memory() : 0 });
      if (done) return;
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    // Stopped between chunks: by the shared memory's word where the page writes it (a cancel
    // message or a newer job read first changes nothing), else by the message.
    stopped(id, interrupt && !wanted(id) ? "interrupt" : "message");
  } catch (e) {
    // SIGINT through the interrupt buffer, mid-chunk. Raised while Pyodide converts a
    // call's arguments or result, it comes wrapped (a ConversionError caused by it): a
    // job the page no longer wants is stopped, whatever its error says.
    if (e?.type !== "KeyboardInterrupt" && wanted(id)) throw e;
    stopped(id, "interrupt");
  } finally {
    if (current === id) current = 0;   // (first: a signal while the generator closes is let pass)
    driver?.destroy();
  }
}

function stopped(id, how) {
  postMessage({ type: "stopped", id, how, at: performance.timeOrigin + performance.now() });
}

self.onmessage = (event) => {
  const m = event.data;
  if (m?.type === "boot" && !py) {
    if (m.files) {
      pin(m.files, new URL("../", import.meta.url), (path) => {
        postMessage({ type: "release", path });
        return new Response(null, { status: 409, statusText: "Another release" });
      });
    }
    boot(m.snapshot, m.stdlib, !!m.packed, m.interrupt ?? null).catch((e) => postMessage({ type: "failed", why: String(e) }));
  } else if (m?.type === "job" && jobs) {
    run(m.id, m.job).catch((e) => postMessage({ type: "failed", why: String(e) }));
  } else if (m?.type === "cancel" && current === m.id) {
    current = 0;
  }
};
