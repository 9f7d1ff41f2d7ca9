"""A game in progress: the deal, the moves played, undo and redo, and saving.

Pure Python, so the page and the tests share it. Positions are values, so undo is
popping the list of positions; redo keeps the moves undone until a new move.

>>> from solitaire.games import get_game
>>> s = Session(get_game("tabbycat"), 1)
>>> _ = s.play(s.game.legal_moves(s.position)[0])
>>> s.undo(), len(s.moves), s.redo(), len(s.moves)
(True, 0, True, 1)
>>> Session.from_dict(s.to_dict()).position == s.position
True
"""

from .errors import SolitaireError
from .games import get_game
from .games.base import check_deal_number
from .position import Move

SAVE_VERSION = 1


class Session:
    """One game of one deal, with its history."""

    def __init__(self, game, deal: int, daily: str | None = None):
        self.game = game
        self.deal = check_deal_number(deal)
        self.daily = daily
        self.positions = [game.deal(deal)]
        self.moves: list[Move] = []
        self.undone: list[Move] = []
        self.elapsed = 0.0  # seconds of play, kept by the page
        self.recorded = False  # its result is in the statistics

    @property
    def position(self):
        return self.positions[-1]

    @property
    def won(self) -> bool:
        return self.game.is_won(self.position)

    def play(self, move: Move):
        """Apply ``move`` (checked by the engine); a new move clears the redo list.

        Raises:
            IllegalMoveError: saying why.
        """
        pos = self.game.apply(self.position, move)
        self.positions.append(pos)
        self.moves.append(move)
        self.undone.clear()
        return pos

    def undo(self) -> bool:
        if not self.moves:
            return False
        self.positions.pop()
        self.undone.append(self.moves.pop())
        return True

    def redo(self) -> bool:
        if not self.undone:
            return False
        move = self.undone.pop()
        self.positions.append(self.game.apply(self.position, move))
        self.moves.append(move)
        return True

    def undo_to(self, count: int) -> None:
        """Undo until ``count`` moves remain (redo can bring them back)."""
        while len(self.moves) > count and self.undo():
            pass

    def restart(self) -> None:
        """Back to the deal's start, with no history."""
        self.positions = self.positions[:1]
        self.moves.clear()
        self.undone.clear()
        self.elapsed = 0.0
        self.recorded = False

    # -- saving ----------------------------------------------------------------------

    def to_dict(self) -> dict:
        return {"v": SAVE_VERSION, "game": self.game.id, "deal": str(self.deal),
                "daily": self.daily, "moves": [str(m) for m in self.moves],
                "redo": [str(m) for m in reversed(self.undone)],
                "elapsed": round(self.elapsed, 1), "recorded": self.recorded}

    @classmethod
    def from_dict(cls, data) -> "Session":
        """Rebuild a saved game, replaying every move on the engine.

        Raises:
            SolitaireError: naming what is wrong with the record.
        """
        if not isinstance(data, dict):
            raise SolitaireError("the saved game is not a record")
        if data.get("v") != SAVE_VERSION:
            raise SolitaireError(f"the saved game has version {data.get('v')!r}, not {SAVE_VERSION}")
        deal = data.get("deal")
        if not (isinstance(deal, str) and deal.isdigit()):
            raise SolitaireError(f"the saved game has a bad deal number {deal!r}")
        moves, redo = data.get("moves"), data.get("redo", [])
        if not (isinstance(moves, list) and isinstance(redo, list)
                and all(isinstance(m, str) for m in moves + redo)):
            raise SolitaireError("the saved game's moves are not a list of moves")
        elapsed = data.get("elapsed", 0)
        if not isinstance(elapsed, (int, float)) or isinstance(elapsed, bool) or elapsed < 0:
            raise SolitaireError(f"the saved game has a bad clock {elapsed!r}")
        daily = data.get("daily")
        if daily is not None and not isinstance(daily, str):
            raise SolitaireError("the saved game has a bad daily date")
        recorded = data.get("recorded", False)
        if not isinstance(recorded, bool):
            raise SolitaireError("the saved game has a bad 'recorded' flag")
        session = cls(get_game(data.get("game")), int(deal), daily)
        for i, text in enumerate(moves, 1):
            try:
                session.play(Move.parse(text))
            except SolitaireError as e:
                raise SolitaireError(f"the saved game's move {i} ({text!r}) fails: {e}") from None
        for i, text in enumerate(redo, 1):
            try:
                session.play(Move.parse(text))
            except SolitaireError as e:
                raise SolitaireError(f"the saved game's redo move {i} ({text!r}) fails: {e}") from None
        for _ in redo:
            session.undo()
        session.elapsed = float(elapsed)
        session.recorded = recorded
        return session
