"""The game controller: the game in progress, preferences, searches and statistics,
with no DOM, so CPython tests reach every path the page takes.

The page turns events into intents (the public methods below) and applies the
:class:`~solitaire.play.answer.Answer` each returns. Searches are generators the page steps
in slices (:meth:`Controller.step`, see :mod:`solitaire.play.tasks`), or jobs its solver's
worker runs (``offload``, :meth:`Controller.job`, :meth:`Controller.remote`; see
:mod:`solitaire.play.jobs`); each
belongs to the board it was started for, and when the board changes (a move, undo,
another deal) it is dropped, never applied.
Storage is any store with ``get``/``set``/``remove`` (see :mod:`solitaire.records.saved`).

>>> from solitaire.records.saved import MemoryStore
>>> c = Controller(MemoryStore(), now=lambda: 1, today=lambda: "2026-11-30", random=lambda: 7)
>>> _ = c.boot("?deal=3")
>>> c.session.deal, c.link()
(3, '?deal=3&game=tabbycat')
>>> c.deal().steps[0][0]
Move.parse('deal')
"""

import json

from ..engine.errors import SolitaireError
from ..engine.games import GAMES, get_game
from ..engine.position import Move
from ..records import saved as S
from ..records.readers import read_query
from ..records.replay import encode as encode_replay
from ..records.session import Session
from ..records.stats import MAX_GAMES, fit, games_in, record, sync
from ..solver.daily import parse_date
from ..words.messages import Message, clock_text
from ..words.text import reason
from . import jobs as J, moves as M, questions as Q, replay as R, tables as TB, tasks as T, texts as X
from .answer import CLOSED, Answer, Offer

__all__ = ["Controller", "clock_text"]


