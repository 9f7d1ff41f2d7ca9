"""Tuxedo's three soft threads, each alone: what the best choice of thread per deal would cost.

Each thread of ``TuxedoModel.stages()`` (the digging model, Freecell Solver's meta-move
scan, the complete model) searches each deal alone within ``--budget`` positions, its
winning line rebuilt as ``solve`` rebuilds it. Printed per thread: the deals it decides
and, median / p90, the positions it examined (every child made), those it expanded and
its CPU milliseconds (a deal it leaves undecided counts as the budget, and what the
budget took). Then
the same for the best thread of each deal, chosen afterwards (each figure the least
among the threads that decide): an oracle no schedule of turns can beat, since a thread's path
does not depend on the turns. Last, ``solve`` itself. Positions do not depend on the
machine; times do.

    PYTHONPATH=py python3 bench/tuxedo_threads.py 1-1000
"""

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from solitaire.engine.games import get_game  # noqa: E402
from solitaire.solver.search import UNWINNABLE, WON, searcher, solve  # noqa: E402
from tuxedo_fcs import p90  # noqa: E402  (this folder is on the path of a bench run)

NAMES = ("digging", "meta-moves", "complete")


def alone(game, pos, model, budget: int) -> tuple:
    """One thread's search of a deal: whether it decided, positions examined and
    expanded, CPU seconds."""
    t0 = time.process_time()
    result = searcher(game, pos, model, budget).run(budget + 1)
    return (result.verdict in (WON, UNWINNABLE), result.examined, result.expanded,
            time.process_time() - t0)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("range", nargs="?", default="1-1000")
    parser.add_argument("--budget", type=int, default=20_000, help="positions per thread")
    args = parser.parse_args(argv)
    first, _, last = args.range.partition("-")
    deals = range(int(first), int(last or first) + 1)
    game = get_game("tuxedo")
    rows = {name: [] for name in NAMES + ("best of three", "solve")}
    for n in deals:
        pos = game.deal(n)
        runs = [alone(game, pos, m, args.budget) for m in game.solver_model(pos).stages()[0][1]]
        for name, run in zip(NAMES, runs):
            rows[name].append(run)
        decided = [run for run in runs if run[0]] or runs
        rows["best of three"].append(tuple(min(r[k] for r in decided) if k else decided[0][0]
                                           for k in range(4)))
        t0 = time.process_time()
        result = solve(game, pos)
        rows["solve"].append((result.verdict in (WON, UNWINNABLE), result.examined,
                              result.expanded, time.process_time() - t0))
    print(f"Tuxedo, deals {deals[0]}-{deals[-1]}, each thread alone within {args.budget:,} "
          "positions (median / p90)")
    print(f"{'':15}{'decided':>8}{'examined':>17}{'expanded':>17}{'CPU ms':>17}")
    for name, runs in rows.items():
        columns = [[r[1] for r in runs], [r[2] for r in runs]]
        ms = [r[3] * 1000 for r in runs]
        print(f"{name:15}{sum(r[0] for r in runs):8}"
              + "".join(f"{statistics.median(c):>9.0f} / {p90(c):<5}" for c in columns)
              + f"{statistics.median(ms):>9.2f} / {p90(ms):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
