#!/usr/bin/env bash
# Build the static site into dist/ (what Netlify publishes and what the browser tests serve):
# the page, its config, the service worker, the engine sources, the vendored runtime and the icons, then
# scripts/build_site.py adds the Pyodide memory snapshot, the preload links, the first-visit board
# and the service worker's file list. Set NO_SNAPSHOT=1 for a build that boots normally.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/vendor.sh
out=${DIST:-dist}
rm -rf "$out" && mkdir -p "$out"
cp index.html pyscript.toml sw.js "$out"/
cp -r web "$out"/web
node scripts/icons.mjs "$out"          # the raster icons, from web/icon.svg
mkdir -p "$out"/py && cp -r py/solitaire "$out"/py/solitaire
mkdir -p "$out"/docs/rules && cp docs/rules/*.md docs/rules/figures.json "$out"/docs/rules/  # How to play
python3 scripts/rules_site.py "$out"   # the rules pages, plain HTML (docs/rules/)
python3 scripts/boot_words.py "$out"  # the loading screen's words, from the catalogue
find "$out" -name __pycache__ -prune -exec rm -rf {} +
python3 scripts/build_site.py "$out" ${NO_SNAPSHOT:+--no-snapshot}
echo "built $out/ ($(du -sh "$out" | cut -f1))"
