"""Difficulty in the page: how long rating a deal takes in the browser, in slices.

    python3 bench/rating.py [--deals 1-10] [--games tabbycat,spider1,spider2,spider4,tuxedo]

Boots the built page (dist/) in Debian's chromium and rates each deal there as the page
does (``solitaire.solver.hints.Rating``, ``questions.RATING_SLICE`` greedy moves a slice, through
the page's hook ``tabby_rating_cost``), then the same on CPython. Prints per game: the
mean and largest time a deal took in the page, the longest single slice (what input may
wait behind), the greedy moves played, and the page/CPython ratio. Asserts nothing.
"""

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "py")]

from playwright.sync_api import sync_playwright  # noqa: E402
from pages import ARGS, CHROMIUM, boot, new_page, serve_dist  # noqa: E402
from solitaire import get_game  # noqa: E402
from solitaire.solver.hints import Rating  # noqa: E402
from solitaire.play.questions import RATING_SLICE  # noqa: E402


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--deals", default="1-10")
    p.add_argument("--games", default="tabbycat,spider1,spider2,spider4,tuxedo")
    args = p.parse_args(argv)
    first, _, last = args.deals.partition("-")
    deals = range(int(first), int(last or first) + 1)
    server = serve_dist()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = new_page(browser)
            boot(page, server.url + "/?deal=1")
            page.wait_for_timeout(3000)  # the board's own rating done
            print(f"rating a deal in the page, {RATING_SLICE} greedy moves a slice, deals {args.deals}")
            print(f"{'game':10} {'mean ms':>8} {'max ms':>7} {'longest slice ms':>17} "
                  f"{'moves':>6} {'CPython ms':>11} {'ratio':>6}")
            for game_id in args.games.split(","):
                got = [json.loads(page.evaluate(f"window.tabby_rating_cost({n}, '{game_id}')"))
                       for n in deals]
                game = get_game(game_id)
                t = time.perf_counter()
                for n in deals:
                    r = Rating(game, n)
                    while r.run(RATING_SLICE) is None:
                        pass
                cpython = 1000 * (time.perf_counter() - t) / len(deals)
                mean = statistics.mean(g["ms"] for g in got)
                print(f"{game_id:10} {mean:>8.0f} {max(g['ms'] for g in got):>7.0f} "
                      f"{max(g['slice_ms'] for g in got):>17.1f} "
                      f"{statistics.mean(g['moves'] for g in got):>6.0f} {cpython:>11.0f} "
                      f"{mean / cpython:>6.1f}")
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
