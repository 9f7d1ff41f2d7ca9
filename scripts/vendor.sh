#!/usr/bin/env bash
# Copy the pinned browser runtime (Pyodide, PyScript) from node_modules into web/vendor/,
# the ignored folder the page loads it from. Nothing is ever fetched from a CDN.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules/pyodide ] && [ -d node_modules/@pyscript/core ] && [ -d node_modules/xz-decompress ] \
  && [ -d node_modules/axe-core ] && [ -d node_modules/@resvg/resvg-wasm ] || npm ci --no-audit --no-fund
# Folders named after the versions, so a new version is a new URL (cached for good).
pyodide=web/vendor/pyodide-$(node -p 'require("./node_modules/pyodide/package.json").version')
pyscript=web/vendor/pyscript-$(node -p 'require("./node_modules/@pyscript/core/package.json").version')
rm -rf web/vendor
mkdir -p "$pyodide" "$pyscript"
for f in pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json; do
  cp node_modules/pyodide/$f "$pyodide/"
done
# Chunk names carry hashes: copy the whole dist folder, less the source maps.
find node_modules/@pyscript/core/dist -maxdepth 1 -type f \( -name '*.js' -o -name '*.css' \) \
  -exec cp {} "$pyscript/" \;
# The xz decoder a first visit unpacks the wasm with (web/wasm.mjs): the package's script
# as it is, for the service worker (importScripts), and as an ES module for the page and the
# solver's worker (its UMD wrapper given an object of its own instead of `this`, which is
# undefined in a module).
xz=web/vendor/xz-decompress-$(node -p 'require("./node_modules/xz-decompress/package.json").version')
mkdir -p "$xz"
cp node_modules/xz-decompress/dist/package/xz-decompress.js "$xz/"
node -e '
const fs = require("fs"), [src, out] = process.argv.slice(1);
const text = fs.readFileSync(src, "utf8"), call = "})(this, (";
if (text.split(call).length !== 2) { console.error(src + ": its UMD call is not where expected"); process.exit(1); }
fs.writeFileSync(out, "const root = {};\n" + text.replace(call, "})(root, (")
  + "\nexport const { XzReadableStream } = root[\"xz-decompress\"];\n");
' "$xz/xz-decompress.js" "$xz/xz-decompress.mjs"
echo "vendored pyodide $(node -p 'require("./node_modules/pyodide/package.json").version')," \
     "pyscript $(node -p 'require("./node_modules/@pyscript/core/package.json").version') into web/vendor/"

