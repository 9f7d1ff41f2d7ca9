"""What the player asks the solver beyond a plain hint, for the controller: a fair hint
in games with face-down cards, "is this deal still winnable?", and difficulty ratings
(of the board in play, of dailies, and New deal asking for one).

Functions of the :class:`~solitaire.play.controller.Controller` (``c``); the searches are
generators the controller steps in slices, counted in positions or moves, never in
seconds, so the same question gives the same answer on every machine.

>>> from solitaire.engine.games import get_game
>>> r = Ratings()
>>> r.get("tabbycat", 2) is None, r.want(get_game("tabbycat"), 2), r.pending
(True, True, True)
>>> while r.pending: _ = r.step(500)
>>> r.get("tabbycat", 2)
'easy'
"""

from ..engine.position import format_line
from ..solver.daily import candidates
from ..solver.hints import EASY, HARD, MEDIUM, FairHint, Rating
from ..solver.search import UNWINNABLE, WON, Search
from ..words.messages import Message
from .answer import Answer, Offer
from . import jobs as J
from .jobs import check_job, rate_job, rated_deal_job, show_job
from .moves import keep_win, known_win, look_back, look_back_done

RATINGS = (EASY, MEDIUM, HARD)
RATING_SLICE = 60      # greedy moves per step of a rating (a spider move costs most)
RATED_TRIES = 30       # random deals New deal rates, at most, for the asked difficulty
RATINGS_KEPT = 2_000   # ratings remembered in memory


class Ratings:
    """Deal ratings known, and the ones still to compute, one :class:`Rating` at a time.

    ``want(game, deal)`` queues a deal (first in line); ``step(moves)`` plays one slice
    of the first deal in line and returns its key once it is rated.
    """

    def __init__(self):
        self.known: dict[tuple, str] = {}
        self.queue: list[tuple] = []    # (game, deal), the next first
        self.jobs: dict[tuple, Rating] = {}   # ratings begun, by key

    def get(self, game_id: str, deal: int) -> str | None:
        return self.known.get((game_id, deal))

    def put(self, game_id: str, deal: int, rating: str) -> None:
        if len(self.known) >= RATINGS_KEPT:
            self.known.pop(next(iter(self.known)))
        self.known[(game_id, deal)] = rating

    def want(self, game, deal: int) -> bool:
        """Queue ``deal`` first unless it is rated; True when it waits."""
        key = (game.id, deal)
        if key in self.known:
            return False
        self.queue = [(game, deal)] + [q for q in self.queue if (q[0].id, q[1]) != key]
        return True

    def later(self, game, deal: int) -> None:
        """Queue ``deal`` last unless it is rated or queued."""
        key = (game.id, deal)
        if key not in self.known and all((q[0].id, q[1]) != key for q in self.queue):
            self.queue.append((game, deal))

    @property
    def pending(self) -> bool:
        return bool(self.queue)

    def step(self, moves: int) -> tuple | None:
        """One slice of the first deal in line: its key once rated, else None."""
        if not self.queue:
            return None
        game, deal = self.queue[0]
        key = (game.id, deal)
        job = self.jobs.get(key) or self.jobs.setdefault(key, Rating(game, deal))
        rating = job.run(moves)
        if rating is None:
            return None
        self.done(key, rating)
        return key

    def first(self) -> tuple | None:
        """The deal ``step`` works on: ``(game, deal)``, or None."""
        return self.queue[0] if self.queue else None

    def done(self, key: tuple, rating: str) -> None:
        """Deal ``key`` (game id, deal) is rated, here or by the page's solver worker."""
        self.put(*key, rating)
        self.queue = [q for q in self.queue if (q[0].id, q[1]) != key]
        self.jobs.pop(key, None)


def rate_steps(game, deal: int):
    """A deal's rating as the slices compute it (:class:`Rating`, ``RATING_SLICE``
    greedy moves a step), for the page's solver worker: yields the fraction done,
    returns the rating."""
    rater = Rating(game, deal)
    while rater.run(RATING_SLICE) is None:
        yield rater.fraction
    return rater.result


