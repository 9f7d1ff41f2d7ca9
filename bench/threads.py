"""Each of the Tabby Cat family's candidate threads alone, per deal (issue 14).

For every deal, every candidate thread searches the deal alone with its own table up to
``--cap`` positions; one JSON line per deal gives each thread's positions examined and
verdict. Since threads that do not share a table never affect each other, the cost of
any staging of threads in turns (see ``solitaire.solver.search.Threads``) can be worked out from
these lines (``--combine``) without searching again: a real run agrees to within a few
hundred positions (a turn ends after the expansion that reaches it).

    PYTHONPATH=py python3 bench/threads.py --game manx --deals 1-1000 > manx.jsonl
    PYTHONPATH=py python3 bench/threads.py --combine manx.jsonl             # today's stages
    PYTHONPATH=py python3 bench/threads.py --combine manx.jsonl --stages "0=bf,simple 20000=beam,cost1"

``--deals`` also takes a list (``--deals 8,316,706``): the deals a staging is decided on
are the ones today's stages take long over.
"""

import argparse
import itertools
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from solitaire.solver.alternation import Together  # noqa: E402
from solitaire.engine.games import get_game  # noqa: E402
from solitaire.engine.games import tabbycat_model as tm  # noqa: E402
from solitaire.solver.search import searcher  # noqa: E402

# Short names of the candidate threads: every model of TabbyCatModel.stages, by class,
# and the two alternations over one table that were threads before (docs/solver.md).
MODELS = {"bf": tm.TabbyCatModel, "simple": tm.SimpleModel, "newest": tm.SimpleNewestModel,
          "beam": tm.SimpleBeamModel,
          "light_beam": tm.SimpleLightDealsBeamModel, "cost1": tm.MoveCostModel,
          "cost3": tm.CostModel, "light": tm.LightDealsModel, "first": tm.SimpleFirstModel,
          "slight": tm.SimpleLightDealsModel, "lighter": tm.LighterDealsModel,
          "alt3": lambda game, pos: Together([m(game, pos) for m in (
              tm.TabbyCatModel, tm.SimpleModel, tm.CostModel)]),
          "alt4": lambda game, pos: Together([m(game, pos) for m in (
              tm.TabbyCatModel, tm.SimpleModel, tm.CostModel, tm.MoveCostModel)])}
STAGES = ("0=newest,bf 20000=beam,light_beam 100000=bf,simple,beam,light_beam "
          "200000=bf,simple,beam,light_beam,cost1,cost3,light,first,slight,lighter")
CODE = {"won": "w", "unwinnable": "l"}  # else undecided: x


def deal_numbers(text):
    if "," in text:
        return [int(n) for n in text.split(",")]
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def measure(args):
    game = get_game(args.game)
    names = args.threads.split(",") if args.threads else list(MODELS)
    for n in deal_numbers(args.deals):
        pos = game.deal(n)
        out = {"deal": n}
        for name in names:
            s = searcher(game, pos, MODELS[name](game, pos), args.cap)
            while s.result is None:
                s.run(args.cap)
            out[name] = [s.result.examined, CODE.get(s.result.verdict, "x")]
        print(json.dumps(out), flush=True)


def parse_stages(text):
    """'0=bf,simple 20000=beam' -> [(0, ['bf', 'simple']), (20000, ['beam'])]"""
    return [(int(at), names.split(",")) for at, names in (part.split("=") for part in text.split())]


def combined(costs, stages, turn, cap):
    """Positions the staged threads take until one decides, as Threads runs them (None:
    not within what the lines know: a thread not decided within ``cap`` is taken never
    to decide, so this is an upper bound)."""
    spent = {}
    total = 0
    for i, (_, names) in enumerate(stages):
        # The last stage runs until every thread in it has spent what the lines know.
        end = stages[i + 1][0] if i + 1 < len(stages) else total + cap * len(names)
        names = [n for n in names if spent.get(n, 0) < cap]
        for k in itertools.count():
            if total >= end or not names:
                break
            name = names[k % len(names)]
            c, v = costs[name]
            done = spent.setdefault(name, 0)
            if v in "wl" and done + turn >= c:
                return total + c - done
            spent[name] = done + turn
            total += turn
    return None


def combine(args):
    stages = parse_stages(args.stages)
    rows = [json.loads(line) for line in open(args.combine)]
    costs = []
    for r in rows:
        c = combined(r, stages, args.turn, args.cap)
        costs.append((c if c is not None else 10**9, r["deal"]))
    costs.sort()
    n = len(costs)
    print(f"{args.combine} stages {args.stages!r} turn {args.turn}: max {costs[-1][0]} "
          f"within 10k {sum(c <= 10_000 for c, _ in costs)}/{n} within 100k "
          f"{sum(c <= 100_000 for c, _ in costs)}/{n}; largest "
          + " ".join(f"{d}:{c}" for c, d in costs[-6:][::-1]))


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="tabbycat")
    p.add_argument("--deals", default="1-100")
    p.add_argument("--cap", type=int, default=100_000)
    p.add_argument("--threads", default="", help="candidates to measure (default: all)")
    p.add_argument("--combine", help="a file of measured lines")
    p.add_argument("--stages", default=STAGES)
    p.add_argument("--turn", type=int, default=tm.TabbyCatModel.TURN)
    args = p.parse_args(argv)
    combine(args) if args.combine else measure(args)


if __name__ == "__main__":
    main()
