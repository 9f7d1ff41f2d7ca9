// The start-up snapshot's bytes, shared by the page (web/interpreter.mjs) and the solver's
// worker (web/solver-worker.mjs), which boot Pyodide from the same file.

/** The active data segments of a WebAssembly module, [offset, bytes], as
 * scripts/build_site.py's wasm_data reads them; any other form throws. */
export function dataSegments(wasm) {
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

/** The bytes scripts/build_site.py's `sparse` packed: the total length and the number of
 * runs, each run's offset and length (little-endian u32s), then the runs' bytes, put back
 * into zeros. Anything malformed throws. */
export function unsparse(packed) {
  const words = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const total = words.getUint32(0, true), count = words.getUint32(4, true);
  const out = new Uint8Array(total);
  const runs = [];
  let at = 8 + 8 * count;
  for (let k = 0; k < count; k++) {
    const offset = words.getUint32(8 + 8 * k, true), length = words.getUint32(12 + 8 * k, true);
    if (offset + length > total || at + length > packed.length) throw new Error("a malformed snapshot");
    out.set(packed.subarray(at, at + length), offset);
    runs.push([offset, offset + length]);
    at += length;
  }
  if (at !== packed.length) throw new Error("a malformed snapshot");
  written.set(out, runs);
  return out;
}

// Where the bytes `unsparse` gave may be other than zero: its runs ([start, end), in order),
// with, for the shipped file, the wasm's data segments XORed in (snapshotBytes).
const written = new WeakMap();

/** Runs [start, end) merged, in order. */
function merged(runs) {
  const out = [];
  for (const [start, end] of [...runs].sort((a, b) => a[0] - b[0])) {
    const last = out[out.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}

/** Pyodide's restore of a snapshot (`api.restoreSnapshot`, which copies the whole of its
 * memory into the heap, 31 MB, 14 of them zeros), made to write only what is not zero, for
 * bytes whose zero blocks `unsparse` knows: the heap's pages that stay zero are then never
 * touched, and take no memory. What the heap already holds outside those runs (the wasm's
 * data segments, what its start wrote) is cleared where it is not zero. Other bytes are
 * restored as Pyodide does. */
export function restoringWritten(module) {
  const api = module.API, restore = api?.restoreSnapshot;
  if (typeof restore !== "function") return;
  api.restoreSnapshot = function (bytes) {
    const runs = written.get(bytes);
    const start = bytes.byteLength >= 8 ? new DataView(bytes.buffer, bytes.byteOffset, 8).getUint32(4, true) : 0;
    const heap = module.HEAPU8;
    if (!runs || !start || start % 16 || !heap || heap.length < bytes.length - start) return restore.call(this, bytes);
    const found = restore.call(this, bytes.subarray(0, start));   // its checks and header; no memory
    let clear = start;
    for (const [from, to] of runs) {
      if (to <= start) continue;
      const lo = Math.max(from, start);
      zeroed(heap, clear - start, lo - start);
      heap.set(bytes.subarray(lo, to), lo - start);
      clear = to;
    }
    zeroed(heap, clear - start, bytes.length - start);
    // The kept copy has nothing more to give (a copy of the shipped file is kept after this).
    if (kept.has(bytes)) release(bytes);
    return found;
  };
}

/** Clears heap[from, to) block by block, writing only the blocks that are not zero. */
function zeroed(heap, from, to, block = 4096) {
  const words = heap.byteOffset % 4 ? null : new Int32Array(heap.buffer, heap.byteOffset, heap.length >> 2);
  for (let at = from; at < to; at += block) {
    const end = Math.min(at + block, to);
    if (!allZero(heap, words, at, end)) heap.fill(0, at, end);
  }
}

/** Whether heap[at, end) is all zero: read a word at a time (`words`, the same memory), a
 * byte at a time at either end. */
function allZero(heap, words, at, end) {
  let lo = end, hi = end;   // the whole words inside [at, end), in bytes
  if (words) {
    lo = Math.min(end, Math.ceil(at / 4) * 4);
    hi = Math.max(lo, end - (end % 4));
    for (let k = lo / 4; k < hi / 4; k++) if (words[k] !== 0) return false;
  }
  for (let b = at; b < lo; b++) if (heap[b] !== 0) return false;
  for (let b = hi; b < end; b++) if (heap[b] !== 0) return false;
  return true;
}

/** `bytes` without their all-zero blocks of `block` bytes, as scripts/build_site.py's
 * `sparse` packs them (`unsparse` puts them back). */
export function sparse(bytes, block = 4096) {
  const parts = sparseParts(bytes, block);
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let to = 0;
  for (const part of parts) {
    out.set(part, to);
    to += part.length;
  }
  return out;
}

/** What `sparse` writes, in parts: its header, then views of `bytes` (no copy), each at
 * most `piece` bytes long. Given `runs` ([start, end), in order, with only zeros outside
 * them: what `unsparse` and the XOR wrote), no block is read to find them. */
export function sparseParts(bytes, block = 4096, piece = 1 << 20, runs = null) {
  if (!runs) {
    runs = [];
    for (let at = 0; at < bytes.length; at += block) {
      const end = Math.min(at + block, bytes.length);
      let k = at;
      while (k < end && bytes[k] === 0) k++;
      if (k === end) continue;
      const last = runs[runs.length - 1];
      if (last && last[1] === at) last[1] = end;
      else runs.push([at, end]);
    }
  }
  const head = new Uint8Array(8 + 8 * runs.length);
  const words = new DataView(head.buffer);
  words.setUint32(0, bytes.length, true);
  words.setUint32(4, runs.length, true);
  const parts = [head];
  runs.forEach(([at, end], k) => {
    words.setUint32(8 + 8 * k, at, true);
    words.setUint32(12 + 8 * k, end - at, true);
    for (let from = at; from < end; from += piece) parts.push(bytes.subarray(from, Math.min(from + piece, end)));
  });
  return parts;
}

/** A stream that passes its chunks on as they come and, on the page's thread, lets the
 * page have a task of its own whenever `slice` ms have gone by since it last did: the
 * unpacking of the wasm and of the snapshot on a first visit ran as tasks of a quarter
 * of a second and more, during which the page answered nothing. In a worker it only
 * passes the chunks on. */
export function yielding(slice = 20) {
  if (!globalThis.document) return new TransformStream();
  let since = performance.now();
  return new TransformStream({
    async transform(chunk, controller) {
      controller.enqueue(chunk);
      if (performance.now() - since > slice) {
        await nextTask();
        since = performance.now();
      }
    },
  });
}

/** Resolves in a task of its own (scheduler.yield where the browser has it). */
export function nextTask() {
  if (globalThis.scheduler?.yield) return globalThis.scheduler.yield();
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => {
      port1.close();
      resolve();
    };
    port2.postMessage(null);
  });
}

// The snapshot as Pyodide takes it (31 MB), kept by the page after the first start from the
// shipped file, so that later starts need not unpack it again (about a third of a second of
// the page's thread). It is kept without its all-zero blocks (`sparse`: 17 MB to read back,
// not 31, and putting the zeros back costs little). Its key is the shipped file's
// (hash-named) address; one entry at a time. Not a "tabbycat-" cache: those are the service
// worker's, which it clears at each release.
const KEPT = "start-up-snapshot";
const keptKey = (url) => new URL(url, globalThis.location?.href).href + "?kept";
const kept = new WeakSet();   // the bytes that came from the kept copy

// A note in localStorage of the kept copy's key, read at a start before the copy is (Cache
// Storage answers late, behind the start's other reads), so that a start that will use the
// copy need not keep a second handle on the wasm's bytes: cloning the response cost the
// page's thread about 20 ms. Only a hint: the copy itself decides, and a note left without
// a copy costs that start a second read of the wasm.
const NOTE = "tabbycat.snapshot-kept.v1";
const note = (value) => {
  try {
    if (value) localStorage.setItem(NOTE, value);
    else localStorage.removeItem(NOTE);
  } catch (e) { /* no localStorage here (a worker) or it is full: only a hint */ }
};

/** Whether an earlier start noted a kept copy of the snapshot at `url`. */
export function keptCopyNoted(url) {
  try {
    return !!url && localStorage.getItem(NOTE) === keptKey(url);
  } catch (e) {
    return false;
  }
}

/** Let go of the memory behind `bytes` now (17-31 MB of snapshot once Pyodide has copied
 * it into its own), whatever else still holds them (Pyodide keeps its options): the
 * buffer is detached, where the browser can (ArrayBuffer.prototype.transfer). */
export function release(bytes) {
  try {
    bytes?.buffer?.transfer?.(0);
  } catch (e) { /* not detachable here: the garbage collector frees it when it can */ }
}

/** Whether `bytes` (from snapshotBytes) came from the kept copy rather than the shipped file. */
export const fromKeptCopy = (bytes) => !!bytes && kept.has(bytes);

/** The kept copy, its zero blocks put back (null: none, or it could not be read), for
 * `snapshotBytes`'s `stored`: a start may ask for it before it needs it. */
export async function readKeptCopy(url) {
  try {
    const hit = await (await caches.open(KEPT)).match(keptKey(url));
    return hit ? await unsparseStream(hit.body) : null;
  } catch (e) {
    return null;   // no Cache Storage here, or a malformed copy: unpack the shipped file
  }
}

/** What `unsparse` gives for the bytes of `stream`, each piece put in its place as it is
 * read: the packed bytes (17 MB) are never held whole beside the 31 MB (with the packed
 * copy read first into one buffer, a reload's peak held both). Anything malformed throws. */
export async function unsparseStream(stream) {
  const reader = stream.getReader();
  let pending = new Uint8Array(0);   // read, not yet placed
  const more = async () => {
    const { done, value } = await reader.read();
    if (done) return false;
    if (!pending.length) pending = value;
    else {
      const both = new Uint8Array(pending.length + value.length);
      both.set(pending);
      both.set(value, pending.length);
      pending = both;
    }
    return true;
  };
  const need = async (n) => {
    while (pending.length < n) if (!(await more())) throw new Error("a malformed snapshot");
  };
  try {
    await need(8);
    const head = new DataView(pending.buffer, pending.byteOffset, 8);
    const total = head.getUint32(0, true), count = head.getUint32(4, true);
    await need(8 + 8 * count);
    const words = new DataView(pending.buffer, pending.byteOffset, 8 + 8 * count);
    const runs = [];
    for (let k = 0; k < count; k++) {
      const offset = words.getUint32(8 + 8 * k, true), length = words.getUint32(12 + 8 * k, true);
      if (offset + length > total) throw new Error("a malformed snapshot");
      runs.push([offset, offset + length]);
    }
    pending = pending.slice(8 + 8 * count);
    const out = new Uint8Array(total);
    for (const [offset, end] of runs) {
      for (let at = offset; at < end;) {
        if (!pending.length && !(await more())) throw new Error("a malformed snapshot");
        const n = Math.min(end - at, pending.length);
        out.set(pending.subarray(0, n), at);
        at += n;
        pending = pending.subarray(n);
      }
    }
    if (pending.length || (await more())) throw new Error("a malformed snapshot");
    written.set(out, runs);
    return out;
  } finally {
    reader.cancel().catch(() => {});
  }
}

async function keptCopy(url, stored = readKeptCopy(url)) {
  const bytes = await stored;
  if (bytes) kept.add(bytes);
  return bytes;
}

/** Keep `bytes`, the snapshot at `url` unpacked, for the next start (dropping any other);
 * `bytes` must stay as they are until this has resolved. */
export async function keepUnpacked(url, bytes) {
  try {
    const cache = await caches.open(KEPT);
    for (const request of await cache.keys()) {
      if (request.url !== keptKey(url)) await cache.delete(request);
    }
    // Streamed from views of `bytes`: a packed copy made first (17 MB) and the Response's
    // own copy of it raised the renderer's peak by as much again while it was written.
    const parts = sparseParts(bytes, 4096, 1 << 20, written.get(bytes));
    const body = new ReadableStream({
      pull(controller) {
        if (parts.length) controller.enqueue(parts.shift());
        else controller.close();
      },
    });
    await cache.put(keptKey(url), new Response(body, { headers: { "Content-Type": "application/octet-stream" } }));
    note(keptKey(url));
  } catch (e) { /* the next start unpacks the shipped file again */ }
}

/** Forget the kept copy of the snapshot at `url` (Pyodide refused it). */
export async function dropUnpacked(url) {
  note(null);
  try {
    await (await caches.open(KEPT)).delete(keptKey(url));
  } catch (e) { /* nothing kept */ }
}

/** The bytes of the snapshot at `url` (null: none, or it could not be read): the copy kept
 * by an earlier start if there is one (`stored`: its stored bytes as `readKeptCopy` gives
 * them, if the caller asked for them already), else the shipped file gunzipped here (the host need
 * not compress it), its all-zero blocks put back (the build leaves them out, so there is
 * less to inflate), then its memory XORed back with the data segments of the wasm in
 * `indexURL` (the build XORed them in, so that what Python never changed becomes zeros),
 * read from `wasmResponse` if given: a response, or its promise (left unread, and
 * cancelled, when the kept copy is used), or a function that fetches it (called only if
 * the shipped file is unpacked). */
export async function snapshotBytes(url, indexURL, wasmResponse = null, stored = undefined) {
  if (!url || typeof DecompressionStream === "undefined") return null;
  const lazy = typeof wasmResponse === "function";
  const copy = await keptCopy(url, stored);
  if (copy) {
    if (wasmResponse && !lazy) Promise.resolve(wasmResponse).then((r) => r.body?.cancel()).catch(() => {});
    return copy;
  }
  try {
    const [response, wasm] = await Promise.all([fetch(url), lazy ? wasmResponse()
                                                : wasmResponse || fetch(indexURL + "pyodide.asm.wasm")]);
    if (!response.ok || !wasm.ok) return null;
    const raw = response.body.pipeThrough(new DecompressionStream("gzip")).pipeThrough(yielding());
    const [bytes, code] = await Promise.all([new Response(raw).arrayBuffer().then((b) => unsparse(new Uint8Array(b))),
                                             wasm.arrayBuffer().then((b) => new Uint8Array(b))]);
    const base = new DataView(bytes.buffer).getUint32(4, true);
    const runs = written.get(bytes);
    let since = performance.now();
    for (const [offset, data] of dataSegments(code)) {
      const at = base + offset, n = Math.min(data.length, bytes.length - at);
      for (let from = 0; from < n; from += 1 << 18) {   // 3.2 MB in all: in slices on the page's thread
        for (let k = from, end = Math.min(n, from + (1 << 18)); k < end; k++) bytes[at + k] ^= data[k];
        if (globalThis.document && performance.now() - since > 20) {
          await nextTask();
          since = performance.now();
        }
      }
      runs.push([at, at + n]);
    }
    written.set(bytes, merged(runs));
    return bytes;
  } catch (e) {
    return null;
  }
}

/** The list of the engine's files (web/engine-files.json, by the build): [source, target]s. */
export async function engineFileList() {
  const response = await fetch(new URL("./engine-files.json", import.meta.url));
  if (!response.ok) throw new Error(`engine-files.json: ${response.status}`);
  return response.json();
}

/** For a boot without the snapshot: the engine's files, fetched, for `writeEngineFiles` (a
 * start may ask for them before Python is up). Given the list already read, every request
 * is made before this returns: a normal start holds the page's thread for seconds, and
 * requests made after it began would wait for it. */
export function fetchEngineFiles(list = null) {
  const site = new URL("../", import.meta.url);
  const fetchAll = (listed) => Promise.all(listed.map(([source, target]) => fetch(new URL(source, site)).then(async (r) => {
    if (!r.ok) throw new Error(`${source}: ${r.status}`);
    return [target, new Uint8Array(await r.arrayBuffer())];
  })));
  return list ? fetchAll(list) : engineFileList().then(fetchAll);
}

/** For a boot without the snapshot: write the engine's files where the snapshot has them,
 * as PyScript's [files] would, relative to the site (the folder above this one); `files`:
 * what `fetchEngineFiles` gives, else fetched now. Used by the page and the solver's worker. */
export async function writeEngineFiles(py, files = fetchEngineFiles()) {
  for (const [target, body] of await files) {
    const path = target.replace(/^\.\//, "");
    py.FS.mkdirTree(path.split("/").slice(0, -1).join("/"));
    py.FS.writeFile(path, body);
  }
}

/** After a start that mounted the page's smaller standard-library archive (the build's
 * `stdlib-<hash>.zip`, only what the page's imports read): the finder that archive holds
 * (`_stdlib_rest`, last in sys.meta_path), which on an import of anything else from the
 * standard library fetches Pyodide's whole archive (`full`, its address) at once, in one
 * synchronous request (an import cannot wait), and mounts it. Nothing without it. */
export function mountRest(py, full) {
  let rest;
  try {
    rest = py.pyimport("_stdlib_rest");
  } catch (e) {
    return;   // the whole archive is mounted: nothing more to find
  }
  const load = (path) => {
    const request = new XMLHttpRequest();
    request.open("GET", full, false);
    // A synchronous request in a page takes no responseType: the bytes come as text, one
    // character each, in this charset.
    request.overrideMimeType("text/plain; charset=x-user-defined");
    request.send();
    if (request.status !== 200) throw new Error(`${full}: ${request.status}`);
    const text = request.responseText;
    const bytes = new Uint8Array(text.length);
    for (let k = 0; k < text.length; k++) bytes[k] = text.charCodeAt(k) & 0xff;
    py.FS.writeFile(path, bytes);
  };
  try {
    rest.install(load);
  } finally {
    rest.destroy();
  }
}
