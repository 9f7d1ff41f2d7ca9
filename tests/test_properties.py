"""Invariants over random legal move sequences (hypothesis), each property run for every
game (the profile's examples per game: 100 in CI), over every position of each walk."""

import hashlib
import os
import subprocess
import sys
from collections import Counter

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from solitaire import GAMES
from solitaire.engine.cards import deck
from solitaire.solver.searches import changed_first, replay
from solitaire.records.session import Session
from conftest import ROOT
from strategies import GAME_IDS, actions, game_walks

TABBY_IDS = ["tabbycat", "manx", "tabbycat-relaxed"]
SPIDER_IDS = ["spider1", "spider2", "spider4"]


def walk_of(data, game_id):
    """A shared walk of ``game_id`` as ``(game, positions, moves)``."""
    game, _, positions, moves = data.draw(game_walks(game_id))
    return game, positions, moves


@pytest.mark.parametrize("game_id", GAME_IDS)
@given(data=st.data())
def test_every_card_accounted_for_once(game_id, data):
    """After any legal moves, each of the 52 cards (104 in Spider, where two-deck twins
    are distinct) is somewhere exactly once."""
    game, positions, _ = walk_of(data, game_id)
    full = dict(Counter(deck(game.decks, game.suits)))   # (dicts: Counter's == is slower)
    assert sum(full.values()) == 52 * game.decks
    for pos in positions:
        assert dict(Counter(pos.cards())) == full


@pytest.mark.parametrize("game_id", GAME_IDS)
@given(data=st.data())
def test_apply_never_mutates_and_undo_restores(game_id, data):
    """Positions are values: playing a line in a session, then undoing every move, shows
    each earlier position exactly as it was when reached (no later move changed it), and
    redoing every move comes back to the same end."""
    game, positions, moves = walk_of(data, game_id)
    session = Session(game, 1)
    session.positions[0] = positions[0]  # the walk's deal in place of deal 1
    seen = [game.format(positions[0])]
    for move in moves:
        seen.append(game.format(session.play(move)))
    assert session.positions == positions
    for back in range(len(moves) - 1, -1, -1):
        assert session.undo()
        assert game.format(session.position) == seen[back] and session.position == positions[back]
    assert not session.undo()
    for step in range(1, len(moves) + 1):
        assert session.redo()
        assert game.format(session.position) == seen[step]
    assert not session.redo() and session.moves == moves


@pytest.mark.parametrize("game_id", GAME_IDS)
@given(data=st.data())
def test_every_position_round_trips_through_notation(game_id, data):
    """parse(format(position)) == position for every position on the way."""
    game, positions, _ = walk_of(data, game_id)
    for pos in positions:
        assert game.parse(game.format(pos)) == pos


@pytest.mark.parametrize("game_id", GAME_IDS)
@given(data=st.data())
def test_an_empty_place_takes_what_its_layout_says(game_id, data):
    """A place whose layout says what it takes while empty (``Place.takes``, the mark
    the table shows on it) only ever gets a first card of that rank: a move, a deal or
    what the rules do by themselves (a finished run leaving) alike."""
    game, positions, _ = walk_of(data, game_id)
    marked = [p for p in game.layout() if p.takes]
    for before, after in zip(positions, positions[1:]):
        for place in marked:
            if not game.get(before, place.name) and game.get(after, place.name):
                assert game.get(after, place.name)[0].rank == place.takes, (place, game.format(after))


@pytest.mark.parametrize("game_id", TABBY_IDS)
@given(data=st.data())
def test_solver_key_matches_the_engine(game_id, data):
    """The solver's children of a state are exactly the keys of the engine's legal moves,
    up to the moves the model prunes as changing nothing, at every position of a walk."""
    game, positions, _ = walk_of(data, game_id)
    model = game.solver_model(positions[0])
    for pos in positions:
        if any(0 < len(f) < 13 for f in pos.foundations):
            continue  # a foundation gave a card back (relaxed): no winning line goes there
        state = model.key(pos)
        engine = {model.key(game.apply(pos, m)) for m in game.legal_moves(pos)
                  if not m.src.startswith("foundation")}  # a card taken back can never win
        children = set(model.children(state))
        assert children <= engine
        # The pruned moves are no-ops after the last deal: their key is the state itself
        # or that of a move kept (another empty pile, with the piles sorted).
        assert engine <= children | {state}


@pytest.mark.parametrize("game_id", TABBY_IDS)
@given(data=st.data())
def test_the_move_back_is_left_out_and_nothing_else(game_id, data):
    """Given the state a search reached a position from (``back``), the children are
    the same list in the same order less ``back``: for the state each position came
    from, each of its children, and a state of another position of the walk."""
    game, positions, _ = walk_of(data, game_id)
    model = game.solver_model(positions[0])
    keys = [model.key(pos) for pos in positions]
    for k, state in enumerate(keys):
        children = model.children(state)
        for back in ([keys[k - 1]] if k else []) + children + [keys[-1 - k]]:
            assert model.children(state, back) == [c for c in children if c != back]
        # and the states around it, one move away: most of them can be undone at once
        for child in children:
            assert model.children(child, state) == [c for c in model.children(child) if c != state]


