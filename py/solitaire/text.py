"""Words the engine says to players, kept in one catalogue so they can be translated.

A refusal (why a move is not allowed) is a :class:`Refusal`: a ``str`` whose text is the
English sentence, so every caller that prints it keeps working, and which also carries
the catalogue ``key`` and its ``params`` (cards as :class:`~solitaire.cards.Card`, places
as place ids such as ``pile-2``), so a page in another language can say it its own way.
Cards are named as players read them (``8♥``, ``10♦``), never by their notation code.

>>> from solitaire.cards import Card
>>> r = Refusal("builds_down", card=Card.parse("8H"), onto=Card.parse("3C"))
>>> print(r)
8♥ cannot go on 3♣: a card goes on one a rank higher, or a King on an Ace
>>> r.key, r == str(r)
('builds_down', True)
>>> print(Refusal("count", place="pile-2", held=1, count=3))
pile 2 holds 1 card(s), so 3 cannot move
>>> print(Refusal("not_a_run", count=3, run=2, place="tail"))
those 3 cards are not one run: only the top 2 of the tail move together
"""

from .cards import Card, card_label

# English templates, by key. Params named ``place`` or ending in ``_place`` are place ids,
# params holding a Card are cards; both are put in words by :func:`render`.
CATALOGUE: dict[str, str] = {
    # every game
    "no_place": "{game} has no place called '{name}'",
    "own_place": "cards cannot move onto their own place",
    "count": "{place} holds {held} card(s), so {count} cannot move",
    "foundation_stays": "cards on a foundation stay there",
    "stock_empty": "the stock is empty: all {deals} deals are done",
    # Tabby Cat, Tabbycat relaxed, Manx
    "deal_notation": "the stock deals one card onto every pile: write 'deal'",
    "foundation_top_only": "only the top card of a foundation comes back, onto a pile",
    "stock_takes_nothing": "nothing goes back to the stock",
    "runs_leave_alone": "finished runs leave for a foundation by themselves",
    "tail_whole": "the tail gives back its run only whole ({count} cards)",
    "not_a_run": "those {count} cards are not one run: only the top {run} of {place} move together",
    "tail_full": "the tail already holds a run",
    "tail_single": "the {game} tail holds a single card",
    "builds_down": "{card} cannot go on {onto}: a card goes on one a rank higher, or a King on an Ace",
    "foundation_gave_back": ("this game can no longer be won unless every card on {place} "
                             "comes back: it gave a card back, and a foundation takes only a "
                             "whole run of 13, and only when it is empty"),
    # Tuxedo
    "not_a_group": ("those {count} cards are not one same-suit group: only the top {run} "
                    "of {place} move together"),
    "foundation_one_at_a_time": "cards go to a foundation one at a time",
    "foundation_needs_ace": "{card} cannot go to {place}: an empty foundation starts with an Ace",
    "ace_needs_empty": "{card} cannot go to {place}: an Ace starts an empty foundation",
    "foundation_builds_up": "{card} cannot go on {onto}: a foundation builds up in suit",
    "cell_one": "a cell holds one card",
    "cell_full": "{place} is full",
    "cell_to_cell": "a card in a cell goes back to a pile or a foundation, never to another cell",
    "king_only": "only a King, or a group headed by a King, fills an empty pile",
    "builds_in_suit": "{card} cannot go on {onto}: a pile builds down in suit",
    # Spider
    "deal_notation_columns": "the stock deals one card onto every column: write 'deal'",
    "deal_needs_columns": "a deal needs every column filled: fill the empty columns first",
    "not_a_column": "'{name}' is not a column: moves go from column to column (1 to 10)",
    "face_down": "face-down cards cannot move",
    "count_column": "column {column} holds {held} card(s), so {count} cannot move",
    "one_suit_group": "only a descending group of one suit moves together",
    "builds_down_any_suit": "{card} cannot go on {onto}: a card goes on one a rank higher",
}

PLACE_WORDS = {"pile": "pile", "cell": "cell", "foundation": "foundation"}
PLACE_NAMES = {"tail": "the tail", "stock": "the stock", "piles": "the piles"}


def place_label(name: str) -> str:
    """A place id in words: ``pile-2`` -> ``pile 2``, ``tail`` -> ``the tail``."""
    if name in PLACE_NAMES:
        return PLACE_NAMES[name]
    kind, dash, num = name.partition("-")
    return f"{PLACE_WORDS[kind]} {num}" if dash and kind in PLACE_WORDS else name


def words(key: str, value):
    """One param in words: cards by :func:`card_label`, place ids by :func:`place_label`."""
    if isinstance(value, Card):
        return card_label(value)
    if key == "place" or key.endswith("_place"):
        return place_label(value)
    return value


def render(key: str, params: dict, catalogue: dict[str, str] = CATALOGUE) -> str:
    """The sentence of ``key`` with its params in words (``catalogue`` may be another
    language's, with the same keys)."""
    return catalogue[key].format(**{k: words(k, v) for k, v in params.items()})


class Message(str):
    """A sentence for players: the English text, with ``.key`` and ``.params``."""

    key: str
    params: dict

    def __new__(cls, key: str, **params) -> "Message":
        self = super().__new__(cls, render(key, params))
        self.key = key
        self.params = params
        return self

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.key!r}, {str(self)!r})"


class Refusal(Message):
    """Why a move is not allowed (what ``why_illegal`` returns)."""
