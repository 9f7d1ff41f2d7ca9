"""Spider's passes one by one: how often a pass alone wins, and at what cost.

Each pass of the model's tries (``SpiderModel.tries()``; four suits: the short beam
passes of docs/solver.md) searches each deal alone, as ``Search`` runs it (a beam of the
pass's width within its width times ``beam_cost`` positions, giving up as the pass
does). A search of a deal is its passes in turn, so the wins a million positions buy
here are a first sieve for a change to the passes, with less noise than the deals a
full run wins (a different search wins some of any set of deals the current one leaves
undecided, and loses others); a change that passes it must then hold in full searches
(``stats``), which it may not (docs/solver.md, "Tried and not kept").

    PYTHONPATH=py python3 bench/spider_passes.py --deals 1-30 --passes 1-12
    PYTHONPATH=py python3 bench/spider_passes.py --passes 101-116 \\
        --deals 12,28,57,58,70,72,76,82,93,106,112,129,133,144,149,178

(the second: the deals of 1-200 that today's search takes over 150,000 positions for,
or leaves undecided, with passes no choice of weights was made on). Passes are numbered
from 1, as tries; the counts do not depend on the machine.
"""

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from solitaire.engine.games import get_game  # noqa: E402
from solitaire.solver.searches import WON, Beam  # noqa: E402


def numbers(text: str) -> list[int]:
    """``1-30`` or ``8,316,706`` or both (``1-5,9``)."""
    out = []
    for part in text.split(","):
        first, _, last = part.partition("-")
        out += range(int(first), int(last or first) + 1)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", default="spider4")
    ap.add_argument("--deals", default="1-30")
    ap.add_argument("--passes", default="1-12", help="tries to run, numbered from 1")
    args = ap.parse_args()
    game = get_game(args.game)
    passes = numbers(args.passes)
    wins = runs = examined = 0
    t0 = time.process_time()
    for deal in numbers(args.deals):
        pos = game.deal(deal)
        tries = game.solver_model(pos).tries()
        won = []
        for n in passes:
            model = tries[n - 1]
            if not getattr(model, "beam", 0):
                sys.exit(f"try {n} of {args.game} is no beam pass")
            budget = model.beam * getattr(model, "beam_cost", 1_200)
            search = Beam(game, pos, model, budget, model.beam)
            search.run(budget + 1)
            runs += 1
            examined += search.result.examined
            if search.result.verdict == WON:
                won.append(n)
        wins += len(won)
        print(f"deal {deal}: won by {len(won)} of {len(passes)} passes {won}", flush=True)
    print(f"{args.game}, deals {args.deals}, passes {args.passes}: {wins} wins of {runs} "
          f"passes ({wins / runs:.1%}), {examined} positions ({examined // runs} a pass), "
          f"{wins / examined * 1e6:.2f} wins a million positions; "
          f"{time.process_time() - t0:.0f} s of CPU")


if __name__ == "__main__":
    main()
