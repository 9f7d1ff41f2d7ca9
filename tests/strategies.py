"""Hypothesis strategies shared by the property tests."""

from hypothesis import strategies as st

from solitaire import get_game

deal_numbers = st.integers(min_value=1, max_value=2**64 - 1)


@st.composite
def walks(draw, game_id="tabbycat", max_moves=60):
    """A deal and a random line of legal moves from it: (game, start, [positions], [moves])."""
    game = get_game(game_id)
    start = game.deal(draw(deal_numbers))
    positions, moves = [start], []
    for _ in range(draw(st.integers(0, max_moves))):
        legal = game.legal_moves(positions[-1])
        if not legal:
            break
        move = legal[draw(st.integers(0, len(legal) - 1))]
        moves.append(move)
        positions.append(game.apply(positions[-1], move))
    return game, positions, moves
