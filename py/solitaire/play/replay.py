"""The replay viewer: a line of moves shown on the table one at a time, and the
controller's intents while it shows. No DOM: the page applies the Answers.

A :class:`Replay` is a game, a deal (maybe a daily's), the moves played before the line
(``prefix``: a line may start mid-game) and the moves to show. Every position of a game
comes from its deal and the moves played, so **to show a line from where a player
stands**, give the deal and the moves played as the prefix::

    replay = Replay.from_session(controller.session, line)   # the line from here
    answer = controller.show_replay(replay)                  # the table shows its start

(``Replay(game, deal, line, prefix=moves)`` is the same by hand.) While it shows,
:attr:`Controller.replay <solitaire.play.controller.Controller.replay>` is the replay,
``controller.shown`` is the :class:`~solitaire.records.session.Session` the table shows
(the replay's own, never saved), and the game in progress stays as it was, saved and
untouched: its clock stops, moves on the table are refused (``replay_showing``), a new
deal, a daily or another game closes the replay first. The viewer's intents are
``controller.replay_action(action, value)``: ``toggle`` (play/pause), ``play``,
``pause``, ``forward``, ``back``, ``start``, ``end``, ``seek`` (to move ``value``),
``speed`` (one of :data:`SPEEDS`), ``tick`` (the page's timer while playing: one step,
every ``ReplayView.delay`` ms), ``from_here`` and ``close``; keys while it shows
(``controller.key``): Space, the arrows, Home, End, Esc. Each step forward is announced
like a move and carries the move's frames (as in play); each returns an Answer whose
``replay`` is the :class:`ReplayView` to draw (``CLOSED`` once closed).

"Play from here" starts a normal game at the position shown: a new game (a new id, so it
counts in the statistics as a game of its own, never as the replayed one; a daily's
replay gives an ordinary game of its deal; the game in progress, played and unfinished,
counts as lost, as it does when a new deal starts), unless ``Replay.resume_id`` names the game in
progress, which then goes on from there (the moves played become the prefix and the
line up to the position shown).

>>> from solitaire.records.saved import MemoryStore
>>> from solitaire.play.controller import Controller
>>> c = Controller(MemoryStore(), now=lambda: 1, today=lambda: "2026-11-30", random=lambda: 7)
>>> _ = c.boot("?deal=7")
>>> line = c.game.legal_moves(c.session.position)[:1]
>>> view = c.show_replay(Replay.from_session(c.session, line)).replay
>>> (view.at, view.total), c.replay_action("forward").replay.at
((0, 1), 1)
>>> c.replay_action("close").replay, c.replay
('closed', None)
"""

from dataclasses import dataclass

from ..engine.errors import SolitaireError
from ..records import replay as R
from ..records.session import Session
from ..solver.daily import candidates
from ..words.messages import Message
from ..words.text import reason
from .answer import CLOSED, Answer
from .moves import changes, said

SPEEDS = (0.5, 1, 2, 4)
STEP_MS = 900               # between two steps at speed 1


class Replay:
    """A line of ``moves`` of ``game`` from deal ``deal`` after ``prefix``, shown one move
    at a time (``at`` moves of ``total`` shown). ``text``: its replay text (for a link)
    when it is a whole game's; ``resume_id``: the game that "play from here" goes on
    with (None: a new game)."""

    def __init__(self, game, deal: int, moves, prefix=(), daily: str | None = None,
                 text: str | None = None, resume_id: str | None = None):
        self.game, self.deal, self.daily = game, deal, daily
        self.session = Session(game, deal, daily)   # the table's, never saved
        for move in prefix:
            self.session.play(move)
        self.start = len(self.session.moves)
        for move in moves:
            self.session.play(move)
        self.total = len(moves)
        self.session.undo_to(self.start)
        self.text, self.resume_id = text, resume_id
        self.playing = False
        self.speed = 1

    @classmethod
    def from_session(cls, session, line, resume_id: str | None = None) -> "Replay":
        """``line`` from where ``session`` stands (its moves are the prefix)."""
        return cls(session.game, session.deal, line, prefix=session.moves, daily=session.daily,
                   resume_id=resume_id)

    @classmethod
    def of_game(cls, session) -> "Replay":
        """A whole game, from its deal: the moves ``session`` played."""
        return cls(session.game, session.deal, session.moves, daily=session.daily,
                   text=R.encode(session.game, session.deal, session.moves, session.daily))

    @property
    def at(self) -> int:
        return len(self.session.moves) - self.start

    def moves(self) -> list:
        """Every move of the line, shown or not."""
        return self.session.moves[self.start:] + list(reversed(self.session.undone))

    def forward(self):
        """One move on: ``(position before, move)``, or None at the end."""
        if not self.session.undone:
            return None
        before, move = self.session.position, self.session.undone[-1]
        self.session.redo()
        return before, move

    def back(self):
        """One move back: the move taken back, or None at the start."""
        if self.at == 0:
            return None
        move = self.session.moves[-1]
        self.session.undo()
        return move

    def seek(self, at: int) -> None:
        at = max(0, min(self.total, at))
        if at < self.at:
            self.session.undo_to(self.start + at)
        while self.at < at and self.forward():
            pass

    def view(self) -> "ReplayView":
        s = self.session
        title = (Message("replay_title_daily", day=self.daily, total=self.total) if self.daily
                 else Message("replay_title", number=self.deal, total=self.total))
        end = None
        if self.at == self.total:
            end = Message("replay_end_won" if s.won else "replay_end")
        return ReplayView(self.at, self.total, self.playing, self.speed,
                          round(STEP_MS / self.speed), title, end, not s.won)


