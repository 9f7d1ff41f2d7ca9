"""Rule lines of Spider, and its solver."""

from collections import Counter

import pytest

from solitaire import DEAL, IllegalMoveError, Move
from solitaire.engine.cards import Card, deck
from solitaire.engine.games.spider import Spider1, Spider2, Spider4
from solitaire.records.session import Session
from solitaire.solver.hints import FairHint
from solitaire.solver.players import play, positions
from solitaire.solver.search import Beam, replay, solve

S1, S2, S4 = Spider1(), Spider2(), Spider4()


def pos(game, text):
    return game.parse(text, strict=False)


def test_decks_of_one_two_and_four_suits():
    """104 cards: 8 x spades, 4 x spades and hearts, or 2 x each suit."""
    for game, suits in ((S1, {"S"}), (S2, {"S", "H"}), (S4, set("SHDC"))):
        cards = deck(game.decks, game.suits)
        assert len(cards) == 104 and len(set(cards)) == 104 and {c.suit for c in cards} == suits


def test_deal_six_and_five_with_one_face_up():
    p = S4.deal(3)
    assert [len(x) for x in p.piles] == [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]
    assert p.hidden == (5, 5, 5, 5, 4, 4, 4, 4, 4, 4) and len(p.stock) == 50
    assert S4.parse(S4.format(p)) == p and Counter(p.cards()) == Counter(deck(2, "SHDC"))


def test_duplicates_are_distinct_cards():
    """Two-deck twins are different cards, told apart by their deck digit."""
    assert Card.parse("KS") != Card.parse("KS1") and str(Card(13, "S", 1)) == "KS1"


def test_single_card_on_one_rank_higher_any_suit():
    p = pos(S4, "pile-1: 8S\npile-2: 7H\npile-3: 9D")
    assert S4.apply(p, Move.parse("2>1")).piles[0][-1] == Card.parse("7H")
    with pytest.raises(IllegalMoveError, match="one a rank higher"):
        S4.apply(p, Move.parse("2>3"))


def test_mixed_suit_group_cannot_move():
    """8S then 7H descend but do not move as a pair."""
    p = pos(S4, "pile-1: 8S 7H\npile-2: 9D")
    with pytest.raises(IllegalMoveError, match="one suit"):
        S4.apply(p, Move.parse("1>2*2"))
    same = pos(S4, "pile-1: 8S 7S 6S\npile-2: 9D")
    assert len(S4.apply(same, Move.parse("1>2*3")).piles[1]) == 4


def test_face_down_cards_cannot_move_and_turn_when_bare():
    p = pos(S4, "pile-1: 4C | 8S\npile-2: 9D")
    with pytest.raises(IllegalMoveError, match="face-down"):
        S4.apply(p, Move.parse("1>2*2"))
    after = S4.apply(p, Move.parse("1>2"))
    assert after.hidden[0] == 0 and after.piles[0] == (Card.parse("4C"),)


def test_deal_refused_with_an_empty_column():
    p = S1.deal(2)
    empty = S1.put(p, "pile-3", ())
    with pytest.raises(IllegalMoveError, match="every column"):
        S1.apply(empty, DEAL)
    dealt = S1.apply(p, DEAL)
    assert [len(x) for x in dealt.piles] == [7, 7, 7, 7, 6, 6, 6, 6, 6, 6] and len(dealt.stock) == 40


def test_completed_run_leaves_and_flips_the_card_it_uncovers():
    run = " ".join(f"{r}H" for r in "KQJT98765432")
    p = pos(S4, f"pile-1: 5C | {run}\npile-2: AH")
    after = S4.apply(p, Move.parse("2>1"))
    assert after.piles[0] == (Card.parse("5C"),) and after.hidden[0] == 0
    assert len(after.foundations[0]) == 13


