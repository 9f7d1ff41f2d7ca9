"""Each of the Tabby Cat family's candidate threads alone, per deal (issue 14).

For every deal, every candidate thread searches the deal alone with its own table up to
``--cap`` positions; one JSON line per deal gives each thread's positions examined and
verdict. Since threads that do not share a table never affect each other, the cost of
any set of threads taken in turns can be worked out from these lines
(``--combine``) without searching again.

    PYTHONPATH=py python3 bench/threads.py --game manx --deals 1-1000 > manx.jsonl
    PYTHONPATH=py python3 bench/threads.py --combine manx.jsonl --threads bf,simple,alt3
"""

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from solitaire.alternation import Alternation  # noqa: E402
from solitaire.games import get_game  # noqa: E402
from solitaire.games import tabbycat_model as tm  # noqa: E402
from solitaire.searches import BestFirst, Weighted  # noqa: E402


def candidates(game, pos):
    """name -> a function making the search of that thread."""
    bf = tm.TabbyCatModel(game, pos)
    simple, cost3, cost1 = tm.SimpleModel(game, pos), tm.CostModel(game, pos), tm.MoveCostModel(game, pos)
    return {
        "bf": lambda b: BestFirst(game, pos, bf, b),
        "simple": lambda b: Weighted(game, pos, simple, b),
        "cost3": lambda b: Weighted(game, pos, cost3, b),
        "cost1": lambda b: Weighted(game, pos, cost1, b),
        "alt3": lambda b: Alternation(game, pos, [bf, simple, cost3], b),
        "alt4": lambda b: Alternation(game, pos, [bf, simple, cost3, cost1], b),
    }


CODE = {"won": "w", "unwinnable": "l"}  # else undecided: x


def measure(args):
    game = get_game(args.game)
    first, _, last = args.deals.partition("-")
    names = args.threads.split(",") if args.threads else None
    for n in range(int(first), int(last or first) + 1):
        pos = game.deal(n)
        out = {"deal": n}
        for name, make in candidates(game, pos).items():
            if names and name not in names:
                continue
            s = make(args.cap)
            while s.result is None:
                s.run(args.cap)
            out[name] = [s.result.examined, CODE.get(s.result.verdict, "x")]
        print(json.dumps(out), flush=True)


def combined(costs, turn, cap):
    """Positions the threads take in turns of ``turn`` until one decides (None: not
    within what the lines know, each thread being known only up to ``cap``; a thread
    not decided within ``cap`` is taken never to decide, so this is an upper bound)."""
    spent = [0] * len(costs)
    while min(spent) < cap:  # a thread not decided within cap is taken never to decide
        for i, (c, v) in enumerate(costs):
            if v in "wl" and spent[i] + turn >= c:
                return sum(spent) + (c - spent[i])
            spent[i] += turn
    return None


def combine(args):
    names = args.threads.split(",")
    rows = [json.loads(line) for line in open(args.combine)]
    costs = []
    for r in rows:
        c = combined([r[k] for k in names], args.turn, args.cap)
        costs.append((c if c is not None else 10**9, r["deal"]))
    costs.sort()
    n = len(costs)
    print(f"{args.combine} {names} turn {args.turn}: max {costs[-1][0]} "
          f"within 10k {sum(c <= 10_000 for c, _ in costs)}/{n} within 100k "
          f"{sum(c <= 100_000 for c, _ in costs)}/{n} total {sum(min(c, args.cap * len(names)) for c, _ in costs)}; largest "
          + " ".join(f"{d}:{c}" for c, d in costs[-6:][::-1]))


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="tabbycat")
    p.add_argument("--deals", default="1-100")
    p.add_argument("--cap", type=int, default=100_000)
    p.add_argument("--threads", default="")
    p.add_argument("--combine")
    p.add_argument("--turn", type=int, default=6_000)
    args = p.parse_args(argv)
    combine(args) if args.combine else measure(args)


if __name__ == "__main__":
    main()
