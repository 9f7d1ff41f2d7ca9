"""What a player waits for, in the page: New deal with Winnable, the daily and Hint, per game.

    python3 bench/answers.py [--games tabbycat,spider4] [--presses 10] [--deals 1-5] [--think 5]

On the built site (dist/) in Chromium at 1280x800, a fresh context per game:

- *New deal* with Winnable on: ``--presses`` clicks of New deal, each from the click to
  the new deal on the table (its number changed, no search running): from the site's
  winnable table (loaded once the game is playable), and, in a context whose tables are
  left out (as when they cannot be loaded), by the search;
- *the daily*: the dailies of ``--days`` (dates up to today: later ones are not out),
  each from asking for it to its deal on the table, from the daily table and, in the
  context without tables, computed in the page (the frozen checker's search);
- *Hint*: from the positions ``bench/hint.py`` searches (each of ``--deals`` played by the
  greedy and the random player for ``--moves`` moves, as ``solitaire.solver.players.play``
  plays them), from the click on Hint to its answer, in the solver's worker (started and
  ready first, as it is after a player's first search);
- *Hint, following hints*: from each of those positions whose Hint gave a move, that move
  played, ``--think`` seconds for the player's next thought (the worker searches the next
  Hint ahead meanwhile, as it does for a player who asked for one), then Hint again, from
  the click to its answer;
- *Hint after thought*: from each of the positions again, reached anew, ``--think``
  seconds there, then Hint, from the click to its answer (a player who has asked for a
  Hint before, in any game: the worker searches each position's ahead from the start);
- *Show me a win*: from the same positions, from the click on the menu's Show me a win (in
  Spider, on the offer's Show, as the player agrees to see the face-down cards, after
  ``--read`` seconds on the offer, while the worker searches) to its answer: the replay
  of a win on the table, or no line and the look-back's word.

Prints per game median / p90 / max (seconds); asserts nothing. Targets (issue 49): p90 at
most 0.3 s for New deal and the daily, at most 1 s for Hint and Show me a win.
"""

import argparse
import datetime
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "py")]

from playwright.sync_api import sync_playwright  # noqa: E402
from pages import ARGS, CHROMIUM, serve_dist  # noqa: E402
from solitaire.engine.games import GAMES, get_game  # noqa: E402
from solitaire.engine.position import format_line  # noqa: E402
from solitaire.solver.players import play  # noqa: E402

# The moment of the click (capture phase), and a condition's first true frame.
WATCH = """
window.__t0 = 0;
document.addEventListener("click", (e) => { window.__t0 = performance.now(); }, true);
"""
DONE = """(cond) => { if (!eval(cond)) return false; window.__t1 = performance.now(); return true; }"""


def p90(xs):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(0.9 * len(xs)))]


def figures(xs):
    if not xs:
        return "-"
    return f"{statistics.median(xs):.2f} / {p90(xs):.2f} / {max(xs):.2f}"


def until(page, cond, timeout=600_000):
    """Seconds from the last click (or ``window.__t0`` set by hand) until ``cond`` holds."""
    page.wait_for_function(DONE, arg=cond, polling="raf", timeout=timeout)
    return page.evaluate("(window.__t1 - window.__t0) / 1000")


def open_page(browser, base, game_id, tables: bool):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce",
                                  service_workers="block")
    page = context.new_page()
    page.add_init_script(WATCH)
    page.goto(f"{base}/?deal=1&game={game_id}", wait_until="commit")
    page.wait_for_selector("body[data-ready]", timeout=180_000)
    if not tables:   # as if they could not be loaded: the searches answer
        page.evaluate("window.tabby_tables_off('winnable,daily')")
    page.wait_for_function("Object.keys(JSON.parse(window.tabby_tables()).loaded).length === 2",
                           timeout=60_000)
    return context, page


def new_deals(page, presses):
    out = []
    for _ in range(presses):
        before = json.loads(page.evaluate("window.tabby_deal()"))["deal"]
        page.click("#new-deal")
        cond = f"(() => {{ const d = JSON.parse(window.tabby_deal()); return d.deal !== {before} && !d.busy; }})()"
        out.append(until(page, cond))
    return out


def dailies(page, game_id, days):
    out = []
    for day in days:
        page.evaluate(f"() => {{ window.__t0 = performance.now(); window.tabby_daily_start('{day}', '{game_id}'); }}")
        cond = f"(() => {{ const d = JSON.parse(window.tabby_deal()); return d.daily === '{day}' && !d.busy; }})()"
        out.append(until(page, cond))
        page.evaluate(f"window.tabby_start(1, '{game_id}')")   # off the daily, for the next one
    return out


def worker_up(page):
    """The solver's worker started and ready, as it is after a player's first search."""
    page.evaluate("window.tabby_start_worker()")
    page.wait_for_function("document.documentElement.dataset.solver === 'worker'", timeout=180_000)


HINT_ANSWERED = "document.querySelector('#status').textContent !== '' && document.querySelector('#search').hidden"


def hint_click(page):
    """Seconds from the click on Hint to its answer."""
    page.evaluate("document.querySelector('#status').textContent = ''")
    page.click("#hint")
    return until(page, HINT_ANSWERED)


