#!/usr/bin/env bash
# Set up, build dist/ (what is deployed), then run every test: engine, solver, command line,
# doctests and the browser (which serves dist/ with netlify.toml's headers).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
# Three workers on two cores: each file of browser tests runs in order on one worker
# (tests/conftest.py groups them), the CPython tests are spread over all. A browser test
# waits on its page a quarter of the time; with two workers that left the cores idle.
python3 -m pytest -q --doctest-modules -n 3 --dist loadgroup py tests "$@"