def rate_step(c) -> Answer:
    """One slice of rating work: the board in play first, then what else is queued
    (the calendar's dailies). ``Answer.rated`` when a rating became known."""
    ans = Answer()
    s = c.session
    if s is not None and c.ratings.get(c.game.id, s.deal) is None:
        c.ratings.want(c.game, s.deal)
    if c.ratings.step(RATING_SLICE) is not None:
        ans.rated = True
    return ans


def rating_job(c) -> dict | None:
    """The rating :func:`rate_step` would work on next (the board's first), as a job for
    the page's solver worker; None when nothing waits."""
    s = c.session
    if s is not None and c.ratings.get(c.game.id, s.deal) is None:
        c.ratings.want(c.game, s.deal)
    first = c.ratings.first()
    if first is None:
        return None
    c.tasks += 1
    return rate_job(c, first[0], first[1], c.tasks)


def rated(c, job: dict, value) -> Answer:
    """The worker's answer to rating ``job``: kept if it is a rating (anything else, an
    error included, leaves the deal to be rated again)."""
    ans = Answer()
    if value in RATINGS and isinstance(job.get("deal"), int):
        c.ratings.done((job["game"], job["deal"]), value)
        ans.rated = True
    return ans


def board_rating(c) -> str | None:
    s = c.session
    return None if s is None else c.ratings.get(c.game.id, s.deal)


def rating_wanted(c) -> bool:
    return c.ratings.pending or (c.session is not None and board_rating(c) is None)


def daily_ratings(c, days: list[str], cache: dict) -> dict:
    """The ratings of the dailies of ``days`` whose deal is known (``cache``: the daily
    cache, ``game:day`` -> deal); those not rated yet are queued, and are None."""
    out = {}
    for day in days:
        number = cache.get(f"{c.game.id}:{day}")
        if number is None or number not in set(candidates(day, c.game.id)):
            continue  # not computed here, or not one of the day's candidates: untrusted
        out[day] = c.ratings.get(c.game.id, number)
        if out[day] is None:
            c.ratings.later(c.game, number)
    return out


# -- New deal of a chosen difficulty ----------------------------------------------------

def rated_deal(c, wanted: str) -> Answer:
    """New deal asking for a difficulty: the first of ``RATED_TRIES`` random deals rated
    ``wanted`` (and, with Winnable on, proved winnable)."""
    game = c.game
    prove = bool(c.prefs["winnable"])
    numbers = [c._random_deal() for _ in range(RATED_TRIES)]
    progress = rated_deal_steps(c, game, wanted, numbers, prove, c.winnable_budget(), c.SLICE)

    def finish(number):
        ans = c._start(game, number)
        ans.say(f"deal_{wanted}_proved" if prove else f"deal_{wanted}", number=number)
        return ans
    return c._run("new_deal", progress, finish,
                  failed=Message(f"no_{wanted}_found", tries=RATED_TRIES),
                  job=rated_deal_job(c, wanted, numbers, prove, c.tasks + 1))


def rated_deal_steps(c, game, wanted: str, numbers, prove: bool, budget: int, slice_: int):
    """Steps of a search for the first of ``numbers`` rated ``wanted`` (and, with
    ``prove``, proved winnable within ``budget`` positions): yields ``(label,
    fraction)``, returns the deal number or None when none of them is."""
    numbers = list(numbers)
    for tried, number in enumerate(numbers):
        rating = c.ratings.get(game.id, number)
        if rating is None:
            rater = Rating(game, number)
            label = Message(f"finding_{wanted}", number=number)
            while rater.run(RATING_SLICE) is None:
                yield label, (tried + rater.fraction) / len(numbers)
            rating = rater.result
            c.ratings.put(game.id, number, rating)
        if rating != wanted:
            continue
        if not prove:
            return number
        search = Search(game, game.deal(number), budget)
        label = Message("finding_winnable", number=number)
        while search.run(slice_) is None:
            yield label, search.examined / budget
        if search.result.verdict == WON:
            return number
    return None


# -- a fair hint -------------------------------------------------------------------------

def fair_hint_steps(c, s):
    """The hint of a game with face-down cards, from what the player can see
    (:class:`~solitaire.solver.hints.FairHint`): no look-back, which would need the hidden cards."""
    h = FairHint(c.game, s.position, c.HINT_BUDGET)
    label = Message("looking_for_fair_hint")
    while h.run(c.SLICE) is None:
        yield label, h.examined / c.HINT_BUDGET
    return h.result


