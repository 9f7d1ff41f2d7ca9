"""Hint from positions real play reaches: how often it answers within its budget.

For each game, player (greedy and random, see ``solitaire.solver.players``) and move count,
the position the player reaches on each deal is searched as the page's Hint searches
it: ``Search(game, pos, budget)`` stepped ``--step`` positions at a time. Printed per
row: positions, the share decided (won or proved lost), won, proved lost, undecided,
the median and largest time of a whole search (the winning line's replay included),
the longest single step (what the page's thread would wait for at once), and the median
count of positions a search examined.

    PYTHONPATH=py python3 bench/hint.py --deals 1-40            # the issue's setting
    PYTHONPATH=py python3 bench/hint.py --games tabbycat --deals 1-10 --moves 10,25
    PYTHONPATH=py python3 bench/hint.py --games spider4 --deals 1-20 --fair

With ``--fair`` a game with face-down cards is asked the page's fair Hint instead
(``solitaire.solver.hints.FairHint``: the unseen cards guessed, never looked at): a
position counts as won when the hint gives a move (a win in at least one arrangement),
as lost when every arrangement was proved lost.

A player that stops early (no legal move, or nothing new to try) gives its last
position: many of those are lost.
"""

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from solitaire.engine.games import GAMES, get_game  # noqa: E402
from solitaire.solver.players import play, positions  # noqa: E402
from solitaire.solver.hints import FairHint  # noqa: E402
from solitaire.solver.searches import Result  # noqa: E402
from solitaire.solver.search import UNDECIDED, UNWINNABLE, WON, Search  # noqa: E402

HINT_BUDGET = 300_000   # the page's Hint budget
STEP = 2_500            # the page's slice


def hint(game, pos, budget, step):
    """Search as the page does; the result, the whole time and the longest step."""
    return stepped(Search(game, pos, budget), step)


def stepped(search, step):
    """Run ``search`` (anything with ``run(n)`` and ``result``) in steps of ``step``
    positions: its result, the whole time and the longest step."""
    t0 = time.perf_counter()
    longest = 0.0
    while search.result is None:
        t = time.perf_counter()
        search.run(step)
        longest = max(longest, time.perf_counter() - t)
    return search.result, time.perf_counter() - t0, longest


def fair_hint(game, pos, budget, step):
    """The page's fair Hint, stepped the same way: its verdict as a search's (won: a
    move to give; lost: every arrangement proved lost), the whole time, the longest step."""
    r, seconds, longest = stepped(FairHint(game, pos, budget), step)
    verdict = WON if r.move is not None else UNWINNABLE if r.kind == "lost" else UNDECIDED
    return Result(verdict, r.examined, 0, 0.0), seconds, longest


def row(game, kind, moves, deals, budget, step, fair=False):
    counts = {WON: 0, UNWINNABLE: 0, UNDECIDED: 0}
    times, steps, examined = [], [], []
    for deal in deals:
        start = game.deal(deal)
        line = play(game, start, kind, moves, seed=deal)
        pos = positions(game, start, line)[-1]
        result, seconds, longest = (fair_hint if fair else hint)(game, pos, budget, step)
        counts[result.verdict] += 1
        times.append(seconds)
        steps.append(longest)
        examined.append(result.examined)
    n = len(deals)
    return {"game": game.id, "player": kind, "moves": moves, "positions": n,
            "decided": round(100 * (counts[WON] + counts[UNWINNABLE]) / n, 1),
            "won": counts[WON], "lost": counts[UNWINNABLE], "undecided": counts[UNDECIDED],
            "median_s": round(statistics.median(times), 3), "max_s": round(max(times), 3),
            "max_step_s": round(max(steps), 3), "max_examined": max(examined),
            "median_examined": round(statistics.median(examined))}


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", default=",".join(GAMES))
    p.add_argument("--deals", default="1-40", help="FIRST-LAST")
    p.add_argument("--moves", default="10,25,50")
    p.add_argument("--players", default="greedy,random")
    p.add_argument("--budget", type=int, default=HINT_BUDGET)
    p.add_argument("--step", type=int, default=STEP)
    p.add_argument("--json", action="store_true")
    p.add_argument("--fair", action="store_true", help="the fair Hint (games with face-down cards)")
    args = p.parse_args(argv)
    first, _, last = args.deals.partition("-")
    deals = range(int(first), int(last or first) + 1)
    rows = []
    if not args.json:
        print(f"{'Fair hint' if args.fair else 'Hint'} from played positions, deals {args.deals}, budget {args.budget:,}, "
              f"step {args.step:,}")
        print(f"{'game':17} {'player':7} {'moves':>5} {'n':>4} {'decided':>8} {'won':>4} "
              f"{'lost':>4} {'undec':>5} {'median s':>9} {'max s':>7} {'max step s':>10} {'median pos':>10}")
    for gid in args.games.split(","):
        game = get_game(gid)
        for kind in args.players.split(","):
            for moves in map(int, args.moves.split(",")):
                r = row(game, kind, moves, deals, args.budget, args.step,
                        args.fair and getattr(game, "has_hidden", False))
                rows.append(r)
                if not args.json:
                    print(f"{gid:17} {kind:7} {moves:>5} {r['positions']:>4} {r['decided']:>7}% "
                          f"{r['won']:>4} {r['lost']:>4} {r['undecided']:>5} {r['median_s']:>9} "
                          f"{r['max_s']:>7} {r['max_step_s']:>10} {r['median_examined']:>10,}", flush=True)
    if args.json:
        print(json.dumps(rows))


if __name__ == "__main__":
    main()
