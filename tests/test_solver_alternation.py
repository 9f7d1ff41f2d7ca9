"""The alternation: one table searched under several priorities in turn (issue 14)."""

from helpers import GAME
from solitaire.alternation import Alternation
from solitaire.games.tabbycat_model import CostModel, MoveCostModel, SimpleModel
from solitaire.players import play, positions
from solitaire.searches import BestFirst
from solitaire.solver import UNWINNABLE, WON, replay


def priorities(pos):
    """Three priorities of Tabby Cat: the disorder best-first, the simple priority and
    three times the disorder plus one per move."""
    return [GAME.solver_model(pos), SimpleModel(GAME, pos), CostModel(GAME, pos)]


def run(search, step):
    while search.result is None:
        search.run(step)
    return search.result


def test_the_alternation_wins_a_deal_each_of_its_priorities_gets_lost_in():
    """Deal 624: each of the three priorities alone takes over 700,000 positions (the
    best-first model 792,018); alternating over one table they win it in 1,837."""
    pos = GAME.deal(624)
    result = run(Alternation(GAME, pos, priorities(pos), 10_000), 10_000)
    assert result.verdict == WON and result.examined < 5_000
    assert GAME.is_won(replay(GAME, pos, result.line))
    alone = run(BestFirst(GAME, pos, priorities(pos)[0], 50_000), 50_000)
    assert alone.verdict != WON


def test_slicing_does_not_change_the_alternation():
    pos = GAME.deal(41)
    whole = run(Alternation(GAME, pos, priorities(pos), 60_000), 60_000)
    sliced = run(Alternation(GAME, pos, priorities(pos), 60_000), 97)
    assert whole.verdict == WON
    assert (sliced.examined, sliced.line) == (whole.examined, whole.line)


def test_a_loss_proof_costs_one_search_not_one_per_priority():
    """A lost position (deal 5 after 25 random moves): the alternation expands every
    position once whichever queue holds it, so its proof examines exactly what one
    best-first search's does."""
    start = GAME.deal(5)
    pos = positions(GAME, start, play(GAME, start, "random", 25, seed=5))[-1]
    one = run(BestFirst(GAME, pos, GAME.solver_model(pos), 100_000), 100_000)
    shared = run(Alternation(GAME, pos, priorities(pos), 100_000), 1_000)
    assert one.verdict == shared.verdict == UNWINNABLE
    assert shared.examined == one.examined > 10_000


def test_one_pass_scores_equal_each_priority():
    """The alternation reads a state once for all its priorities (``scorer``): each is
    the model's own score, plus the moves made for a weighted one."""
    start = GAME.deal(7)
    for pos in positions(GAME, start, play(GAME, start, "random", 40, seed=7))[::10]:
        models = priorities(pos) + [MoveCostModel(GAME, pos)]
        prios = models[0].scorer(models)
        states, seen = [models[0].root], 0
        while states and seen < 2_000:
            for child in models[0].children(states.pop()):
                seen += 1
                assert prios(child, 9) == [m.score(child) + 9 * m.WEIGHTED for m in models]
                states.append(child)
