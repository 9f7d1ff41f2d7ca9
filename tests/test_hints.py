"""Hints from what the player sees, the look-back to the last winnable position, and
the difficulty rating."""

import json
import math

import pytest

from solitaire import get_game
from solitaire.solver.hints import (EASY, HARD, MEDIUM, FairHint, LastWinnable, arrangements,
                             difficulty, hint, rating, visible, win_rate)
from solitaire.solver.players import greedy_wins, play, positions
from solitaire.engine.position import Position
from solitaire.solver.search import WON, Search, replay, solve
from test_cli import run


def test_look_back_finds_a_proved_winnable_position_in_few_searches():
    """A random player's game of Tabby Cat ends stuck; the look-back returns a position
    the solver proves winnable, the next one it probed was not proved, and it took
    about log2(moves) searches instead of one per move."""
    game = get_game("tabbycat")
    start = game.deal(5)
    seen = positions(game, start, play(game, start, "random", 100, seed=5))
    back = LastWinnable(game, seen[:-1], budget=20_000)
    while not back.run(1_000):
        pass
    assert back.index is not None and back.probes <= math.ceil(math.log2(len(seen))) + 1
    assert game.is_won(replay(game, seen[back.index], back.line))
    assert back.index + 1 < len(seen) - 1  # the position after it is on the walk: checked
    assert solve(game, seen[back.index + 1], budget=20_000).verdict != WON


def test_look_back_goes_no_further_back_than_a_position_already_proved():
    """Told a position is already proved winnable, the look-back probes only after it:
    its answer is never an earlier one (a later probe it cannot win within its budget
    sends it back to that position, not below), and it searches nothing when that
    position is the last one."""
    game = get_game("tabbycat")
    start = game.deal(5)
    seen = positions(game, start, play(game, start, "random", 100, seed=5))[:-1]
    answers = {}
    for won in (-1, 15, 30, len(seen) - 1):
        back = LastWinnable(game, seen, budget=20_000, won=won)
        while not back.run(1_000):
            pass
        answers[won] = (back.index, back.probes)
    index = answers[-1][0]
    assert 15 < index < 30 and answers[15][0] == index   # the same answer from above 15
    assert answers[30] == (30, 4)   # nothing above 30 proved: 30 itself
    assert answers[len(seen) - 1] == (len(seen) - 1, 0)
    with pytest.raises(ValueError):
        LastWinnable(game, seen, won=len(seen))


def test_look_back_with_nothing_winnable_says_none():
    game = get_game("tabbycat")
    lost = game.parse("pile-1: 5C 9D\npile-2: 3H", strict=False)
    back = LastWinnable(game, [lost, lost], budget=1_000)
    while not back.run(100):
        pass
    assert back.index is None and back.probes == 2  # positions 1, then 0


def hidden_swapped(pos: Position) -> Position:
    """The same position with two face-down cards of different piles exchanged."""
    piles = [list(p) for p in pos.piles]
    (i, j) = [k for k, h in enumerate(pos.hidden) if h][:2]
    piles[i][0], piles[j][0] = piles[j][0], piles[i][0]
    return Position(piles=tuple(map(tuple, piles)), cells=pos.cells, stock=pos.stock,
                    foundations=pos.foundations, hidden=pos.hidden)


def test_a_fair_hint_depends_only_on_what_the_player_sees():
    game = get_game("spider1")
    real = game.deal(3)
    other = hidden_swapped(real)
    assert other != real and visible(game, other) == visible(game, real)
    a, b = hint(game, real, 20_000), hint(game, other, 20_000)
    assert (a.move, a.kind, a.wins, a.samples) == (b.move, b.kind, b.wins, b.samples)
    assert a.kind in ("likely", "none") and a.samples == 4
    assert a.move is not None and a.move in game.legal_moves(real)
    # The arrangements keep every visible card where it is, and the same cards.
    for world in arrangements(game, real, 3):
        assert visible(game, world) == visible(game, real)
        assert sorted(map(str, world.cards())) == sorted(map(str, real.cards()))