def fair_hint_done(c, s, h) -> Answer:
    """The fair hint's answer. With no win in any arrangement it says what the searches
    found: every one proved lost (the position looks lost: the full-knowledge check is
    offered), some lost and the others out of positions, or all out of positions."""
    ans = Answer()
    if h.move is None:
        if h.kind == "lost":
            ans.say("hint_fair_lost", samples=h.samples)
            c.offer = Offer("full_check", Message("offer_full_check"),
                            [("check", Message("check_now")), ("no", Message("no"))],
                            board=c.serial)
            ans.offer = c.offer
        elif h.lost:
            ans.say("hint_fair_no_win", samples=h.samples, lost=h.lost, open=h.samples - h.lost)
        else:
            ans.say("hint_fair_ran_out", samples=h.samples, budget=c.HINT_BUDGET)
        return ans
    c.hint_move = h.move
    ans.board = True
    if h.move.is_deal:
        ans.say("hint_fair_deal", wins=h.wins, samples=h.samples)
    else:
        ans.say("hint_fair_move", src=h.move.src, dst=h.move.dst, wins=h.wins, samples=h.samples)
    return ans


# -- the next Hint, searched ahead ------------------------------------------------------

def ahead_key(c) -> tuple | None:
    """The position on the table as a Hint job names it: (game id, deal, moves)."""
    s = c.session
    return None if s is None else (c.game.id, s.deal, format_line(s.moves))


def job_key(job: dict) -> tuple:
    """The position a Hint job names, as :func:`ahead_key` names the table's."""
    return job.get("game"), job.get("deal"), job.get("moves")


def ahead_wanted(c, job: dict | None = None) -> bool:
    """A player who has asked for a Hint (in this game, or in any before: the
    ``hint_used`` setting) is likely to ask again: while nothing else runs, the solver's
    worker searches Hint's answer for the position on the table, so that the next Hint
    is a lookup (:func:`ahead_answer`). Not in a game whose Hint the player cancelled
    (until the next Hint), nor at all with the menu's switch off (``hint_ahead``).
    Wanted while the game is in play and not yet answered there;
    with ``job``, whether that job is that search (one for another position is stopped).
    While Spider's offer to show a win is read, that search comes first (:func:`reveal_read`)."""
    s = c.session
    if s is None or s.won or c.replay is not None:
        return False
    if reveal_read(c):   # Show me a win's search, while the player reads its offer
        return job is None or (job.get("kind") == "show" and job_key(job) == ahead_key(c))
    asked = c.ahead_for is s or (c.prefs.get("hint_used") and c.ahead_off is not s)
    if not asked or not c.prefs.get("hint_ahead", True):
        return False
    if c.ahead is not None and c.ahead[0] == ahead_key(c):   # answered already
        return False
    return job is None or (job.get("kind") in J.HINTS and job_key(job) == ahead_key(c))


def reveal_read(c) -> bool:
    """*Show me a win*'s offer (to show the face-down cards) is up for the position on
    the table and its search is not yet done: idle time searches it meanwhile, shown only
    if the player agrees (:func:`show_win`)."""
    return (c.offer is not None and c.offer.kind == "show_reveal" and c.offer.board == c.serial
            and ahead_answer(c, show=True) is None and known_win(c) is None)


def ahead_job(c) -> dict | None:
    """The search of :func:`ahead_wanted` as a worker job (Hint's own, or Show me a
    win's), None when none is wanted."""
    if c.task is not None or not ahead_wanted(c):
        return None
    c.tasks += 1
    job = J.show_job if reveal_read(c) else J.hint_job
    return job(c, c.session, c.tasks)


def ahead_done(c, job: dict, value) -> Answer:
    """The worker's answer to an :func:`ahead_job`: kept for its position (one at a time)."""
    if job_key(job) == ahead_key(c) and value is not None:
        if job.get("kind") == "show":
            c.shown_ahead = (ahead_key(c), value)
        else:
            ahead_keep(c, value)
    return Answer()


