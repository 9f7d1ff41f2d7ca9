#!/usr/bin/env bash
# Set up, build dist/ (what is deployed), then run every test: engine, solver, command line,
# doctests and the browser (which serves dist/ with netlify.toml's headers).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
# Two workers: each file of browser tests runs in order on one worker (tests/conftest.py
# groups them), the files and the CPython tests are spread over both. The suite keeps both
# cores busy (2% idle over a run); a third worker made it no faster.
python3 -m pytest -q --doctest-modules -n 2 --dist loadgroup py tests "$@"
