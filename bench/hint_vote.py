"""Spider's fair Hint: the first win's move against a vote of the wins after more search.

For each position a greedy and a random player reach after ``--moves`` moves of each deal,
the fair hint (``solitaire.solver.hints.FairHint``, four guesses at the unseen cards) is
run with ``AFTER_WIN`` set to ``--after`` (the others go on until that many times the
positions examined at the first win, then the wins vote), noting the first win's move on
the way. Each move is then judged with every card known: is the real position still
winnable after it (``Search`` within ``--budget``)? Prints a line per position and, per
game, how often the two moves agree, how often each leaves the real position winnable,
and the positions examined at the first win and at the vote.

    PYTHONPATH=py python3 bench/hint_vote.py --games spider4,spider2 --deals 1-20

The page's Hint answers at the first win (``FairHint.AFTER_WIN`` 1): see docs/solver.md.
"""

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from solitaire.engine.games import get_game  # noqa: E402
from solitaire.solver.hints import FairHint  # noqa: E402
from solitaire.solver.players import play, positions  # noqa: E402
from solitaire.solver.search import WON, solve  # noqa: E402


def winnable(game, pos, budget, known):
    """Whether a full-knowledge search wins ``pos`` within ``budget`` (kept by position)."""
    key = game.format(pos)
    if key not in known:
        known[key] = solve(game, pos, budget).verdict == WON
    return known[key]


def judge(game, pos, after, budget, known):
    """The first win's move, the vote's, the positions examined at each, and whether
    the real position is winnable before and after each move."""
    h = FairHint(game, pos, budget)
    h.AFTER_WIN = after
    first = first_at = None
    while h.result is None:
        h.run(1_000)
        if first is None and h.votes:
            first, first_at = next(iter(h.votes)), h.examined
    if first is None:
        return None
    vote = h.result.move
    return {"first": first, "vote": vote, "first_at": first_at, "examined": h.result.examined,
            "wins": h.result.wins, "real": winnable(game, pos, budget, known),
            "after_first": winnable(game, game.apply(pos, first), budget, known),
            "after_vote": winnable(game, game.apply(pos, vote), budget, known)}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", default="spider4,spider2")
    parser.add_argument("--deals", default="1-20")
    parser.add_argument("--moves", type=int, default=25)
    parser.add_argument("--after", type=int, default=4, help="the vote's AFTER_WIN")
    parser.add_argument("--budget", type=int, default=300_000)
    args = parser.parse_args()
    lo, hi = map(int, args.deals.split("-"))
    for game_id in args.games.split(","):
        game = get_game(game_id)
        known, rows = {}, []
        for deal in range(lo, hi + 1):
            for player in ("greedy", "random"):
                start = game.deal(deal)
                pos = positions(game, start, play(game, start, player, args.moves, seed=deal))[-1]
                row = judge(game, pos, args.after, args.budget, known)
                if row is None:
                    print(f"{game_id} deal {deal} {player}: no win in any guess", flush=True)
                    continue
                rows.append(row)
                print(f"{game_id} deal {deal} {player}: first {row['first']} at {row['first_at']:,}"
                      f" (winnable after: {row['after_first']}), vote {row['vote']} of {row['wins']}"
                      f" wins at {row['examined']:,} (winnable after: {row['after_vote']});"
                      f" real position winnable: {row['real']}", flush=True)
        if not rows:
            continue
        same = sum(r["first"] == r["vote"] for r in rows)
        real = [r for r in rows if r["real"]]
        print(f"{game_id}: {len(rows)} positions with a win; the first win's move is the vote's in {same};"
              f" of the {len(real)} whose real position is winnable, still winnable after the first win's"
              f" move {sum(r['after_first'] for r in real)}, after the vote's {sum(r['after_vote'] for r in real)};"
              f" positions examined, median: at the first win {statistics.median(r['first_at'] for r in rows):,},"
              f" at the vote {statistics.median(r['examined'] for r in rows):,}")


if __name__ == "__main__":
    main()
