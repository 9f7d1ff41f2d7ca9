#!/usr/bin/env bash
# Copy the pinned browser runtime (Pyodide, PyScript) from node_modules into web/vendor/,
# the ignored folder the page loads it from. Nothing is ever fetched from a CDN.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -d node_modules/pyodide ] && [ -d node_modules/@pyscript/core ] && [ -d node_modules/axe-core ] || npm ci --no-audit --no-fund
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
echo "vendored pyodide $(node -p 'require("./node_modules/pyodide/package.json").version')," \
     "pyscript $(node -p 'require("./node_modules/@pyscript/core/package.json").version') into web/vendor/"