@pytest.mark.parametrize("game_id", GAME_IDS)
@given(data=st.data())
def test_the_replay_order_finds_the_same_move(game_id, data):
    """Rebuilding a line tries first the moves whose places change (changed_first). Both
    parts together are the legal moves; where the model makes no moves by itself, the
    first part holds the first move in the engine's order that reaches the next
    state (but where that move finishes a run, which goes up: then places of equal
    contents, such as two empty piles, are told apart only by their order), so the line
    rebuilt is the one trying every move in order finds. (Tuxedo's
    foundation moves can put a card back where the move took it: a move into a cell
    whose card then goes up leaves the cell as it was, so that move comes in the
    second part, and may be found after a move that reaches the same state.)"""
    game, positions, _ = walk_of(data, game_id)
    model = game.solver_model(positions[0])
    follow = getattr(model, "follow", None)
    for pos in positions:
        moves = game.legal_moves(pos)
        if follow is None:  # Tabby Cat's and Spider's models
            if any(0 < len(f) < 13 for f in pos.foundations):
                continue  # a foundation gave a card back (relaxed): no winning line goes there
            moves = [m for m in moves if not m.src.startswith("foundation")]  # nor there
        reach = []
        for move in moves:
            after = game.apply(pos, move)
            reach.append(model.key(replay(game, after, follow(after)[0]) if follow else after))
        for want in set(reach) - {model.key(pos)}:
            first, rest = changed_first(moves, model.places(pos), *model.contents(want))
            assert dict(Counter(first + rest)) == dict(Counter(moves))
            found = [m for m, r in zip(moves, reach) if r == want]
            by_move = dict(zip(moves, reach))
            if follow is None:  # the line rebuilt is the one trying every move in order finds
                assert next(m for m in first + rest if by_move[m] == want) == found[0]
            if follow is None and found[0] not in first:
                # The one case the contents cannot tell: a move that finishes a run, which
                # goes up and leaves places with equal contents (two empty piles, or in
                # one suit two equal runs) that only their order tells apart.
                after = game.apply(pos, found[0])
                assert sum(map(len, after.foundations)) > sum(map(len, pos.foundations)), (
                    game.format(pos), found[0])


@given(data=st.data())
def test_tuxedo_s_step_names_the_move_to_every_child(data):
    """Tuxedo's model reads the move between two states off the states (``step``, which
    rebuilding a line plays before searching): from any position reached, each child
    state is reached by the move it names, legal on the engine, with the foundation
    moves that follow; it names none only when every card a move reaching that child
    took went up at once."""
    game, positions, _ = walk_of(data, "tuxedo")
    model = game.solver_model(positions[0])
    for pos in positions:
        pos = model.follow(pos)[1]
        state = model.key(pos)
        for want in model.children(state):
            move = model.step(pos, state, want)
            if move is not None:
                assert game.why_illegal(pos, move) is None, (game.format(pos), move)
                assert model.key(model.follow(game._apply(pos, move))[1]) == want
                continue
            reaching = [m for m in game.legal_moves(pos)
                        if model.key(model.follow(game._apply(pos, m))[1]) == want]
            assert reaching, game.format(pos)
            for m in reaching:
                moved = game.get(pos, m.src)[-m.count:]
                after = model.follow(game._apply(pos, m))[1]
                assert all(any(card in f for f in after.foundations) for card in moved), (
                    game.format(pos), m)


# sha256 (first 16 hex digits) of the notation of deals 1, 2, 3, 1000 and 2**64-1: a
# deal number names one position forever (saved games, shared links, daily deals).
DEAL_DIGESTS = {
    "tabbycat": "07048f43ed9d3254", "tabbycat-relaxed": "07048f43ed9d3254",
    "manx": "07048f43ed9d3254", "tuxedo": "ecf345ad40e0bb16",
    "spider1": "24d565441dda370f", "spider2": "7539ac90cb459634", "spider4": "e586557e687dda94",
}
DIGEST_CODE = """
import hashlib, sys
from solitaire import GAMES
for gid, g in GAMES.items():
    text = "".join(g.format(g.deal(n)) for n in (1, 2, 3, 1000, 2**64 - 1))
    print(gid, hashlib.sha256(text.encode()).hexdigest()[:16])
"""


def test_deal_is_deterministic():
    """A deal number gives the same position in every process and every version: pinned
    digests, computed here and in a fresh interpreter (another hash seed), and a few
    cards in plain sight."""
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"), PYTHONHASHSEED="12345")
    out = subprocess.run([sys.executable, "-c", DIGEST_CODE], env=env, capture_output=True,
                         text=True, check=True).stdout
    assert dict(line.split() for line in out.splitlines()) == DEAL_DIGESTS
    here = {gid: hashlib.sha256("".join(g.format(g.deal(n)) for n in (1, 2, 3, 1000, 2**64 - 1))
                                .encode()).hexdigest()[:16] for gid, g in GAMES.items()}
    assert here == DEAL_DIGESTS
    tabby = GAMES["tabbycat"]
    assert [str(p[0]) for p in tabby.deal(2**64 - 1).piles] == ["JS", "KC", "7C", "4S"]
    assert str(tabby.deal(1).piles[0][0]) == "7H"


