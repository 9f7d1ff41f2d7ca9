"""The daily deal: a pure function of the date and the game, the same for everyone.

Algorithm (anyone can recompute a day's deal):

1. ``seed = FNV-1a-64("<game id>:<YYYY-MM-DD>")``, e.g. ``"tabbycat:2027-01-01"``.
2. SplitMix64 seeded with it draws candidates: ``candidate = 1 + next() % (2**32 - 1)``.
3. The first candidate that the solver proves winnable within ``DAILY_BUDGET`` positions
   (a count, never a time, so every machine agrees) is the day's deal.

>>> daily_deal("2027-01-01")
940155526
"""

import datetime

from .errors import SolitaireError
from .games import get_game
from .rng import SplitMix64, fnv1a64
from .solver import WON, solve

DAILY_BUDGET = 50_000
MAX_CANDIDATES = 64
FIRST_DAY = datetime.date(2026, 1, 1)
LAST_DAY = datetime.date(2099, 12, 31)


def parse_date(text: str) -> datetime.date:
    """A calendar date written ``YYYY-MM-DD``, within the days dailies are made for.

    Raises:
        SolitaireError: naming the text and what is wrong.
    """
    if not isinstance(text, str) or len(text) != 10 or text[4] != "-" or text[7] != "-":
        raise SolitaireError(f"bad date {text!r}: write YYYY-MM-DD, like 2027-01-01")
    try:
        day = datetime.date.fromisoformat(text)
    except ValueError:
        raise SolitaireError(f"bad date {text!r}: there is no such day") from None
    if not FIRST_DAY <= day <= LAST_DAY:
        raise SolitaireError(f"no daily deal for {text}: dailies run from {FIRST_DAY} to {LAST_DAY}")
    return day


def candidates(date: str, game_id: str = "tabbycat"):
    """The candidate deal numbers of a day, in the order they are tried."""
    rng = SplitMix64(fnv1a64(f"{game_id}:{date}"))
    for _ in range(MAX_CANDIDATES):
        yield 1 + rng.next() % (2**32 - 1)


def daily_deal(date: str, game_id: str = "tabbycat") -> int:
    """The deal number of the day's deal for a game.

    Raises:
        SolitaireError: for a bad date or game, or (never seen) no winnable candidate.
    """
    parse_date(date)
    game = get_game(game_id)
    for number in candidates(date, game_id):
        if solve(game, game.deal(number), budget=DAILY_BUDGET).verdict == WON:
            return number
    raise SolitaireError(f"no candidate of {date} was proved winnable")
