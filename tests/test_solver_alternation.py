"""The alternation: one table searched under several priorities in turn (issue 14)."""

from helpers import GAME
from solitaire.engine.games import get_game
from solitaire.solver.alternation import Alternation
from solitaire.engine.games.tabbycat_model import CostModel, MoveCostModel, SimpleBeamModel, SimpleModel
from solitaire.solver.players import play, positions
from solitaire.solver.searches import Beam, BestFirst
from solitaire.solver.search import UNWINNABLE, WON, Search, Threads, replay


def priorities(pos):
    """Three priorities of Tabby Cat: the disorder best-first, the simple priority and
    three times the disorder plus one per move."""
    return [GAME.solver_model(pos), SimpleModel(GAME, pos), CostModel(GAME, pos)]


def run(search, step):
    """Run ``search`` to its end in slices of ``step``; every slice examines a position
    or ends the search, so one that goes on past its budget fails instead of hanging."""
    for _ in range(search.budget + 2):
        if search.result is not None:
            return search.result
        search.run(step)
    raise AssertionError("the search did not end within its budget")


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


# A walk of every reachable position stops here: a change that makes a position's
# reachable set larger than the searches' budget fails at once instead of walking on.
WALK_BOUND = 100_000


def test_a_loss_proof_costs_one_search_not_one_per_priority():
    """A lost position (deal 5 after 25 random moves): the alternation expands every
    position once whichever queue holds it, as one best-first search does: each
    expands every reachable position exactly once, and examines the start and every
    move from them, less the moves back to the position each was reached from (which
    depend on the order they were reached in, so the two counts differ by a few)."""
    start = GAME.deal(5)
    pos = positions(GAME, start, play(GAME, start, "random", 25, seed=5))[-1]
    model = GAME.solver_model(pos)
    seen, todo, moves = {model.root}, [model.root], 0
    while todo:
        children = model.children(todo.pop())
        moves += len(children)
        todo += [c for c in children if c not in seen]
        seen.update(children)
        assert len(seen) <= WALK_BOUND, "more reachable positions than the searches below may examine"
    one = run(BestFirst(GAME, pos, GAME.solver_model(pos), 100_000), 100_000)
    shared = run(Alternation(GAME, pos, priorities(pos), 100_000), 1_000)
    assert one.verdict == shared.verdict == UNWINNABLE
    assert shared.expanded == one.expanded == len(seen) > 5_000
    for result in (one, shared):
        assert 1 + moves - len(seen) < result.examined <= 1 + moves


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


def threads(pos, budget, pool, game=GAME):
    """Tabby Cat's threads (two, then two beams from 20,000, then ten from 100,000),
    pooled at ``pool`` positions (None: never)."""
    model = game.solver_model(pos)
    return Threads(game, pos, model.stages(), budget, model.TURN, pool)


def test_pooled_threads_prove_a_loss_once():
    """The lost position above: threads each exhaust their own table, so their proof
    costs several searches' positions; pooled after two turns, the rest is one table,
    and the proof costs at most the positions spent before pooling plus one search's."""
    start = GAME.deal(5)
    pos = positions(GAME, start, play(GAME, start, "random", 25, seed=5))[-1]
    one = run(BestFirst(GAME, pos, GAME.solver_model(pos), 300_000), 300_000)
    apart = run(threads(pos, 300_000, None), 5_000)
    pooled = run(threads(pos, 300_000, 12_000), 5_000)
    assert one.verdict == apart.verdict == pooled.verdict == UNWINNABLE
    assert pooled.examined <= 20_000 + one.examined < apart.examined


def test_pooled_threads_win_the_same_way_however_sliced():
    """Deal 337 (89,946 positions with the threads apart), pooled after two turns: the
    win replays on the engine, and slicing changes neither the count nor the line."""
    pos = GAME.deal(337)
    whole = run(threads(pos, 300_000, 12_000), 300_000)
    sliced = run(threads(pos, 300_000, 12_000), 997)
    assert whole.verdict == WON and GAME.is_won(replay(GAME, pos, whole.line))
    assert (sliced.examined, sliced.line) == (whole.examined, whole.line)
    assert whole.examined > 20_000


