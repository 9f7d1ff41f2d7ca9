"""Rule lines of Manx and Tabbycat relaxed: what differs from Tabby Cat."""

import pytest

from helpers import KING_TO_ACE
from solitaire import IllegalMoveError, Move, get_game, solve
from solitaire.solver.search import replay

MANX = get_game("manx")
RELAXED = get_game("tabbycat-relaxed")


def pos(game, text):
    return game.parse(text, strict=False)


def names(game, p, place):
    return " ".join(str(c) for c in game.get(p, place))


# -- Manx ----------------------------------------------------------------------------

def test_manx_tail_takes_the_top_card_only():
    """The Manx tail holds a single card: it takes the top card of a pile, not a run."""
    p = pos(MANX, "pile-1: 8S 7H 6D")
    assert names(MANX, MANX.apply(p, Move.parse("1>t")), "tail") == "6D"
    with pytest.raises(IllegalMoveError, match="single card"):
        MANX.apply(p, Move.parse("1>t*2"))
    assert [str(m) for m in MANX.legal_moves(p) if m.dst == "tail"] == ["1>t"]


def test_manx_tail_refuses_a_second_card():
    """A full tail takes nothing more."""
    p = pos(MANX, "pile-1: 8S\ntail: 5H")
    with pytest.raises(IllegalMoveError, match="already holds"):
        MANX.apply(p, Move.parse("1>t"))


def test_manx_tail_card_goes_back_onto_a_pile_or_an_empty_pile():
    """The tail's card goes onto a pile whose top takes it, or into an empty pile."""
    p = pos(MANX, "pile-1: 9C\npile-2: 3S\ntail: 8H")
    assert names(MANX, MANX.apply(p, Move.parse("t>1")), "pile-1") == "9C 8H"
    assert names(MANX, MANX.apply(p, Move.parse("t>3")), "pile-3") == "8H"
    with pytest.raises(IllegalMoveError):
        MANX.apply(p, Move.parse("t>2"))


def test_manx_click_sends_a_lone_card_to_the_tail_but_not_a_run():
    p = pos(MANX, "pile-1: 5C\npile-2: 2D\npile-3: 9S 8S\npile-4: 3H")
    assert MANX.click_move(p, "pile-3", 0) is None
    assert str(MANX.click_move(p, "pile-3", 1)) == "3>t"


def test_manx_is_tabby_cat_otherwise():
    """Same deal, same building and finishing as Tabby Cat."""
    assert MANX.deal(9) == get_game("tabbycat").deal(9)
    run = KING_TO_ACE.split()
    p = pos(MANX, f"pile-1: {' '.join(run[:12])}\npile-2: {run[12]}")
    assert MANX.apply(p, Move.parse("2>1")).piles[0] == ()


# -- Tabbycat relaxed -------------------------------------------------------------------

def test_relaxed_any_descending_thirteen_finishes():
    """Any 13 in descending order at the top of a pile, wrap included, leave."""
    wrapped = "7S 6H 5D 4C 3S 2H AD KC QS JH TD 9C"
    p = pos(RELAXED, f"pile-1: 5H {wrapped}\npile-2: 8H")
    after = RELAXED.apply(p, Move.parse("2>1"))
    assert names(RELAXED, after, "pile-1") == "5H"
    assert names(RELAXED, after, "foundation-1") == f"{wrapped} 8H"


def test_relaxed_tail_gives_back_any_group_from_its_top():
    """Cards in the tail may go back singly or as any group from its top."""
    p = pos(RELAXED, "pile-1: 8C\npile-2: 9D\ntail: 8S 7H 6D")
    after = RELAXED.apply(p, Move.parse("t>1*2"))
    assert names(RELAXED, after, "pile-1") == "8C 7H 6D" and names(RELAXED, after, "tail") == "8S"
    after = RELAXED.apply(p, Move.parse("t>2*3"))
    assert names(RELAXED, after, "tail") == ""
    assert str(RELAXED.click_move(p, "tail", 1)) == "t>1*2"


def test_relaxed_tail_still_takes_a_run_only_when_empty():
    p = pos(RELAXED, "pile-1: 8S\ntail: 5H")
    with pytest.raises(IllegalMoveError, match="already holds"):
        RELAXED.apply(p, Move.parse("1>t"))


