"""Every search ends within its budget, from any position real play reaches (issue 17).

Searches run as the page runs them: ``Search(game, pos, budget)`` stepped a slice at a
time. Each step must examine at least one position or end the search, never run past
its slice by more than one expansion, and the search must end, with a verdict or
"undecided", within its budget (plus one expansion).
"""

import pytest

from helpers import pos as tabbycat_pos
from solitaire import Move, get_game
from solitaire.engine.games import GAMES
from solitaire.solver.players import play, positions
from solitaire.solver.search import UNDECIDED, UNWINNABLE, WON, Search, replay

BUDGET = 1_500
STEP = 250
EXPANSION = 400   # one expansion examines fewer positions than this in every game
DEALS = (1, 2, 3)
MOVES = (0, 10, 25, 60)

# Issue 17's reproduction: reached from deal 4 of Tabbycat relaxed, it looped for ever.
REPRO = ('4>t 3>4 deal deal deal deal 1>4 deal 1>3 2>1 1>4*2 deal t>3 1>t deal deal deal '
         '2>4 deal 4>3 4>1*2 4>1 4>3 1>4*3 deal').split()


def drive(game, pos, budget=BUDGET, step=STEP):
    """Run a search in steps, checking every step; return its result."""
    search = Search(game, pos, budget)
    steps = 0
    while search.result is None:
        before = search.examined
        search.run(step)
        spent = search.examined - before
        assert spent >= 1 or search.result is not None, "a step examined nothing and went on"
        assert spent <= step + EXPANSION
        steps += 1
        assert steps <= budget + 1  # every step examines one position or ends
    result = search.result
    assert result.verdict in (WON, UNWINNABLE, UNDECIDED)
    assert result.examined <= budget + EXPANSION
    if result.verdict == WON:
        assert game.is_won(replay(game, pos, result.line))
    return result


def played(game_id):
    """Positions a greedy and a random player reach on a few deals, early to late (and
    where the player stopped: no legal move, or nothing new to try)."""
    game = get_game(game_id)
    out = []
    for deal in DEALS[:2] if game_id.startswith("spider") else DEALS:  # Spider's lines are long
        start = game.deal(deal)
        for kind in ("greedy", "random"):
            line = play(game, start, kind, max(MOVES), seed=deal)
            seen = positions(game, start, line)
            out += [seen[m] for m in MOVES if m < len(seen)] + [seen[-1]]
    return game, out


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_search_from_played_positions_ends_within_budget(game_id):
    game, found = played(game_id)
    verdicts = [drive(game, p).verdict for p in found]
    assert len(verdicts) >= 2 * 2 * 2


@pytest.mark.parametrize("step", [1, 7, 2_500])
def test_the_issue_17_position_ends(step):
    """The reproduction ends at once, in any step size; with room it is won (at 711
    positions: a budget below that ends undecided)."""
    game = get_game("tabbycat-relaxed")
    p = replay(game, game.deal(4), [Move.parse(m) for m in REPRO])
    assert drive(game, p, 500, step).verdict == UNDECIDED
    assert drive(game, p, 300_000, step).verdict == WON


def test_positions_with_no_legal_move_and_lost_positions_end():
    """No move at all: proved lost at once. A small lost end-game: proved lost."""
    game = get_game("tabbycat")
    stuck = tabbycat_pos("pile-1: 5C 9D\npile-2: 3H\npile-3: 7S\npile-4: JD\ntail: QC")
    assert game.legal_moves(stuck) == []
    for p in (stuck, tabbycat_pos("pile-1: 5C 9D\npile-2: 3H")):
        assert drive(game, p, 1_000, 1).verdict == UNWINNABLE


def test_a_budget_of_one_position_ends():
    for game_id in GAMES:
        game = get_game(game_id)
        assert drive(game, game.deal(5), 1, 1).verdict in (WON, UNDECIDED)