@dataclass
class ReplayView:
    """What the page draws of a replay: ``at`` of ``total`` moves shown, ``playing``,
    ``speed``, ``delay`` (ms between steps while playing), the ``title``, ``end`` (a
    sentence at the last move, else None), ``can_resume`` (play from here: not on a won
    position)."""

    at: int
    total: int
    playing: bool
    speed: float
    delay: int
    title: Message
    end: Message | None
    can_resume: bool


# -- the controller's intents -------------------------------------------------------------

def show(c, replay: Replay, ans: Answer | None = None) -> Answer:
    """Show ``replay`` on the table (the game in progress stays saved, untouched)."""
    ans = ans or Answer()
    before = c.shown.game
    if c.task is not None:
        ans.merge(c.cancel())
    c.replay = replay
    c.selected = c.count = None
    c.hint_move = None
    c.serial += 1
    ans.board = True
    ans.relayout = ans.relayout or replay.game is not before
    ans.clear()
    ans.replay = replay.view()
    ans.announce.append(Message("replay_opened", total=replay.total))
    if replay.text is not None:
        ans.address = R.link(replay.text)
    return ans


def of_game(c) -> Answer:
    """The game on the table (the game just won, from the win panel) as a replay."""
    if c.replay is not None:
        return Answer(handled=False)
    return show(c, Replay.of_game(c.session))


def daily_check(c):
    """The reader's check of a daily's claim: the day is out and the deal one of its
    candidates."""
    def check(game_id, day, deal):
        if day > c.today():
            return "rec_replay_daily_later"
        if deal not in set(candidates(day, game_id)):
            return "rec_replay_daily_deal"
        return None
    return check


def open_text(c, text, ans: Answer | None = None) -> Answer:
    """A replay text (a link's ``#replay=``, a kept game's) shown; a bad one is said
    (why, from the reader) and the board stays as it is, playable."""
    ans = ans or Answer()
    try:
        found = R.read_replay(text, daily_check(c))
    except (SolitaireError, RecursionError) as e:
        ans.say("bad_replay_link", why=reason(e))
        if c.replay is None:
            ans.address = c.link()
        elif c.replay.text is not None:
            ans.address = R.link(c.replay.text)  # the address goes back to the replay shown
        return ans
    if c.replay is not None:
        close(c, ans)
    replay = Replay(found.game, found.deal, found.moves, daily=found.daily, text=text)
    return show(c, replay, ans)


def open_fragment(c, fragment: str, ans: Answer | None = None) -> Answer:
    """The address's fragment: ``#replay=TEXT`` shows a replay; anything else is no
    replay (the board stays)."""
    ans = ans or Answer()
    if not isinstance(fragment, str) or not fragment.startswith(R.FRAGMENT):
        return ans
    return open_text(c, fragment[len(R.FRAGMENT):], ans)


def recent(c, game_id: str, result_id: str) -> Answer:
    """A recent game kept in the statistics, as a replay."""
    from ..records.stats import recent_games
    for entry in recent_games(c.stats, game_id):
        if entry["id"] == result_id:
            return open_text(c, entry["replay"])
    ans = Answer(handled=False)
    ans.say("replay_gone")
    return ans


def share_link(c) -> str | None:
    """The fragment of the replay shown, else of the game in progress (None: a game
    too long, or with a move the engine does not list, has none)."""
    if c.replay is not None:
        return None if c.replay.text is None else R.link(c.replay.text)
    s = c.session
    text = R.encode(s.game, s.deal, s.moves, s.daily)
    return None if text is None else R.link(text)


