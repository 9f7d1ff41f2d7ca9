"""Invariants over random legal move sequences (hypothesis)."""

import hashlib
import os
import subprocess
import sys
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from solitaire import GAMES
from solitaire.cards import deck
from solitaire.searches import changed_first, replay
from solitaire.session import Session
from conftest import ROOT
from strategies import walks

ANY_GAME = st.sampled_from(list(GAMES)).flatmap(walks)


@given(ANY_GAME)
def test_every_card_accounted_for_once(walk):
    """After any legal moves, each of the 52 cards (104 in Spider, where two-deck twins
    are distinct) is somewhere exactly once."""
    game, positions, _ = walk
    full = Counter(deck(game.decks, game.suits))
    assert sum(full.values()) == 52 * game.decks
    for pos in positions:
        assert Counter(pos.cards()) == full


@given(ANY_GAME)
def test_apply_never_mutates_and_undo_restores(walk):
    """Positions are values: playing a line in a session, then undoing every move, shows
    each earlier position exactly as it was when reached (no later move changed it), and
    redoing every move comes back to the same end."""
    game, positions, moves = walk
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


@given(ANY_GAME)
def test_every_position_round_trips_through_notation(walk):
    """parse(format(position)) == position for every position on the way."""
    game, positions, _ = walk
    for pos in positions:
        assert game.parse(game.format(pos)) == pos


@given(st.sampled_from(["tabbycat", "manx", "tabbycat-relaxed"]).flatmap(walks))
def test_solver_key_matches_the_engine(walk):
    """The solver's children of a state are exactly the keys of the engine's legal moves,
    up to the moves the model prunes as changing nothing."""
    game, positions, _ = walk
    pos = positions[-1]
    if any(0 < len(f) < 13 for f in pos.foundations):
        return  # a foundation gave a card back (relaxed): no winning line goes there
    model = game.solver_model(positions[0])
    state = model.key(pos)
    engine = {model.key(game.apply(pos, m)) for m in game.legal_moves(pos)
              if not m.src.startswith("foundation")}  # a card taken back can never win
    children = set(model.children(state))
    assert children <= engine
    # The pruned moves are no-ops after the last deal: their key is the state itself
    # or that of a move kept (another empty pile, with the piles sorted).
    assert engine <= children | {state}


@given(st.sampled_from(["tabbycat", "manx", "tabbycat-relaxed"]).flatmap(walks))
def test_the_move_back_is_left_out_and_nothing_else(walk):
    """Given the state a search reached a position from (``back``), the children are
    the same list in the same order less ``back``: for the state each position came
    from, each of its children, and a state of another position of the walk."""
    game, positions, _ = walk
    model = game.solver_model(positions[0])
    keys = [model.key(pos) for pos in positions]
    for k, state in enumerate(keys):
        children = model.children(state)
        for back in ([keys[k - 1]] if k else []) + children + [keys[-1 - k]]:
            assert model.children(state, back) == [c for c in children if c != back]
        # and the states around it, one move away: most of them can be undone at once
        for child in children:
            assert model.children(child, state) == [c for c in model.children(child) if c != state]


@given(ANY_GAME)
def test_the_replay_order_finds_the_same_move(walk):
    """Rebuilding a line tries first the moves whose places change (changed_first). Both
    parts together are the legal moves; where the model makes no moves by itself, the
    first part holds the first move in the engine's order that reaches the next
    state, so the line rebuilt is the one trying every move in order finds. (Tuxedo's
    foundation moves can put a card back where the move took it: a move into a cell
    whose card then goes up leaves the cell as it was, so that move comes in the
    second part, and may be found after a move that reaches the same state.)"""
    game, positions, _ = walk
    model = game.solver_model(positions[0])
    follow = getattr(model, "follow", None)
    for pos in positions[-3:]:
        moves = game.legal_moves(pos)
        if follow is None:  # Tabby Cat's and Spider's models
            if any(0 < len(f) < 13 for f in pos.foundations):
                continue  # a foundation gave a card back (relaxed): no winning line goes there
            moves = [m for m in moves if not m.src.startswith("foundation")]  # nor there
        reach = []
        for move in moves:
            after = game.apply(pos, move)
            reach.append(model.key(replay(game, after, follow(after)) if follow else after))
        for want in set(reach) - {model.key(pos)}:
            first, rest = changed_first(moves, model.places(pos), *model.contents(want))
            assert Counter(first + rest) == Counter(moves)
            found = [m for m, r in zip(moves, reach) if r == want]
            if follow is None:
                assert found[0] in first


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


@given(st.sampled_from(["spider1", "spider2", "spider4"]).flatmap(walks))
def test_spider_solver_children_are_engine_moves(walk):
    """Spider's complete model makes exactly the engine's moves; the pruned model a
    subset of them."""
    game, positions, _ = walk
    pos = positions[-1]
    pruned = game.solver_model(positions[0])
    complete = pruned.complete()
    state = complete.key(pos)
    engine = {complete.key(game.apply(pos, m)) for m in game.legal_moves(pos)}
    assert set(pruned.children(state)) <= set(complete.children(state))
    # After the last deal the columns are sorted, so a move into either of two empty
    # columns is one state; a whole column moved into an empty one changes nothing.
    assert set(complete.children(state)) <= engine <= set(complete.children(state)) | {state}
