"""One test or more per rule line of Tabby Cat (docs/rules/tabbycat.en.md)."""

import pytest

from helpers import GAME, KING_TO_ACE, apply_text, pos
from solitaire import DEAL, IllegalMoveError, Move


def names(p, place):
    return " ".join(str(c) for c in GAME.get(p, place))


# -- set-up --------------------------------------------------------------------------

def test_setup_four_cards_and_a_stock_of_48():
    """One card face up on each of four piles, 48 in the stock, the tail empty."""
    p = GAME.deal(5)
    assert [len(x) for x in p.piles] == [1, 1, 1, 1]
    assert len(p.stock) == 48 and p.cells == ((),)
    assert sorted(p.cards()) == sorted(GAME.parse(GAME.format(p)).cards())
    assert len(set(p.cards())) == 52


# -- building ------------------------------------------------------------------------

def test_a_card_goes_on_one_rank_higher_whatever_its_suit():
    """A card can be laid on any card one rank higher, whatever its suit."""
    p = pos("pile-1: 9S\npile-2: 8H 8S")
    assert names(apply_text(p, "2>1"), "pile-1") == "9S 8S"


def test_a_card_does_not_go_on_other_ranks():
    """7 on 9 is refused, with the reason."""
    p = pos("pile-1: 9S\npile-2: 7H")
    with pytest.raises(IllegalMoveError, match="7♥ cannot go on 9♠"):
        apply_text(p, "2>1")
    with pytest.raises(IllegalMoveError):
        apply_text(pos("pile-1: 9S\npile-2: TH"), "2>1")


def test_king_goes_on_ace():
    """A King can be laid on an Ace."""
    p = pos("pile-1: AD\npile-2: KC")
    assert names(apply_text(p, "2>1"), "pile-1") == "AD KC"


def test_ace_does_not_go_on_king():
    """Only K on A wraps; an Ace goes on a Two."""
    with pytest.raises(IllegalMoveError):
        apply_text(pos("pile-1: KD\npile-2: AC"), "2>1")


# -- runs ----------------------------------------------------------------------------

def test_run_of_any_length_moves_whole_including_wrap():
    """A run of any length moves, whether or not it passes from Ace to King."""
    p = pos("pile-1: 5S\npile-2: 9H 4C 3D 2S AH KC QD JH")
    assert GAME.run_length(p.piles[1]) == 7
    after = apply_text(p, "2>1*7")
    assert names(after, "pile-1") == "5S 4C 3D 2S AH KC QD JH"
    assert names(after, "pile-2") == "9H"


def test_any_card_of_the_run_moves_with_the_cards_above():
    """Any card of the run can be taken with everything above it."""
    p = pos("pile-1: 3S\npile-2: 9H 4C 3D 2S\npile-3: 4H")
    after = apply_text(p, "2>1*1")
    assert names(after, "pile-1") == "3S 2S"
    after = apply_text(p, "2>3*2")
    assert names(after, "pile-3") == "4H 3D 2S" and names(after, "pile-2") == "9H 4C"


def test_cards_that_are_not_a_run_do_not_move_together():
    """A card under a break cannot move with the cards above it."""
    p = pos("pile-1: TS\npile-2: 9H 4C 3D")
    with pytest.raises(IllegalMoveError, match="not one run"):
        apply_text(p, "2>1*3")


def test_empty_pile_takes_any_card_or_run():
    """An empty pile takes any card or any run that may move."""
    p = pos("pile-1: 7S 6H 5D\npile-3: 2C")
    after = apply_text(p, "1>2*2")
    assert names(after, "pile-2") == "6H 5D" and names(after, "pile-1") == "7S"


def test_whole_pile_into_empty_pile_is_legal():
    """Moving a whole pile into an empty pile is a legal move."""
    p = pos("pile-1: 7S 6H 5D")
    assert Move.parse("1>2*3") in GAME.legal_moves(p)
    assert names(apply_text(p, "1>2*3"), "pile-2") == "7S 6H 5D"


# -- the tail -------------------------------------------------------------------------

def test_empty_tail_takes_any_run():
    """When the tail is empty, it takes any run that may move."""
    after = apply_text(pos("pile-1: 8S 7H 6D"), "1>t*3")
    assert names(after, "tail") == "8S 7H 6D" and names(after, "pile-1") == ""


def test_tail_refuses_a_second_run():
    """The tail takes a run only while it is empty."""
    p = pos("pile-1: 8S\ntail: 5H")
    with pytest.raises(IllegalMoveError, match="already holds"):
        apply_text(p, "1>t")
    assert all(m.dst != "tail" for m in GAME.legal_moves(p))


def test_tail_gives_its_run_whole_onto_a_pile_that_takes_it():
    """The run leaves the tail all at once, onto a pile whose top card takes its bottom card."""
    p = pos("pile-1: 9C\npile-2: 3S\ntail: 8S 7H 6D")
    after = apply_text(p, "t>1*3")
    assert names(after, "pile-1") == "9C 8S 7H 6D" and names(after, "tail") == ""
    with pytest.raises(IllegalMoveError):
        apply_text(p, "t>2*3")


