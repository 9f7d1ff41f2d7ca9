"""Make (or check) the tables the page looks answers up in, so that a player waits on no
search that could have run before: per game, deals the solver proved winnable with their
difficulty (New deal with Winnable on), and the dailies of coming days (the frozen checker's).

    python3 scripts/tables.py winnable            # web/tables/winnable.json (about an hour on 2 busy cores)
    python3 scripts/tables.py daily               # web/tables/daily.json (hours: four-suit Spider)
    python3 scripts/tables.py daily --game manx   # recompute one game's dailies into the file
    python3 scripts/tables.py check               # every entry of both files recomputed; exit 1 on a difference

The same command writes the same file: the winnable table's candidates are drawn by the
engine's SplitMix64 seeded with the FNV-1a hash of ``"winnable:<game id>"`` (deal
``1 + next() % (2^32 - 1)``, as the page draws a random deal), each kept when the live
solver proves it winnable within the game's Winnable budget (positions, never time), and
rated by ``solver.hints.difficulty``; the daily table is ``solver.daily.daily_deal`` of
each date. ``tests/test_tables.py`` recomputes a sample of both (see docs/solver.md).
"""

import argparse
import datetime
import json
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from solitaire.engine.games import GAMES, get_game  # noqa: E402
from solitaire.engine.rng import SplitMix64, fnv1a64  # noqa: E402
from solitaire.records.tables import (DAILY_PATH, RATINGS, WINNABLE_PATH, read_daily_table,  # noqa: E402
                                      read_winnable_table)
from solitaire.solver.daily import daily_deal  # noqa: E402
from solitaire.solver.hints import difficulty  # noqa: E402
from solitaire.solver.search import WON, Search  # noqa: E402

WINNABLE_COUNT = 200                       # deals proved per game
COUNTS = {"spider4": 50, "spider2": 100}   # ... where each costs seconds (idle time proves more)
DAILY_FIRST = datetime.date(2026, 1, 1)    # solver.daily.FIRST_DAY
DAILY_LAST = datetime.date(2027, 12, 31)
DAILY_LASTS: dict = {}                     # games whose dailies end sooner (none now)
DAILY_FIRSTS = {"spider4": datetime.date(2026, 12, 1), "spider2": datetime.date(2026, 12, 1)}  # seconds a day
SLOWNESS = {"spider4": 3, "spider2": 2, "tuxedo": 1}  # started first, so two workers end together
MADE_BY = "python3 scripts/tables.py"
WINNABLE_FILE = ROOT / WINNABLE_PATH
DAILY_FILE = ROOT / DAILY_PATH


def daily_range(game_id: str) -> tuple:
    """The first and last day of a game's dailies in the table."""
    return DAILY_FIRSTS.get(game_id, DAILY_FIRST), DAILY_LASTS.get(game_id, DAILY_LAST)


def winnable_candidates(game_id: str):
    """The winnable table's candidate deals of a game, in the order they are tried."""
    rng = SplitMix64(fnv1a64(f"winnable:{game_id}"))
    while True:
        yield 1 + rng.next() % (2**32 - 1)


def proved(game, number: int) -> bool:
    """The live solver proves the deal winnable within the game's Winnable budget."""
    search = Search(game, game.deal(number), game.winnable_budget)
    while search.run(game.winnable_budget) is None:
        pass
    return search.result.verdict == WON


def winnable_game(game_id: str) -> dict:
    """One game's entry: its budget, the candidates tried, and the proved deals by rating."""
    game = get_game(game_id)
    count = COUNTS.get(game_id, WINNABLE_COUNT)
    out = {"budget": game.winnable_budget, "tried": 0, **{r: [] for r in RATINGS}}
    for number in winnable_candidates(game_id):
        if sum(len(out[r]) for r in RATINGS) == count:
            break
        out["tried"] += 1
        if proved(game, number):
            out[difficulty(game, number)].append(number)
        if os.environ.get("TABLES_PROGRESS"):
            print(game_id, out["tried"], number, file=sys.stderr, flush=True)
    return out


