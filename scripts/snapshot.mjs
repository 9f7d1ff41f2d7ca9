// Make a Pyodide memory snapshot under node (called by scripts/build_site.py during the build):
// boot the vendored Pyodide, write the page's Python files where PyScript will put them,
// import the modules the page needs, and write the raw snapshot to the output path.
//   node scripts/snapshot.mjs SPEC.json OUT.bin
// SPEC: {"indexURL": folder of pyodide.mjs, "files": [[source, target], ...],
//        "modules": [names], "optional": [names that may need the browser]}
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
writeFileSync(outPath, py.makeMemorySnapshot());
process.stdout.write(skipped ? `not in the snapshot (needs the browser): ${skipped.split("\n").join("; ")}\n` : "");
