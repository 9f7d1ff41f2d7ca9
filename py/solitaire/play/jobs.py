"""The controller's searches as plain data, so that another interpreter (the page's solver
worker, ``web/solver-worker.mjs``) can run them and send back the answer.

A job is a JSON object: the question (``kind``), the game, the deal and the moves played
as the project's notation, and the budgets, all counted in positions. In the solver's
worker, :mod:`solitaire.play.worker` builds from it the very generator the controller steps on
the page's thread (:func:`solitaire.play.moves.hint_steps` and the others), so both give the
same answer: the searches never depend on how they are sliced. :func:`encode` and
:func:`decode` carry values (messages, moves, hints) through JSON.

>>> from solitaire.records.saved import MemoryStore
>>> from solitaire.play.controller import Controller
>>> c = Controller(MemoryStore(), now=lambda: 1, today=lambda: "2026-11-30", random=lambda: 7)
>>> _ = c.boot("?deal=3")
>>> job = hint_job(c, c.session, 1)
>>> job["kind"], job["game"], job["deal"], job["moves"]
('hint', 'tabbycat', 3, '')
"""

import json

from ..engine.games import GAMES
from ..engine.games.base import check_deal_number
from ..engine.position import Move, format_line, parse_line
from ..solver.hints import Hint
from ..words.messages import Message
from .answer import Answer, Progress
from .moves import proved_index


HINTS = ("hint", "fair_hint")   # Hint's jobs (searched ahead too: questions.ahead_job)
AHEAD = (*HINTS, "show")   # the jobs idle time searches ahead (Show me a win's while its offer is read)
KINDS = ("hint", "fair_hint", "check", "show", "new_deal", "rated_deal", "daily", "rate")
WANTED = ("easy", "medium", "hard")
MAX_JOB = 64_000        # characters of a job (a long game's moves fit many times over)
MAX_NUMBERS = 100       # deals a New deal job may try
MAX_JOB_INT = 10_000_000    # a job's id and budgets


def _job(c, kind: str, number: int, label: Message, **more) -> dict:
    return {"kind": kind, "id": number, "game": c.game.id, "budget": c.HINT_BUDGET,
            "back": c.BACKTRACK_BUDGET, "slice": c.SLICE, "label": encode(label), **more}


def hint_job(c, s, number: int) -> dict:
    """Hint (a fair hint in a game with face-down cards) for session ``s``."""
    kind = "fair_hint" if c.game.has_hidden else "hint"
    label = Message("looking_for_fair_hint" if c.game.has_hidden else "looking_for_line")
    return _job(c, kind, number, label, deal=s.deal, moves=format_line(s.moves),
                won=proved_index(c, s))


def check_job(c, s, number: int) -> dict:
    """"Is this deal still winnable?" for session ``s``."""
    return _job(c, "check", number, Message("checking_winnable"), deal=s.deal,
                moves=format_line(s.moves), won=proved_index(c, s))


def show_job(c, s, number: int) -> dict:
    """*Show me a win* for session ``s``: the full-knowledge search, for its line."""
    return _job(c, "show", number, Message("finding_win_to_show"), deal=s.deal,
                moves=format_line(s.moves), won=proved_index(c, s))


def new_deal_job(c, numbers: list, number: int) -> dict:
    """New deal with Winnable on: the first of ``numbers`` proved winnable."""
    return _job(c, "new_deal", number, Message("finding_winnable", number=numbers[0]),
                numbers=list(numbers), winnable=c.winnable_budget())


def rated_deal_job(c, wanted: str, numbers: list, prove: bool, number: int) -> dict:
    """New deal of a chosen difficulty: the first of ``numbers`` rated ``wanted`` (and,
    with ``prove``, proved winnable); the ratings already known go along."""
    known = [[n, c.ratings.get(c.game.id, n)] for n in numbers
             if c.ratings.get(c.game.id, n) is not None]
    return _job(c, "rated_deal", number, Message(f"finding_{wanted}", number=numbers[0]),
                numbers=list(numbers), winnable=c.winnable_budget(), wanted=wanted,
                prove=bool(prove), known=known)


def settle(c, job: dict, value):
    """The worker's answer as the controller's own search returns it: a rated deal's
    search also brings back the ratings it learned, kept here as if learned here."""
    if job["kind"] != "rated_deal":
        return value
    number, learned = value
    for deal, rating in learned:
        c.ratings.put(job["game"], deal, rating)
    return number


def daily_job(c, game, day: str, number: int) -> dict:
    """The daily deal of ``day`` for ``game`` (the frozen checker's search)."""
    job = _job(c, "daily", number, Message("dealing_daily", day=day), day=day)
    job["game"] = game.id
    return job


def rate_job(c, game, deal: int, number: int) -> dict:
    """The difficulty of ``deal`` of ``game`` (:class:`~solitaire.solver.hints.Rating`, as the
    page's background slices compute it); the answer is the rating."""
    job = _job(c, "rate", number, None, deal=deal)
    job["game"] = game.id
    return job


