"""Card, move and position notation: round-trips and clear errors."""

import pytest

from helpers import GAME
from solitaire import Card, Move, NotationError
from solitaire.engine.position import format_line, parse_line


def test_card_round_trip():
    """Every card of one and two decks reads back as itself."""
    from solitaire.engine.cards import deck
    for card in deck(2) + deck(2, "S"):
        assert Card.parse(str(card)) == card


@pytest.mark.parametrize("text,msg", [("XS", "bad rank 'X'"), ("KX", "bad suit 'X'"),
                                      ("K", "bad card"), ("KSx", "deck digit")])
def test_card_errors_name_the_token(text, msg):
    """A bad card names the token and what is wrong."""
    with pytest.raises(NotationError, match=msg):
        Card.parse(text)


@pytest.mark.parametrize("text", ["1>3", "2>t*3", "t>4*5", "deal", "c2>f1", "10>9*12"])
def test_move_round_trip(text):
    """parse(format(move)) == move and format(parse(text)) == text."""
    move = Move.parse(text)
    assert str(move) == text and Move.parse(str(move)) == move
    assert eval(repr(move)) == move


@pytest.mark.parametrize("text,msg", [("1-3", "bad move"), ("1>x", "bad place 'x'"),
                                      ("1>3*0", "bad count"), ("1>3*a", "bad count"), (">3", "bad move")])
def test_move_errors_name_the_token(text, msg):
    """A bad move names the move and the token at fault."""
    with pytest.raises(NotationError, match=msg):
        Move.parse(text)


def test_line_round_trip():
    """A line of moves reads back as itself."""
    line = parse_line("deal 1>2, 3>t*2 t>4*2")
    assert parse_line(format_line(line)) == line


@pytest.mark.parametrize("n", [1, 2, 99, 2**32 - 1])
def test_position_round_trip(n):
    """A deal's position text reads back to the same position and the same text."""
    pos = GAME.deal(n)
    text = GAME.format(pos)
    assert GAME.parse(text) == pos and GAME.format(GAME.parse(text)) == text


@pytest.mark.parametrize("text,msg", [
    ("pile-1: 7H\npile-9: 2C", "line 2: unknown place 'pile-9'"),
    ("pile-1: 7H ZZ", r"line 1 \(pile-1\): bad rank 'Z' in card 'ZZ'"),
    ("pile-1 7H", "line 1: 'pile-1 7H' is not 'place: cards'"),
    ("pile-1: 7H\npile-1: 8H", "line 2: place 'pile-1' appears twice"),
    ("pile-1: 7H\npile-2: 7H", "card 7H appears twice"),
    ("pile-1: 7H | 8H", "face-down"),
])
def test_position_errors_name_line_and_token(text, msg):
    """A malformed position names the line and the token, never a traceback."""
    with pytest.raises(NotationError, match=msg):
        GAME.parse(text, strict=False)


def test_strict_position_needs_the_whole_deck():
    """A strict parse refuses a position that lacks cards of the deck."""
    with pytest.raises(NotationError, match="lacks 51 card"):
        GAME.parse("pile-1: 7H")


def test_comments_and_blank_lines_are_skipped():
    """Lines starting with # and blank lines are ignored."""
    text = "# deal 1\n\n" + GAME.format(GAME.deal(1))
    assert GAME.parse(text) == GAME.deal(1)
