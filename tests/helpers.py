"""Shared helpers: build Tabby Cat positions from notation."""

from solitaire import get_game

GAME = get_game("tabbycat")
KING_TO_ACE = "KS QH JD TC 9S 8H 7D 6C 5S 4H 3D 2C AS"


def pos(text: str):
    """A partial Tabby Cat position from notation (missing places are empty)."""
    return GAME.parse(text, strict=False)


def apply_text(p, move: str):
    from solitaire import Move
    return GAME.apply(p, Move.parse(move))
