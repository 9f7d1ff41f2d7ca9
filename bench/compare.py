"""Two versions of the solver side by side: the same searches, interleaved, in one process.

This machine's speed drifts by up to a fifth from hour to hour, so two runs of ``stats`` an
hour apart cannot tell a change of a few per cent. Here each version's engine and solver
(``py/solitaire`` of a git revision, or of the working tree) are imported side by side
under names of their own, and each search is run by one version then the other (the order
turned round every round), so the drift weighs on both alike. It prints each version's
positions a second and says whether every search gave the same verdict, count and line.

    python3 bench/compare.py [--game spider4] [--deals 2,5,9,12] [--budget 60000]
                             [--rounds 4] [--pyodide] [BASE [OTHER]]

``BASE`` defaults to ``HEAD``, ``OTHER`` to the working tree. With ``--pyodide`` the
searches run in the vendored Pyodide under node (as in the page's worker, less the
browser), which weighs Python's costs differently, so a change can gain more or less
there than in CPython.
"""

import argparse
import io
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "web" / "vendor" / "pyodide-314.0.7"

# Run with NAMES, GAME, DEALS, BUDGET, ROUNDS set; prints one JSON line.
RUN = r"""
import importlib, json, time
from types import SimpleNamespace
versions = {}
for name in NAMES:
    games = importlib.import_module(name + ".engine.games")
    search = importlib.import_module(name + ".solver.search")
    line = importlib.import_module(name + ".engine.position").format_line
    versions[name] = SimpleNamespace(game=games.get_game(GAME), Search=search.Search, line=line)
seconds = dict.fromkeys(NAMES, 0.0)
positions = dict.fromkeys(NAMES, 0)
results = {name: [] for name in NAMES}
for r in range(ROUNDS):
    for deal in DEALS:
        for name in (NAMES if r % 2 == 0 else NAMES[::-1]):
            v = versions[name]
            start = time.perf_counter()
            s = v.Search(v.game, v.game.deal(deal), BUDGET)
            while s.result is None:
                s.run(BUDGET)
            seconds[name] += time.perf_counter() - start
            positions[name] += s.result.examined
            if r == 0:
                results[name].append([s.result.verdict, s.result.examined, v.line(s.result.line)])
print(json.dumps({"seconds": seconds, "positions": positions,
                  "same": all(results[n] == results[NAMES[0]] for n in NAMES)}))
"""

NODE = r"""
import { loadPyodide } from "%s/pyodide.mjs";
const py = await loadPyodide({ indexURL: "%s/", stdout: console.log, stderr: console.error });
py.FS.mkdirTree("/versions");
py.FS.mount(py.FS.filesystems.NODEFS, { root: process.argv[2] }, "/versions");
py.runPython('import sys; sys.path.insert(0, "/versions")\n' + process.argv[3]);
"""


def export(rev: str | None, into: Path, name: str) -> None:
    """``py/solitaire`` of ``rev`` (None: the working tree) as package ``name`` in ``into``."""
    if rev is None:
        shutil.copytree(ROOT / "py" / "solitaire", into / name,
                        ignore=shutil.ignore_patterns("__pycache__"))
        return
    tar = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "py/solitaire"],
                         check=True, capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(tar)) as archive:
        archive.extractall(into / name, filter="data")
    (into / name / "py" / "solitaire").rename(into / (name + ".tmp"))
    shutil.rmtree(into / name)
    (into / (name + ".tmp")).rename(into / name)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("base", nargs="?", default="HEAD")
    ap.add_argument("other", nargs="?", default=None, help="a revision (default: the working tree)")
    ap.add_argument("--game", default="spider4")
    ap.add_argument("--deals", default="2,5,9,12")
    ap.add_argument("--budget", type=int, default=60_000)
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--pyodide", action="store_true")
    args = ap.parse_args(argv)
    names = ["base", "other"]
    with tempfile.TemporaryDirectory() as tmp:
        where = Path(tmp)
        export(args.base, where, names[0])
        export(args.other, where, names[1])
        setup = (f"NAMES = {names!r}; GAME = {args.game!r}; BUDGET = {args.budget}; "
                 f"ROUNDS = {args.rounds}; DEALS = {[int(d) for d in args.deals.split(',')]!r}\n")
        if args.pyodide:
            script = where / "run.mjs"
            script.write_text(NODE % (PYODIDE, PYODIDE))
            out = subprocess.run(["node", str(script), str(where), setup + RUN], check=True,
                                 capture_output=True, text=True).stdout
        else:
            out = subprocess.run([sys.executable, "-c", f"import sys; sys.path.insert(0, {tmp!r})\n"
                                  + setup + RUN], check=True, capture_output=True, text=True).stdout
    data = json.loads(out.strip().splitlines()[-1])
    where = "Pyodide under node" if args.pyodide else f"CPython {sys.version.split()[0]}"
    print(f"{args.game}, deals {args.deals}, budget {args.budget:,}, {args.rounds} rounds, {where}")
    speed = {}
    for name, label in zip(names, (args.base, args.other or "working tree")):
        speed[name] = data["positions"][name] / data["seconds"][name]
        print(f"  {label:>14}: {speed[name]:>9,.0f} positions a second")
    print(f"  other / base: {speed['other'] / speed['base']:.3f}; the same verdicts, counts and lines: "
          f"{'yes' if data['same'] else 'NO'}")
    return 0 if data["same"] else 1


if __name__ == "__main__":
    sys.exit(main())
