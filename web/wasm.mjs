// Pyodide's wasm as a start gets it, for the page (web/interpreter.mjs) and the solver's
// worker (web/solver-worker.mjs). Where no service worker serves the page (a first visit,
// or a browser that keeps none) it is fetched packed with xz (pyodide.asm.wasm.xz, by the
// build: 2.6 MB on the wire against 3.6 for the wasm gzip-compressed by the host) and
// unpacked here as it arrives, into a response that WebAssembly.compileStreaming takes as
// it takes the file's own; the service worker keeps the wasm itself, unpacked once as it
// installs (sw.js), and every later start reads that. Pyodide, given the module compiled
// here (withCompiled), still asks for the wasm as it sets up: a stand-in answers that one
// request (standIn).
import { XzReadableStream } from "./vendor/xz-decompress-0.2.3/xz-decompress.mjs";
import { nextTask, yielding } from "./snapshot.mjs";

/** The file a start reads: the wasm in `indexURL`, or its packed copy when `packed`. */
export const wasmFile = (indexURL, packed) => indexURL + (packed ? "pyodide.asm.wasm.xz" : "pyodide.asm.wasm");

/** Whether a start here reads the packed copy: no service worker serves this page. */
export const packedHere = () => !globalThis.navigator?.serviceWorker?.controller;

/** The wasm's response from `response` (what fetching `url` gave): the file's own, or the
 * packed copy unpacked as it arrives. A packed copy that cannot be had (a host that lost
 * it: 404) gives the wasm itself, fetched with `fetchFile`. */
export async function readWasm(url, response, fetchFile = globalThis.fetch.bind(globalThis)) {
  const res = await response;
  if (!url.endsWith(".xz")) return res;
  if (!res.ok) return fetchFile(url.slice(0, -3));
  // In slices (yielding): on the page's thread the page answers between them.
  const unpacked = new XzReadableStream(res.body).pipeThrough(new TransformStream({ flush: () => dropDecoder() }))
    .pipeThrough(yielding());
  return new Response(unpacked, { headers: { "Content-Type": "application/wasm" } });
}

/** Lets go of the xz decoder's instance once a start has unpacked the wasm: the package
 * keeps it for the life of the page (its memory grown to the 8 MiB dictionary and more),
 * and a later use makes another. */
export function dropDecoder(Decoder = XzReadableStream) {
  Decoder._moduleInstance = undefined;
  Decoder._moduleInstancePromise = undefined;
}

/** The wasm compiled from `response` (streamed), or null if it cannot be. */
export function compileWasm(response) {
  if (typeof WebAssembly.compileStreaming !== "function") return Promise.resolve(null);
  return Promise.resolve(response).then((r) => WebAssembly.compileStreaming(r)).catch(() => null);
}

/** Pyodide's module factory (from `indexURL`), instantiating `compiled` (a promise of the
 * module, or of null): Pyodide's own instantiateWasm (which adds its imports) runs as it
 * is, and its one call of WebAssembly.instantiateStreaming with those imports gets the
 * compiled module. `after(module)` runs on the module made. */
export function withCompiled(indexURL, compiled, after = () => {}) {
  // Loaded now (Pyodide would load it before awaiting the snapshot; given a factory it does not).
  const factory = import(indexURL + "pyodide.asm.mjs");
  return async (settings) => {
    const { default: create } = await factory;
    const module = await compiled;
    const instantiate = settings.instantiateWasm;
    if (module && instantiate) {
      settings.instantiateWasm = (imports, done) => {
        const streaming = WebAssembly.instantiateStreaming;
        WebAssembly.instantiateStreaming = async function (source, given, ...rest) {
          if (given !== imports) return streaming.call(this, source, given, ...rest);
          WebAssembly.instantiateStreaming = streaming;
          return { instance: await WebAssembly.instantiate(module, given), module };
        };
        return instantiate(imports, done);
      };
    }
    const made = await create(settings);
    // On the page's thread, a task of its own for what Pyodide does next (the restore and
    // Python's finishing): emscripten's linking before it is one long task already.
    if (globalThis.document) await nextTask();
    after(made);
    return made;
  };
}

/** Pyodide fetches the wasm (`url`, the file itself) as it sets up, though it instantiates
 * the module compiled here: while `run()` runs, that one request gets a stand-in, an empty
 * response when `compiled` gives a module (it is never read), else the file itself; every
 * other request passes through. Returns what `run()` returns. */
export async function standIn(url, compiled, run) {
  const real = globalThis.fetch;
  const stand = function (input, init) {
    if (String(input) !== url) return real.call(this, input, init);
    if (globalThis.fetch === stand) globalThis.fetch = real;
    return compiled.then((module) => (module ? new Response(new ArrayBuffer(0)) : real.call(globalThis, input, init)));
  };
  globalThis.fetch = stand;
  try {
    return await run();
  } finally {
    if (globalThis.fetch === stand) globalThis.fetch = real;
  }
}
