"""Spider's fair Hint, guess by guess: could more guesses, or more positions, decide more?

For each position a greedy and a random player reach after ``--moves`` moves of each deal
(the positions of ``bench/hint.py``), ``--guesses`` arrangements of the unseen cards (the
fair hint's own, ``solitaire.solver.hints.arrangements``: its four are the first four) are
each searched alone within ``--budget`` positions, and so is the real position, every
card known. Prints a line per position (stock left, cards face down, each search's
verdict and count) and, per player, how many positions have a guess won, every one of
the first four proved lost (what the fair hint needs to say "lost"), or neither: those
the fair hint cannot decide unless a guess is won beyond ``--budget`` positions. Then,
replayed from those counts through the fair hint itself (``FairHint``, its searches
stood in for), what its four guesses and all ``--guesses`` would decide sharing Hint's
budget in turns (``--shared``). With ``--proof N``, a real position
with no stock left is also searched by the complete model (the one that can prove a
loss) within N positions.

    PYTHONPATH=py python3 bench/hint_guesses.py --game spider4 --deals 1-20 --guesses 8 \\
        --budget 100000 --proof 3000000
"""

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from solitaire.engine.games import get_game  # noqa: E402
from solitaire.solver.hints import FAIR_SAMPLES, FairHint, arrangements  # noqa: E402
from solitaire.solver.players import play, positions  # noqa: E402
from solitaire.solver.search import UNWINNABLE, WON, BestFirst, Result, Search  # noqa: E402

SHORT = {WON: "won", UNWINNABLE: "lost"}


def searched(game, pos, budget: int) -> tuple:
    result = Search(game, pos, budget).run(budget + 1)
    return result.verdict, result.examined


class Counted:
    """A guess's search replayed from its count, for :class:`FairHint` to take turns with:
    it ends at ``count`` positions with ``verdict`` (a win's line a placeholder move), or,
    not ended within the bench's ``--budget``, never."""

    def __init__(self, verdict: str, count: int):
        self.verdict, self.count = verdict, count
        self.examined, self.result = 0, None

    def run(self, positions: int):
        if self.verdict in (WON, UNWINNABLE):
            self.examined = min(self.count, self.examined + positions)
            if self.examined == self.count:
                self.result = Result(self.verdict, self.count, 0, 0.0, ["win"])
        else:
            self.examined += positions
        return self.result

    def cancel(self) -> None:
        pass


class Replayed(FairHint):
    """The fair hint itself (turns, a decided guess leaving them, the first win answering)
    over guesses replayed from their counts (:class:`Counted`)."""

    def __init__(self, game, pos, guesses: list, budget: int):
        self.guesses = guesses
        super().__init__(game, pos, budget, samples=len(guesses))

    def _search(self, k: int) -> Counted:
        if self.searches[k] is None:
            self.searches[k] = Counted(*self.guesses[k])
        return self.searches[k]


def shared(game, pos, guesses: list, budget: int) -> tuple:
    """What the fair hint makes of ``guesses`` (verdicts and counts) within ``budget``:
    "won", "lost" or "undecided", and the positions it spent."""
    hint = Replayed(game, pos, guesses, budget)
    while hint.result is None:
        hint.run(budget)
    kind = hint.result.kind
    return {"likely": "won", "lost": "lost"}.get(kind, "undecided"), hint.result.examined


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="spider4")
    parser.add_argument("--deals", default="1-20")
    parser.add_argument("--moves", type=int, default=25)
    parser.add_argument("--guesses", type=int, default=8)
    parser.add_argument("--budget", type=int, default=100_000, help="positions per search")
    parser.add_argument("--players", default="greedy,random")
    parser.add_argument("--shared", type=int, default=300_000,
                        help="the budget the fair hint's guesses share (Hint's)")
    parser.add_argument("--proof", type=int, default=0,
                        help="with no stock left, the real position's complete search too, "
                             "within this many positions")
    args = parser.parse_args(argv)
    game = get_game(args.game)
    first, _, last = args.deals.partition("-")
    for player in args.players.split(","):
        won = lost = neither = 0
        counts = sorted({min(FAIR_SAMPLES, args.guesses), args.guesses})
        schedules = {n: [] for n in counts}
        for deal in range(int(first), int(last or first) + 1):
            start = game.deal(deal)
            pos = positions(game, start, play(game, start, player, args.moves, seed=deal))[-1]
            real = searched(game, pos, args.budget)
            proof = ""
            if args.proof and not pos.stock:
                model = game.solver_model(pos).complete()
                result = BestFirst(game, pos, model, args.proof).run(args.proof + 1)
                proof = f" (complete: {SHORT.get(result.verdict, '-')} {result.examined:,})"
            guesses = [searched(game, w, args.budget)
                       for w in arrangements(game, pos, args.guesses)]
            for n in counts:
                schedules[n].append(shared(game, pos, guesses[:n], args.shared))
            if any(v == WON for v, _ in guesses):
                won += 1
            elif all(v == UNWINNABLE for v, _ in guesses[:FAIR_SAMPLES]):
                lost += 1
            else:
                neither += 1
            print(f"{player} deal {deal}: stock {len(pos.stock)}, face down {sum(pos.hidden)};"
                  f" real {SHORT.get(real[0], '-')} {real[1]:,}{proof}; guesses "
                  + " ".join(f"{SHORT.get(v, '-')} {n:,}" for v, n in guesses), flush=True)
        print(f"{args.game}, {player} player, {args.moves} moves, deals {args.deals}: a guess won "
              f"{won}, the first {FAIR_SAMPLES} proved lost {lost}, neither {neither} "
              f"({args.guesses} guesses within {args.budget:,} positions each)", flush=True)
        for n, runs in schedules.items():
            print(f"  {n} guesses sharing {args.shared:,} in turns: won "
                  f"{sum(v == 'won' for v, _ in runs)}, lost {sum(v == 'lost' for v, _ in runs)},"
                  f" median positions "
                  f"{statistics.median(t for _, t in runs):,.0f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