def test_relaxed_foundation_top_card_comes_back_onto_a_pile_that_takes_it():
    """The top card of a foundation may come back into play onto a pile that takes it."""
    p = pos(RELAXED, f"foundation-1: {KING_TO_ACE}\npile-1: 2D\npile-2: 5C")
    after = RELAXED.apply(p, Move.parse("f1>1"))
    assert names(RELAXED, after, "pile-1") == "2D AS" and len(after.foundations[0]) == 12
    with pytest.raises(IllegalMoveError):
        RELAXED.apply(p, Move.parse("f1>2"))
    with pytest.raises(IllegalMoveError, match="stay there"):
        get_game("tabbycat").apply(p, Move.parse("f1>1"))


STUCK = ("pile-1: KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S\npile-2: AS\nfoundation-1: AH\n"
         "foundation-2: AD\nfoundation-3: AC\nfoundation-4: 3H 2H")


@pytest.mark.parametrize("move", ["2>1", "1>2*12"])
def test_relaxed_finished_run_stays_when_no_foundation_is_empty(move):
    """Issue 16: with every foundation holding part of a run (each gave cards back), a
    finished run raised ValueError. It now stays on its pile as an ordinary run, and the
    game says it can no longer be won."""
    p = pos(RELAXED, STUCK)
    after = RELAXED.apply(p, Move.parse(move))  # raised ValueError
    assert RELAXED.lost_reason(p) is not None
    run = [c for c in after.piles[0] + after.piles[1]]
    assert len(run) == 13 and after.foundations == p.foundations
    assert "can no longer be won" in RELAXED.lost_reason(after)
    assert RELAXED.lost_reason(after).params == {"place": "foundation-1"}
    assert after in [RELAXED.apply(p, m) for m in RELAXED.legal_moves(p)]


def test_relaxed_foundation_card_back_onto_a_finished_run_keeps_it():
    """Issue 16's third case: f4>1 with foundation-4 holding 2H AS finishes K..A on pile 1
    while no foundation is empty."""
    p = pos(RELAXED, STUCK.replace("pile-2: AS\n", "").replace("3H 2H", "2H AS") + "\npile-3: 3H")
    after = RELAXED.apply(p, Move.parse("f4>1"))
    assert len(after.piles[0]) == 13 and after.foundations[3] == p.foundations[3][:1]


def test_a_finished_run_still_leaves_for_an_empty_foundation_in_relaxed():
    p = pos(RELAXED, STUCK.replace("foundation-4: 3H 2H", ""))
    after = RELAXED.apply(p, Move.parse("2>1"))
    assert after.piles[0] == () and len(after.foundations[3]) == 13


def test_lost_reason_is_none_in_games_without_foundation_returns():
    for game_id in ("tabbycat", "manx", "tuxedo", "spider1"):
        game = get_game(game_id)
        assert game.lost_reason(game.deal(7)) is None


@pytest.mark.parametrize("game_id", ["manx", "tabbycat-relaxed"])
def test_variant_solver_lines_win(game_id):
    """The solver's lines win on a fresh engine for the variants too."""
    game = get_game(game_id)
    won = 0
    for n in range(1, 31):
        result = solve(game, game.deal(n), budget=200_000)
        if result.verdict == "won":
            won += 1
            assert game.is_won(replay(game, game.deal(n), result.line))
    assert won >= 27


def test_lift_tells_what_a_press_picks_up():
    """Pile runs; the whole tail in Tabby Cat, any group in relaxed, one card in Manx."""
    tabby = get_game("tabbycat")
    text = "pile-1: 5C 9S 8H\ntail: 8S 7H 6D"
    assert [tabby.lift(pos(tabby, text), "pile-1", i) for i in range(3)] == [None, 2, 1]
    assert [tabby.lift(pos(tabby, text), "tail", i) for i in range(3)] == [3, 3, 3]
    assert [RELAXED.lift(pos(RELAXED, text), "tail", i) for i in range(3)] == [3, 2, 1]
    assert MANX.lift(pos(MANX, "tail: 6D"), "tail", 0) == 1
    assert RELAXED.lift(pos(RELAXED, f"foundation-1: {KING_TO_ACE}"), "foundation-1", 12) == 1
    assert tabby.lift(pos(tabby, f"foundation-1: {KING_TO_ACE}"), "foundation-1", 12) is None
