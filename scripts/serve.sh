#!/usr/bin/env bash
# Vendor the runtime (npm only, no root needed) and serve the game on http://localhost:8000/
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/vendor.sh
echo "Tabby Cat Solitaire on http://localhost:${PORT:-8000}/"
exec python3 -m http.server "${PORT:-8000}" --bind 127.0.0.1
