// The `interpreter` module named in pyscript.toml: Pyodide's own, booted from the memory
// snapshot the build made (the page's preload link names it, with a hash of the Pyodide
// build and of every file it imports), else booted normally. PyScript calls loadPyodide and
// reads `version`; nothing else changes for it.
import * as pyodide from "./vendor/pyodide-314.0.7/pyodide.mjs";

export const version = pyodide.version;
const indexURL = new URL("./vendor/pyodide-314.0.7/", import.meta.url).href;

/** The active data segments of a WebAssembly module, [offset, bytes], as
 * scripts/build_site.py's wasm_data reads them; any other form throws. */
function dataSegments(wasm) {
  let i = 8;
  const leb = (signed = false) => {
    let value = 0, shift = 0, byte;
    do {
      byte = wasm[i++];
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    if (signed && byte & 0x40) value -= 2 ** shift;
    return value;
  };
  if (wasm[0] !== 0 || wasm[1] !== 0x61 || wasm[2] !== 0x73 || wasm[3] !== 0x6d) throw new Error("not wasm");
  const found = [];
  while (i < wasm.length) {
    const section = wasm[i++];
    const size = leb(), end = i + size;
    if (section === 11) {
      for (let n = leb(); n > 0; n--) {
        if (leb() !== 0 || wasm[i++] !== 0x41) throw new Error("a data segment of another form");
        const offset = leb(true);
        if (wasm[i++] !== 0x0b) throw new Error("a data segment offset that is not a constant");
        const length = leb();
        found.push([offset, wasm.subarray(i, i + length)]);
        i += length;
      }
    }
    i = end;
  }
  return found;
}

/** The snapshot's bytes, or null: gunzipped in the page (the host need not compress it),
 * then its memory XORed back with the wasm's data segments (the build XORed them in, so
 * that what Python never changed compresses to nothing). */
async function snapshot() {
  const link = globalThis.document?.querySelector('link[rel="preload"][data-snapshot]');
  if (!link || typeof DecompressionStream === "undefined") return null;
  try {
    const [response, wasm] = await Promise.all([fetch(link.href), fetch(indexURL + "pyodide.asm.wasm")]);
    if (!response.ok || !wasm.ok) return null;
    const raw = response.body.pipeThrough(new DecompressionStream("gzip"));
    const [bytes, code] = await Promise.all([new Response(raw).arrayBuffer().then((b) => new Uint8Array(b)),
                                             wasm.arrayBuffer().then((b) => new Uint8Array(b))]);
    const base = new DataView(bytes.buffer).getUint32(4, true);
    for (const [offset, data] of dataSegments(code)) {
      const at = base + offset, n = Math.min(data.length, bytes.length - at);
      for (let k = 0; k < n; k++) bytes[at + k] ^= data[k];
    }
    return bytes;
  } catch (e) {
    return null;
  }
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
