"""Simple players: the positions real play reaches, and a measure of how hard a deal is.

A player picks one legal move of a position (or None to stop). Two kinds:

- ``random``: any legal move, uniformly (drawn from :class:`~solitaire.engine.rng.SplitMix64`,
  never Python's ``random``, so a seed gives the same game on every machine);
- ``greedy``: the move to the position the solver's model scores lowest (least
  disorder), never back to a position it has already been in; ties are broken by the
  seed, so different seeds play different games of the same deal.

After each move the game's automatic moves are played, as the page does with
Auto-play on (only Tuxedo has any).

>>> from solitaire.engine.games import get_game
>>> game = get_game("tabbycat")
>>> line = play(game, game.deal(1), "greedy", 10)
>>> len(line), len(positions(game, game.deal(1), line))
(10, 11)
"""

from ..engine.rng import SplitMix64

PLAYERS = ("greedy", "random")


class Player:
    """One player's game from one start position (see the module's text)."""

    def __init__(self, game, start, kind: str = "greedy", seed: int = 0):
        if kind not in PLAYERS:
            raise ValueError(f"no player {kind!r}: one of {', '.join(PLAYERS)}")
        self.game = game
        self.kind = kind
        self.rng = SplitMix64(seed)
        self.seed = seed
        self.model = game.solver_model(start) if kind == "greedy" else None
        self.seen: set = set()

    def move(self, pos):
        """The move this player makes from ``pos``, or None when it has none."""
        moves = self.game.legal_moves(pos)
        if not moves:
            return None
        if self.kind == "random":
            return moves[self.rng.below(len(moves))]
        model, seen = self.model, self.seen
        seen.add(model.key(pos))
        best, best_score = [], None
        for move in moves:
            key = model.key(after(self.game, pos, move))
            if key in seen:
                continue
            s = model.score(key)
            if best_score is None or s < best_score:
                best, best_score = [move], s
            elif s == best_score:
                best.append(move)
        if not best:
            return None  # every move goes back: this player is stuck
        return best[self.rng.below(len(best))] if self.seed else best[0]


def after(game, pos, move):
    """The position after ``move`` and the automatic moves that follow it."""
    pos = game.apply(pos, move)
    while (auto := game.auto_move(pos)) is not None:
        pos = game.apply(pos, auto)
    return pos


def play(game, start, kind: str = "greedy", moves: int = 10_000, seed: int = 0) -> list:
    """The moves a player makes from ``start``: at most ``moves``, fewer once it is won,
    has no legal move, or (greedy) every move leads back."""
    player = Player(game, start, kind, seed)
    line, pos = [], start
    while len(line) < moves and not game.is_won(pos):
        move = player.move(pos)
        if move is None:
            break
        line.append(move)
        pos = after(game, pos, move)
    return line


def positions(game, start, line) -> list:
    """The positions of a game: ``start``, then the one after each of ``line``'s moves
    (automatic moves included)."""
    out = [start]
    for move in line:
        out.append(after(game, out[-1], move))
    return out


def greedy_wins(game, start, seed: int = 0, moves: int = 2_000) -> bool:
    """Whether the greedy player wins from ``start``, played on the solver's model (as
    ``greedy`` plays, a hundred times faster: the model makes the moves that follow by
    themselves, like finished runs leaving, in the same step)."""
    g = GreedyGame(game, start, seed, moves)
    while g.run(moves + 1) is None:
        pass
    return g.won


class GreedyGame:
    """:func:`greedy_wins` in slices: ``run(moves)`` plays at most that many moves and
    returns whether the player won once the game is over (None until then)."""

    def __init__(self, game, start, seed: int = 0, moves: int = 2_000):
        self.model = game.solver_model(start)
        self.rng = SplitMix64(seed)
        self.seed = seed
        self.state = self.model.root
        self.seen = {self.state}
        self.left = moves
        self.played = 0
        self.won: bool | None = None

    def run(self, moves: int) -> bool | None:
        model, seen, rng = self.model, self.seen, self.rng
        children, score, is_won = model.children, model.score, model.is_won
        state = self.state
        while self.won is None and moves > 0:
            if is_won(state):
                self.won = True
                break
            if self.left <= 0:
                self.won = False
                break
            best, best_score = [], None
            for child in children(state):
                if child in seen:
                    continue
                s = score(child)
                if best_score is None or s < best_score:
                    best, best_score = [child], s
                elif s == best_score:
                    best.append(child)
            if not best:
                self.won = False
                break
            state = best[rng.below(len(best))] if self.seed else best[0]
            seen.add(state)
            self.left -= 1
            self.played += 1
            moves -= 1
        self.state = state
        return self.won


def wins(game, start, kind: str = "greedy", seed: int = 0, moves: int = 10_000) -> bool:
    """Whether this player, with this seed, wins from ``start``."""
    line = play(game, start, kind, moves, seed)
    return game.is_won(positions(game, start, line)[-1]) if line else game.is_won(start)
