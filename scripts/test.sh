#!/usr/bin/env bash
# Set up, build dist/ (what is deployed), then run every test: engine, solver, command line,
# doctests and the browser (which serves dist/ with netlify.toml's headers).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
# Two workers: the browser tests one after another on one of them (tests/conftest.py groups
# them), the CPython tests spread over both.
python3 -m pytest -q --doctest-modules -n 2 --dist loadgroup py tests "$@"