def test_mixed_suit_run_does_not_leave():
    run = " ".join(f"{r}H" for r in "KQJT98765432")
    after = S4.apply(pos(S4, f"pile-1: {run}\npile-2: AS"), Move.parse("2>1"))
    assert len(after.piles[0]) == 13 and after.foundations[0] == ()


def test_undo_restores_flips_and_removals():
    """Undo takes back what the rules did by themselves: a plain move's flip, then a
    completed run leaving and the card it laid bare turning; redo does them again."""
    run = " ".join(f"{r}H" for r in "KQJT98765432")
    start = pos(S4, f"pile-1: 5C | {run}\npile-2: 9D | 4S\npile-3: AH\npile-4: 5D")
    s = Session(S4, 1)
    s.positions[0] = start  # a made-up position in place of deal 1
    flipped = s.play(Move.parse("2>4"))
    assert flipped.hidden[1] == 0 and "pile-2: 9D\n" in S4.format(flipped)
    done = s.play(Move.parse("3>1"))
    assert done.piles[0] == (Card.parse("5C"),) and done.hidden[0] == 0 and len(done.foundations[0]) == 13
    assert s.undo() and s.position == flipped
    assert f"pile-1: 5C | {run}\n" in S4.format(s.position) and s.position.foundations[0] == ()
    assert s.undo() and s.position == start and "pile-2: 9D | 4S\n" in S4.format(s.position)
    assert s.redo() and s.redo() and s.position == done


def test_click_prefers_same_suit_then_any_then_empty():
    p = pos(S4, "pile-1: 9D\npile-2: 9S\npile-3: 8S\npile-5: 4C 3H")
    assert str(S4.click_move(p, "pile-3", 0)) == "3>2"
    assert str(S4.click_move(p, "pile-5", 1)) == "5>4"


def test_complete_solver_model_moves_a_whole_column_while_deals_remain():
    """Before the last deal, which column is empty matters (deal card i lands on column
    i): the complete model keeps the move, the pruned one drops it."""
    p = pos(S1, "pile-1: 5S | 9S\npile-2: 7S\nstock: " + " ".join(f"AS{d}" for d in range(8)) + " 2S 2S1")
    moved = S1.apply(p, Move.parse("2>3"))
    pruned = S1.solver_model(p)
    assert pruned.key(moved) in pruned.complete().children(pruned.key(p))
    assert pruned.key(moved) not in pruned.children(pruned.key(p))


@pytest.mark.parametrize("game", [S1, S2, S4], ids=["spider1", "spider2", "spider4"])
def test_the_complete_model_s_children_are_the_engine_s_moves_and_the_pruned_ones_among_them(game):
    """At every position of greedy and random play and of a won line (runs completed and
    cleared, cards turned up, deals, columns emptied), the complete model's children are exactly the
    keys of the engine's legal moves (after the last deal, a whole column into an empty
    one changes nothing: its key is the state itself), and the pruned model's are among
    them."""
    completed = 0
    won = solve(game, game.deal(5), budget=300_000)
    assert won.verdict == "won"
    for deal, moves in ((1, play(game, game.deal(1), "greedy", 200, seed=1)),
                        (2, play(game, game.deal(2), "random", 200, seed=2)), (5, won.line)):
        start = game.deal(deal)
        for p in positions(game, start, moves):
            model = game.solver_model(p)
            state = model.key(p)
            engine = {model.key(game.apply(p, m)) for m in game.legal_moves(p)}
            complete = model.complete().children(state)
            assert set(complete) | {state} == engine | {state}, game.format(p)
            assert len(set(complete)) == len(complete) or not p.stock
            assert set(model.children(state)) <= engine
            cards = sum(map(len, p.piles))
            completed += sum(1 for m in game.legal_moves(p) if sum(map(len, game.apply(p, m).piles)) < cards)
    assert completed  # some move along the walks completed a run