def test_the_threads_pool_only_in_a_long_search():
    """Tabby Cat's threads pool at 200,000 positions, whatever the budget: a search
    decided before that is the threads' own (deal 706, the longest
    search of deals 1-1000: 91,839)."""
    pos = GAME.deal(706)
    counts = {budget: run(Search(GAME, pos, budget), 10_000).examined for budget in (200_000, 1_000_000)}
    assert counts == {200_000: 91_839, 1_000_000: 91_839}
    assert run(threads(pos, 1_000_000, None), 10_000).examined == 91_839


def test_hints_budget_pools_at_200000():
    """Hint's 300,000 pools at 200,000: Tabby Cat deal 12 after 25 random moves, which
    the threads apart win only at 477,370 (past Hint's budget), is won just after."""
    start = GAME.deal(12)
    pos = positions(GAME, start, play(GAME, start, "random", 25, seed=12))[-1]
    result = run(Search(GAME, pos, 300_000), 2_500)
    assert result.verdict == WON and 200_000 < result.examined < 210_000
    assert GAME.is_won(replay(GAME, pos, result.line))


def test_manx_hints_pool_sooner_and_prove_a_loss():
    """Manx's threads pool at 50,000: deal 15 after 25 random moves is lost with
    72,018 reachable positions, which one table exhausts within the budget and the
    threads' tables apart do not."""
    manx = get_game("manx")
    start = manx.deal(15)
    pos = positions(manx, start, play(manx, start, "random", 25, seed=15))[-1]
    assert manx.solver_model(pos).POOL == 50_000
    assert run(Search(manx, pos, 300_000), 2_500).verdict == UNWINNABLE
    assert run(threads(pos, 300_000, None, manx), 10_000).verdict != UNWINNABLE


def test_a_beam_waiting_is_what_it_has_not_expanded():
    """A beam stopped anywhere: every position in its table either waits (``waiting``,
    what pooling puts in the queues) or has all its children in the table, and none
    waits twice; so a merged search that starts from it drops nothing."""
    pos = GAME.deal(926)
    model = SimpleBeamModel(GAME, pos)
    for stop in (1, 500, 4_321, 20_000):
        beam = Beam(GAME, pos, model, 100_000, model.width)
        beam.run(stop)
        waiting = beam.waiting()
        assert len(waiting) == len(set(waiting)) and set(waiting) <= set(beam.parent)
        for state in set(beam.parent) - set(waiting):
            assert all(child in beam.parent for child in model.children(state))


def test_a_thread_left_out_of_a_stage_goes_on_where_it_stopped():
    """Deal 926 of Tabby Cat: the best-first pair has 10,000 positions each when the beams
    take over at 20,000; pooled at 30,000 (after a turn of each beam), the merged search
    starts from all four tables and wins a line the engine replays."""
    pos = GAME.deal(926)
    model = GAME.solver_model(pos)
    apart = Threads(GAME, pos, model.stages(), 1_000_000, model.TURN)
    apart.run(35_000)
    assert [type(m).__name__ for m in apart.models] == [
        "SimpleNewestModel", "TabbyCatModel", "SimpleBeamModel", "SimpleLightDealsBeamModel"]
    simple, first, beam, light_beam = (s.examined for s in apart.searches)
    assert 10_000 <= first < 10_100 and 10_000 <= simple < 10_100 and beam >= 10_000
    pooled = run(threads(pos, 1_000_000, 30_000), 5_000)
    assert pooled.verdict == WON and GAME.is_won(replay(GAME, pos, pooled.line))


def test_a_paused_thread_resumes_with_its_table():
    """A lost Manx position (deal 15 after 25 random moves; its proof takes over a
    million positions): the first pair, paused at 20,000 while the beams search; the
    best-first one goes on from its own table at 100,000, where the simple priority
    oldest first begins; six more threads begin at 200,000."""
    manx = get_game("manx")
    start = manx.deal(15)
    pos = positions(manx, start, play(manx, start, "random", 25, seed=15))[-1]
    model = manx.solver_model(pos)
    search = Threads(manx, pos, model.stages(), 1_000_000, model.TURN)
    search.run(60_000)
    simple, first = search.searches[:2]
    paused = (first.examined, simple.examined, len(first.parent), len(simple.parent))
    assert search.result is None and len(search.searches) == 4 and paused[0] < 10_100
    search.run(70_000)
    assert search.result is None and len(search.searches) == 5
    assert search.searches[:2] == [simple, first]
    assert first.examined > paused[0] and len(first.parent) > paused[2]
    search.run(80_000)
    assert search.result is None and len(search.searches) == 11
