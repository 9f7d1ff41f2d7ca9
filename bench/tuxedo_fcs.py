"""Tuxedo against Freecell Solver: both solvers on the same deals, in one run.

Freecell Solver 5.0 (``fc-solve``, Debian's ``freecell-solver-bin``) has no Tuxedo
preset; Tuxedo is its Freecell with seven cells and seven stacks, sequences built by suit
and moved whole (``--sequence-move unlimited``), and only Kings on empty stacks:

    fc-solve --freecells-num 7 --stacks-num 7 --decks-num 1 --sequences-are-built-by suit
             --sequence-move unlimited --empty-stacks-filled-by kings BOARD

with its default scan. Each deal is written as fc-solve's board (one line a stack, bottom
card first) and solved by both; ours is ``solve(game, game.deal(n))`` in this process, the
line's replay on the engine included, at the default budget (1,000,000 positions). Times
are CPU seconds (user + system: the process's own for ours, the child's for fc-solve,
whose start-up is included: it prints that alone too, from a board already in order), so
a busy machine moves them less than it would wall time. It prints each solver's median
and p90 and their ratio, the positions each expanded (fc-solve's "states checked": the
states it visited; ours also counts every child it made, "examined"), and every deal
where the verdicts differ.

    PYTHONPATH=py python3 bench/tuxedo_fcs.py [FIRST-LAST] [--deals-out FILE] [--extra OPTIONS]

(deals 1-1000 by default; ``--deals-out`` writes one JSON line a deal; ``--extra`` adds
options to fc-solve's command, such as ``"-sp r:tf"``, Horne's rule: every card that can
go to its foundation goes, as our model does, which the default scan leaves off.)
"""

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from solitaire.engine.games import get_game  # noqa: E402
from solitaire.solver.search import solve  # noqa: E402

FCS = ["fc-solve", "--freecells-num", "7", "--stacks-num", "7", "--decks-num", "1",
       "--sequences-are-built-by", "suit", "--sequence-move", "unlimited",
       "--empty-stacks-filled-by", "kings"]
RANKS = "A23456789TJQK"


def board(pos) -> str:
    """A Tuxedo deal as fc-solve reads it: a stack a line, bottom card first."""
    return "".join(" ".join(RANKS[c.rank - 1] + c.suit for c in pile) + "\n"
                   for pile in pos.piles)


def start_up(folder: str, runs: int = 20) -> float:
    """fc-solve's median CPU seconds on a board with nothing to find (each suit one
    stack, King at the bottom): its process start and board reading."""
    path = os.path.join(folder, "sorted.txt")
    with open(path, "w") as f:
        f.write("".join(" ".join(RANKS[r] + s for r in range(12, -1, -1)) + "\n" for s in "SHDC")
                + "\n" * 3)  # and three empty stacks
    times = []
    for _ in range(runs):
        before = children_cpu()
        subprocess.run(FCS + [path], capture_output=True, check=True)
        times.append(children_cpu() - before)
    return statistics.median(times)


def children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def fcs(pos, folder: str, extra: tuple = ()) -> tuple:
    """fc-solve's verdict on a deal ("won" or "unwinnable"), its CPU seconds and the
    states it checked (what it prints as "Total number of states checked")."""
    path = os.path.join(folder, "board.txt")
    with open(path, "w") as f:
        f.write(board(pos))
    before = children_cpu()
    out = subprocess.run(FCS + list(extra) + [path], capture_output=True, text=True,
                         check=True).stdout
    cpu = children_cpu() - before
    checked = next((int(line.split()[-1].rstrip(".")) for line in out.splitlines()
                    if line.startswith("Total number of states checked is")), None)
    if "This game is solveable." in out:
        return "won", cpu, checked
    if "I could not solve this game." in out:
        return "unwinnable", cpu, checked
    raise RuntimeError(f"fc-solve said neither: {out[-300:]!r}")


def ours(game, pos) -> tuple:
    """Our verdict on a deal, its CPU seconds, and the positions examined and expanded."""
    t0 = time.process_time()
    result = solve(game, pos)
    return result.verdict, time.process_time() - t0, result.examined, result.expanded


def p90(values: list) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(0.9 * len(values)))]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("range", nargs="?", default="1-1000")
    parser.add_argument("--deals-out", help="write one JSON line a deal to this file")
    parser.add_argument("--extra", default="", help="more fc-solve options, e.g. '-sp r:tf'")
    args = parser.parse_args(argv)
    if shutil.which("fc-solve") is None:
        print("fc-solve is not installed (Debian: apt-get install freecell-solver-bin)")
        return 2
    first, _, last = args.range.partition("-")
    deals = range(int(first), int(last or first) + 1)
    game = get_game("tuxedo")
    rows = []
    out = open(args.deals_out, "w") if args.deals_out else None
    with tempfile.TemporaryDirectory() as folder:
        idle = start_up(folder)
        for n in deals:
            pos = game.deal(n)
            fv, fs, checked = fcs(pos, folder, args.extra.split())
            ov, os_, examined, expanded = ours(game, pos)
            rows.append((n, fv, fs, ov, os_, checked, examined, expanded))
            if out:
                out.write(json.dumps({"deal": n, "fcs": fv, "fcs_s": round(fs, 4), "ours": ov,
                                      "ours_s": round(os_, 4), "checked": checked,
                                      "examined": examined, "expanded": expanded}) + "\n")
                out.flush()
    if out:
        out.close()
    theirs = [r[2] for r in rows]
    mine = [r[4] for r in rows]
    differ = [r for r in rows if r[1] != r[3]]
    print(f"Tuxedo, deals {deals[0]}-{deals[-1]}: CPU seconds a deal (fc-solve's start-up included)")
    print(f"{'':14}{'median':>9}{'p90':>9}{'max':>9}{'total':>9}")
    for name, values in (("fc-solve 5.0", theirs), ("ours", mine)):
        print(f"{name:14}{statistics.median(values):9.4f}{p90(values):9.4f}"
              f"{max(values):9.3f}{sum(values):9.1f}")
    print(f"{'ours / fcs':14}{statistics.median(mine) / statistics.median(theirs):9.2f}"
          f"{p90(mine) / p90(theirs):9.2f}{'':9}{sum(mine) / sum(theirs):9.2f}")
    print(f"fc-solve's start-up alone (a board already in order): {idle:.4f} s")
    checked = [r[5] for r in rows if r[5] is not None]
    examined, expanded = [r[6] for r in rows], [r[7] for r in rows]
    print(f"positions a deal, median / p90: fc-solve checked {statistics.median(checked):.0f} / "
          f"{p90(checked)}; ours expanded {statistics.median(expanded):.0f} / {p90(expanded)}, "
          f"examined {statistics.median(examined):.0f} / {p90(examined)}")
    won = sum(r[1] == "won" for r in rows)
    print(f"verdicts: fc-solve {won} won, {len(rows) - won} unwinnable; "
          f"{len(differ)} deals differ" + "".join(f"\n  deal {r[0]}: fc-solve {r[1]}, ours {r[3]}"
                                                for r in differ))
    worst = sorted(rows, key=lambda r: r[4] - r[2], reverse=True)[:5]
    print("most time over fc-solve's: " + ", ".join(
        f"deal {r[0]} {r[4]:.2f} s against {r[2]:.2f} s" for r in worst))
    return 0


if __name__ == "__main__":
    sys.exit(main())