def test_session_undo_restores_the_flip_and_the_completed_run():
    """Undo in a game in progress puts back the run that left and turns the card down."""
    run = " ".join(f"{r}H" for r in "KQJT98765432")
    start = pos(S4, f"pile-1: 5C | {run}\npile-2: AH")
    s = Session(S4, 1)
    s.positions[0] = start  # a made-up position in place of deal 1
    s.play(Move.parse("2>1"))
    assert s.position.hidden[0] == 0 and len(s.position.foundations[0]) == 13
    assert s.undo() and s.position == start
    assert s.redo() and s.position.foundations[0][0] == Card.parse("KH")


@pytest.mark.parametrize("game,deals", [(S1, range(1, 21)), (S2, range(1, 4)), (S4, range(1, 2))])
def test_solver_lines_replay_to_wins(game, deals):
    for n in deals:
        result = solve(game, game.deal(n), budget=300_000)
        assert result.verdict == "won", (game.id, n)
        assert game.is_won(replay(game, game.deal(n), result.line))


def test_solver_is_deterministic_across_tries():
    """The tries (best-first under several weights, then beams) give the same answer
    and the same count on every run: a daily deal depends on it."""
    a, b = solve(S2, S2.deal(8), 200_000), solve(S2, S2.deal(8), 200_000)
    assert (a.verdict, a.examined, a.line) == (b.verdict, b.examined, b.line)


def test_a_beam_search_wins_four_suits():
    """Four suits make many short beam passes, each seeded differently, two of three
    weighing a face-down card three instead of four; the first wins deal 4 alone (deal 2,
    which the first pass won when every pass weighed four, falls to a later one)."""
    game = S4
    model = game.solver_model(game.deal(4))
    tries = model.tries()
    assert len(tries) == model.PASSES + 2
    assert len({(m.beam, m.seed, m.jitter, m.deal_weight) for m in tries}) == len(tries)
    assert [(m.beam, m.deal_weight, m.seed, m.jitter, m.beam_backups) for m in tries[:2]] == [
        (20, 25, 5, 2, 4), (20, 20, 6, 3, 4)]
    assert [m.hidden_weight for m in tries[:6]] == [3, 3, 4, 3, 3, 4]
    assert [m.hidden_weight for m in S2.solver_model(S2.deal(4)).tries()[-6:]] == [4] * 6
    beam = Beam(game, game.deal(4), tries[0], 40_000, 20)
    while beam.run(10_000) is None:
        pass
    assert beam.result.verdict == "won" and game.is_won(replay(game, game.deal(4), beam.result.line))


def test_four_suit_passes_go_on_with_new_seeds_and_a_larger_budget_only_goes_further():
    """Past the first 24 passes come passes of new seeds, as narrow as the first (not the
    first again, wider), made only when reached; and a search's tries do not depend on its
    budget: four-suit deal 2 is won at 57,529 positions by any budget from there up, and
    not within one position less."""
    model = S4.solver_model(S4.deal(2))
    tries = model.tries()
    assert len(tries) == 242 and len(tries.made) == 0
    assert [(m.beam, m.seed) for m in tries[24:26]] == [(20, 29), (20, 30)]
    assert [m.beam for m in tries[24:36]].count(50) == 2 and len(tries.made) == 12
    results = [solve(S4, S4.deal(2), budget) for budget in (57_528, 57_529, 120_000)]
    assert [r.verdict for r in results] == ["undecided", "won", "won"]
    assert results[1].examined == results[2].examined == 57_529
    assert results[1].line == results[2].line


