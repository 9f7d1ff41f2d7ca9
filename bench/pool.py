"""Where Tabby Cat's threads should pool: each candidate pool point on deals and on
played positions, at every budget up to ``--budget`` at once.

A search's way does not depend on its budget, so one search with the largest budget
gives the answer of every smaller one: a search decided at X positions is decided by
any budget from X up, and by none below. And a search decided before the pool point is
the same whatever the point, so each point re-runs only the searches that went past it
with the threads never pooled. Printed per game, set and pool point: how many searches
are decided within 100,000 (Winnable), 300,000 (Hint, "still winnable?", Show me a
win) and the largest budget, and the positions they examined in all.

    PYTHONPATH=py python3 bench/pool.py --games tabbycat --deals 1-300 --played 1-100
    PYTHONPATH=py python3 bench/pool.py --pools never,50000,200000 --played 1-40

Sets: ``deals`` (each deal's start) and ``played`` (as ``bench/hint.py``: the position
a greedy and a random player reach after 10, 25 and 50 moves of each deal). ``--jsonl
FILE`` also writes every search's verdict and count, one line each.
"""

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from solitaire.engine.games import get_game  # noqa: E402
from solitaire.engine.games.tabbycat_model import ManxModel, TabbyCatModel  # noqa: E402
from solitaire.solver.players import play, positions  # noqa: E402
from solitaire.solver.search import UNWINNABLE, WON, Search  # noqa: E402

BUDGETS = (100_000, 300_000)


def span(text):
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def items(game, which, deals):
    """``(name, position maker)`` of a set."""
    if which == "deals":
        return [(str(d), lambda d=d: game.deal(d)) for d in deals]
    out = []
    for kind in ("greedy", "random"):
        for moves in (10, 25, 50):
            for d in deals:
                def make(d=d, kind=kind, moves=moves):
                    start = game.deal(d)
                    return positions(game, start, play(game, start, kind, moves, seed=d))[-1]
                out.append((f"{kind}-{moves}-{d}", make))
    return out


def search(game, pos, budget, pool):
    """The search's verdict and count, its threads pooled at ``pool`` (None: never)."""
    TabbyCatModel.POOL = ManxModel.POOL = pool
    s = Search(game, pos, budget)
    while s.result is None:
        s.run(100_000)
    return s.result.verdict, s.result.examined


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", default="tabbycat,tabbycat-relaxed,manx")
    p.add_argument("--pools", default="never,50000,100000,150000,200000,250000")
    p.add_argument("--deals", default="1-300", help="FIRST-LAST, or none")
    p.add_argument("--played", default="1-40", help="FIRST-LAST, or none")
    p.add_argument("--budget", type=int, default=1_000_000)
    p.add_argument("--jsonl", help="write every search's result to this file")
    args = p.parse_args(argv)
    pools = [None if x == "never" else int(x) for x in args.pools.split(",")]
    budgets = [b for b in BUDGETS if b < args.budget] + [args.budget]
    out = open(args.jsonl, "w") if args.jsonl else None
    saved = TabbyCatModel.POOL, ManxModel.POOL
    print(f"decided within {' / '.join(f'{b:,}' for b in budgets)} positions; examined in all")
    for gid in args.games.split(","):
        game = get_game(gid)
        for which, deals in (("deals", args.deals), ("played", args.played)):
            if deals == "none":
                continue
            todo = items(game, which, span(deals))
            never = {name: search(game, make(), args.budget, None) for name, make in todo}
            for pool in pools:
                results = dict(never)
                for name, make in todo:
                    if pool is not None and never[name][1] > pool:
                        results[name] = search(game, make(), args.budget, pool)
                    if out:
                        out.write(json.dumps({"game": gid, "set": which, "item": name, "pool": pool,
                                              "verdict": results[name][0],
                                              "examined": results[name][1]}) + "\n")
                decided = [sum(v in (WON, UNWINNABLE) and n <= b for v, n in results.values())
                           for b in budgets]
                total = sum(n for _, n in results.values())
                print(f"{gid:17} {which:6} n={len(todo):<4} pool {pool or 'never':>7}: "
                      + " / ".join(f"{d:4}" for d in decided) + f"; {total:,}", flush=True)
    TabbyCatModel.POOL, ManxModel.POOL = saved


if __name__ == "__main__":
    main()
