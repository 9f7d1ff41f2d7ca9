"""Cards and decks. No game rules live here.

>>> Card.parse("TD")
Card.parse('TD')
>>> str(Card(13, "S"))
'KS'
>>> len(deck()), len(deck(decks=2))
(52, 104)
>>> card_label(Card.parse("TD1")), card_label(Card.parse("QS"))
('10♦', 'Q♠')
"""

from dataclasses import dataclass

from ..words.text import RANK_LABELS, SUIT_SYMBOLS, card_label  # noqa: F401 - labels are words
from .errors import NotationError

RANKS = "A23456789TJQK"
ACE, KING = 1, 13
SUITS = "SHDC"
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES = ("ace", "two", "three", "four", "five", "six", "seven", "eight",
              "nine", "ten", "jack", "queen", "king")


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A card: rank 1 (Ace) to 13 (King), suit one of ``SHDC``.

    ``copy`` tells apart identical cards of a two-deck game (0 for the first deck);
    it is written as a digit after the card, so ``KS1`` is the second King of spades.
    """

    rank: int
    suit: str
    copy: int = 0

    def __post_init__(self):
        if not (isinstance(self.rank, int) and 1 <= self.rank <= 13):
            raise NotationError(f"bad rank {self.rank!r}: ranks run from 1 (Ace) to 13 (King)")
        if self.suit not in SUITS or len(self.suit) != 1:
            raise NotationError(f"bad suit {self.suit!r}: suits are S, H, D, C")

    @classmethod
    def parse(cls, token: str) -> "Card":
        """Read a card such as ``KS``, ``TD``, ``AH`` or ``7C1`` (second deck).

        Raises:
            NotationError: naming the token and what is wrong with it.
        """
        tok = token.strip()
        if len(tok) < 2:
            raise NotationError(f"bad card {token!r}: write rank then suit, like KS or TD")
        rank_ch, suit_ch, rest = tok[0].upper(), tok[1].upper(), tok[2:]
        if rank_ch not in RANKS:
            raise NotationError(f"bad rank {tok[0]!r} in card {token!r}: ranks are {RANKS}")
        if suit_ch not in SUITS:
            raise NotationError(f"bad suit {tok[1]!r} in card {token!r}: suits are {SUITS}")
        if rest and not rest.isdigit():
            raise NotationError(f"bad card {token!r}: only a deck digit may follow the suit")
        return cls(RANKS.index(rank_ch) + 1, suit_ch, int(rest) if rest else 0)

    def __str__(self) -> str:
        return RANKS[self.rank - 1] + self.suit + (str(self.copy) if self.copy else "")

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def name(self) -> str:
        """Spoken name, for accessible labels: ``'queen of hearts'``."""
        return f"{RANK_NAMES[self.rank - 1]} of {SUIT_NAMES[self.suit]}"


def deck(decks: int = 1, suits: str = SUITS) -> list[Card]:
    """A fresh, ordered deck: suits in the order given, Ace to King within each.

    With fewer suits than four, each suit is repeated so the deck still has
    ``52 * decks`` cards (one-suit Spider uses eight sets of spades).
    """
    sets = decks * 4 // len(suits)
    return [Card(rank, suit, copy)
            for copy in range(sets)
            for suit in suits
            for rank in range(1, 14)]


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by spaces; ``-`` or nothing is no cards."""
    text = text.strip()
    if text in ("", "-"):
        return ()
    return tuple(Card.parse(tok) for tok in text.split())


def format_cards(cards) -> str:
    return " ".join(str(c) for c in cards)
