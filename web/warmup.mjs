// Runs the page's big scripts once from the service worker's cache, in a hidden frame, so
// that the browser keeps their compiled code for the next visit.
//
// Chromium compiles a script and keeps the result (V8's code cache) beside the script's
// copy in Cache Storage the first time it runs one served from there. On a first visit
// the page's scripts come from the network, so without this the second visit compiles
// them all again (and keeps them), and only the third starts with them compiled: about
// 0.1 s later, on this machine, than one that has them. web/boot.js loads this page in a
// hidden frame once the service worker is active, when a first visit has gone quiet.
//
// The code kept is what has been compiled when a module has run, so Pyodide's module
// factory is also called, with the little of loadPyodide's settings it reads before the
// wasm and an instantiateWasm that never answers: its one big function is compiled and
// runs as far as the wasm. PyScript runs here with no Python script to start (it loads
// the same plugin chunks as the page).
import "./vendor/pyodide-314.0.7/pyodide.mjs";
import "./snapshot.mjs";

const createModule = (await import("./vendor/pyodide-314.0.7/pyodide.asm.mjs")).default;
const inBrowser = new Proxy({}, { get: (_, key) => key === "IN_BROWSER" || key === "IN_BROWSER_MAIN_THREAD" });
createModule({ preRun: [], API: { config: {}, runtimeEnv: inBrowser }, instantiateWasm: () => new Promise(() => {}) })
  .catch(() => {});   // should it stop sooner: what has run is compiled all the same
await import("./vendor/pyscript-0.7.31/core.js");
// Blink keeps each module's code in a task queued once the module has run: let those run.
await new Promise((resolve) => setTimeout(resolve, 500));
parent.postMessage("warmed-up", location.origin);