class Controller:
    """One tab's game: every intent returns an Answer (see :mod:`solitaire.play.answer`)."""

    WINNABLE_BUDGET = None      # positions per candidate deal (None: the game's own)
    WINNABLE_TRIES = 40
    HINT_BUDGET = 300_000
    BACKTRACK_BUDGET = 60_000
    SLICE = 2_500               # positions per step

    def __init__(self, store, now, today, random, tab: str = ""):
        self.store, self.now, self.today, self.random = store, now, today, random
        self.tab = tab or f"t{random()}"
        self.game = get_game("tabbycat")
        self.session: Session | None = None
        self.prefs = dict(S.DEFAULT_PREFS)
        self.stats = None
        self.hint_move: Move | None = None
        self.selected: str | None = None   # the place chosen (select-then-target, keys)
        self.count: int | None = None       # ... how many of its cards (None: the most that fit)
        self.task = None            # the running search: (kind, board, steps, finish, failed, job)
        self.offload = False        # the page has a worker that runs searches (see job())
        self.tasks = 0              # searches started: each job's id
        self.offer: Offer | None = None
        self.pending_import = None
        self.serial = 0             # changes whenever the board does
        self.seen = None            # (tab, rev) of the saved game as this tab last knew it
        self.rev = 0
        self.stale = False          # another tab saved a game since: do not overwrite it
        self.last_saved = None      # this tab's game as last saved or loaded (no clock)
        self.ratings = Q.Ratings()  # deals' difficulty, known and to compute
        self.held = set()           # keys of records that could not be read nor moved: never written
        self.pending = False        # statistics (a finished game's result) not stored yet: retried
        self.pending_said = False   # ... and the player was told so
        self.pending_ticks = 0      # seconds since the last retry
        self.replay: R.Replay | None = None   # a replay on the table (see solitaire.play.replay)
        self.tables = {}            # the site's tables the page loaded: {"winnable"|"daily": table}
        self.table_problems = {}    # ... and why one could not be read
        self.drawn = set()          # (game id, deal) New deal took from them in this tab
        self.fresh = {}             # game id -> deals the worker proved in idle time
        self.table_rng = None       # picks among them (seeded once from ``random``)
        self.ahead_for = None       # the session whose player asked for a Hint: the next is searched ahead
        self.ahead_off = None       # ... the session whose Hint was cancelled: not searched ahead
        self.ahead = None           # (game id, deal, moves) and Hint's answer there, searched ahead
        self.shown_ahead = None     # ... and Show me a win's, searched while its offer was read
        self.proved = None          # (game id, deal, moves, line): a win proved from there (moves.keep_win)

    # -- starting ------------------------------------------------------------------------

    def boot(self, query: str, fragment: str = "") -> Answer:
        """Restore the saved game and settings, then open what the address asks for (a
        ``#replay=`` fragment shows that replay over the game in progress).
        Anything that raises gives a fresh game and a message, never a dead page."""
        ans = Answer(board=True, relayout=True)
        try:
            self._boot(query, ans)
        except Exception as e:  # the start itself is guarded
            ans.say("start_failed", why=f"{type(e).__name__}: {str(e)[:120]}")
            self.task = None
            self.game = get_game("tabbycat")
            self.session = self._new_session(1)
            self.serial += 1
        ans.address = self.link()
        if fragment:
            R.open_fragment(self, fragment, ans)
        return ans

    @property
    def shown(self) -> Session:
        """The game the table shows: a replay's while one shows, else the game in progress."""
        return self.replay.session if self.replay is not None else self.session

    def _boot(self, query, ans):
        now = self.now()
        self.prefs, problem = S.read_prefs(self.store, now)
        self._problem(ans, problem)
        self.stats, problem = S.read_stats(self.store, now)
        self._problem(ans, problem)
        self.session = self._restore(ans)
        s = self.session
        if s is not None and s.won and not s.recorded:   # won, its count never stored: count it
            self._count(s, True, ans)
            self._save(ans)
        q = read_query(query, GAMES)
        for key in q.problems:
            if key == "no_game":
                ans.say("no_game", name=q.asked_game)
            elif key == "bad_daily":
                ans.say("bad_daily_link", why=Message("rec_date_bad"))
            else:
                ans.say("bad_deal_link" if key == "bad_deal" else key)
        game = get_game(q.game) if q.game else (self.session.game if self.session else self.game)
        if q.daily is not None:
            try:
                day = self.today() if q.daily == "today" else parse_date(q.daily).isoformat()
                if day > self.today():
                    raise SolitaireError(Message("daily_not_out", day=day))
            except SolitaireError as e:
                ans.say("bad_daily_link", why=reason(e))
            else:
                s = self.session
                if s is None or s.daily != day or s.game is not game:
                    if s is None:  # (the game first: the session is of self.game)
                        self.game = game
                        self.session = self._new_session(1)
                    ans.merge(self.daily(day, game.id))
                return
        if q.new:  # a new deal of the game asked for, else of the game in progress
            if self.session is None or self.session.game is not game:
                self._start(game, 1, ans=ans)
            else:
                self.game = self.session.game
            ans.merge(self.new_deal())
            return
        if q.deal is not None:
            s = self.session
            if s is None or s.deal != q.deal or s.game is not game or s.daily:
                self._start(game, q.deal, ans=ans)
                return
        if self.session is None or self.session.game is not game:
            self._start(game, 1, ans=ans)  # deal 1 is proved winnable in every game
        else:
            self.game = self.session.game
            self.serial += 1

    def _problem(self, ans, problem):
        """Say what was wrong with a record; one that could not be moved aside is held:
        this tab never writes its key (the player is offered an export of the statistics)."""
        if not problem:
            return
        key = S.held(problem)
        if key is not None and key in self.held:
            return  # said when it was first found
        if key is not None:
            self.held.add(key)
            if key in (S.STATS_KEY, S.STATS_V1_KEY):
                self.offer = Offer("held", Message("stats_held_offer"),
                                   [("export", Message("export_now")), ("dismiss", Message("dismiss"))])
                ans.offer = self.offer
        if problem[0]:
            ans.say(problem[0], **problem[1])

    def _restore(self, ans):
        data, problem = S.read_game_record(self.store, self.now())
        self._problem(ans, problem)
        if data is None:
            return None
        try:
            session = Session.from_dict({k: v for k, v in data.items() if k not in ("rev", "tab")})
        except (SolitaireError, RecursionError) as e:
            raw = self.store.get(S.SAVE_KEY)
            self._problem(ans, S.problem_of("saved_unreadable", e, self.store, S.SAVE_KEY, raw,
                                            self.now()))
            return None
        T.check_daily_claim(self, session, ans)
        self.seen = (data.get("tab"), data.get("rev", 0))
        self.rev = max(self.rev, data.get("rev", 0))
        if not session.id:
            session.id = self._new_id()
        self.game = session.game
        self.last_saved = _snapshot(session)
        return session

    def _new_id(self) -> str:
        return f"g{self.now()}-{self.random()}"

    def _new_session(self, number, daily=None):
        return Session(self.game, number, daily, self._new_id())

    def _start(self, game, number, daily=None, ans=None, session=None) -> Answer:
        """Put a new board on the table (``session``: a game already begun, else a new
        one of deal ``number``); the game left behind counts as lost if played (a
        replay showing closes first)."""
        ans = ans or Answer()
        if self.replay is not None:
            R.close(self, ans)
        self._leave(ans)
        ans.relayout = ans.relayout or game is not self.game
        self.game = game
        self.session = session or self._new_session(number, daily)
        self._board_changed(ans)
        ans.address = self.link()
        return ans

    def _leave(self, ans):
        s = self.session
        if s is not None and s.moves and not s.won and not s.recorded:
            self._count(s, False, ans)

    def _board_changed(self, ans, keep_task=False):
        """After any change of the board: a search or an offer for the old board goes."""
        self.serial += 1
        self.hint_move = None
        self.selected = self.count = None
        ans.board = True
        ans.clear()
        if self.task is not None and not keep_task:
            ans.say(_DROPPED.get(self.task[0], "hint_dropped"))
            self.task = None
            ans.search_done = True
        if self.offer is not None and self.offer.board is not None:
            self.offer = None
            ans.offer = CLOSED
        self._save(ans)
        self._retry(ans, say_pending=True)

    # -- saving ----------------------------------------------------------------------------

    def _save(self, ans):
        """Save the game, unless another tab saved one since this tab last looked: then
        ask instead of overwriting it."""
        if self.session is None or self.stale:
            return
        stored = self.store.get(S.SAVE_KEY)
        if stored is not None and self.seen is not None:
            try:
                data = json.loads(stored) if len(stored) <= S.GAME_CHARS else {}
                mark = (data.get("tab"), data.get("rev", 0)) if isinstance(data, dict) else None
            except (ValueError, RecursionError):
                mark = None
            if mark is not None and mark != self.seen and mark[0] != self.tab:
                self._go_stale(ans)
                return
        self._write_game(ans)

    def _write_game(self, ans):
        if S.SAVE_KEY in self.held:
            return  # an unreadable saved game the store had no room to move: left alone
        # A won game says it is counted only once its count is stored: a load of a saved game
        # won and not counted counts it (``_boot``).
        text = S.game_text(self.session, self.rev + 1, self.tab,
                           counted=self.session.recorded and not self.pending)
        if text is None:
            ans.say("write_failed_game", why=Message("game_too_long"))
            return
        self.rev += 1
        try:
            self.store.set(S.SAVE_KEY, text)
        except S.StoreError:
            ans.say("write_failed_game", why=Message("write_failed"))
            return
        self.seen = (self.tab, self.rev)
        self.last_saved = _snapshot(self.session)
        ans.saved.append(S.SAVE_KEY)

    def _go_stale(self, ans):
        self.stale = True
        self.offer = Offer("other_tab", Message("other_tab_game"),
                           [("load", Message("load_theirs")), ("keep", Message("keep_mine"))])
        ans.offer = self.offer

    def storage(self, key) -> Answer:
        """Another tab wrote ``key`` (the page's ``storage`` event)."""
        ans = Answer()
        self._retry(ans)   # another tab's write may have freed room
        if key == S.SAVE_KEY and not self.stale:
            self._save_check(ans)
        elif key in (S.STATS_KEY, None):
            fresh, problem = S.read_stats(self.store, self.now())
            self._problem(ans, problem)
            self.stats = sync(self.stats, fresh)
            ans.stats = True
            if games_in(self.stats) != games_in(fresh) and S.STATS_KEY not in self.held:
                self.pending = True   # this tab counted games the stored copy lacks: written back
                self.locked(self._flush, ans)
        elif key == S.PREFS_KEY:
            self.prefs, _ = S.read_prefs(self.store, self.now())
            ans.prefs = True
        return ans

    def _save_check(self, ans):
        stored = self.store.get(S.SAVE_KEY)
        try:
            data = json.loads(stored) if stored and len(stored) <= S.GAME_CHARS else None
        except (ValueError, RecursionError):
            data = None
        if isinstance(data, dict) and (data.get("tab"), data.get("rev", 0)) != self.seen \
                and data.get("tab") != self.tab:
            if data.get("id") == self.session.id and _snapshot(self.session) == self.last_saved:
                theirs = self._restore(Answer())  # the same game, unchanged here: follow it
                if theirs is not None and theirs.id == self.session.id:
                    self.session = theirs
                    self.serial += 1
                    self.hint_move = self.selected = self.count = None
                    ans.board = True
                    ans.say("other_tab_synced")
                    return
            self._go_stale(ans)

    def _count(self, s, won, ans):
        """Record a finished game, with its replay: re-read the stored statistics, merge,
        write."""
        record(self.stats, s.game.id, won, len(s.moves), s.elapsed, self.today(), s.daily,
               id=s.id or self._new_id(), t=self.now(),
               replay=encode_replay(s.game, s.deal, s.moves, s.daily))
        s.recorded = True
        self.pending = True
        self.locked(self._flush, ans)

    def locked(self, write, ans):
        """Run ``write(answer)``, a read-merge-write of the statistics, so that no other
        tab's runs at the same time: here at once, into ``ans``. The page replaces this
        with a Web Lock (``navigator.locks``, one lock for every tab) when the browser has
        them: ``write`` then runs inside the lock, a moment later, and the page applies
        the answer it fills (web/app.py)."""
        write(ans)

    def _retry(self, ans, say_pending=False):
        """Write a pending result again (``_flush``), if there is one."""
        if self.pending:
            self.pending_ticks = 0
            self.locked(lambda a: self._flush(a, say_pending), ans)

    def _flush(self, ans, say_pending=False):
        """Write statistics this tab holds and the store does not (a finished game's
        result, kept as a pending write until it is stored): re-read the stored copy,
        merge, write; then the game in progress, which says it is counted only once they
        are stored. Say that the result is pending the first time (and, ``say_pending``,
        at each action while it is), and that it is saved once it is."""
        if not self.pending:
            return
        told = self.pending_said
        if self._write_stats(ans, failed=None if told and not say_pending else "result_pending"):
            if told:
                ans.status = [m for m in ans.status or [] if m.key != "result_pending"]
                ans.say("result_saved")
            self._save(ans)

    def _write_stats(self, ans, replace=False, failed="write_failed_stats"):
        """Sync with the stored statistics and write them (``replace``: an import that
        replaces them, written as it is). A write the store refuses is pending (retried:
        ``_retry``), said with ``failed`` (None: nothing). True when stored."""
        if S.STATS_KEY in self.held and self.store.get(S.STATS_KEY) is None:
            self.held.discard(S.STATS_KEY)  # the player removed it (or another tab moved it)
        if not replace:
            fresh, problem = S.read_stats(self.store, self.now())
            self._problem(ans, problem)
            self.stats = sync(self.stats, fresh)
        self._fit_stats(ans)
        if S.STATS_KEY in self.held:  # never over statistics that could not be read
            if replace:
                ans.say("stats_held_tab", key=S.STATS_KEY)
            return False
        try:
            self.store.set(S.STATS_KEY, S.stats_text(self.stats))
        except S.StoreError:
            self.pending = True
            if failed == "result_pending":
                self.pending_said = True
            if failed and failed not in [m.key for m in ans.status or []]:
                ans.say(failed, why=Message("write_failed"))
            return False
        except SolitaireError as e:   # the reader would refuse it: never stored
            ans.say("write_failed_stats", why=reason(e))
            return False
        self.pending = self.pending_said = False
        ans.saved.append(S.STATS_KEY)
        ans.stats = True
        return True

    def _fit_stats(self, ans, stats=None):
        """Trim the statistics to what their reader takes (a record counts at most
        ``stats.MAX_GAMES`` games), leaving out games this page does not play first,
        and say what was left out."""
        out = fit(self.stats if stats is None else stats, keep=tuple(GAMES))
        if out["games"]:
            ans.say("stats_games_dropped", games=", ".join(out["games"]), most=MAX_GAMES)
        if out["recent"]:
            ans.say("stats_replays_dropped", games=", ".join(out["recent"]), most=MAX_GAMES)

    def leave_page(self) -> Answer:
        """The page is hidden or closed: save (a pending result first)."""
        ans = Answer()
        self._retry(ans)
        self._save(ans)
        return ans

    # -- the address and sharing -----------------------------------------------------------

    def link(self) -> str:
        """The query of this board: the date for a daily, else the deal number."""
        s = self.session
        board = f"daily={s.daily}" if s.daily else f"deal={s.deal}"
        return f"?{board}&game={self.game.id}"

    def share_text(self) -> Message:
        s = self.session
        common = {"game": self.game.name, "moves": len(s.moves), "time": clock_text(s.elapsed)}
        if s.daily:
            return Message("share_daily", day=s.daily, **common)
        return Message("share_deal", number=s.deal, **common)

    def replay_link(self) -> str | None:
        """The ``#replay=`` fragment of the replay shown, else of the game in progress
        (None when it has none: see :func:`solitaire.records.replay.encode`)."""
        return R.share_link(self)

    def share_replay_text(self) -> Message:
        s = self.session
        if s.daily:
            return Message("share_replay_daily", game=self.game.name, day=s.daily, moves=len(s.moves))
        return Message("share_replay_deal", game=self.game.name, number=s.deal, moves=len(s.moves))

    # -- replays (the viewer's API: solitaire.play.replay) ------------------------------

    def show_replay(self, replay: "R.Replay") -> Answer:
        """Show a line of moves on the table (see :mod:`solitaire.play.replay`)."""
        return R.show(self, replay)

    def replay_game(self) -> Answer:
        """The game on the table, from its deal, as a replay (the win panel's Replay)."""
        return R.of_game(self)

    def open_replay(self, text: str) -> Answer:
        """A replay text (a link's, or a recent game's) shown, or a message saying why not."""
        return R.open_text(self, text)

    def open_fragment(self, fragment: str) -> Answer:
        """The address's fragment changed: ``#replay=`` shows that replay."""
        return R.open_fragment(self, fragment)

    def replay_recent(self, game_id: str, result_id: str) -> Answer:
        """A recent game of the statistics, as a replay."""
        return R.recent(self, game_id, result_id)

    def replay_action(self, action: str, value=None) -> Answer:
        """The viewer's controls: play, pause, step, seek, speed, play from here, close."""
        return R.action(self, action, value)

    # -- dailies -----------------------------------------------------------------------------

    def daily(self, day: str | None = None, game_id: str | None = None) -> Answer:
        """The daily deal of ``day`` (today by default) for the game: from the cache
        (keyed by game and date), else a search (see :mod:`solitaire.play.tasks`)."""
        if self.replay is not None:
            return R.close(self).merge(T.daily(self, day, game_id))
        return T.daily(self, day, game_id)

    # -- searches ----------------------------------------------------------------------------

    def _run(self, kind, progress, finish, failed=None, ans=None, job=None) -> Answer:
        """Start a search (see :func:`solitaire.play.tasks.run`)."""
        return T.run(self, kind, progress, finish, failed, ans, job)

    def job(self) -> dict | None:
        """The running search as a job for the page's worker (None: none, or one only
        this thread runs; see :mod:`solitaire.play.jobs`)."""
        return None if self.task is None else self.task[5]

    def hand_over(self) -> Answer:
        """The worker is up: a search running here in slices becomes its job."""
        return J.hand_over(self)

    def local(self) -> None:
        """The worker is gone: the running search continues here, in slices."""
        J.local(self)

    def remote(self, job_id: int, items: list, done: bool = False, value=None,
               error: str | None = None) -> Answer:
        """What the worker reports of job ``job_id`` (see :func:`solitaire.play.jobs.remote`)."""
        return J.remote(self, job_id, items, done, value, error)

    def _end(self, value, failed, finish) -> Answer:
        return T.end(self, value, failed, finish)

    def step(self, positions: int | None = None) -> Answer:
        """Run the current search one slice further (0: just report where it is)."""
        return T.step(self, positions)

    def cancel(self) -> Answer:
        """Cancel the running search (after a Hint cancelled, none is searched ahead in
        this game until the player asks for the next)."""
        if self.task is not None and self.task[0] == "hint":
            self.ahead_for, self.ahead_off = None, self.session
        return T.cancel(self)

    def new_deal(self) -> Answer:
        """A new deal: with Winnable on, the first random deal the solver proves winnable;
        with a difficulty chosen, the first rated so (and proved, with Winnable on)."""
        if self.replay is not None:
            return R.close(self).merge(self.new_deal())
        wanted = self.prefs.get("difficulty")
        if self.prefs["winnable"]:
            number = TB.pick(self, wanted)
            if number is not None:  # proved (and rated) before: no search
                ans = self._start(self.game, number)
                ans.say(f"deal_{wanted}_proved" if wanted else "deal_proved", number=number)
                return ans
        if wanted:
            return Q.rated_deal(self, wanted)
        if not self.prefs["winnable"]:
            return self._start(self.game, self._random_deal())
        return T.winnable_deal(self)

    def load_table(self, kind: str, text) -> Answer:
        """A table of the site the page fetched (see :mod:`solitaire.play.tables`)."""
        return TB.load(self, kind, text)

    def winnable_left(self) -> int:
        """Deals of the game New deal with Winnable can take without a search."""
        return TB.left(self)

    def proving_wanted(self) -> bool:
        return TB.proving_wanted(self)

    def ahead_job(self) -> dict | None:
        """Idle time's search ahead, as a job for the page's solver worker: the next Hint
        (for a player who asks for Hints), or in Spider Show me a win's while its offer
        is read (see questions.py)."""
        return Q.ahead_job(self)

    def ahead_answer(self, show: bool = False):
        """Hint's answer for the position on the table, if searched ahead (else None;
        ``show``: Show me a win's, searched while its offer was read)."""
        return Q.ahead_answer(self, show)

    def ahead_wanted(self, job: dict | None = None) -> bool:
        """A search ahead is wanted (``job``: that job is that search)."""
        return Q.ahead_wanted(self, job)

    def proving_job(self) -> dict | None:
        """Idle time's next proof of a fresh deal, as a job for the page's solver worker."""
        return TB.proving_job(self)

    def winnable_budget(self) -> int:
        """Positions Winnable gives each candidate deal: the game's (four-suit Spider's
        are fewer), unless set here."""
        return self.WINNABLE_BUDGET or self.game.winnable_budget

    def _random_deal(self) -> int:
        return (self.random() % 0xFFFFFFFF) + 1

    def hint(self) -> Answer:
        """Ask the solver for a winning line from here; with none, look back for the
        last position a win was still possible from and offer to undo to it."""
        if self.replay is not None:
            return R.busy(self)
        if self.session.won:
            return Answer(handled=False)
        s = self.session
        self.ahead_for = s
        learnt = Answer()
        if not self.prefs["hint_used"]:   # from now on, each game's next Hint is searched ahead
            learnt = self.set_pref("hint_used", True)
            learnt.status = None   # a setting the player did not choose: a failed write goes unsaid
        done = Q.fair_hint_done if self.game.has_hidden else M.hint_done
        known = Q.ahead_answer(self)
        if known is not None:   # searched ahead, while the player thought
            return learnt.merge(done(self, s, known))

        def finish(value):
            Q.ahead_keep(self, value)   # asked again here: answered at once
            return done(self, s, value)
        job = J.hint_job(self, s, self.tasks + 1)   # its look-back's bound, the slices' too
        steps = Q.fair_hint_steps(self, s) if self.game.has_hidden else M.hint_steps(self, s, job["won"])
        return learnt.merge(self._run("hint", steps, finish, job=job))

    def still_winnable(self) -> Answer:
        """"Is this deal still winnable?", asked with full knowledge (see questions.py)."""
        if self.replay is not None:
            return R.busy(self)
        return Q.still_winnable(self)

    def show_win(self, told: bool = False) -> Answer:
        """*Show me a win*: the solver's line from here, played as a replay (in Spider,
        after the player agrees to see the face-down cards, ``told``; see questions.py)."""
        if self.replay is not None:
            return R.busy(self)
        return Q.show_win(self, told)

    def show_line(self, line: list) -> Answer:
        """Show ``line``, a winning line from the position in play, as a replay that
        starts playing at once and whose "play from here" goes on with the game in
        progress."""
        replay = R.Replay.from_session(self.session, line, resume_id=self.session.id)
        replay.playing = True
        return self.show_replay(replay)

    # -- difficulty ratings, a slice at a time while the page is idle (see questions.py) --

    def rating(self) -> str | None:
        return Q.board_rating(self)

    def rating_wanted(self) -> bool:
        return Q.rating_wanted(self)

    def rate_step(self) -> Answer:
        return Q.rate_step(self)

    def rating_job(self) -> dict | None:
        """The next rating as a job for the page's solver worker (see :mod:`solitaire.play.jobs`)."""
        return Q.rating_job(self)

    def rated(self, job: dict, value) -> Answer:
        """The worker's answer to ``rating_job``'s (or ``proving_job``'s, or ``ahead_job``'s) job."""
        if job.get("kind") == "new_deal":
            return TB.proved(self, job, value)
        if job.get("kind") in J.AHEAD:
            return Q.ahead_done(self, job, value)
        return Q.rated(self, job, value)

    def daily_ratings(self, days: list) -> dict:
        known = S.read_daily_cache(self.store, self.now())
        for day in days:   # the daily table's dates are known too
            number = TB.daily(self, self.game.id, day)
            if number is not None:
                known.setdefault(f"{self.game.id}:{day}", number)
        return Q.daily_ratings(self, days, known)

    # -- the other intents, one line each (their bodies are in solitaire.play.moves) ------------

    def click(self, place: str, index: int) -> Answer:
        """A click (or tap) on card ``index`` of ``place`` (0 for an empty place)."""
        if self.replay is not None:
            return R.busy(self)
        return M.click(self, place, index)

    def drag_targets(self, place: str, index: int) -> tuple[int, list]:
        """A press on a card: how many cards it lifts and the places they may go."""
        if self.replay is not None:
            return 0, []
        return M.drag_targets(self, place, index)

    def drop(self, place: str, count: int, target: str | None) -> Answer:
        """A run of ``count`` cards from ``place`` dropped on ``target`` (None: nowhere)."""
        if self.replay is not None:
            return R.busy(self)
        return M.drop(self, place, count, target)

    def key(self, key: str, ctrl=False, alt=False, focused: str | None = None,
            index: int | None = None) -> Answer:
        """A key press (``focused``: the place that has focus, ``index`` the focused card
        of it, if a card has focus); ``handled`` says if used. While a replay shows, keys
        are the viewer's (see :func:`solitaire.play.replay.key`)."""
        if self.replay is not None:
            return R.key(self, key)
        return M.key(self, key, ctrl, alt, focused, index)

    def choose(self, place: str, index: int) -> Answer:
        """Select-then-target: choose card ``index`` of ``place`` (with the cards above
        it), or, with a choice made, choose ``place`` as its target."""
        if self.replay is not None:
            return R.busy(self)
        return M.choose(self, place, index)

    def tap(self, place: str, index: int) -> Answer:
        """A click or tap: with a choice made, or with the setting "choose a card, then
        its place" on, select-then-target; else the game's own choice of move."""
        if self.replay is not None:
            return R.busy(self)
        if self.selected is not None or self.prefs.get("choose_first"):
            return M.choose(self, place, index)
        return M.click(self, place, index)

    def chosen(self) -> tuple | None:
        """The choice waiting for its target: ``(place, count)``, or None."""
        if self.selected is None:
            return None
        return self.selected, self.count

    def deal(self) -> Answer:
        if self.replay is not None:
            return R.busy(self)
        return M.click(self, "stock", 0)

    def play(self, move: Move) -> Answer:
        """Play a move (the page's test hooks); auto-moves follow."""
        if self.replay is not None:
            return R.busy(self)
        return M.play_move(self, move)

    def undo(self) -> Answer:
        if self.replay is not None:
            return R.busy(self)
        return M.undo(self)

    def redo(self) -> Answer:
        if self.replay is not None:
            return R.busy(self)
        return M.redo(self)

    def restart(self) -> Answer:
        if self.replay is not None:
            return R.busy(self)
        return M.restart(self)

    def answer_offer(self, action: str) -> Answer:
        return M.answer_offer(self, action)

    def deal_box(self, text: str) -> Answer:
        if self.replay is not None:
            return R.close(self).merge(M.deal_box(self, text))
        return M.deal_box(self, text)

    def game_text(self) -> str:
        """The game in play as text: the command line's ``play`` command that replays it
        (see :mod:`solitaire.records.playtext`)."""
        return X.game_text(self)

    def open_text(self, text: str) -> Answer:
        """Open the game ``text`` gives (the notation :meth:`game_text` writes); bad text
        is refused with a reason and the game in play stays (a replay showing closes
        once the text is good)."""
        return X.open_text(self, text)

    def start_deal(self, number: int, game_id: str | None = None) -> Answer:
        """Start deal ``number`` (the page's test hook)."""
        return self._start(get_game(game_id) if game_id else self.game, number)

    def choose_game(self, game_id: str) -> Answer:
        if self.replay is not None:
            return R.close(self).merge(M.choose_game(self, game_id))
        return M.choose_game(self, game_id)

    def set_pref(self, name: str, value) -> Answer:
        return M.set_pref(self, name, value)

    RETRY_SECONDS = 5   # a pending result is retried this often (and at every action)

    def tick(self, seconds: float = 1, visible: bool = True) -> Answer:
        retried = Answer()
        if self.pending:
            self.pending_ticks += seconds
            if self.pending_ticks >= self.RETRY_SECONDS:
                self._retry(retried)
        if self.replay is not None:  # the game in progress waits: its clock too
            ans = Answer(handled=False)
        else:
            ans = M.tick(self, seconds, visible)
        if retried.status:
            ans = retried.merge(ans)
            ans.handled = True
        return ans

    def import_stats(self, text: str) -> Answer:
        return M.import_stats(self, text)

    def export_stats(self) -> Answer:
        return M.export_stats(self)


_DROPPED = {"new_deal": "new_deal_dropped", "daily": "new_deal_dropped", "check": "check_dropped",
            "show": "show_dropped"}


def _snapshot(session) -> str:
    """A game as saved, without its clock (which runs on by itself)."""
    data = session.to_dict()
    data.pop("elapsed")
    return json.dumps(data, sort_keys=True)