def close(c, ans: Answer | None = None) -> Answer:
    """Back to the game in progress, as it was."""
    ans = ans or Answer()
    replay, c.replay = c.replay, None
    if replay is None:
        ans.handled = False
        return ans
    c.serial += 1
    ans.board = True
    ans.relayout = ans.relayout or replay.game is not c.game
    ans.replay = CLOSED
    ans.clear()
    ans.address = c.link()
    return ans


def busy(c) -> Answer:
    """An intent on the game in progress while a replay shows: refused, and said."""
    ans = Answer(handled=False)
    ans.say("replay_showing")
    return ans


def from_here(c) -> Answer:
    """A normal game at the position shown (see the module's docstring)."""
    replay = c.replay
    if replay is None:
        return Answer(handled=False)
    if replay.session.won:
        ans = Answer(handled=False)
        ans.say("replay_from_won")
        ans.replay = replay.view()
        return ans
    ans = Answer()
    c.replay = None
    moves = replay.session.moves
    same = replay.resume_id is not None and c.session is not None and c.session.id == replay.resume_id
    if same:
        id_, elapsed = c.session.id, c.session.elapsed
    else:
        c._leave(ans)  # the game left behind counts as lost if played (as a new deal does)
        id_, elapsed = c._new_id(), 0.0
    session = Session(replay.game, replay.deal, None, id_)
    for move in moves:
        session.play(move)
    session.elapsed = elapsed
    ans.relayout = replay.game is not c.game
    c.game, c.session = replay.game, session
    c._board_changed(ans)
    ans.replay = CLOSED
    ans.address = c.link()
    ans.say("replay_resumed", moves=len(moves))
    return ans


def action(c, name: str, value=None) -> Answer:
    """One of the viewer's intents (see the module's docstring)."""
    replay = c.replay
    if replay is None:
        return Answer(handled=False)
    if name == "close":
        return close(c)
    if name == "from_here":
        return from_here(c)
    ans = Answer()
    if name == "forward" or name == "tick":
        if name == "tick" and not replay.playing:
            return Answer(handled=False)
        if name == "forward":
            replay.playing = False
        _forward(c, replay, ans)
    elif name == "back":
        replay.playing = False
        move = replay.back()
        if move is None:
            ans.handled = False
        else:
            ans.board = True
            ans.announce.append(_said_back(replay, move))
    elif name in ("start", "end", "seek"):
        replay.playing = False
        at = {"start": 0, "end": replay.total}.get(name, value)
        if not isinstance(at, int) or isinstance(at, bool):
            try:
                at = int(str(at))
            except ValueError:
                return Answer(handled=False)
        replay.seek(at)
        ans.board = True
        ans.announce.append(Message("replay_at", at=replay.at, total=replay.total))
    elif name in ("toggle", "play", "pause"):
        playing = not replay.playing if name == "toggle" else name == "play"
        if playing and replay.at == replay.total:
            replay.seek(0)  # play at the end starts again
            ans.board = True
        replay.playing = playing
        ans.announce.append(Message("replay_playing" if playing else "replay_paused"))
    elif name == "speed":
        try:
            speed = float(value)
        except (TypeError, ValueError):
            return Answer(handled=False)
        if speed not in SPEEDS:
            return Answer(handled=False)
        replay.speed = speed if speed != int(speed) else int(speed)
    else:
        return Answer(handled=False)
    if replay.at == replay.total:
        replay.playing = False
    ans.replay = replay.view()
    return ans


def _forward(c, replay, ans):
    step = replay.forward()
    if step is None:
        replay.playing = False
        ans.handled = False
        return
    before, move = step
    after = replay.session.position
    ans.board = True
    ans.steps.append((move, after))
    ans.frames += replay.game.stages(before, move)
    ans.announce.append(said(replay.game, before, move))
    changes(replay.game, before, after, ans)
    if replay.at == replay.total:
        ans.announce.append(replay.view().end)


def _said_back(replay, move) -> Message:
    if move.is_deal:
        return Message("replay_back_deal")
    game, pos = replay.game, replay.session.position
    card = game.get(pos, move.src)[-move.count]
    return Message("replay_back_move", card=card, dst=move.src)


KEYS = {" ": "toggle", "spacebar": "toggle", "arrowright": "forward", "arrowleft": "back",
        "home": "start", "end": "end", "escape": "close"}


def key(c, k: str) -> Answer:
    """A key while a replay shows: Space plays or pauses, Right and Left step, Home and
    End go to the start and the end, Esc closes; other keys do nothing."""
    name = KEYS.get(k.lower())
    if name is None:
        return Answer(handled=False)
    ans = action(c, name)
    ans.handled = True
    return ans


__all__ = ["Replay", "ReplayView", "SPEEDS", "STEP_MS"]
