"""Solver speed and memory on one played position: positions examined per CPU second.

Tabby Cat deal 12 after 25 moves of the random player (seed 12), searched with
``Search`` up to 550,000 positions; prints the verdict, the positions, the speed in CPU
time (less moved by other work on the machine than wall time) and the peak memory.

    PYTHONPATH=py python3 bench/solver_speed.py [GAME]
"""

import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from solitaire.engine.games import get_game  # noqa: E402
from solitaire.solver.players import play, positions  # noqa: E402
from solitaire.solver.search import Search  # noqa: E402


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    game = get_game(argv[0] if argv else "tabbycat")
    start = game.deal(12)
    pos = positions(game, start, play(game, start, "random", 25, seed=12))[-1]
    search = Search(game, pos, 550_000)
    t = time.process_time()
    while search.result is None:
        search.run(550_000)
    cpu = time.process_time() - t
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{search.result.verdict} {search.result.examined} positions, "
          f"{search.result.examined / cpu:.0f}/s CPU, peak {peak:.1f} MB")


if __name__ == "__main__":
    main()
