"""The solver worker's side of a job (:mod:`solitaire.play.jobs`): :func:`steps` builds from a job
the very generator the controller steps on the page's thread, and :class:`Driver` runs it in
chunks of time (time only decides how often progress is reported, never the answer) and
returns what happened as JSON: the status lines and progress the generator yielded, and at the
end its value (``web/solver-worker.mjs`` calls it).

>>> import json
>>> from solitaire.records.saved import MemoryStore
>>> from solitaire.play.controller import Controller
>>> from solitaire.play.jobs import decode, hint_job
>>> c = Controller(MemoryStore(), now=lambda: 1, today=lambda: "2026-11-30", random=lambda: 7)
>>> _ = c.boot("?deal=3")
>>> job = hint_job(c, c.session, 1)
>>> d = Driver(json.dumps(job))
>>> out = json.loads(d.step(60.0))
>>> out["done"], decode(out["value"])[0]
(True, 'hint')
"""

import json
import time

from ..engine.errors import SolitaireError
from ..engine.games import GAMES
from ..engine.position import parse_line
from ..records.session import Session
from ..solver.daily import DailySearch
from ..words.messages import Message
from . import moves as M, questions as Q
from .answer import labelled
from .jobs import read_job, encode
from .questions import Ratings, rated_deal_steps
from .tasks import daily_steps


class _Context:
    """What the controller's search generators read of the controller."""

    def __init__(self, game, job):
        self.game = game
        self.HINT_BUDGET = job["budget"]
        self.BACKTRACK_BUDGET = job["back"]
        self.SLICE = job["slice"]


def steps(job: dict):
    """The controller's generator for ``job``: yields status lines and ``(label,
    fraction)``, returns the answer (the same value the controller's own returns)."""
    game = GAMES[job["game"]]
    ctx = _Context(game, job)
    kind = job["kind"]
    if kind == "new_deal":
        source = M.first_winnable(game, iter(job["numbers"]), job["winnable"], job["slice"])
        return labelled(source, lambda n: Message("finding_winnable", number=n))
    if kind == "rated_deal":
        return _rated(ctx, game, job)
    if kind == "rate":
        return Q.rate_steps(game, job["deal"])
    if kind == "daily":
        day = job["day"]
        return labelled(daily_steps(DailySearch(day, game.id), job["slice"]),
                        lambda n: Message("dealing_daily", day=day))
    s = Session(game, job["deal"])
    for move in parse_line(job["moves"]):
        s.play(move)
    won = job.get("won", -1)   # the look-back goes no further back (moves.proved_index)
    if kind == "hint":
        return M.hint_steps(ctx, s, won)
    if kind == "fair_hint":
        return Q.fair_hint_steps(ctx, s)
    if kind == "show":
        return Q.check_steps(ctx, s, Message("finding_win_to_show"), won)
    return Q.check_steps(ctx, s, won=won)


def _rated(ctx, game, job):
    ctx.ratings = Ratings()
    for deal, rating in job["known"]:
        ctx.ratings.put(game.id, deal, rating)
    number = yield from rated_deal_steps(ctx, game, job["wanted"], job["numbers"], job["prove"],
                                         job["winnable"], job["slice"])
    return number, [[deal, rating] for (_, deal), rating in ctx.ratings.known.items()]


def stop_when(should_stop) -> None:
    """Let SIGINT stop the running job, when ``should_stop()`` says so: the worker's
    Pyodide raises SIGINT in Python when the page writes it into the interrupt buffer the
    two share (``web/solver-worker.mjs``), at its next check (every few bytecodes), mid-step.
    ``should_stop`` tells a signal meant for the running job (the page wants another job, or
    none) from one that came late, when the job it was meant for had ended: that one
    is let pass. The job stopped, its :class:`Driver` is dropped; the next one starts clean
    (a job keeps its state in its own generator, never in a module).

    >>> import _signal
    >>> old = _signal.getsignal(_signal.SIGINT)
    >>> wanted = []
    >>> stop_when(lambda: bool(wanted))
    >>> _signal.raise_signal(_signal.SIGINT)      # a late signal: nothing happens
    >>> wanted.append(1)
    >>> try:
    ...     _signal.raise_signal(_signal.SIGINT)
    ... except KeyboardInterrupt:
    ...     print("stopped")
    ... finally:
    ...     _ = _signal.signal(_signal.SIGINT, old)
    stopped
    """
    import _signal

    def handler(signum, frame):
        if should_stop():
            raise KeyboardInterrupt
    _signal.signal(_signal.SIGINT, handler)


class Driver:
    """One job run in chunks: ``step(seconds)`` runs it for about that long (at least one
    slice) and returns JSON ``{"items": [...], "done": bool, "value": ...}``: the status
    lines in order and the last progress, then, once done, the answer (``"error"`` for a
    job that could not run: a bad job, an illegal move)."""

    def __init__(self, text: str):
        self.examined = 0
        try:
            self.gen = steps(read_job(text))
            self.error = None
        except (ValueError, SolitaireError) as e:
            self.gen, self.error = None, str(e)[:200]

    def step(self, seconds: float) -> str:
        if self.gen is None:
            return json.dumps({"items": [], "done": True, "error": self.error})
        items, progress = [], None
        end = time.monotonic() + seconds
        try:
            while True:
                item = next(self.gen)
                if isinstance(item, Message):
                    if progress is not None:
                        items.append(progress)
                        progress = None
                    items.append(encode(item))
                else:
                    progress = encode(item)
                if time.monotonic() >= end:
                    break
        except StopIteration as done:
            items += [progress] if progress is not None else []
            return json.dumps({"items": items, "done": True, "value": encode(done.value)})
        except SolitaireError as e:
            self.gen = None
            return json.dumps({"items": items, "done": True, "error": str(e)[:200]})
        items += [progress] if progress is not None else []
        return json.dumps({"items": items, "done": False})
