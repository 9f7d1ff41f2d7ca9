"""Invariants over random legal move sequences (hypothesis)."""

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from solitaire import GAMES
from solitaire.cards import deck
from strategies import deal_numbers, walks

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
    """Positions are values: replaying the line gives equal positions, and stepping back
    through the list (undo) gives back each exact earlier position."""
    game, positions, moves = walk
    snapshot = [game.format(p) for p in positions]
    replayed = [positions[0]]
    for move in moves:
        replayed.append(game.apply(replayed[-1], move))
    assert replayed == positions
    assert [game.format(p) for p in positions] == snapshot
    for back in range(len(positions) - 1, -1, -1):  # undo all the way
        assert game.format(positions[back]) == snapshot[back]


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
    model = game.solver_model(positions[0])
    state = model.key(pos)
    engine = {model.key(game.apply(pos, m)) for m in game.legal_moves(pos)
              if not m.src.startswith("foundation")}  # a card taken back can never win
    children = set(model.children(state))
    assert children <= engine
    # The pruned moves are no-ops after the last deal: their key is the state itself
    # or that of a move kept (another empty pile, with the piles sorted).
    assert engine <= children | {state}


@given(deal_numbers)
def test_deal_is_deterministic(n):
    """deal(n) is the same position every time."""
    from solitaire import get_game
    game = get_game("tabbycat")
    assert game.deal(n) == game.deal(n)


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
