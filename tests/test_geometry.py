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
    return {p.name: geo.pile_counts(game, pos, p) for p in game.layout()}


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
    from solitaire.records.saved import SAVE_KEY
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


def long_pile_positions():
    """Tabby Cat's long line (tests/helpers.py), position by position."""
    from helpers import LONG_DEAL, LONG_LINE
    game = get_game("tabbycat")
    pos = game.deal(LONG_DEAL)
    yield pos
    for move in LONG_LINE:
        pos = game.apply(pos, move)
        yield pos


@pytest.mark.parametrize("screen", SCREENS)
def test_a_growing_pile_moves_no_place_and_its_run_keeps_its_strips(screen):
    """While a pile grows to 44 cards the card size and every place's box stay put; the
    run keeps strips of at least 24 px, the cards under it stacked tight (at least
    SLIVER_MIN each), and only a run too long for the room at 24 px runs past it."""
    game = get_game("tabbycat")
    room = geo.room(*screen)
    first = None
    for pos in long_pile_positions():
        counts = piles(game, pos)
        lay = geo.plan(game.layout(), counts, *room)
        boxes = (lay.cw, lay.ch, lay.width, {n: p[:2] for n, p in lay.places.items()})
        first = first or boxes
        assert boxes == first
        for place in game.layout():
            cards, down, run = counts[place.name]
            if place.fan != "down" or cards < 2:
                continue
            ys = [lay.card_y(place.name, i) for i in range(cards)]
            gaps = [b - a for a, b in zip(ys, ys[1:])]
            assert all(g >= geo.SLIVER_MIN - 1e-9 for g in gaps), gaps
            assert all(g >= geo.TARGET_PX - 1e-9 for g in gaps[cards - run:]), (place.name, gaps)
            y = lay.places[place.name][1]
            if ys[-1] + lay.ch > room[1] + 0.5:  # past the room: only when nothing else fits
                assert all(g <= geo.SLIVER_MIN + 1e-9 for g in gaps[:cards - run]), gaps
                assert all(g <= geo.TARGET_PX + 1e-9 for g in gaps[cards - run:]), gaps
                assert y + lay.ch + (run - 1) * geo.TARGET_PX > room[1] - (cards - run) * geo.SLIVER_MIN


KINDS = {"pile": "pile", "cell": "cell", "tail": "cell", "foundation": "foundation",
         "stock": "stock"}


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_place_has_the_kind_the_table_lays_out_by(game_id):
    """The table finds the foundations, cells, piles and stock by their kind: each place
    of a game's layout has the kind of its name (the tail is a cell)."""
    for place in get_game(game_id).layout():
        assert place.kind == KINDS[place.name.split("-")[0]], place
