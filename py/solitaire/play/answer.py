"""What the controller answers to an intent: everything that changed, for the page.

The page applies an :class:`Answer` and renders; it decides nothing. A later layer
(animation, announcements for screen readers, another language) reads the same fields.

>>> a = Answer()
>>> a.say("deal_started", number=4)
>>> [m.key for m in a.status], a.board
(['deal_started'], False)
"""

from dataclasses import dataclass, field

from ..words.messages import Message

CLOSED = "closed"   # Answer.offer when the offer on screen is to close


@dataclass
class Offer:
    """A question with buttons: ``kind`` (undo_to_win, other_tab, import), the
    ``text`` and ``actions`` as (action id, label) for :meth:`Controller.answer_offer`."""

    kind: str
    text: Message
    actions: list
    board: int | None = None    # the board it belongs to (closed when that board goes)
    to: int | None = None       # undo_to_win: the number of moves to undo back to


@dataclass
class Progress:
    """A search running: its label and how far (0..1) the current candidate is."""

    label: Message
    fraction: float


@dataclass
class Answer:
    """What changed.

    - ``board``: the position or the counters changed (render); ``relayout``: another
      game, so the table is built anew; ``steps``: ``(move, position after)`` for each
      move made, the player's and the automatic ones, in order; ``frames``: the positions
      to show one after another for motion, each step's stages (the cards placed, then
      a finished run leaving: :meth:`~solitaire.engine.games.base.Game.stages`).
    - ``status``: None leaves the status line; a list (maybe empty) replaces it.
    - ``announce``: short sentences for a screen reader.
    - ``offer``: an :class:`Offer` to show, :data:`CLOSED` to close it, None for no change.
    - ``search``: a :class:`Progress` while a search runs; ``search_done`` when it ended.
    - ``shake``: ``(place, index)`` of the cards that refused to move.
    - ``near``: ``(place, index)`` where the player acted, for a refused move: the page
      shows the status there too (a toast beside that card, else that place).
    - ``won``: the win sentence when the game has just been won; ``summary``: the win
      panel's lines (time, moves, streak, today's daily); ``daily_open``: today's daily
      of this game is not won yet (the panel offers it).
    - ``address``: the page's new query (``?deal=5&game=tabbycat``), if it changed.
    - ``saved``: the storage keys written; ``prefs``: the preferences changed (apply them).
    - ``stats``: the statistics changed (refresh an open panel); ``download``:
      ``(file name, text)`` to save; ``focus``: a place to focus; ``handled``: a key was used.
    - ``rated``: a deal's difficulty rating became known (show it).
    - ``replay``: a :class:`~solitaire.play.replay.ReplayView` to draw (a replay shows),
      :data:`CLOSED` when it closed, None for no change.
    """

    board: bool = False
    relayout: bool = False
    steps: list = field(default_factory=list)
    frames: list = field(default_factory=list)
    status: list | None = None
    announce: list = field(default_factory=list)
    offer: object = None
    search: Progress | None = None
    search_done: bool = False
    shake: list = field(default_factory=list)
    near: tuple | None = None
    won: Message | None = None
    summary: list = field(default_factory=list)
    daily_open: bool = False
    address: str | None = None
    saved: list = field(default_factory=list)
    prefs: bool = False
    stats: bool = False
    download: tuple | None = None
    focus: str | None = None
    handled: bool = True
    rated: bool = False
    replay: object = None

    def say(self, key: str, /, **params) -> None:
        """Add a message to the status line."""
        if self.status is None:
            self.status = []
        self.status.append(Message(key, **params))

    def clear(self) -> None:
        """The status line is about the position before: clear it (unless set)."""
        if self.status is None:
            self.status = []

    def merge(self, other: "Answer") -> "Answer":
        """Both answers, ``other`` after this one."""
        for name in ("board", "relayout", "search_done", "prefs", "stats", "rated"):
            setattr(self, name, getattr(self, name) or getattr(other, name))
        self.steps += other.steps
        self.frames += other.frames
        self.announce += other.announce
        self.shake += other.shake
        self.summary = other.summary or self.summary
        self.daily_open = other.daily_open or self.daily_open
        self.saved += other.saved
        if other.status is not None:
            self.status = (self.status or []) + other.status
        for name in ("offer", "search", "won", "address", "download", "focus", "replay", "near"):
            if getattr(other, name) is not None:
                setattr(self, name, getattr(other, name))
        return self


class Steps:
    """A progress generator with its last report, and a status to show once."""

    def __init__(self, progress):
        self.progress = progress
        self.last = None
        self.status = None

    def next(self):
        item = next(self.progress)
        if isinstance(item, Message):  # a status line to show, then go on
            self.status = item
            item = next(self.progress)
        label, fraction = item
        self.last = Progress(label, min(1.0, fraction))
        return self.last


def labelled(source, label_of):
    """The steps of ``source`` (which yields ``(number, fraction)``) as ``(label,
    fraction)``; returns what ``source`` returns."""
    while True:
        try:
            number, fraction = next(source)
        except StopIteration as done:
            return done.value
        yield label_of(number), fraction