def test_a_fair_hints_arrangements_share_one_budget_in_turns():
    """An arrangement that needs more than a quarter of the budget gets what the others
    left: two-suit deal 5's four arrangements cost 4,130, 12,851, 1,695 and 1,711
    positions, so within 40,000 all four are won when every arrangement is searched to
    its end (a quarter each would lose the second). Sliced finely or run at once, the
    hint is the same."""
    game = get_game("spider2")
    pos = game.deal(5)
    second = Search(game, arrangements(game, pos, 4)[1], 40_000)
    while second.run(40_000) is None:
        pass
    assert second.result.verdict == WON and second.result.examined > 40_000 // 4

    def patient():
        h = FairHint(game, pos, 40_000)
        h.AFTER_WIN = 10**9  # every arrangement searched to its end
        return h

    whole = patient()
    while whole.run(40_000) is None:
        pass
    whole = whole.result
    assert (whole.kind, whole.wins, whole.samples) == ("likely", 4, 4)
    assert whole.examined < 40_000
    sliced = patient()
    while sliced.run(777) is None:
        pass
    a = sliced.result
    assert (a.move, a.kind, a.wins, a.lost, a.examined, a.line) == (
        whole.move, whole.kind, whole.wins, whole.lost, whole.examined, whole.line)


def test_a_fair_hint_answers_once_the_easy_arrangements_are_won():
    """One-suit deal 6 after 10 random moves: three arrangements are won within a few
    thousand positions, the fourth only past 250,000. The hint answers at the first win
    (``AFTER_WIN`` 1): the move all four wins start with, after a few hundred positions
    instead of the whole search. Given ``AFTER_WIN`` 4, the others go on to four times
    the positions examined then and the wins vote: the same move, from two or three wins.
    A smaller budget goes the same way as far as it goes."""
    game = get_game("spider1")
    start = game.deal(6)
    pos = positions(game, start, play(game, start, "random", 10, seed=6))[-1]

    def run(after_win):
        h = FairHint(game, pos)
        h.AFTER_WIN = after_win
        while h.run(300_000) is None:
            pass
        return h.result

    slow = run(10**9)  # every arrangement searched to its end
    assert slow.kind == "likely" and slow.wins == 4 and slow.examined > 250_000
    fast = hint(game, pos)
    assert FairHint.AFTER_WIN == 1
    assert fast.kind == "likely" and fast.move == slow.move and fast.wins == 1
    assert fast.examined < 1_000
    voted = run(4)
    assert voted.move == slow.move and 2 <= voted.wins < 4 and fast.examined < voted.examined < 5_000
    assert any(game.is_won(replay(game, world, fast.line)) for world in arrangements(game, pos, 4))
    sliced = FairHint(game, pos)
    while sliced.run(333) is None:
        pass
    assert (sliced.result.move, sliced.result.wins, sliced.result.examined) == (
        fast.move, fast.wins, fast.examined)


def test_a_full_knowledge_hint_is_a_proof():
    game = get_game("spider1")
    h = hint(game, game.deal(3), 50_000, fair=False)
    assert h.kind == "win" and h.move == h.line[0]
    assert game.is_won(replay(game, game.deal(3), h.line))


def test_without_hidden_cards_a_hint_is_the_solver_line():
    game = get_game("tabbycat")
    h = hint(game, game.deal(2), 100_000)
    assert h.kind == "win" and game.is_won(replay(game, game.deal(2), h.line))
    lost = game.parse("pile-1: 5C 9D\npile-2: 3H", strict=False)
    assert hint(game, lost, 1_000).kind == "lost"


def test_difficulty_comes_from_the_greedy_players_wins():
    game = get_game("tabbycat")
    assert [rating(r) for r in (0.0, 0.05, 0.1, 0.2, 0.25, 1.0)] == [
        HARD, HARD, MEDIUM, MEDIUM, EASY, EASY]
    rate = win_rate(game, 2, 10)
    assert rate == sum(greedy_wins(game, game.deal(2), s) for s in range(1, 11)) / 10
    assert difficulty(game, 2, 10) == rating(rate)
    data = json.loads(run("difficulty", "2", "--tries", "10", "--json").stdout)
    assert data["difficulty"] == rating(rate) and data["greedy_win_rate"] == rate
    assert run("difficulty", "2", "--tries", "0").returncode == 2
