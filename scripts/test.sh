#!/usr/bin/env bash
# Set up, then run every test: engine, solver, command line, doctests and the browser.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
python3 -m pytest -q --doctest-modules py tests "$@"
