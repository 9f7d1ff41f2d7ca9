"""The board in words, for a screen reader: each place named with what it holds (its
face-down count, its face-up cards, the run that can move), each card named as shown
with its position. Pure functions of a game and a position; the view only shows them.

>>> from solitaire import get_game
>>> game = get_game("spider1")
>>> print(place_name(game, game.deal(1), "pile-1"))
pile 1: 5 face down, then 2♠.
>>> print(place_name(get_game("tuxedo"), get_game("tuxedo").deal(1), "foundation-1"))
foundation 1: empty; an Ace starts it.
>>> print(card_name(game.get(game.deal(1), "pile-1")[-1], 5, 6))
2♠, 2 of spades, 6 of 6
"""

from .messages import Message


def run_start(game, pos, name) -> int | None:
    """The index of the lowest card of ``name`` that can move (with the cards above it)."""
    cards = game.get(pos, name)
    down = game.face_down(pos, name)
    for i in range(down, len(cards)):
        if game.lift(pos, name, i):
            return i
    return None


def place_name(game, pos, name) -> Message:
    """``pile 2: 3 face down, then 9♠ to 7♥, run from 8♣.`` and its shorter kin; never
    "1 cards"."""
    if name == "stock":
        left = game.deals_left(pos)
        return Message("stock_name", left=left) if left else Message("stock_name_empty")
    cards = game.get(pos, name)
    down = game.face_down(pos, name)
    if not cards:  # and what it takes, when its layout says (a King, an Ace)
        takes = _takes(game).get(name)
        return Message(f"place_empty_{_RANK[takes]}" if takes in _RANK else "place_empty", place=name)
    if down == len(cards):
        return Message("place_down_only", place=name, down=down)
    first, top = cards[down], cards[-1]
    start = run_start(game, pos, name)
    prefix = "place_down_" if down else "place_"
    if first is top:
        return Message(prefix + "one", place=name, down=down, top=top)
    if start is None or start == len(cards) - 1 or start == down:
        return Message(prefix + "cards", place=name, down=down, first=first, top=top)
    return Message(prefix + "run", place=name, down=down, first=first, top=top, run=cards[start])


_RANK = {13: "king", 1: "ace"}  # the ranks a layout says an empty place takes
_TAKES = {}


def _takes(game) -> dict:
    """``name -> rank`` of the places of ``game`` that take one rank first while empty."""
    found = _TAKES.get(game.id)
    if found is None:
        found = _TAKES[game.id] = {p.name: p.takes for p in game.layout() if p.takes}
    return found


def card_name(card, index, count) -> Message:
    """A face-up card as shown, then in words (in the page's language: ``spoken`` is
    always the card's name), then its place in its pile (from the bottom):
    ``9♠, 9 of spades, 4 of 6``."""
    return Message("card_read", card=card, spoken=card, index=index + 1, count=count)
