"""Readers for everything that comes from outside: one reader per record.

Stored records (the saved game, preferences, statistics, the daily cache), an imported
statistics file and the page's address all pass a reader here. Each reader limits the
size and the nesting depth *before* parsing (a 100,000-deep JSON document must not
reach ``json.loads``, which would raise ``RecursionError``), then checks a strict
schema: finite numbers, ASCII digits, real dates, known game ids. A reader raises
:class:`RecordError` (a ``SolitaireError``) saying what is wrong; the caller keeps the
bad text aside and goes on.

>>> read_json('{"a": [1, 2]}', 100)
{'a': [1, 2]}
>>> read_json('[' * 100 + ']' * 100, 1000)
Traceback (most recent call last):
...
solitaire.records.readers.RecordError: the record is nested deeper than 8 levels
>>> read_query("?deal=%C2%B2").problems
['bad_deal']
"""

import json
import math
import re
from dataclasses import dataclass, field
from urllib.parse import parse_qsl

from ..engine.errors import SolitaireError
from ..engine.games.base import MAX_DEAL
from ..words.text import Message

MAX_DEPTH = 8
DEAL_DIGITS = len(str(MAX_DEAL))        # 20: the most digits a deal number is written with
DIGITS = re.compile(r"[0-9]{1,%d}" % DEAL_DIGITS)  # ASCII digits only: '²' and '①' are not deal numbers
RESULT_ID_CHARS = 64
RESULT_ID_TEXT = re.compile(r"[A-Za-z0-9:._-]{1,%d}" % RESULT_ID_CHARS)   # a game's unique id
DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
# The innermost container: an array or object holding no other container.
_INNER = re.compile(r"\[[^\[\]{}]*\]|\{[^\[\]{}]*\}")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)


class RecordError(SolitaireError):
    """A record that cannot be read: too large, too deep, not JSON, or off its schema.
    Its argument is a catalogue :class:`~solitaire.words.text.Message` (English when printed)."""

    def __init__(self, key: str, /, **params):
        super().__init__(Message(key, **params))


def _no_constant(name):
    raise RecordError("rec_not_number", value=str(name)[:40])


def _finite(text):
    value = float(text)
    if not math.isfinite(value):
        raise RecordError("rec_not_finite", value=str(text)[:40])
    return value


def read_json(text, max_chars: int, max_depth: int = MAX_DEPTH):
    """Parse JSON text of at most ``max_chars`` characters and ``max_depth`` levels, with
    only finite numbers.

    The depth is measured without recursion: strings are blanked, then innermost
    containers are removed ``max_depth`` times; a bracket left over is too deep.

    Raises:
        RecordError: naming the limit or the parse error.
    """
    if not isinstance(text, str):
        raise RecordError("rec_not_text")
    if len(text) > max_chars:
        raise RecordError("rec_too_large", chars=len(text), most=max_chars)
    bare = _STRING.sub('""', text)
    for _ in range(max_depth):
        bare, n = _INNER.subn("0", bare)
        if not n:
            break
    if any(c in bare for c in "[]{}"):
        if bare.count("[") != bare.count("]") or bare.count("{") != bare.count("}"):
            raise RecordError("rec_brackets")
        raise RecordError("rec_too_deep", depth=max_depth)
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except RecordError:
        raise
    except (ValueError, RecursionError) as e:  # RecursionError cannot happen after the check
        raise RecordError("rec_not_json", line=getattr(e, "lineno", 1),
                          column=getattr(e, "colno", 1)) from None


# -- small schema checks ----------------------------------------------------------------

def need(ok: bool, key: str, /, **params) -> None:
    """Raise RecordError (the catalogue sentence ``key`` with ``params``) unless ``ok``."""
    if not ok:
        raise RecordError(key, **params)


def is_int(value, low: int = 0, high: int = 1 << 53) -> bool:
    """A JSON integer (never a bool or a float) within [low, high]."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def is_number(value, low: float = 0.0, high: float = 1e12) -> bool:
    """A finite JSON number (never a bool) within [low, high]."""
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value) and low <= value <= high)


def is_date(value) -> bool:
    """A real calendar date written YYYY-MM-DD in ASCII digits."""
    if not (isinstance(value, str) and DATE.fullmatch(value)):
        return False
    import datetime
    try:
        datetime.date.fromisoformat(value)
    except ValueError:
        return False
    return True


def deal_number(text) -> int | None:
    """A deal number (1 .. 2**64-1) written in ASCII digits, or None.

    >>> deal_number("42"), deal_number("²"), deal_number("0"), deal_number(" 7")
    (42, None, None, None)
    """
    if not (isinstance(text, str) and DIGITS.fullmatch(text)):
        return None
    number = int(text)
    return number if 1 <= number <= MAX_DEAL else None


# -- the page's address ----------------------------------------------------------------

MAX_QUERY = 2_000
MAX_QUERY_FIELDS = 20


@dataclass
class Query:
    """What an address asks for: ``game`` (an id, unchecked beyond its form), ``deal``,
    ``daily`` (a date text, unchecked range, or ``"today"``), ``new`` (``deal=new``: a new
    deal, as the New deal button gives) and the problems found, as message keys."""

    game: str | None = None
    deal: int | None = None
    daily: str | None = None
    new: bool = False
    problems: list[str] = field(default_factory=list)
    asked_game: str | None = None   # the raw game name, for the message
    lang: str | None = None         # ``lang=es``: a language the page speaks, else ignored


def read_query(search: str, games=()) -> Query:
    """Read ``?deal=N&daily=YYYY-MM-DD&game=ID&lang=es``; every bad part becomes a problem key
    (``bad_query``, ``bad_deal``, ``bad_daily``, ``no_game``), never an exception.
    ``daily=today`` asks for today's daily and ``deal=new`` for a new deal (the installed
    app's shortcuts, whose addresses cannot hold a date or a number).

    >>> q = read_query("?daily=2027-01-01&game=manx", games=("manx",))
    >>> q.daily, q.game, q.problems
    ('2027-01-01', 'manx', [])
    >>> read_query("?daily=today").daily, read_query("?deal=new").new, read_query("?deal=new").deal
    ('today', True, None)
    >>> read_query("?lang=es&deal=4").lang, read_query("?lang=<x>").lang
    ('es', None)
    """
    q = Query()
    if not isinstance(search, str) or len(search) > MAX_QUERY:
        q.problems.append("bad_query")
        return q
    try:
        pairs = dict(parse_qsl(search.lstrip("?"), keep_blank_values=True, max_num_fields=MAX_QUERY_FIELDS))
    except ValueError:
        q.problems.append("bad_query")
        return q
    if pairs.get("lang") in ("en", "es"):
        q.lang = pairs["lang"]
    game = pairs.get("game")
    if game is not None:
        if game in games:
            q.game = game
        else:
            q.asked_game = game[:40]
            q.problems.append("no_game")
            return q  # a deal of an unknown game means nothing
    if "daily" in pairs:
        day = pairs["daily"]
        if day == "today" or is_date(day):
            q.daily = day
        else:
            q.problems.append("bad_daily")
        return q
    if pairs.get("deal") == "new":
        q.new = True
    elif "deal" in pairs:
        q.deal = deal_number(pairs["deal"])
        if q.deal is None:
            q.problems.append("bad_deal")
    return q
