"""The tables the site ships (``scripts/tables.py`` makes them): per game, deals the solver
proved winnable with their difficulty, and the dailies of coming days. The page fetches
them once it is playable (``web/app.py``); each passes its one reader here, with a size
limit before parsing and a strict schema after, like every record from outside.

>>> t = read_winnable_table('{"games": {"manx": {"budget": 100000, "tried": 3, '
...                         '"easy": [5], "medium": [], "hard": [9]}}}')
>>> t["manx"]["hard"]
[9]
>>> read_daily_table('{"games": {"manx": {"first": "2026-01-01", "deals": [7, 8]}}}')["manx"]["deals"]
[7, 8]
>>> read_daily_table('{"games": {"manx": {"first": "2026-01-01", "deals": [0]}}}')
Traceback (most recent call last):
...
solitaire.records.readers.RecordError: the table daily.json has a bad 'manx.deals'
"""

import datetime

from ..engine.games import GAMES
from .readers import RecordError, is_date, is_int, read_json

WINNABLE_PATH = "web/tables/winnable.json"   # under the site (and the repository)
DAILY_PATH = "web/tables/daily.json"
WINNABLE_CHARS = 200_000      # 7 games of 200 deals are some 20,000 characters
DAILY_CHARS = 600_000         # 7 games of 2 years are some 60,000
MAX_TABLE_DEALS = 5_000       # a game's winnable deals, or its dailies (13 years)
MAX_DEAL = 2**32 - 1          # deals drawn as the page draws them: 1 + next() % (2^32 - 1)
RATINGS = ("easy", "medium", "hard")
FIRST_DAY, LAST_DAY = datetime.date(2026, 1, 1), datetime.date(2099, 12, 31)  # solver.daily's


def _bad(name: str, where: str):
    return RecordError("rec_table_field", name=name, field=where)


def _games(text, chars: int, name: str) -> dict:
    data = read_json(text, chars, max_depth=4)
    if not isinstance(data, dict) or not isinstance(data.get("games"), dict):
        raise _bad(name, "games")
    games = data["games"]
    for game_id in games:
        if game_id not in GAMES:
            raise _bad(name, str(game_id)[:40])
    return games


def _deals(value) -> bool:
    return (isinstance(value, list) and len(value) <= MAX_TABLE_DEALS
            and all(is_int(n, 1, MAX_DEAL) for n in value))


def read_winnable_table(text) -> dict:
    """``{game id: {"budget", "tried", "easy": [deal, ...], "medium": [...], "hard": [...]}}``:
    deals the live solver proved winnable within ``budget`` positions, by rating.

    Raises:
        RecordError: naming the table and the bad field.
    """
    name = "winnable.json"
    out = {}
    for game_id, entry in _games(text, WINNABLE_CHARS, name).items():
        if not isinstance(entry, dict) or set(entry) != {"budget", "tried", *RATINGS}:
            raise _bad(name, game_id)
        if not is_int(entry["budget"], 1, 10**9) or not is_int(entry["tried"], 0, 10**9):
            raise _bad(name, f"{game_id}.budget")
        for rating in RATINGS:
            if not _deals(entry[rating]):
                raise _bad(name, f"{game_id}.{rating}")
        if sum(len(entry[r]) for r in RATINGS) > min(MAX_TABLE_DEALS, entry["tried"]):
            raise _bad(name, f"{game_id}.tried")
        out[game_id] = entry
    return out


def read_daily_table(text) -> dict:
    """``{game id: {"first": "YYYY-MM-DD", "deals": [deal, ...]}}``: the daily of the day
    ``first`` + i is ``deals[i]``, every day within the days dailies are made for.

    Raises:
        RecordError: naming the table and the bad field.
    """
    name = "daily.json"
    out = {}
    for game_id, entry in _games(text, DAILY_CHARS, name).items():
        if not isinstance(entry, dict) or set(entry) != {"first", "deals"}:
            raise _bad(name, game_id)
        if not is_date(entry["first"]):
            raise _bad(name, f"{game_id}.first")
        first = datetime.date.fromisoformat(entry["first"])
        if not _deals(entry["deals"]):
            raise _bad(name, f"{game_id}.deals")
        if first < FIRST_DAY or first + datetime.timedelta(days=len(entry["deals"]) - 1) > LAST_DAY:
            raise _bad(name, f"{game_id}.first")
        out[game_id] = entry
    return out


def daily_from(table: dict, game_id: str, day: str) -> int | None:
    """The table's deal for ``game_id`` on ``day`` (``YYYY-MM-DD``), None when not in it.

    >>> t = {"manx": {"first": "2026-12-30", "deals": [7, 8, 9]}}
    >>> daily_from(t, "manx", "2027-01-01"), daily_from(t, "manx", "2027-01-02"), daily_from(t, "spider4", "2027-01-01")
    (9, None, None)
    """
    entry = table.get(game_id)
    if entry is None:
        return None
    i = (datetime.date.fromisoformat(day) - datetime.date.fromisoformat(entry["first"])).days
    return entry["deals"][i] if 0 <= i < len(entry["deals"]) else None
