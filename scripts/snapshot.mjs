// Make a Pyodide memory snapshot under node (called by scripts/build_site.py during the build):
// boot the vendored Pyodide, write the page's Python files where PyScript will put them,
// import the modules the page needs, compile those that cannot be imported under node
// (scripts/precompiled.py), and write the raw snapshot to the output path.
//   node scripts/snapshot.mjs SPEC.json OUT.bin
// It also writes OUT.bin.stdlib.json: the standard library's files (members of Pyodide's
// python_stdlib.zip) that the imports read, and OUT.bin.stdlib.zip: those files as this
// Python's bytecode (scripts/stdlib_bytecode.py), from which the build makes the page's
// smaller standard-library archive; and it leaves zipimport's directory cache empty, so that a
// start from the snapshot reads whichever archive the page mounts.
// SPEC: {"indexURL": folder of pyodide.mjs, "files": [[source, target], ...],
//        "modules": [names], "optional": [names that may need the browser],
//        "precompile": [[module, target], ...] (compiled if not imported),
//        "sources": [[module, target, is_package, text], ...] (files PyScript writes itself),
//        "scripts": [texts of the page's <script type="py">, run through runPythonAsync]}
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [specPath, outPath] = process.argv.slice(2);
const spec = JSON.parse(readFileSync(specPath, "utf8"));
const indexURL = path.resolve(spec.indexURL) + "/";
const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);
const py = await loadPyodide({ indexURL, _makeSnapshot: true, stdout: () => {}, stderr: () => {} });
for (const [source, target] of spec.files) {
  const dest = target.replace(/^\.\//, "");
  const dir = dest.split("/").slice(0, -1).join("/");
  if (dir) py.FS.mkdirTree(dir);  // relative to the home folder, as PyScript writes them
  py.FS.writeFile(dest, readFileSync(source));
}
const scope = py.toPy({ _wanted: spec.modules, _optional: spec.optional });
const skipped = py.runPython(`
import importlib, sys
skipped = []
for name in _wanted:
    try:
        importlib.import_module(name)
    except ImportError as e:
        if name not in _optional:
            raise
        skipped.append(f"{name} ({e})")
        sys.modules.pop(name, None)
"\\n".join(skipped)
`, { globals: scope });
scope.destroy();
// What could not be imported (the page's modules, PyScript's package) is compiled instead
// and served from memory by scripts/precompiled.py's finder, installed first in sys.meta_path;
// the page's script is compiled too, for Pyodide's runPythonAsync.
const ahead = py.toPy({
  _files: (spec.precompile || []).map(([name, target]) => [name, target, false, null]),
  _sources: (spec.sources || []),
  _finder: readFileSync(new URL("./precompiled.py", import.meta.url), "utf8"),
  _scripts: spec.scripts || [],
});
py.runPython(`
import os, sys, types
table = {}
for name, target, package, source in [*_files, *_sources]:
    if name in sys.modules:
        continue
    path = os.path.abspath(target)
    if not isinstance(source, str):  # (a JS null)
        with open(path, encoding="utf-8") as f:
            source = f.read()
    table[name] = (path, source, package)
module = types.ModuleType("_precompiled")
exec(compile(_finder, "_precompiled", "exec"), module.__dict__)
sys.modules["_precompiled"] = module
sys.meta_path.insert(0, module.Precompiled(table))
module.run_compiled(list(_scripts))
`, { globals: ahead });
ahead.destroy();
// The standard library's files the imports above read (from the archive Pyodide mounts at
// /lib/python3XX.zip: not the frozen modules, which name a file there but are read from the
// binary), then zipimport's memory of that archive's directory forgotten.
const scratch = py.toPy({});
const used = py.runPython(`
import sys, zipimport
archive = next(p for p in sys.path if p.endswith(".zip"))
used = sorted({m.__file__[len(archive) + 1:] for m in list(sys.modules.values())
               if isinstance(getattr(m, "__file__", None), str) and m.__file__.startswith(archive + "/")
               and getattr(m.__spec__, "origin", None) != "frozen"})   # (those are in the binary)
zipimport._zip_directory_cache.clear()
"\\n".join(used)
`, { globals: scratch });
scratch.destroy();
writeFileSync(outPath + ".stdlib.json", JSON.stringify(used.split("\n")));
writeFileSync(outPath, py.makeMemorySnapshot());
// Those files as this Python's bytecode (scripts/stdlib_bytecode.py), for the page's archive:
// compiled in a second Pyodide, so that the snapshot's memory holds none of that work.
const compiler = await loadPyodide({ indexURL, stdout: () => {}, stderr: () => {} });
const compiling = compiler.toPy({ _used: used.split("\n"),
                                  _source: readFileSync(new URL("./stdlib_bytecode.py", import.meta.url), "utf8") });
compiler.runPython(`
import sys, types
module = types.ModuleType("stdlib_bytecode")
exec(compile(_source, "stdlib_bytecode", "exec"), module.__dict__)
archive = next(p for p in sys.path if p.endswith(".zip"))
module.compile_archive(archive, list(_used), "/tmp/stdlib-bytecode.zip")
`, { globals: compiling });
compiling.destroy();
writeFileSync(outPath + ".stdlib.zip", compiler.FS.readFile("/tmp/stdlib-bytecode.zip"));
process.stdout.write(skipped ? `not in the snapshot (needs the browser): ${skipped.split("\n").join("; ")}\n` : "");
