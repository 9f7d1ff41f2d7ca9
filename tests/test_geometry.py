"""The table's layout rule (web/geometry.py) and the program the build records from it for
the first-visit board (scripts/build_site.py, run by web/board.js before Python is up):
the program gives the very numbers the rule gives, on every kind of screen."""

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "web"), str(ROOT / "scripts")]

import geometry as geo  # noqa: E402
from solitaire import GAMES, get_game  # noqa: E402

READINGS = ("client", "pad", "top", "inner")
SCREENS = [(1260, 10, 60, 800), (1900, 10, 70, 1000), (370, 10, 100, 844), (780, 10, 56, 380),
           (1000, 8, 120, 420), (600, 0, 60, 1400), (2500, 10, 60, 700), (300, 10, 200, 300)]


def piles(game, pos):
    return {p.name: (len(game.get(pos, p.name)), game.face_down(pos, p.name)) for p in game.layout()}


def numbers(lay, game, pos):
    """Everything the table draws from a plan, as numbers."""
    out = [lay.cw, lay.ch, lay.width, lay.tall, lay.wide]
    for place in game.layout():
        out += list(lay.places[place.name])
        for i in range(len(game.get(pos, place.name))):
            out.append(lay.card_y(place.name, i, game.face_down(pos, place.name)))
    return out


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_recorded_program_gives_the_rule_s_numbers(game_id):
    game = get_game(game_id)
    positions = [game.deal(1), game.deal(7)]
    for pos in positions:
        sym = geo.plan(game.layout(), piles(game, pos), *geo.room(*map(geo.Expr.input, READINGS)))
        program = geo.Program()
        refs = [program.ref(x) for x in numbers(sym, game, pos)]
        for screen in SCREENS:
            real = numbers(geo.plan(game.layout(), piles(game, pos), *geo.room(*screen)), game, pos)
            assert program.run(dict(zip(READINGS, screen)), refs) == real, screen


def test_the_first_board_is_the_controller_s_first_deal():
    """The build lays out deal 1 of Tabby Cat, shown only when no game is saved."""
    import build_site
    from solitaire.saved import SAVE_KEY
    board = build_site.first_board()
    assert (board["game"], board["deal"], board["unless"]) == ("tabbycat", "1", SAVE_KEY)
    assert board["inputs"] == list(READINGS)
    game = get_game("tabbycat")
    faces = sorted(c[3] for c in board["cards"] if c[3])
    pos = game.deal(1)
    up = sorted(str(c) for p in game.layout() for i, c in enumerate(game.get(pos, p.name))
                if i >= game.face_down(pos, p.name))
    assert faces == up


def test_a_symbol_has_no_truth_value():
    """A rule that branches on the room without below() cannot be recorded silently."""
    with pytest.raises(TypeError):
        bool(geo.Expr.input("inner") - 40)