def test_two_suits_try_a_short_best_first_then_the_passes():
    """Two suits: best-first for 5,000 positions, the first six four-suit passes, then
    the other best-first searches and beams. From two-suit deal 12 after 50 greedy moves
    the fair Hint, four guesses in turns, wins at 59,378 positions (195,863 with the
    best-first searches first)."""
    tries = S2.solver_model(S2.deal(12)).tries()
    assert (tries[0].beam, tries[0].deal_weight, tries[0].first_try) == (0, 25, 5_000)
    assert [(m.beam, m.seed) for m in tries[1:7]] == [(20, 5), (20, 6), (20, 7), (20, 8), (20, 9), (50, 10)]
    assert [(m.beam, m.deal_weight, m.beam_cap) for m in tries[7:]] == [
        (0, 20, 0), (50, 25, 0), (0, 30, 0), (0, 35, 0), (50, 25, 1)]
    start = S2.deal(12)
    pos = positions(S2, start, play(S2, start, "greedy", 50, seed=12))[-1]
    h = FairHint(S2, pos, 300_000)
    while h.run(300_000) is None:
        pass
    assert (h.result.kind, h.result.examined) == ("likely", 59_378)


def test_four_suits_try_two_wide_beams_after_36_passes():
    """After 36 narrow passes come two beams 250 wide that never give up and stop at
    300,000 positions, with two narrow passes between them. The first alone wins deal
    704, which a million positions of narrow passes do not win."""
    tries = S4.solver_model(S4.deal(704)).tries()
    wide = [i for i, m in enumerate(tries) if m.beam == 250]
    assert wide == [36, 39] and {tries[i].beam_backups for i in wide} == {None}
    assert [tries[i].beam * tries[i].beam_cost for i in wide] == [300_000, 300_000]
    assert {tries[i].beam for i in range(len(tries)) if i not in wide} == {20, 50}
    beam = Beam(S4, S4.deal(704), tries[36], 300_000, 250)
    beam.run(300_000)
    assert (beam.result.verdict, beam.result.examined) == ("won", 186_849)
    assert S4.is_won(replay(S4, S4.deal(704), beam.result.line))


def test_with_no_stock_left_four_suits_search_the_complete_model_first_and_prove_a_loss():
    """Passes give up and never prove a loss; with no stock left the complete model's
    best-first search goes first (40,000 positions), so a four-suit position a player dealt
    out early is proved lost: deal 7 after 25 random moves in 9 positions, deal 20 after
    50 in 589. A deal from the start still begins with the passes."""
    assert S4.solver_model(S4.deal(7)).tries()[0].beam == 20
    for deal, moves, examined in ((7, 25, 9), (20, 50, 589)):
        start = S4.deal(deal)
        p = positions(S4, start, play(S4, start, "random", moves, seed=deal))[-1]
        assert not p.stock
        first = S4.solver_model(p).tries()[0]
        assert (first.proves, first.beam, first.first_try) == (True, 0, 40_000)
        result = solve(S4, p, 300_000)
        assert (result.verdict, result.examined) == ("unwinnable", examined)


def test_a_seed_reorders_only_ties_or_near_ties():
    """A seeded model's score is the plain score times 16 plus a hash of the position
    below 16 times ``jitter``: with jitter 1 only ties change order, and the same seed
    always gives the same score (a search must give the same answer on every run)."""
    from solitaire.engine.games.spider_model import SpiderModel
    pos = S4.deal(3)
    plain, seeded = SpiderModel(S4, pos), SpiderModel(S4, pos, seed=7)
    other, mixed = SpiderModel(S4, pos, seed=8), SpiderModel(S4, pos, seed=7, jitter=3)
    kids = plain.children(plain.root)
    for k in kids:
        assert 0 <= seeded.score(k) - 16 * plain.score(k) < 16
        assert 0 <= mixed.score(k) - 16 * plain.score(k) < 48
        assert seeded.score(k) == SpiderModel(S4, pos, seed=7).score(k)
    assert [seeded.score(k) % 16 for k in kids] != [other.score(k) % 16 for k in kids]


class Tree:
    """A made-up model: r has children a and b; a has a1 a2 a3, b has b1 b2 (lower
    scores first)."""

    root = b"r"
    kids = {b"r": [b"a", b"b"], b"a": [b"a1", b"a2", b"a3"], b"b": [b"b1", b"b2"]}
    scores = {b"a": 0, b"b": 0, b"a1": 1, b"a2": 2, b"a3": 3, b"b1": 4, b"b2": 5}

    def __init__(self, cap):
        self.beam_cap = cap

    def children(self, state, back=None):
        return self.kids.get(state, [])

    def score(self, state):
        return self.scores[state]

    def is_won(self, state):
        return False