def ahead_keep(c, value) -> None:
    """Hint's answer for the position on the table, kept as if searched ahead (and, a
    line proved with full knowledge, kept for the other questions: ``keep_win``)."""
    if value is not None:
        c.ahead = (ahead_key(c), value)
        if not c.game.has_hidden and value[0] == "hint":
            keep_win(c, c.session, value[1])


def ahead_answer(c, show: bool = False):
    """Hint's answer for the position on the table, if it was searched ahead (``show``:
    Show me a win's, searched while its offer was read)."""
    kept = c.shown_ahead if show else c.ahead
    if kept is not None and kept[0] == ahead_key(c):
        return kept[1]
    return None


# -- "is this deal still winnable?" ----------------------------------------------------

def still_winnable(c) -> Answer:
    """The solver with full knowledge (face-down cards included) says yes, or no and
    offers to undo to the last position still winnable."""
    s = c.session
    if s.won:
        return Answer(handled=False)
    known = known_win(c)
    if known is not None:   # a win proved from here (or earlier on its line): no search
        return check_done(c, s, ("yes", known, None))
    job = check_job(c, s, c.tasks + 1)   # its look-back's bound, the slices' too
    return c._run("check", check_steps(c, s, won=job["won"]), lambda value: check_done(c, s, value),
                  job=job)


def check_steps(c, s, label=None, won: int = -1):
    """The full-knowledge question: a search of the real position, face-down cards
    included; if it finds no win, the look-back (:class:`~solitaire.solver.hints.LastWinnable`)
    for the last earlier position still winnable. Returns ``("yes", line, None)``,
    ``("offer", moves, first)`` or ``("none", None, first)``. (*Show me a win* asks the
    same, under its own ``label``; ``won``: as :func:`~solitaire.play.moves.hint_steps`'s.)"""
    search = Search(c.game, s.position, c.HINT_BUDGET)
    label = label or Message("checking_winnable")
    while search.run(c.SLICE) is None:
        yield label, search.examined / c.HINT_BUDGET
    result = search.result
    if result.verdict == WON:
        return "yes", result.line, None
    first = (Message("no_line") if result.verdict == UNWINNABLE
             else Message("no_line_within", budget=c.HINT_BUDGET))
    yield first
    return (yield from look_back(c, s, first, won))


def check_done(c, s, value) -> Answer:
    kind, detail, first = value
    ans = Answer()
    if kind == "yes":
        keep_win(c, s, detail)
        ans.say("still_winnable_yes", count=len(detail))
        return ans
    return look_back_done(c, s, ans, kind, detail, first)


# -- "show me a win" -----------------------------------------------------------------

def show_win(c, told: bool = False) -> Answer:
    """*Show me a win*: the solver's winning line from here, with full knowledge, shown
    as a replay from this position (:func:`show_done`); with none, the look-back to the
    last position still winnable. Where the line depends on face-down cards (Spider) it
    first says that the replay will show them and asks (``told``: the player agreed)."""
    s = c.session
    if s.won:
        return Answer(handled=False)
    if c.game.has_hidden and not told and any(c.game.face_down(s.position, p.name)
                                              for p in c.game.layout()):
        c.offer = Offer("show_reveal", Message("offer_show_reveal"),
                        [("show", Message("show_yes")), ("no", Message("no"))], board=c.serial)
        return Answer(offer=c.offer)
    known = known_win(c)
    if known is not None:   # a win proved from here (or earlier on its line): no search
        return show_done(c, s, ("yes", known, None))
    found = ahead_answer(c, show=True)
    if found is not None:   # searched while the offer was read
        return show_done(c, s, found)
    job = show_job(c, s, c.tasks + 1)
    return c._run("show", check_steps(c, s, Message("finding_win_to_show"), job["won"]),
                  lambda value: show_done(c, s, value), job=job)


def show_done(c, s, value) -> Answer:
    """The end of *Show me a win*: the line to replay from here, or no line and the
    look-back's answer."""
    kind, detail, first = value
    ans = Answer()
    if kind == "yes":
        keep_win(c, s, detail)
        ans.say("show_found", count=len(detail))
        ans.merge(c.show_line(list(detail)))
        return ans
    return look_back_done(c, s, ans, kind, detail, first)