def test_tail_king_goes_onto_an_ace():
    """K on A holds for the tail's run too."""
    p = pos("pile-1: AC\ntail: KS QH")
    assert names(apply_text(p, "t>1*2"), "pile-1") == "AC KS QH"


def test_tail_never_gives_a_partial_run():
    """The run in the tail leaves only all at once."""
    p = pos("pile-1: 7C\ntail: 8S 7H 6D")
    with pytest.raises(IllegalMoveError, match="only whole"):
        apply_text(p, "t>1*2")
    assert [str(m) for m in GAME.legal_moves(p) if m.src == "tail"] == ["t>2*3", "t>3*3", "t>4*3"]


def test_tail_run_goes_into_an_empty_pile():
    """The tail's run may go into an empty pile."""
    after = apply_text(pos("pile-1: 7C\ntail: 8S 7H"), "t>3*2")
    assert names(after, "pile-3") == "8S 7H"


def test_tail_run_never_goes_to_a_foundation():
    """A run never goes from the tail straight to a foundation."""
    p = pos("tail: " + KING_TO_ACE)
    with pytest.raises(IllegalMoveError):
        apply_text(p, "t>f1*13")
    assert all(not m.dst.startswith("foundation") for m in GAME.legal_moves(p))


# -- dealing ---------------------------------------------------------------------------

def test_deal_puts_one_card_on_each_pile_left_to_right():
    """A deal puts stock cards 1..4 on piles 1..4, never on the tail."""
    p = pos("pile-1: 9S\npile-2: 5D\npile-3: 2C\npile-4: JH\ntail: 4S\nstock: 3H 8C 7D KS")
    after = GAME.apply(p, DEAL)
    assert [names(after, f"pile-{i}") for i in range(1, 5)] == ["9S 3H", "5D 8C", "2C 7D", "JH KS"]
    assert names(after, "tail") == "4S" and after.stock == ()


def test_deal_lands_on_empty_piles():
    """Empty piles get a card from the deal too."""
    after = GAME.apply(pos("pile-2: 5D\nstock: 3H 8C 7D KS"), DEAL)
    assert [names(after, f"pile-{i}") for i in range(1, 5)] == ["3H", "5D 8C", "7D", "KS"]


def test_dealing_allowed_with_a_full_tail():
    """Dealing is always allowed while stock remains, a full tail included."""
    p = pos("pile-1: 9S\ntail: 8S 7H\nstock: 3H 8C 7D KS")
    assert DEAL in GAME.legal_moves(p)


def test_twelve_deals_and_no_more():
    """Twelve deals in all; no deal after the twelfth."""
    p = GAME.deal(3)
    for _ in range(12):
        assert GAME.deals_left(p) > 0
        p = GAME.apply(p, DEAL)
    assert GAME.deals_left(p) == 0 and p.stock == ()
    assert DEAL not in GAME.legal_moves(p)
    with pytest.raises(IllegalMoveError, match="all 12 deals"):
        GAME.apply(p, DEAL)


# -- finished runs -----------------------------------------------------------------------

def test_finished_run_leaves_after_a_move():
    """The top thirteen cards K..A (any suits) leave at once after a move."""
    run = KING_TO_ACE.split()
    p = pos(f"pile-1: 5D {' '.join(run[:12])}\npile-2: {run[12]}")
    after = apply_text(p, "2>1")
    assert names(after, "pile-1") == "5D"
    assert names(after, "foundation-1") == KING_TO_ACE


def test_finished_run_leaves_after_a_deal():
    """A deal that completes K..A sends it off too."""
    run = KING_TO_ACE.split()
    p = pos(f"pile-3: {' '.join(run[:12])}\nstock: 2H 3H {run[12]} 5C")
    after = GAME.apply(p, DEAL)
    assert names(after, "pile-3") == "" and names(after, "foundation-1") == KING_TO_ACE


def test_wrapped_thirteen_stays():
    """Thirteen cards that pass from Ace to King on the way are not a finished run."""
    wrapped = "7S 6H 5D 4C 3S 2H AD KC QS JH TD 9C"
    p = pos(f"pile-1: {wrapped}\npile-2: 8H")
    after = apply_text(p, "2>1")
    assert len(after.piles[0]) == 13 and after.foundations[0] == ()


def test_only_the_top_thirteen_count():
    """A K..A under another card does not leave until it is on top."""
    p = pos(f"pile-1: {KING_TO_ACE} 5H\npile-2: 6D")
    after = apply_text(p, "1>2")  # lifting the 5 lays the run bare
    assert names(after, "pile-1") == "" and names(after, "foundation-1") == KING_TO_ACE


def test_lifting_a_run_off_a_finished_run_lets_it_leave():
    """Completion is checked on the pile a run was lifted from."""
    p = pos(f"pile-1: {KING_TO_ACE} 9D 8C\npile-2: TH")
    after = apply_text(p, "1>2*2")
    assert after.piles[0] == () and names(after, "pile-2") == "TH 9D 8C"
    assert names(after, "foundation-1") == KING_TO_ACE