def read_job(text: str) -> dict:
    """The one reader of a job: size, kinds, the game, numbers and moves checked.

    >>> read_job('{"kind": "hint"}')
    Traceback (most recent call last):
    ...
    ValueError: not a job
    """
    if not isinstance(text, str) or len(text) > MAX_JOB:
        raise ValueError("not a job")
    job = json.loads(text)
    ints = ("id", "budget", "back", "slice")
    if (not isinstance(job, dict) or job.get("kind") not in KINDS or job.get("game") not in GAMES
            or not all(type(job.get(k)) is int and 0 < job[k] <= MAX_JOB_INT for k in ints)):
        raise ValueError("not a job")
    if job["kind"] == "rate":
        check_deal_number(job.get("deal"))
    elif job["kind"] in ("hint", "fair_hint", "check", "show"):
        check_deal_number(job.get("deal"))
        if not isinstance(job.get("moves"), str):
            raise ValueError("not a job")
        won = job.get("won", -1)
        if type(won) is not int or not -1 <= won < len(parse_line(job["moves"])):
            raise ValueError("not a job")
    elif job["kind"] in ("new_deal", "rated_deal"):
        numbers = job.get("numbers")
        if (not isinstance(numbers, list) or not 0 < len(numbers) <= MAX_NUMBERS
                or type(job.get("winnable")) is not int or job["winnable"] <= 0):
            raise ValueError("not a job")
        for n in numbers:
            check_deal_number(n)
        if job["kind"] == "rated_deal":
            known = job.get("known")
            if (job.get("wanted") not in WANTED or not isinstance(job.get("prove"), bool)
                    or not isinstance(known, list) or len(known) > MAX_NUMBERS
                    or not all(isinstance(k, list) and len(k) == 2 and k[1] in WANTED
                               for k in known)):
                raise ValueError("not a job")
            for n, _ in known:
                check_deal_number(n)
    elif not isinstance(job.get("day"), str) or len(job["day"]) > 10:
        raise ValueError("not a job")
    return job


# -- the controller's side ----------------------------------------------------------------

def local(c) -> None:
    """The worker is gone: the controller's running search (nothing of which ran on the
    page's thread) is stepped there from its start."""
    job = c.job()
    if job is not None:
        job["remote"] = False


def hand_over(c) -> Answer:
    """The worker is up: a search begun here in slices (one started before it was) is the
    worker's from now on. It runs it from its start (budgets count positions, so the
    answer is the one the slices would give); the slices here stop."""
    ans = Answer()
    job = c.job()
    if c.offload and job is not None and not job.get("remote"):
        job["remote"] = True
        ans.search = c.task[2].last
    return ans


def remote(c, job_id: int, items: list, done: bool, value, error: str | None) -> Answer:
    """What the worker reports of job ``job_id`` to controller ``c``: decoded status
    lines and progress (as the generator yielded them), and, once ``done``, the answer,
    which ends the search exactly as the controller's ``step`` does. A report of a search
    that is no longer the running one (cancelled, its board gone) is ignored."""
    ans = Answer()
    job = c.job()
    if job is None or job["id"] != job_id:
        return ans
    kind, board, steps, finish, failed, job = c.task
    if board != c.serial:
        c.task = None
        ans.search_done = True
        return ans
    for item in items:
        if isinstance(item, Message):
            ans.status = [item]
        else:
            label, fraction = item
            steps.last = ans.search = Progress(label, min(1.0, fraction))
    if error is not None:
        c.task = None
        ans.search_done = True
        ans.say("bad_daily_link", why=error)
    elif done:
        c.task = None
        ans.search_done = True
        ans.merge(c._end(settle(c, job, value), failed, finish))
    return ans


# -- values through JSON ------------------------------------------------------------------

def encode(value):
    """A value of the searches as JSON data: messages, moves and hints tagged, tuples and
    lists as lists.

    >>> decode(encode(("offer", 3, Message("no_line"))))
    ('offer', 3, Message('no_line', 'There is no winning line from here.'))
    """
    if isinstance(value, Message):
        return {"m": value.key, "p": {k: encode(v) for k, v in value.params.items()}}
    if isinstance(value, Move):
        return {"mv": str(value)}
    if isinstance(value, Hint):
        return {"h": [encode(value.move), value.kind, value.examined, value.wins,
                      value.samples, encode(value.line), value.lost]}
    if isinstance(value, (list, tuple)):
        return [encode(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise TypeError(f"no JSON form for {type(value).__name__}")


def decode(data):
    """The value :func:`encode` gave the form of (lists come back as tuples)."""
    if isinstance(data, list):
        return tuple(decode(v) for v in data)
    if isinstance(data, dict):
        if "m" in data:
            return Message(data["m"], **{k: decode(v) for k, v in data["p"].items()})
        if "mv" in data:
            return Move.parse(data["mv"])
        if "h" in data:
            move, kind, examined, wins, samples, line, lost = data["h"]
            return Hint(decode(move), kind, examined, wins, samples, list(decode(line)), lost)
        raise ValueError("an unknown value")
    return data
