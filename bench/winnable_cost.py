"""What Winnable costs, from each deal's count: how many positions New deal spends before
it deals a proved board, for several budgets per candidate deal.

Input: the lines ``deal N: won X`` (or ``undecided``) that ``python3 -m solitaire stats
RANGE --game ID --budget B --progress`` prints to stderr, with B at least the largest
budget asked about. A deal the full search decides at X positions is decided at X by a
search given any budget from X up (the tries run in the same order), and undecided
within a smaller one. Each press of New deal draws candidates at random from the measured
deals, as the page draws random deal numbers, and pays min(X, budget) for each until one
is proved. Positions become seconds at ``--speed`` positions a second.

    PYTHONPATH=py python3 -m solitaire stats 1-200 --game spider4 --budget 300000 \\
        --progress 2> spider4.txt
    python3 bench/winnable_cost.py spider4.txt --budgets 20000,40000,60000,100000
"""

import argparse
import random
import re
import statistics


def counts(path: str) -> list:
    """Each deal's positions to a win, or None when undecided."""
    out = []
    for line in open(path, encoding="utf-8"):
        m = re.match(r"deal (\d+): (\w+) (\d+)", line)
        if m:
            out.append(int(m[3]) if m[2] == "won" else None)
    return out


def press(rng, xs, budget):
    """One New deal: (positions spent, candidates tried)."""
    spent = tried = 0
    while True:
        x = rng.choice(xs)
        tried += 1
        if x is not None and x <= budget:
            return spent + x, tried
        spent += budget


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file")
    ap.add_argument("--budgets", default="20000,40000,60000,100000")
    ap.add_argument("--speed", type=float, default=22_000, help="positions a second")
    ap.add_argument("--presses", type=int, default=100)
    args = ap.parse_args(argv)
    xs = counts(args.file)
    print(f"{len(xs)} deals; {args.presses} presses of New deal; {args.speed:.0f} positions/s")
    for budget in map(int, args.budgets.split(",")):
        rng = random.Random(1)
        proved = sum(1 for x in xs if x is not None and x <= budget) / len(xs)
        many = [press(rng, xs, budget) for _ in range(10_000)]
        spent = sorted(c for c, _ in many)
        median, p90 = spent[len(spent) // 2], spent[int(0.9 * len(spent))]
        worst = [max(press(rng, xs, budget)[0] for _ in range(args.presses)) for _ in range(50)]
        w = statistics.median(worst)
        print(f"budget {budget}: proved {proved:.0%}, candidates {statistics.mean(t for _, t in many):.1f}"
              f"; positions median {median}, p90 {p90}, worst of {args.presses} presses {w:.0f}"
              f" (median of 50 runs); seconds {median / args.speed:.1f}, {p90 / args.speed:.1f},"
              f" {w / args.speed:.1f}")


if __name__ == "__main__":
    main()