def test_two_finished_runs_laid_bare_by_one_move_both_leave():
    """One move can finish a run on the target and lay bare another on the source."""
    other = "KH QS JC TD 9H 8S 7C 6D 5H 4S 3C 2D"
    p = pos(f"pile-1: {KING_TO_ACE} AH\npile-2: {other}")
    after = apply_text(p, "1>2")
    assert after.piles[0] == () and after.piles[1] == ()
    assert sorted(len(f) for f in after.foundations) == [0, 0, 13, 13]


def test_finished_run_in_the_tail_stays_until_moved_onto_a_pile():
    """A finished run in the tail stays there; moved onto a pile, it leaves at once."""
    tail = KING_TO_ACE.replace("3D", "3H")
    p = pos(f"pile-1: 3D\npile-2: 4C\ntail: {tail}\nstock: AD 7S 9D 5H")
    p = apply_text(p, "1>2")  # a move elsewhere
    p = GAME.apply(p, DEAL)   # and a deal
    assert names(p, "tail") == tail and p.foundations[0] == ()
    after = apply_text(p, "t>1*13")  # K onto the dealt Ace: the run is on top, and leaves
    assert after.cells[0] == () and names(after, "pile-1") == "AD"
    assert names(after, "foundation-1") == tail


def test_won_when_52_cards_are_off():
    """The game is won when all 52 cards are on the foundations."""
    p = GAME.deal(1)
    assert not GAME.is_won(p)
    runs = ["KS QH JD TC 9S 8H 7D 6C 5S 4H 3D 2C AS", "KH QD JC TS 9H 8D 7C 6S 5H 4D 3C 2S AH",
            "KD QC JS TH 9D 8C 7S 6H 5D 4C 3S 2H AD", "KC QS JH TD 9C 8S 7H 6D 5C 4S 3H 2D AC"]
    won = GAME.parse("\n".join(f"foundation-{i + 1}: {r}" for i, r in enumerate(runs)))
    assert GAME.is_won(won)


# -- click to move -------------------------------------------------------------------------

def test_click_prefers_a_pile_topped_by_the_same_suit():
    """Click: the leftmost pile whose top takes the card AND has its suit comes first."""
    p = pos("pile-1: 9H\npile-2: 9S\npile-3: 8S")
    assert str(GAME.click_move(p, "pile-3", 0)) == "3>2"


def test_click_then_any_pile_that_takes_it():
    """Else the leftmost pile that takes it, over an empty pile."""
    p = pos("pile-2: 9H\npile-3: 9D\npile-4: 8S")
    assert str(GAME.click_move(p, "pile-4", 0)) == "4>2"


def test_click_then_the_leftmost_empty_pile():
    """Else the leftmost empty pile."""
    p = pos("pile-1: 5C\npile-3: 9S 8S")
    assert str(GAME.click_move(p, "pile-3", 1)) == "3>2"


def test_click_then_the_tail():
    """Else the tail, for a tableau run, when the tail is empty."""
    p = pos("pile-1: 5C\npile-2: 2D\npile-3: 9S 8S\npile-4: 3H")
    assert str(GAME.click_move(p, "pile-3", 0)) == "3>t*2"


def test_click_never_moves_a_whole_pile_into_an_empty_pile():
    """Moving a whole pile into an empty pile is not a useful target and is skipped."""
    p = pos("pile-1: 9S 8S\npile-3: 5C\npile-4: 2D")
    assert str(GAME.click_move(p, "pile-1", 0)) == "1>t*2"
    q = pos("pile-1: 9S 8S\npile-3: 5C\npile-4: 2D\ntail: 4H")
    assert GAME.click_move(q, "pile-1", 0) is None


def test_click_on_a_card_below_the_run_does_nothing():
    """A card that cannot move (not part of the movable run) gives no move."""
    p = pos("pile-1: 9S 4D\npile-2: TH")
    assert GAME.click_move(p, "pile-1", 0) is None


def test_click_in_the_tail_moves_the_whole_run():
    """Click any card in the tail: the whole run moves the same way."""
    p = pos("pile-1: 9H\npile-2: 9S\ntail: 8S 7H 6D")
    for index in range(3):
        assert str(GAME.click_move(p, "tail", index)) == "t>2*3"
    q = pos("pile-1: 2C\ntail: 8S 7H")
    assert str(GAME.click_move(q, "tail", 1)) == "t>2*2"


def test_click_on_the_stock_deals():
    """A click on the stock deals while stock remains."""
    p = GAME.deal(1)
    assert GAME.click_move(p, "stock", 0) == DEAL
    assert GAME.click_move(pos("pile-1: 5C"), "stock", 0) is None


def test_illegal_moves_say_why():
    """Bad moves raise IllegalMoveError naming the reason, never another error."""
    p = GAME.deal(1)
    for text, reason in [("1>1", "own place"), ("1>2*5", "holds 1"), ("f1>2", "foundation stay"),
                         ("1>f1", "by themselves"), ("t>1", "holds 0"), ("c3>1", "no place")]:
        with pytest.raises(IllegalMoveError, match=reason):
            apply_text(p, text)
    with pytest.raises(IllegalMoveError, match="write 'deal'"):
        GAME.apply(p, Move("stock", "pile-1", 1))