@pytest.mark.parametrize("game_id", SPIDER_IDS)
@given(data=st.data())
def test_spider_solver_children_are_engine_moves(game_id, data):
    """Spider's complete model makes exactly the engine's moves; the pruned model a
    subset of them; at every position of a walk."""
    game, positions, _ = walk_of(data, game_id)
    pruned = game.solver_model(positions[0])
    complete = pruned.complete()
    for pos in positions:
        state = complete.key(pos)
        engine = {complete.key(game.apply(pos, m)) for m in game.legal_moves(pos)}
        assert set(pruned.children(state)) <= set(complete.children(state))
        # After the last deal the columns are sorted, so a move into either of two empty
        # columns is one state; a whole column moved into an empty one changes nothing.
        assert set(complete.children(state)) <= engine <= set(complete.children(state)) | {state}


@pytest.mark.parametrize("game_id", GAME_IDS)
@given(data=st.data())
def test_a_game_in_progress_follows_play_undo_redo_and_restart(game_id, data):
    """A session driven by any mix of moves, undo, redo and restart is, after each
    action, where a plain list of positions says it is (undo goes one back, redo one
    forward, a new move drops what redo held, restart goes to the deal and Undo takes the
    restart back), and its saved record, through JSON, rebuilds that same game."""
    game, number, acts = data.draw(actions(game_id))
    session = Session(game, number)
    done, undone = [game.deal(number)], []          # positions reached; positions redo brings
    before = None                                    # what Undo of a restart brings back
    for act in acts:
        if act[0] in ("line", "play"):
            legal = game.legal_moves(session.position)
            if not legal:
                continue
            move = act[1] if act[0] == "line" else legal[act[1] % len(legal)]
            session.play(move)
            done.append(game.apply(done[-1], move))
            undone, before = [], None
        elif act[0] == "undo":
            if len(done) > 1:
                assert session.undo()
                undone.append(done.pop())
            elif before is not None:
                assert session.undo()
                done, undone, before = before[0], before[1], None
            else:
                assert not session.undo()
        elif act[0] == "redo":
            assert session.redo() == bool(undone)
            if undone:
                done.append(undone.pop())
                before = None
        else:
            if len(done) > 1:
                assert session.restart()
                before = (done, undone)
                undone = undone + done[:0:-1]
                done = done[:1]
            else:
                assert not session.restart()
        assert session.position == done[-1] and session.positions == done
        assert len(session.moves) == len(done) - 1 and len(session.undone) == len(undone)
    back = Session.from_dict(json.loads(json.dumps(session.to_dict())))
    assert back.positions == session.positions and back.undone == session.undone
    assert back.moves == session.moves and back.deal == number
    if before is not None:
        assert back.undo() and back.position == before[0][-1]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_shared_walks_reach_deals_finished_runs_and_won_games(game_id):
    """What the properties above must see, found among the walks they draw: a deal from
    the stock (where the game has one), a won game, so finished runs (every game but
    four-suit Spider, whose solver is too slow for a fixture), and
    a game in progress that was undone, redone and restarted."""
    from hypothesis import Phase, find, settings as hsettings
    # The first example found is enough (no shrinking), and find reports what it found:
    # the walks are turned into what is looked for, so that report is a few booleans, not
    # every position of a walk (pretty-printing those took most of this test's time). By
    # flatmap, not map: Hypothesis prints a mapped value as the call that made it, walk
    # and all.
    quick = hsettings(max_examples=200, database=None, derandomize=True, phases=[Phase.generate])
    game = GAMES[game_id]
    seen = game_walks(game_id).flatmap(lambda w: st.just((any(m.is_deal for m in w[3]), game.is_won(w[2][-1]))))
    if game.has_stock:
        assert find(seen, lambda s: s[0], settings=quick)[0]
    if game_id != "spider4":  # a won game has every card on a foundation
        assert find(seen, lambda s: s[1], settings=quick)[1]
    kinds = {"undo", "redo", "restart"}
    assert kinds <= find(actions(game_id).flatmap(lambda a: st.just({x[0] for x in a[2]})),
                         lambda done: kinds <= done, settings=quick)


def test_the_profiles_give_each_game_100_examples_in_ci():
    from hypothesis import settings as hsettings
    import conftest
    assert hsettings.get_profile("ci").max_examples >= 100
    if conftest.CI and not os.environ.get("LATE_EXAMPLES"):
        assert hsettings.get_profile("late").max_examples >= 100
        assert hsettings.default.max_examples >= 100