def daily_game(game_id: str, first: datetime.date, last: datetime.date) -> dict:
    """One game's dailies from ``first`` to ``last``, by the frozen checker."""
    deals, day = [], first
    while day <= last:
        deals.append(daily_deal(day.isoformat(), game_id))
        day += datetime.timedelta(days=1)
    return {"first": first.isoformat(), "deals": deals}


def write(path: Path, data: dict) -> None:
    """The table as the page reads it: one line a game, so a change reads as one."""
    games = data.pop("games")
    head = json.dumps(data)[:-1]
    lines = [f"  {json.dumps(g)}: {json.dumps(v, separators=(',', ':'))}" for g, v in games.items()]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(head + ', "games": {\n' + ",\n".join(lines) + "\n}}\n")


def run_all(fn, jobs: dict, workers: int) -> dict:
    with ProcessPoolExecutor(workers) as pool:
        futures = {g: pool.submit(fn, *args) for g, args in jobs.items()}
        return {g: f.result() for g, f in futures.items()}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("what", choices=("winnable", "daily", "check"))
    p.add_argument("--game", action="append", help="only this game (may repeat)")
    p.add_argument("--workers", type=int, default=2)
    args = p.parse_args(argv)
    games = args.game or list(GAMES)
    if args.what == "winnable":
        old = read_winnable_table(WINNABLE_FILE.read_text()) if WINNABLE_FILE.exists() else {}
        slowest_first = sorted(games, key=lambda g: -SLOWNESS.get(g, 0))
        new = run_all(winnable_game, {g: (g,) for g in slowest_first}, args.workers)
        table = {g: new.get(g) or old[g] for g in GAMES if g in new or g in old}
        write(WINNABLE_FILE, {"made_by": f"{MADE_BY} winnable", "games": table})
        return 0
    if args.what == "daily":
        old = read_daily_table(DAILY_FILE.read_text()) if DAILY_FILE.exists() else {}
        slowest_first = sorted(games, key=lambda g: -SLOWNESS.get(g, 0))
        new = run_all(daily_game, {g: (g, *daily_range(g))
                                        for g in slowest_first},
                      args.workers)
        table = {g: new.get(g) or old[g] for g in GAMES if g in new or g in old}
        write(DAILY_FILE, {"made_by": f"{MADE_BY} daily", "games": table})
        return 0
    return check(games, args.workers)


def check_winnable(game_id: str, entry: dict) -> list:
    game = get_game(game_id)
    wrong = []
    for rating in RATINGS:
        for number in entry[rating]:
            if not proved(game, number) or difficulty(game, number) != rating:
                wrong.append(f"{game_id} deal {number} ({rating})")
    return wrong


def check_daily(game_id: str, entry: dict) -> list:
    first = datetime.date.fromisoformat(entry["first"])
    wrong = []
    for i, number in enumerate(entry["deals"]):
        day = (first + datetime.timedelta(days=i)).isoformat()
        if daily_deal(day, game_id) != number:
            wrong.append(f"{game_id} {day}: {number}")
    return wrong


def check(games, workers: int) -> int:
    """Every entry of both tables recomputed (the daily table's by the frozen checker)."""
    winnable = read_winnable_table(WINNABLE_FILE.read_text())
    daily = read_daily_table(DAILY_FILE.read_text())
    jobs = {("winnable", g): (g, winnable[g]) for g in games if g in winnable}
    jobs.update({("daily", g): (g, daily[g]) for g in games if g in daily})
    with ProcessPoolExecutor(workers) as pool:
        futures = {k: pool.submit(check_winnable if k[0] == "winnable" else check_daily, *a)
                   for k, a in jobs.items()}
        wrong = [w for f in futures.values() for w in f.result()]
    for w in wrong:
        print("differs:", w)
    print(f"checked {len(jobs)} tables: {'all agree' if not wrong else f'{len(wrong)} differ'}")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