def hints(page, game_id, lines, think):
    """Hint from each position: cold (on arrival); after its hinted move and ``think``
    seconds; and, once every position was asked, from each again after ``think`` seconds
    there (a player who has asked for a Hint before: searched ahead while they thought)."""
    worker_up(page)
    cold, following, thought = [], [], []
    for deal, line in lines:
        page.evaluate(f"window.tabby_start({deal}, '{game_id}')")
        page.evaluate(f"window.tabby_play({json.dumps(line)})")
        cold.append(hint_click(page))
        move = page.evaluate("window.tabby_hint()")
        if not move:
            continue
        page.evaluate(f"window.tabby_play({json.dumps(move)})")
        time.sleep(think)
        following.append(hint_click(page))
    for deal, line in lines:   # the Hint kept is the last position's: each of these is searched
        page.evaluate(f"window.tabby_start({deal}, '{game_id}')")
        page.evaluate(f"window.tabby_play({json.dumps(line)})")
        time.sleep(think)
        thought.append(hint_click(page))
    return cold, following, thought


def show_wins(page, game_id, lines, read=0.0):
    """Show me a win from each position, from the click that starts its search to its
    answer (the replay shown, or the look-back's word in the status line). In Spider the
    offer is up ``read`` seconds first (the worker searches meanwhile)."""
    worker_up(page)
    hidden = get_game(game_id).has_hidden
    answered = ("(!document.querySelector('#replay').hidden || document.querySelector('#status').textContent !== '')"
                " && document.querySelector('#search').hidden")
    out = []
    for deal, line in lines:
        page.evaluate(f"window.tabby_start({deal}, '{game_id}')")
        page.evaluate(f"window.tabby_play({json.dumps(line)})")
        page.evaluate("document.querySelector('#status').textContent = ''")
        page.click("#stats")
        page.click("#show-win")
        if hidden:   # asked first (25 moves leave face-down cards)
            page.wait_for_selector("#offer:not([hidden])")
            time.sleep(read)
            page.evaluate("document.querySelector('#status').textContent = ''")
            page.click("#offer-show")
        out.append(until(page, answered))
        if page.is_visible("#replay"):
            page.click("#replay-close")
            page.wait_for_selector("#replay", state="hidden")
    return out


def hint_lines(game_id, deals, moves, players):
    game = get_game(game_id)
    out = []
    for deal in deals:
        for kind in players:
            for n in moves:
                line = play(game, game.deal(deal), kind, n, seed=deal)
                out.append((deal, format_line(line)))
    return out


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", default=",".join(GAMES))
    p.add_argument("--presses", type=int, default=10)
    p.add_argument("--days", default="2026-12-01,2026-12-02,2026-12-03,2026-12-04,2026-12-05")
    p.add_argument("--deals", default="1-5", help="Hint's deals, FIRST-LAST")
    p.add_argument("--moves", default="25")
    p.add_argument("--players", default="greedy,random")
    p.add_argument("--skip", default="", help="parts to leave out: computed,hint,show")
    p.add_argument("--think", type=float, default=5.0, help="seconds between a hinted move and the next Hint")
    p.add_argument("--read", type=float, default=0.0,
                   help="seconds Show me a win's offer is read (Spider) before Show is clicked")
    args = p.parse_args(argv)
    first, _, last = args.deals.partition("-")
    deals = range(int(first), int(last or first) + 1)
    days = args.days.split(",")
    today = datetime.date.today().isoformat()
    days = [d for d in days if d <= today]
    skip = set(args.skip.split(","))
    site = serve_dist()
    rows = []
    print(f"New deal: {args.presses} presses; daily: {', '.join(days)}; Hint: deals {args.deals}, "
          f"players {args.players}, {args.moves} moves. Seconds: median / p90 / max.", flush=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for game_id in args.games.split(","):
            row = {"game": get_game(game_id).name}
            context, page = open_page(browser, site.url, game_id, tables=True)
            row["new"] = new_deals(page, args.presses)
            row["daily"] = dailies(page, game_id, days)
            lines = hint_lines(game_id, deals, [int(m) for m in args.moves.split(",")],
                               args.players.split(","))
            if "hint" not in skip:
                row["hint"], row["follow"], row["thought"] = hints(page, game_id, lines, args.think)
            if "show" not in skip:
                row["show"] = show_wins(page, game_id, lines, args.read)
            context.close()
            if "computed" not in skip:
                context, page = open_page(browser, site.url, game_id, tables=False)
                row["new_search"] = new_deals(page, args.presses)
                row["daily_computed"] = dailies(page, game_id, days)
                context.close()
            rows.append(row)
            print(f"{row['game']}: New deal {figures(row['new'])} (search {figures(row.get('new_search', []))}); "
                  f"daily {figures(row['daily'])} (computed {figures(row.get('daily_computed', []))}); "
                  f"Hint {figures(row.get('hint', []))} (following {figures(row.get('follow', []))}, "
                  f"after thought {figures(row.get('thought', []))}); "
                  f"Show me a win {figures(row.get('show', []))}", flush=True)
        browser.close()
    site.stop()
    print()
    print("| game | New deal with Winnable: table (search) | the daily: table (computed) | Hint: cold "
          "| after thought | following | Show me a win |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for r in rows:
        print(f"| {r['game']} | {figures(r['new'])} ({figures(r.get('new_search', []))}) | "
              f"{figures(r['daily'])} ({figures(r.get('daily_computed', []))}) | {figures(r.get('hint', []))} | "
              f"{figures(r.get('thought', []))} | {figures(r.get('follow', []))} | {figures(r.get('show', []))} |")


if __name__ == "__main__":
    main()
