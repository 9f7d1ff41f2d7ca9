"""The controller's running search, one at a time and tied to the board it was started
for: start it (:func:`run`), step it a slice at a time on the page's thread
(:func:`step`), end it with its answer (:func:`end`), cancel it (:func:`cancel`); and
the searches New deal with Winnable on (:func:`winnable_deal`) and the daily deal, from
the cache or by such a search (:func:`daily`), start.

Functions of the :class:`~solitaire.play.controller.Controller` (``c``), whose methods of the same
names call them. A search is a generator that yields ``(label, fraction)`` (and status
lines) and returns the value its ``finish`` turns into an Answer; with a job (plain data,
:mod:`solitaire.play.jobs`) the page's solver worker may run it instead (``c.offload``), and
:func:`solitaire.play.jobs.remote` ends it as :func:`step` does. When the board changes (a
move, undo, another deal) the search is dropped, never applied.

>>> from solitaire.records.saved import MemoryStore
>>> from solitaire.play.controller import Controller
>>> c = Controller(MemoryStore(), now=lambda: 1, today=lambda: "2026-11-30", random=lambda: 7)
>>> _ = c.boot("?deal=3")
>>> _ = c.daily("2026-02-03")
>>> while c.task is not None: _ = c.step()
>>> c.session.daily, c.session.deal == daily_deal("2026-02-03")
('2026-02-03', True)
"""


from ..records import saved as S
from . import jobs as J, moves as M, tables as TB
from .answer import Answer, Progress, Steps, labelled
from ..solver.daily import DAILY_BUDGET, DailySearch, candidates, daily_deal, parse_date  # noqa: F401 (doctest)
from ..engine.errors import SolitaireError
from ..engine.games import get_game
from ..words.messages import Message
from ..words.text import reason


def run(c, kind, progress, finish, failed=None, ans=None, job=None) -> Answer:
    """Start a search: ``progress`` yields (label, fraction) and ends with the value
    ``finish`` turns into an Answer. ``job``: the same search as plain data
    (:mod:`solitaire.play.jobs`), for a page that runs it in its worker (``offload``)."""
    ans = ans or Answer()
    if c.task is not None:
        ans.search_done = True
    c.tasks += 1
    if job is not None:
        job["id"] = c.tasks
    c.task = (kind, c.serial, Steps(progress), finish, failed, job)
    if c.offload and job is not None:  # the worker runs it: no slice here
        job["remote"] = True
        c.task[2].last = ans.search = Progress(J.decode(job["label"]), 0.0)
        return ans
    return ans.merge(step(c, 0))


def end(c, value, failed, finish) -> Answer:
    """A search's value as its Answer: ``failed`` (a message) for None, else ``finish``."""
    if value is None and failed is not None:
        ans = Answer()
        ans.say(failed.key, **failed.params)
        return ans
    return finish(value)


def step(c, positions: int | None = None) -> Answer:
    """Run the current search one slice further (0: just report where it is)."""
    ans = Answer()
    if c.task is None:
        ans.search_done = True
        return ans
    kind, board, steps, finish, failed, job = c.task
    job = job is not None and job.get("remote")
    if board != c.serial:  # its board is no longer on the table: drop it
        c.task = None
        ans.search_done = True
        return ans
    if (positions == 0 or job) and steps.last is not None:
        ans.search = steps.last  # (a search the worker runs is not stepped here)
        return ans
    try:
        ans.search = steps.next()
        status = steps.status
        if status is not None:
            steps.status = None
            ans.status = [status]
        return ans
    except StopIteration as done:
        c.task = None
        ans.search_done = True
        return ans.merge(end(c, done.value, failed, finish))
    except SolitaireError as e:
        c.task = None
        ans.search_done = True
        ans.say("bad_daily_link", why=reason(e))
        return ans


def cancel(c) -> Answer:
    """Cancel the running search."""
    ans = Answer(search_done=True)
    if c.task is not None:
        kind = c.task[0]
        c.task = None
        ans.say({"new_deal": "new_deal_cancelled", "daily": "daily_cancelled",
                 "check": "check_cancelled", "show": "show_cancelled"}.get(kind, "hint_dropped"))
    return ans


