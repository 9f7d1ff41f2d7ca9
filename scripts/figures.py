"""Measure the solver figures the rules pages' FAQ publishes ("Can every deal be won?")
and write them to docs/rules/figures.json. Run it after any change to the solver:

    python3 scripts/figures.py            # every game (about a minute on two cores)
    python3 scripts/figures.py --check    # compare the file with fresh runs; exit 1 if stale

Each game's figures are what ``python3 -m solitaire stats RANGE --game ID --budget B
--json`` prints (the deterministic fields only: no times, no memory). The ranges and
budgets below are kept small enough for tests/test_rules_docs.py to re-run them all.
"""

import json
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FILE = ROOT / "docs" / "rules" / "figures.json"
BUDGET = 100_000   # positions per deal: the same budget Winnable gives a deal in the page
# Slowest first, so that two workers finish together (about 46 s of CPU in all, measured
# on a busy 2-core machine: four-suit Spider some 2.3 s a deal, the others 0.1-0.8 s).
RANGES = {"spider4": "1-5", "spider2": "1-10", "tuxedo": "1-50", "tabbycat-relaxed": "1-50",
          "tabbycat": "1-50", "spider1": "1-30", "manx": "1-30"}
FIELDS = ("first", "last", "deals", "budget", "won", "unwinnable", "undecided")


def command(game: str, deals: str, budget: int) -> list:
    """The command line whose output a game's figures are."""
    return [sys.executable, "-m", "solitaire", "stats", deals, "--game", game,
            "--budget", str(budget), "--json"]


def measure(game: str, deals: str, budget: int) -> dict:
    """One game's figures, from the command line."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"))
    out = subprocess.run(command(game, deals, budget), capture_output=True, text=True,
                         env=env, cwd=ROOT, check=True, timeout=600)
    data = json.loads(out.stdout)
    figures = {k: data[k] for k in FIELDS}
    figures["undecided_deals"] = data["undecided_deals"]
    return figures


def measure_all(specs: dict, workers: int = 2) -> dict:
    """Figures for every game of ``specs`` ({game: (range, budget)}), two at a time."""
    with ThreadPoolExecutor(workers) as pool:
        futures = {g: pool.submit(measure, g, r, b) for g, (r, b) in specs.items()}
        return {g: f.result() for g, f in futures.items()}


def document(games: dict) -> dict:
    """The file's content: how to remake it, and each game's figures."""
    return {"made_by": "python3 scripts/figures.py",
            "command": "python3 -m solitaire stats RANGE --game ID --budget BUDGET --json",
            "games": games}


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "--check":
        published = json.loads(FILE.read_text())["games"]
        fresh = measure_all({g: (f"{f['first']}-{f['last']}", f["budget"]) for g, f in published.items()})
        stale = [g for g in published if published[g] != fresh[g]]
        print("figures are current" if not stale else f"stale: {', '.join(stale)}")
        return 1 if stale else 0
    games = measure_all({g: (r, BUDGET) for g, r in RANGES.items()})
    FILE.write_text(json.dumps(document(games), indent=2) + "\n")
    for g, f in games.items():
        print(f"{g}: deals {f['first']}-{f['last']} at {f['budget']}: won {f['won']}, "
              f"unwinnable {f['unwinnable']}, undecided {f['undecided']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
