"""Searches in the solver's worker against the page's own slices (issue 14, item 5).

    python3 bench/worker.py [--clicks 10] [--modes worker,slices] [--clicks-only]

On the built site (dist/), in chromium, once with the worker and once without it (its
script refused, so the page searches in slices on its own thread, as before):

- *search speed*: "Is this deal still winnable?" from the start of Tabby Cat deal 156
  and of four-suit Spider deal 2 (46,575 and 57,529 positions to a win with the solver
  of 2026-12-01's evening), from the click to the answer; positions per second
  from the positions the same search examines in CPython (budgets count positions, so
  the page examines the same ones), and CPython's own speed beside;
- *a click while a search runs*: a check of four-suit deal 70 (not decided within the
  check's budget, so it runs until the click) is started, and after a
  pause (0.2-1 s) a card is clicked with the mouse: the time from the press reaching
  the page (the event's timeStamp) to the end of the release's handler, which moved
  the card and re-rendered the table (and dropped the search, whose board is gone);
- the worker's boot (snapshot or normal), its time to ready, and its WebAssembly memory.

Prints figures; asserts nothing. Needs what scripts/setup.sh installs.
"""

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "py"), str(ROOT / "bench")]

from playwright.sync_api import sync_playwright  # noqa: E402
from solitaire import get_game  # noqa: E402
from solitaire.solver.search import Search  # noqa: E402
from pages import ARGS, CHROMIUM, serve_dist  # noqa: E402
from table_clicks import movable_card, p90  # noqa: E402

SEARCHES = (("tabbycat", 156), ("spider4", 2))
BUSY = 70          # a four-suit deal the check does not decide: clicks land while it runs
BUDGET = 300_000   # the page's HINT_BUDGET, which the check uses
WATCH = """
window.__clicks = [];
document.addEventListener("pointerdown", (e) => { window.__down = e.timeStamp; }, true);
document.addEventListener("pointerup", () => {
  window.__clicks.push(performance.now() - window.__down);
});
"""


def cpython(game_id, deal):
    game = get_game(game_id)
    start = time.perf_counter()
    result = Search(game, game.deal(deal), BUDGET).run(BUDGET)
    return result.examined, result.verdict, time.perf_counter() - start


def check(page, game_id, deal):
    """Seconds from the click on the check to its answer."""
    page.evaluate(f"window.tabby_start({deal}, '{game_id}')")
    page.click("#stats")
    start = time.perf_counter()
    page.click("#still-winnable")
    page.wait_for_function("document.querySelector('#search').hidden && "
                           "!document.querySelector('#status').textContent.startsWith('Checking')",
                           polling=20, timeout=600_000)
    return time.perf_counter() - start


def clicks(page, rounds, search=True):
    """Milliseconds from a press to the end of its release's handler, a search running
    (else the same clicks with none, for comparison)."""
    card = movable_card("spider4", BUSY)
    out = []
    for k in range(rounds):
        page.evaluate(f"window.tabby_start({BUSY}, 'spider4')")
        if search:
            page.click("#stats")
            page.click("#still-winnable")
        page.wait_for_timeout(200 + 80 * k)
        box = page.locator(f'.card[data-card="{card}"]').bounding_box()
        before = page.evaluate("window.tabby_moves()")
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + 8)
        page.wait_for_function(f"window.tabby_moves() !== {json.dumps(before)}", polling=20)
        out.append(page.evaluate("window.__clicks[window.__clicks.length - 1]"))
        page.wait_for_function("document.querySelector('#search').hidden", polling=20)
    return out


def run(browser, base, mode, rounds, figures, searches=True):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce",
                                  service_workers="block")
    page = context.new_page()
    page.add_init_script(WATCH)
    if mode == "slices":
        page.route("**/solver-worker.mjs", lambda route: route.fulfill(status=404))
    page.goto(base + "/?deal=1")
    page.wait_for_selector("body[data-ready]", timeout=120_000)
    want = "worker" if mode == "worker" else "slices"
    page.evaluate("window.tabby_start_worker()")   # (the first search would start it)
    page.wait_for_function(f"document.documentElement.dataset.solver === '{want}'", timeout=120_000)
    facts = json.loads(page.evaluate("window.tabby_solver()"))
    if mode == "worker":
        ready = page.evaluate("performance.getEntriesByName('solver-worker-ready')[0].startTime - "
                              "performance.getEntriesByName('app-ready')[0].startTime")
        print(f"worker: booted from the {facts['boot']}, ready {ready / 1000:.2f} s after the page, "
              f"WebAssembly memory {facts['memory'] / 2**20:.0f} MB")
    for game_id, deal in SEARCHES if searches else ():
        examined, verdict, seconds = figures[(game_id, deal)]
        took = check(page, game_id, deal)
        print(f"{mode:7} {game_id:8} deal {deal:3}: {examined:7,} positions ({verdict}) in "
              f"{took:6.2f} s = {examined / took:8,.0f} positions/s   (CPython {examined / seconds:8,.0f}/s)")
    if mode == "worker" and searches:
        facts = json.loads(page.evaluate("window.tabby_solver()"))
        print(f"worker: WebAssembly memory after the searches {facts['memory'] / 2**20:.0f} MB")
    ms = clicks(page, rounds)
    print(f"{mode:7} a click while a check of spider4 deal {BUSY} runs ({len(ms)} clicks): press to "
          f"updated table median {statistics.median(ms):6.1f} ms, p90 {p90(ms):6.1f}, max {max(ms):6.1f}")
    if mode == "worker":
        ms = clicks(page, rounds, search=False)
        print(f"{mode:7} the same clicks with no search running ({len(ms)} clicks): press to "
              f"updated table median {statistics.median(ms):6.1f} ms, p90 {p90(ms):6.1f}, max {max(ms):6.1f}")
    context.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--clicks", type=int, default=10)
    parser.add_argument("--modes", default="worker,slices")
    parser.add_argument("--clicks-only", action="store_true", help="skip the search speeds")
    args = parser.parse_args()
    figures = {} if args.clicks_only else {key: cpython(*key) for key in SEARCHES}
    site = serve_dist()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for mode in args.modes.split(","):
            run(browser, site.url, mode, args.clicks, figures, not args.clicks_only)
        browser.close()
    site.stop()


if __name__ == "__main__":
    main()
