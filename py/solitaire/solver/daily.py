"""The daily deal: a pure function of the date and the game, the same for everyone.

Algorithm (anyone can recompute a day's deal):

1. ``seed = FNV-1a-64("<game id>:<YYYY-MM-DD>")``, e.g. ``"tabbycat:2027-01-01"``.
2. SplitMix64 seeded with it draws candidates: ``candidate = 1 + next() % (2**32 - 1)``.
3. The first candidate that the checker proves winnable within ``DAILY_BUDGET`` positions
   (a count, never a time, so every machine agrees) is the day's deal.

The checker is a frozen, versioned copy of the solver (:mod:`solitaire.engine.checker_v1`), not
the live one: a day's deal is a published fact, and a better solver (one that wins some
candidate faster) must not move it. ``DailySearch`` computes it in slices, for a page
that yields between them; ``daily_deal`` runs it to the end.

>>> daily_deal("2027-01-01")
940155526
"""

import datetime

from ..engine.checker_v1.search import WON, Search
from ..engine.errors import SolitaireError
from ..engine.games import get_game
from ..engine.rng import SplitMix64, fnv1a64
from ..words.text import Message

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
        raise SolitaireError(Message("rec_date_form", text=str(text)[:40]))
    try:
        day = datetime.date.fromisoformat(text)
    except ValueError:
        raise SolitaireError(Message("rec_date_day", text=text)) from None
    if not FIRST_DAY <= day <= LAST_DAY:
        raise SolitaireError(Message("rec_date_range", text=text, first=FIRST_DAY.isoformat(),
                                      last=LAST_DAY.isoformat()))
    return day


def candidates(date: str, game_id: str = "tabbycat"):
    """The candidate deal numbers of a day, in the order they are tried."""
    rng = SplitMix64(fnv1a64(f"{game_id}:{date}"))
    for _ in range(MAX_CANDIDATES):
        yield 1 + rng.next() % (2**32 - 1)


class DailySearch:
    """The daily deal of a day, computed in slices.

    ``run(positions)`` examines about that many positions (never more than one
    expansion over) and returns the deal number once found, else None; ``examined``,
    ``candidate`` and ``tried`` tell progress; ``cancel()`` stops it. ``deal`` is the
    answer (None until found). The answer does not depend on how it is sliced.

    Raises:
        SolitaireError: for a bad date or game (at construction), or (never seen) when
            no candidate was proved winnable (from ``run``).
    """

    def __init__(self, date: str, game_id: str = "tabbycat"):
        parse_date(date)
        self.date = date
        self.game = get_game(game_id)
        self.deal: int | None = None
        self.cancelled = False
        self.examined = 0
        self.tried = 0
        self._numbers = candidates(date, game_id)
        self._search = None
        self._next()

    def _next(self) -> None:
        number = next(self._numbers, None)
        if number is None:
            raise SolitaireError(Message("rec_daily_none", day=self.date))
        self.candidate = number
        self.tried += 1
        self._search = Search(self.game, self.game.deal(number), budget=DAILY_BUDGET)

    def run(self, positions: int) -> int | None:
        while self.deal is None and not self.cancelled and positions > 0:
            search = self._search
            before = search.examined
            result = search.run(positions)
            # (v1's ``examined`` counts a finished search's last try twice: use its result)
            spent = (result.examined if result is not None else search.examined) - before
            self.examined += spent
            positions -= max(spent, 1)
            if result is None:
                continue
            if result.verdict == WON:
                self.deal = self.candidate
            else:
                self._next()
        return self.deal

    def cancel(self) -> None:
        if self.deal is None and not self.cancelled:
            self.cancelled = True
            self._search.cancel()


def daily_deal(date: str, game_id: str = "tabbycat") -> int:
    """The deal number of the day's deal for a game.

    Raises:
        SolitaireError: for a bad date or game, or (never seen) no winnable candidate.
    """
    search = DailySearch(date, game_id)
    while search.run(DAILY_BUDGET) is None:
        pass
    return search.deal