@pytest.mark.parametrize("cap,level,rest", [(0, [b"a1", b"a2"], [b"a3", b"b1", b"b2"]),
                                            (1, [b"a1", b"b1"], [b"a2", b"a3", b"b2"]),
                                            (2, [b"a1", b"a2"], [b"b1", b"b2", b"a3"])])
def test_a_capped_beam_lets_the_best_children_of_more_positions_go_first(cap, level, rest):
    """With ``beam_cap`` each position's best children lead the next level and the rest
    follow in order: nothing is dropped, the level's order only changes."""
    beam = Beam(S4, S4.deal(1), Tree(cap), 100, 2)
    beam.run(6)         # expands r, then a and b
    assert beam._descend() and beam.level == level
    waiting, taken = beam.stack[-1]
    assert waiting[taken:] == rest


@pytest.mark.parametrize("backups,verdict", [(None, "unwinnable"), (0, "undecided"),
                                             (5, "unwinnable")])
def test_a_beam_with_few_backups_gives_up_instead_of_backing_up(backups, verdict):
    """A level with nothing new sends a beam back up its stack; with ``beam_backups`` it
    does so that many times at most, then gives up: undecided, never a proof, and
    within its budget."""
    tree = Tree(0)
    tree.beam_backups = backups
    beam = Beam(S4, S4.deal(1), tree, 100, 2)
    while beam.run(3) is None:
        pass
    # r, then a and b, then a1 and a2 (leaves): the level after them has nothing new.
    assert beam.result.verdict == verdict and beam.result.examined == 8
    assert beam.result.expanded == (5 if backups == 0 else 8)


def test_a_pruned_search_that_runs_dry_hands_over_to_the_complete_model():
    """No deal can come (an empty column) and no move helps: the pruned search sees all
    it allows, then the complete one proves the loss."""
    p = pos(S1, "pile-1: 5S | 9S\npile-2: 7S\nstock: " + " ".join(f"AS{d}" for d in range(8))
            + " 2S 2S1")
    result = solve(S1, p, budget=100_000)
    assert result.verdict == "unwinnable"


def test_click_takes_a_card_of_another_suit_one_rank_higher_when_none_of_its_own():
    p = pos(S4, "pile-1: 9D\npile-3: 8S\npile-4: 2C")
    assert str(S4.click_move(p, "pile-3", 0)) == "3>1"


def test_a_run_finished_from_a_pile_with_a_card_face_down_shows_that_card_turned_up_first():
    """The stages of a move that finishes a run: the cards placed, with the card they
    laid bare already turned up, then the run leaving."""
    p = pos(S1, "pile-1: 4S | AS\npile-2: KS QS JS TS 9S 8S 7S 6S 5S 4S1 3S 2S")
    placed, left = S1.stages(p, Move.parse("1>2"))
    assert placed.piles[0] == (Card.parse("4S"),) and placed.hidden[0] == 0
    assert len(placed.piles[1]) == 13 and left.piles[1] == () and left.foundations[0]


def test_the_stock_onto_one_column_is_refused_it_deals_to_every_column():
    why = S1.why_illegal(S1.deal(1), Move("stock", "pile-1", 1))
    assert why.key == "deal_notation_columns" and "every column" in why


def test_a_count_larger_than_the_column_is_refused_naming_what_the_column_holds():
    why = S1.why_illegal(S1.deal(1), Move("pile-1", "pile-2", 9))  # column 1 holds 6 cards
    assert why.key == "count_column" and why.params == {"column": 1, "held": 6, "count": 9}
    assert str(why) == "column 1 holds 6 cards, so 9 cannot move"
