"""Shared helpers: build Tabby Cat positions from notation."""

from solitaire import get_game
from solitaire.engine.position import parse_line

GAME = get_game("tabbycat")
KING_TO_ACE = "KS QH JD TC 9S 8H 7D 6C 5S 4H 3D 2C AS"


def pos(text: str):
    """A partial Tabby Cat position from notation (missing places are empty)."""
    return GAME.parse(text, strict=False)


def apply_text(p, move: str):
    from solitaire import Move
    return GAME.apply(p, Move.parse(move))


# A Tabby Cat deal and a line of legal moves (found by a search that favours one long
# pile) after which pile 4 holds 44 cards, 17 of them a movable run.
LONG_DEAL = 165
LONG_LINE = parse_line(
    "4>3 3>4*2 1>3 3>t 2>1 1>3 t>1 4>2*2 1>t 2>1*2 3>2 t>3 2>4 4>t 1>4*2 4>2*2 t>4 3>1 4>t "
    "2>1 2>3 t>2 3>4 1>3*2 2>1 3>4 4>2*2 2>3 2>t 3>4*2 t>3 4>2*2 1>4 3>1 4>3 2>4*2 1>2 3>1 "
    "1>t 4>2 2>1*2 4>2 t>3 1>4*2 4>2 3>1 4>t 1>4 4>3 2>1*2 3>4 t>3 1>3 4>t 1>2 3>4*2 4>2 4>3 "
    "3>1 2>3*2 t>4 4>2 3>4*2 1>3 3>t 4>1*2 1>3*2 2>4 t>2 3>1*2 4>3 2>4 3>t 1>3*2 4>2 deal "
    "3>4*3 4>3*4 2>4 3>2*2 deal 3>2 deal deal 4>2 1>2 3>1 t>1 1>t*3 3>1 3>2 2>4*4 2>4 deal "
    "deal 2>1 1>2*2 deal 1>4 2>4*4 4>1 deal 2>1*3 2>3*3 3>2*2 t>2*3 1>t*4 1>4*2 1>2*2 2>1*5 "
    "2>3*2 1>2*6 3>1*3 2>1*5 1>3*8 3>1*2 3>2*3 4>1*3 1>4 1>2*4 3>1 2>3*8 3>2*6 3>1 2>1*6 "
    "3>2*3 1>2*7 deal 1>4 4>2*8 3>1 3>4 2>3*9 2>3*10 4>2*2 3>4*17 3>1*2 deal 1>2 1>2*3 2>3*5 "
    "3>2*6 2>1*3 1>3*2 3>2*3 2>1*2 2>3*2 1>3*2 1>2*2 3>1*5 1>2*2 2>3*2 deal 1>2 1>3*3 3>1 4>2 "
    "1>3 3>1*3 deal 1>4*2 t>4*4 2>t 2>4*3 2>4*5 3>4 1>3*2 2>1 3>2 4>2*2 2>3*3 t>2 3>4*2 3>t*3 "
    "3>4 "
)
