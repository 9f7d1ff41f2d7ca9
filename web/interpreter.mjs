// The `interpreter` module named in pyscript.toml: Pyodide's own, booted from the memory
// snapshot the build made (the page's preload link names it, with a hash of the Pyodide
// build and of every file it imports), else booted normally. PyScript calls loadPyodide and
// reads `version`; nothing else changes for it.
import * as pyodide from "./vendor/pyodide-314.0.7/pyodide.mjs";
import { snapshotBytes } from "./snapshot.mjs";

export const version = pyodide.version;
const indexURL = new URL("./vendor/pyodide-314.0.7/", import.meta.url).href;

/** The snapshot's bytes, or null (web/snapshot.mjs; the solver's worker boots from it too). */
function snapshot() {
  const link = globalThis.document?.querySelector('link[rel="preload"][data-snapshot]');
  return snapshotBytes(link?.href, indexURL);
}

/** On a normal boot of a page whose config leaves the engine's files to the snapshot
 * (scripts/build_site.py's light config), write them where PyScript would have. */
async function engineFiles(py) {
  if (!globalThis.document?.querySelector('script[type="py"][config$="snapshot.json"]')) return;
  const list = await (await fetch(new URL("./engine-files.json", import.meta.url))).json();
  const bodies = await Promise.all(list.map(async ([source]) => {
    const response = await fetch(new URL(source, document.baseURI));
    if (!response.ok) throw new Error(`${source}: ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }));
  for (const [k, [, target]] of list.entries()) {
    const path = target.replace(/^\.\//, "");
    py.FS.mkdirTree(path.split("/").slice(0, -1).join("/"));
    py.FS.writeFile(path, bodies[k]);
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
  await engineFiles(py);
  performance.mark("pyodide-ready");
  globalThis.document?.documentElement.setAttribute("data-boot", "normal");
  return py;
}
