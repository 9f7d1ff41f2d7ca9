"""Deals rated by difficulty: the spread, and that the rating tracks how often a simple
player wins.

A deal's rating (``solitaire.solver.hints.difficulty``) comes from the greedy player's wins
over games with seeds 1-20. To show it means something beyond those games, each
rating's deals are also played with seeds 21-60 (games the rating never saw) and by
the random player, and searched by the solver; printed per rating: deals, share, the
mean held-out greedy win rate, the random player's wins, and the solver's median
positions.

    PYTHONPATH=py python3 bench/difficulty.py --deals 1-1000 [--game tabbycat]
"""

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from solitaire.engine.games import get_game  # noqa: E402
from solitaire.solver.hints import DIFFICULTY_TRIES, EASY, HARD, MEDIUM, rating, win_rate  # noqa: E402
from solitaire.solver.players import wins  # noqa: E402
from solitaire.solver.search import solve  # noqa: E402


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="tabbycat")
    p.add_argument("--deals", default="1-1000")
    p.add_argument("--held-out", type=int, default=40, help="greedy games per deal, seeds 21..")
    p.add_argument("--random", type=int, default=5, help="random-player games per deal")
    p.add_argument("--budget", type=int, default=100_000, help="solver positions per deal")
    p.add_argument("--progress", action="store_true")
    args = p.parse_args(argv)
    game = get_game(args.game)
    first, _, last = args.deals.partition("-")
    deals = range(int(first), int(last or first) + 1)
    rows = {EASY: [], MEDIUM: [], HARD: []}
    for n in deals:
        rate = win_rate(game, n, DIFFICULTY_TRIES)
        held = win_rate(game, n, args.held_out, first=DIFFICULTY_TRIES + 1)
        rand = sum(wins(game, game.deal(n), "random", seed) for seed in range(1, args.random + 1))
        r = solve(game, game.deal(n), budget=args.budget)
        rows[rating(rate)].append((held, rand, r.examined if r.verdict == "won" else None))
        if args.progress:
            print(f"deal {n}: {rating(rate)} {rate} held-out {held} random {rand} "
                  f"solver {r.verdict} {r.examined}", file=sys.stderr, flush=True)
    total = len(deals)
    print(f"{game.name}, deals {args.deals}: rating from greedy seeds 1-{DIFFICULTY_TRIES}; "
          f"held-out greedy seeds {DIFFICULTY_TRIES + 1}-{DIFFICULTY_TRIES + args.held_out}")
    print(f"{'rating':7} {'deals':>6} {'share':>6} {'held-out greedy wins':>21} "
          f"{'random wins':>12} {'solver median':>14} {'unsolved':>9}")
    for name, got in rows.items():
        if not got:
            print(f"{name:7} {0:>6}")
            continue
        won = [e for _, _, e in got if e is not None]
        print(f"{name:7} {len(got):>6} {100 * len(got) / total:>5.1f}% "
              f"{100 * statistics.mean(h for h, _, _ in got):>20.1f}% "
              + (f"{100 * sum(x for _, x, _ in got) / (args.random * len(got)):>11.1f}% "
                 if args.random else f"{'-':>12} ")
              + f"{statistics.median(won) if won else '-':>14} {len(got) - len(won):>9}")


if __name__ == "__main__":
    main()
