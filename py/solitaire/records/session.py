"""A game in progress: the deal, the moves played, undo and redo, and saving.

Pure Python, so the page and the tests share it. Positions are values, so undo is
popping the list of positions; redo keeps the moves undone until a new move.

>>> from solitaire.engine.games import get_game
>>> s = Session(get_game("tabbycat"), 1)
>>> _ = s.play(s.game.legal_moves(s.position)[0])
>>> s.undo(), len(s.moves), s.redo(), len(s.moves)
(True, 0, True, 1)
>>> Session.from_dict(s.to_dict()).position == s.position
True
"""

from ..engine.errors import SolitaireError
from ..engine.games import GAMES, get_game
from ..engine.games.base import MAX_DEAL, check_deal_number
from ..engine.position import Move
from ..words.text import reason
from .readers import RESULT_ID_TEXT, RecordError, deal_number, is_date, is_int, is_number

SAVE_VERSION = 1
MAX_MOVES = 20_000     # moves and moves undone a saved game holds
MOVE_CHARS = 16        # the longest move text a saved game may hold
MAX_ELAPSED = 10**8    # seconds of play a saved game may hold


class Session:
    """One game of one deal, with its history."""

    def __init__(self, game, deal: int, daily: str | None = None, id: str = ""):
        self.game = game
        self.id = id  # unique per game played: its statistics result has this id
        self.deal = check_deal_number(deal)
        self.daily = daily
        self.positions = [game.deal(deal)]
        self.moves: list[Move] = []
        self.undone: list[Move] = []
        self.elapsed = 0.0  # seconds of play, kept by the page
        self.recorded = False  # its result is in the statistics
        self.before_restart: tuple[list, list] | None = None  # what Undo of Restart brings back

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
        self.before_restart = None
        return pos

    def undo(self) -> bool:
        """Take back the last move; at the start after a restart, take back the restart."""
        if not self.moves:
            if self.before_restart is None:
                return False
            moves, undone = self.before_restart
            self.before_restart = None
            for move in moves:
                self.positions.append(self.game.apply(self.position, move))
                self.moves.append(move)
            self.undone = list(undone)
            return True
        self.positions.pop()
        self.undone.append(self.moves.pop())
        return True

    def redo(self) -> bool:
        if not self.undone:
            return False
        move = self.undone.pop()
        self.positions.append(self.game.apply(self.position, move))
        self.moves.append(move)
        self.before_restart = None
        return True

    def undo_to(self, count: int) -> None:
        """Undo until ``count`` moves remain (redo can bring them back)."""
        while len(self.moves) > count and self.undo():
            pass

    def restart(self) -> bool:
        """Back to the deal's start, as one action Undo takes back (the moves also wait on
        the redo list). The clock runs on: it is the same game. False when at the start."""
        if not self.moves:
            return False
        saved = (list(self.moves), list(self.undone))
        self.undo_to(0)
        self.before_restart = saved
        return True

    # -- saving ----------------------------------------------------------------------

    def to_dict(self) -> dict:
        return {"v": SAVE_VERSION, "game": self.game.id, "deal": str(self.deal),
                "daily": self.daily, "moves": [str(m) for m in self.moves],
                "redo": [str(m) for m in reversed(self.undone)],
                "elapsed": round(self.elapsed, 1), "recorded": self.recorded, "id": self.id,
                "restart": None if self.before_restart is None else
                [[str(m) for m in self.before_restart[0]], [str(m) for m in self.before_restart[1]]]}

    @classmethod
    def from_dict(cls, data) -> "Session":
        """Rebuild a saved game, replaying every move on the engine.

        Raises:
            SolitaireError: naming what is wrong with the record.
        """
        if not isinstance(data, dict):
            raise RecordError("rec_game_not_record")
        if data.get("v") != SAVE_VERSION:
            raise RecordError("rec_game_version", version=str(data.get("v"))[:24], expected=SAVE_VERSION)
        deal = data.get("deal")
        if not isinstance(deal, str) or deal_number(deal) is None:
            if isinstance(deal, str) and deal.isascii() and deal.isdigit():
                raise RecordError("rec_game_deal_range", most=MAX_DEAL)
            raise RecordError("rec_game_deal", value=str(deal)[:24])
        moves, redo = data.get("moves"), data.get("redo", [])
        if not (isinstance(moves, list) and isinstance(redo, list)
                and len(moves) + len(redo) <= MAX_MOVES
                and all(isinstance(m, str) and len(m) <= MOVE_CHARS for m in moves + redo)):
            raise RecordError("rec_game_moves")
        elapsed = data.get("elapsed", 0)
        if not is_number(elapsed, 0, MAX_ELAPSED):
            raise RecordError("rec_game_clock", value=str(elapsed)[:24])
        daily = data.get("daily")
        if daily is not None and not is_date(daily):
            raise RecordError("rec_game_daily")
        recorded = data.get("recorded", False)
        if not isinstance(recorded, bool):
            raise RecordError("rec_game_field", field="recorded")
        game_id = data.get("id", "")
        if not (game_id == "" or (isinstance(game_id, str) and RESULT_ID_TEXT.fullmatch(game_id))):
            raise RecordError("rec_game_field", field="id")
        before = data.get("restart")
        if before is not None and not (
                isinstance(before, list) and len(before) == 2 and all(
                    isinstance(part, list) and len(part) <= MAX_MOVES
                    and all(isinstance(m, str) and len(m) <= MOVE_CHARS for m in part) for part in before)):
            raise RecordError("rec_game_field", field="restart")
        if not (isinstance(data.get("game"), str) and data["game"] in GAMES):
            raise RecordError("rec_game_unknown", name=str(data.get("game"))[:40])
        session = cls(get_game(data.get("game")), int(deal), daily, game_id)
        for i, text in enumerate(moves, 1):
            try:
                session.play(Move.parse(text))
            except SolitaireError as e:
                raise RecordError("rec_game_move", number=i, move=text, why=reason(e)) from None
        for i, text in enumerate(redo, 1):
            try:
                session.play(Move.parse(text))
            except SolitaireError as e:
                raise RecordError("rec_game_redo", number=i, move=text, why=reason(e)) from None
        for _ in redo:
            session.undo()
        if before is not None and not moves:
            try:
                Session.from_dict({**data, "moves": before[0], "redo": list(reversed(before[1])),
                                   "restart": None})
            except SolitaireError as e:
                raise RecordError("rec_game_restart", why=reason(e)) from None
            session.before_restart = ([Move.parse(m) for m in before[0]],
                                      [Move.parse(m) for m in before[1]])
        session.elapsed = float(elapsed)
        session.recorded = recorded
        return session
