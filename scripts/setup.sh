#!/usr/bin/env bash
# Install everything the game and its tests need on a fresh Debian machine (as root):
# Debian's chromium for the browser tests, the pinned Python test packages, and the
# pinned npm runtime, vendored into web/vendor/.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium >/dev/null 2>&1; then
  apt-get update -q
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null
fi
python3 -m pip install -q --disable-pip-version-check -r requirements-test.txt
bash scripts/vendor.sh
