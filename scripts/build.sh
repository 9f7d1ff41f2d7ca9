#!/usr/bin/env bash
# Build the static site into dist/ (what Netlify publishes): the page, its config, the
# engine sources and the vendored runtime; nothing else.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/vendor.sh
rm -rf dist && mkdir -p dist
cp index.html pyscript.toml dist/
cp -r web dist/web
mkdir -p dist/py && cp -r py/solitaire dist/py/solitaire
python3 scripts/rules_site.py dist   # the rules pages, plain HTML (docs/rules/)
find dist -name __pycache__ -prune -exec rm -rf {} +
echo "built dist/ ($(du -sh dist | cut -f1))"
