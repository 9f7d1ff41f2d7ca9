"""Answers looked up instead of searched: the site's tables (``records/tables.py``), which
the page loads once the game is playable, and the deals the solver's worker proves in idle
time.

- New deal with Winnable on (and a difficulty, if one is chosen) takes a deal of the
  game's winnable table or of those proved in this tab, picked by the engine's SplitMix64
  (seeded once from the page's random source), never one already dealt in this tab; with
  none left (or no table yet) the search runs as before (:func:`solitaire.play.tasks.winnable_deal`).
- The daily of a date in the daily table is that entry, trusted only when it is one of the
  day's candidates; a date outside the table is computed as before.
- While no search runs and fewer than :data:`LOW` deals of the game are left, the worker
  proves fresh ones (:func:`proving_job`, a New deal job run in idle time), so a long
  session never runs dry.

Functions of the :class:`~solitaire.play.controller.Controller` (``c``).

>>> from solitaire.records.saved import MemoryStore
>>> from solitaire.play.controller import Controller
>>> c = Controller(MemoryStore(), now=lambda: 1, today=lambda: "2026-11-30", random=lambda: 7)
>>> _ = c.boot("?deal=3")
>>> _ = c.load_table("winnable", '{"games": {"tabbycat": {"budget": 100000, "tried": 2, '
...                  '"easy": [11, 12], "medium": [], "hard": []}}}')
>>> _ = c.new_deal(); first = c.session.deal; _ = c.new_deal()
>>> sorted([first, c.session.deal])
[11, 12]
>>> c.task is None
True
"""

from ..engine.games import GAMES
from ..engine.rng import SplitMix64
from ..records.readers import RecordError
from ..records.tables import RATINGS, daily_from, read_daily_table, read_winnable_table
from ..solver.daily import candidates
from ..words.text import reason
from . import jobs as J
from .answer import Answer

LOW = 20            # deals left for the game below which the worker proves more in idle time
PROVE_TRIES = 4     # random deals a proving job tries (each within the Winnable budget)
READERS = {"winnable": read_winnable_table, "daily": read_daily_table}


def load(c, kind: str, text) -> Answer:
    """A table the page fetched (``kind``: "winnable" or "daily"), through its reader; a
    table that cannot be read is left out (the searches answer as before; ``c.table_problems``
    says why, for the page's console). A daily being computed for a date the table holds ends at once."""
    ans = Answer()
    try:
        c.tables[kind] = READERS[kind](text)
    except RecordError as e:
        c.tables[kind] = {}
        c.table_problems[kind] = reason(e)
        return ans
    if kind == "daily" and c.task is not None and c.task[0] == "daily":
        job = c.task[5] or {}
        day, game_id = job.get("day"), job.get("game")
        number = daily(c, game_id, day) if day and game_id else None
        if number is not None:   # the running search's own answer, looked up
            finish, c.task = c.task[3], None
            ans.search_done = True
            ans.merge(finish(number))
    return ans


def daily(c, game_id: str, day: str) -> int | None:
    """The daily of ``day`` for the game from the table: None when the table is not
    loaded, lacks the date, or holds a deal that is not one of the day's candidates."""
    table = c.tables.get("daily")
    if not table:
        return None
    number = daily_from(table, game_id, day)
    if number is None or number not in set(candidates(day, game_id)):
        return None
    return number


def _left(c, game_id: str, wanted: str | None) -> list:
    """The deals New deal may still take for the game (of rating ``wanted``, if given),
    in the table's order, then those proved in this tab: ``(number, rating)`` pairs (the
    rating None while a fresh deal is not rated yet)."""
    entry = (c.tables.get("winnable") or {}).get(game_id)
    table = [] if entry is None else [(n, r) for r in RATINGS if wanted in (None, r) for n in entry[r]]
    fresh = [(n, c.ratings.get(game_id, n)) for n in c.fresh.get(game_id, [])]
    playing = c.session.deal if c.session is not None and c.session.game.id == game_id else None
    return [(n, r) for n, r in table + fresh
            if (wanted is None or r == wanted) and (game_id, n) not in c.drawn and n != playing]


def left(c, game_id: str | None = None) -> int:
    """How many deals New deal with Winnable on can still take for the game."""
    return len(_left(c, game_id or c.game.id, None))


def pick(c, wanted: str | None = None) -> int | None:
    """A deal for New deal with Winnable on (of rating ``wanted``), taken from those left;
    None when none is."""
    numbers = _left(c, c.game.id, wanted)
    if not numbers:
        return None
    if c.table_rng is None:
        c.table_rng = SplitMix64((c.random() << 32 | c.random()) & (2**64 - 1))
    number, rating = numbers[c.table_rng.below(len(numbers))]
    c.drawn.add((c.game.id, number))
    if rating is not None:   # the table's rating: the board shows it at once
        c.ratings.put(c.game.id, number, rating)
    return number


def proving_wanted(c) -> bool:
    """Idle time should prove fresh deals: Winnable is on, and the game's table is loaded
    (or could not be) with fewer than :data:`LOW` deals left."""
    return bool(c.prefs["winnable"]) and "winnable" in c.tables and left(c) < LOW


def proving_job(c) -> dict | None:
    """The next idle-time proof as a worker job (a New deal job over a few random deals),
    None when none is wanted."""
    if not proving_wanted(c):
        return None
    c.tasks += 1
    return J.new_deal_job(c, [c._random_deal() for _ in range(PROVE_TRIES)], c.tasks)


def proved(c, job: dict, value) -> Answer:
    """The worker's answer to a proving job: a deal proved winnable joins the game's fresh
    deals (its rating is asked for, for New deal of a chosen difficulty)."""
    game = GAMES.get(job.get("game"))
    if (game is not None and isinstance(value, int) and not isinstance(value, bool)
            and value in job.get("numbers", ())):
        fresh = c.fresh.setdefault(game.id, [])
        if value not in fresh:
            fresh.append(value)
            c.ratings.later(game, value)
    return Answer()
