#!/usr/bin/env bash
# Build the site as Netlify would (npm runtime, snapshot) and serve dist/ on http://localhost:8000/
# with netlify.toml's headers.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
echo "Tabby Cat Solitaire on http://localhost:${PORT:-8000}/"
exec python3 tests/site_server.py dist "${PORT:-8000}"