def winnable_deal(c) -> Answer:
    """New deal with Winnable on: the first of ``WINNABLE_TRIES`` random deals the solver
    proves winnable within the game's budget a candidate."""
    game = c.game
    numbers = [c._random_deal() for _ in range(c.WINNABLE_TRIES)]
    source = M.first_winnable(game, iter(numbers), c.winnable_budget(), c.SLICE)
    progress = labelled(source, lambda n: Message("finding_winnable", number=n))

    def finish(number):
        ans = c._start(game, number)
        ans.say("deal_proved", number=number)
        return ans
    return run(c, "new_deal", progress, finish, failed=Message("no_winnable_found"),
               job=J.new_deal_job(c, numbers, c.tasks + 1))


# -- the daily deal -------------------------------------------------------------------------

def daily(c, day: str | None = None, game_id: str | None = None) -> Answer:
    """The daily deal of ``day`` (today by default) for the game: from the cache
    (keyed by game and date), else a search the page steps."""
    ans = Answer()
    game = get_game(game_id) if game_id else c.game
    day = day or c.today()
    try:
        day = parse_date(day).isoformat()
        if day > c.today():
            raise SolitaireError(Message("daily_not_out", day=day))
    except SolitaireError as e:
        ans.say("bad_daily_link", why=reason(e))
        return ans
    cache = S.read_daily_cache(c.store, c.now())
    number = cache.get(f"{game.id}:{day}")
    if number is not None and number not in set(candidates(day, game.id)):
        number = None  # not one of that day's candidates: never trusted
    if number is None:
        number = TB.daily(c, game.id, day)  # the site's daily table (a candidate, checked)
        if number is not None:   # kept as a computed one is: a reload trusts the saved game
            S.write_daily_cache(c.store, c.now(), f"{game.id}:{day}", number)
    if number is not None:
        return start_daily(c, game, day, number, ans)
    steps = daily_steps(DailySearch(day, game.id), c.SLICE)

    def finish(number):
        out = Answer()
        S.write_daily_cache(c.store, c.now(), f"{game.id}:{day}", number)  # else computed again
        return start_daily(c, game, day, number, out)

    label = Message("dealing_daily", day=day)
    return run(c, "daily", labelled(steps, lambda n: label), finish,
               failed=Message("daily_none", day=day), ans=ans,
               job=J.daily_job(c, game, day, c.tasks + 1))


def start_daily(c, game, day, number, ans) -> Answer:
    c._start(game, number, day, ans)
    ans.say("daily_started", day=day)
    return ans


def daily_steps(search, slice_):
    """A :class:`~solitaire.solver.daily.DailySearch` (the command line's computation) in steps:
    yields ``(candidate, fraction)`` and returns the day's deal."""
    while search.run(slice_) is None:
        yield search.candidate, (search.examined % DAILY_BUDGET) / DAILY_BUDGET
    return search.deal


def check_daily_claim(c, session, ans) -> None:
    """A saved game that says it is the daily of a date must hold that date's deal for its
    game. The evidence is the daily cache's entry for the game and date (an entry is
    trusted only when it is one of that day's candidates); the claim is never checked by
    a search here, on the way to the first frame. Without that evidence the game goes on
    as an ordinary deal (its result counts as one), and the player is told."""
    day = session.daily
    if day is None:
        return
    game = session.game
    try:
        parse_date(day)
        ok_day = day <= c.today()
    except SolitaireError:
        ok_day = False
    if ok_day and session.deal in set(candidates(day, game.id)):
        cached = S.read_daily_cache(c.store, c.now()).get(f"{game.id}:{day}")
        if cached == session.deal or TB.daily(c, game.id, day) == session.deal:
            return
        key = "saved_daily_unchecked" if cached is None else "saved_daily_refused"
    else:
        key = "saved_daily_refused"
    session.daily = None
    ans.say(key, day=day, number=session.deal)
