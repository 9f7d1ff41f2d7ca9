#!/usr/bin/env bash
# Install everything the game and its tests need on a fresh Debian machine (as root):
# Debian's chromium for the browser tests, Firefox ESR, WebKitGTK's WebDriver (with its
# MiniBrowser) and Xvfb for the other engines' smoke tests (tests/test_engines.py), Freecell
# Solver's fc-solve (Tuxedo's verdicts are checked against it in tests/test_tuxedo.py), the
# pinned Python test packages, and the pinned npm runtime, vendored into web/vendor/.
set -euo pipefail
cd "$(dirname "$0")/.."
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v firefox-esr >/dev/null 2>&1 || missing+=(firefox-esr)
command -v WebKitWebDriver >/dev/null 2>&1 || missing+=(webkit2gtk-driver)
command -v Xvfb >/dev/null 2>&1 || missing+=(xvfb)
command -v fc-solve >/dev/null 2>&1 || missing+=(freecell-solver-bin)
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >/dev/null
fi
python3 -m pip install -q --disable-pip-version-check -r requirements-test.txt
bash scripts/vendor.sh
