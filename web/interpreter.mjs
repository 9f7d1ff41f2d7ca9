// The `interpreter` module named in pyscript.toml: Pyodide's own, booted from the memory
// snapshot the build made (the page's preload link names it, with a hash of the Pyodide
// build and of every file it imports), else booted normally. PyScript calls loadPyodide and
// reads `version`; nothing else changes for it.
import * as pyodide from "./vendor/pyodide-314.0.7/pyodide.mjs";

export const version = pyodide.version;
const indexURL = new URL("./vendor/pyodide-314.0.7/", import.meta.url).href;

/** The snapshot's bytes, gunzipped in the page (the host need not compress it), or null. */
async function snapshot() {
  const link = globalThis.document?.querySelector('link[rel="preload"][data-snapshot]');
  if (!link || typeof DecompressionStream === "undefined") return null;
  try {
    const response = await fetch(link.href);
    if (!response.ok) return null;
    const raw = response.body.pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(raw).arrayBuffer());
  } catch (e) {
    return null;
  }
}

// Started when this module is first evaluated (web/boot.js imports it early), so the
// download and gunzip overlap PyScript's own start.
const early = snapshot();

export async function loadPyodide(options = {}) {
  performance.mark("interpreter-called");
  const bytes = await early;
  performance.mark("pyodide-start");
  if (bytes) {
    try {
      const py = await pyodide.loadPyodide({ ...options, indexURL, _loadSnapshot: bytes });
      performance.mark("pyodide-ready");
      globalThis.document?.documentElement.setAttribute("data-boot", "snapshot");
      return py;
    } catch (e) {
      console.warn("The start-up snapshot was refused; starting Python normally.", e);
    }
  }
  const py = await pyodide.loadPyodide({ ...options, indexURL });
  performance.mark("pyodide-ready");
  globalThis.document?.documentElement.setAttribute("data-boot", "normal");
  return py;
}
