"""The page: DOM events -> intents -> the controller -> what changed -> render.

No game logic lives here: :class:`solitaire.play.controller.Controller` holds the game in progress,
the settings, the searches and the statistics; this layer turns events into intents,
applies each :class:`~solitaire.play.answer.Answer` to the DOM, and hands the controller's
searches to :mod:`runner` (the solver's worker, else slices between frames). The view is
:mod:`table`, input :mod:`inputs`, the panels (statistics, calendar, offers, sharing,
files) :mod:`panels`.
"""

from pyscript import window

window.performance.mark("app-start")

import asyncio  # noqa: E402
import json  # noqa: E402

from pyodide.ffi import create_once_callable, create_proxy  # noqa: E402

import inputs  # noqa: E402
import words  # noqa: E402
import modal  # noqa: E402
from dom import Storage, closest, document, el, keep, nullish, on, today  # noqa: E402
from gametext import TextPanel  # noqa: E402
from howto import Intro, RulesDialog  # noqa: E402
from panels import Files, OfferBar, StatsPanel  # noqa: E402
from runner import Runner  # noqa: E402
from solitaire import GAMES, get_game  # noqa: E402
from solitaire.play.answer import CLOSED, Answer  # noqa: E402
from solitaire.words.messages import Message  # noqa: E402
from solitaire.solver.daily import daily_deal  # noqa: E402
from solitaire.words.messages import clock_text  # noqa: E402
from solitaire.play.controller import Controller  # noqa: E402
from solitaire.records.tables import DAILY_PATH, WINNABLE_PATH  # noqa: E402
from solitaire.engine.position import parse_line  # noqa: E402
from solitaire.records.readers import read_query  # noqa: E402
from solitaire.solver.search import Search  # noqa: E402
from solitaire.records.stats import summary  # noqa: E402
from table import Table, finish_all, game_label, set_motion  # noqa: E402

window.performance.mark("app-imported")  # bench/startup.py: the game's imports are done


TABLES = {"winnable": "./" + WINNABLE_PATH, "daily": "./" + DAILY_PATH}
BURST_MS = 12   # rating slices run back to back this long on the page's thread, then a frame


def random32() -> int:
    return int(window.crypto.getRandomValues(window.Uint32Array.new(1))[0])


class Page:
    """The DOM around one controller."""

    def __init__(self):
        self.ctl = Controller(Storage, now=lambda: int(window.Date.now()), today=today,
                              random=random32)
        if getattr(window.navigator, "locks", None) is not None:   # else written at once
            self.ctl.locked = self.locked
        self.fill_games()
        self.table = None
        self.pointer = inputs.Pointer(self)
        self.stats = StatsPanel(self)
        self.offers = OfferBar(self)
        self.files = Files(self)
        self.text = TextPanel(self)
        self.rules = RulesDialog(self)
        self.intro = Intro(self)
        self.runner = Runner(self)   # searches: in the solver's worker, else in slices here
        self.rating = False     # the rating loop runs (see rate)
        self.replay_timer = None  # the next step of a replay playing
        self.replay_proxy = keep(create_proxy(lambda *_: self.replay_tick()))
        self.ready = None       # called once the board asked for at start is on the table
        self.bind()

    def fill_games(self):
        menu = el("game-select")
        chosen = menu.value
        menu.replaceChildren()
        for game in GAMES.values():  # every registered game, in registration order
            option = document.createElement("option")
            option.value, option.textContent = game.id, game_label(game.id)
            menu.appendChild(option)
        if chosen:
            menu.value = chosen

    # -- answers -----------------------------------------------------------------------

    STATS_LOCK = "tabbycat.stats"

    def locked(self, write, ans):
        """The statistics' read-merge-write under a Web Lock that every tab of the site
        asks for by one name, so that two tabs never read, merge and write at once (one
        write would replace the other): ``write`` runs inside the lock, then the answer it
        filled is applied. Before the first board it runs at once, into ``ans``."""
        if self.table is None:
            write(ans)
            return

        def run(_lock):
            later = Answer()
            write(later)
            if later.status is not None or later.stats or later.offer is not None:
                self.do(later)
        window.navigator.locks.request(self.STATS_LOCK, create_once_callable(run))

    def do(self, ans: Answer):
        """Apply what changed."""
        ctl = self.ctl
        if ans.relayout or self.table is None or self.table.game is not ctl.shown.game:
            self.layout()
        # A replay opening or closing is another scene, not a move: drawn at once
        scene = ans.replay is not None and (ans.replay == CLOSED) != el("replay").hidden
        if ans.replay is not None:
            self.show_replay(ans.replay)
        if ans.board or ans.relayout:
            self.render(() if ans.relayout else ans.frames, cheer=ans.won is not None, still=scene)
            if not ctl.session.won or ctl.replay is not None:
                modal.close_modal(el("win"), restore=modal.is_open(el("win")))
                document.body.classList.remove("celebrate")
        if ans.status is not None:
            self.say(" ".join(words.tr(m) for m in ans.status))
        if ans.announce:  # each change once, briefly, in the live region
            el("announce").textContent = " ".join(words.tr(m) for m in ans.announce)
        if ans.offer is not None:
            self.offers.show(ans.offer)
        if ans.search is not None:
            el("search").hidden = False
            el("search-label").textContent = words.tr(ans.search.label)
            el("search-bar").value = ans.search.fraction
        if ctl.task is None:
            el("search").hidden = True
        if ans.shake:
            self.shake(ans.shake, self.table.took if ans.board else 0)
        if ans.near is not None and ans.status:  # a refused move: said beside the card too
            self.table.toast(" ".join(words.tr(m) for m in ans.status), *ans.near)
        if ans.won is not None:
            el("win-text").textContent = words.tr(ans.won)
            lines = []
            for line in ans.summary:
                item = document.createElement("li")
                item.textContent = words.tr(line)
                lines.append(item)
            el("win-facts").replaceChildren(*lines)
            el("win-daily").hidden = not ans.daily_open
            document.body.classList.add("celebrate")
            Files.hide_shared("win")
            modal.open_modal(el("win"))
        self.win_note(ans)
        if ans.address is not None:  # a query, or a replay's fragment (on this page's path)
            address = ans.address
            if address.startswith("#"):
                address = str(window.location.pathname) + address
            window.history.replaceState(None, "", address)
        if ans.saved and ctl.replay is None:  # web/board.js keeps the table as data, for the next visit's first frame
            self.table.when_still(window.tabbySaveBoard)
        if ans.prefs:
            self.apply_prefs()
        if ans.stats and self.stats.open:
            self.stats.render()
        if ans.rated:
            self.show_rating()
            if self.stats.open:
                self.stats.mark_ratings()
        if ans.download is not None:
            self.files.download(*ans.download)
        if ans.focus is not None and ans.focus in self.table.slots:
            self.table.slots[ans.focus].focus()
        self.runner.ensure()
        if ctl.task is None and self.ready is not None:
            ready, self.ready = self.ready, None
            ready()
        if self.ready is None and ctl.rating_wanted():
            if self.runner.state == "ready":
                self.runner.rate()   # in the solver's worker
            elif not self.rating:
                asyncio.ensure_future(self.rate())
        elif self.ready is None and ctl.task is None and ctl.ahead_wanted():
            if self.runner.state == "off":   # a player who asks for Hints: the worker searches the next
                self.runner.start_worker()
            else:
                self.runner.rate()   # the next Hint, searched ahead in the worker (once it is up)
        elif self.ready is None and ctl.task is None and ctl.proving_wanted():
            if self.runner.state == "off":   # few proved deals left: the worker proves more
                self.runner.start_worker()
            elif self.runner.state == "ready":
                self.runner.rate()
        return ans

    async def load_tables(self, kinds=TABLES):
        """Fetch the site's tables (New deal with Winnable's deals, the dailies) and give
        each to the controller, which reads it with its reader; a table that cannot be
        fetched or read is left out, and the searches answer as before."""
        for kind in kinds:
            if kind in self.ctl.tables:
                continue
            try:
                response = await window.fetch(TABLES[kind])
                text = str(await response.text()) if response.ok else None
            except Exception as e:  # offline and not kept, or refused (another release)
                text = None
                window.console.warn(f"table {kind}: {str(e)[:120]}")
            if kind in self.ctl.tables:
                continue
            if text is None:
                self.ctl.tables[kind] = {}
                self.do(Answer())
                continue
            self.do(self.ctl.load_table(kind, text))
            problem = self.ctl.table_problems.get(kind)
            if problem is not None:
                window.console.warn(f"table {kind}: {str(problem)}")

    async def rate(self):
        """Rate deals a slice at a time on this thread (the board's, then the calendar's
        dailies) while no search runs and the solver's worker is not up (once it is, it
        rates them: ``Runner.rate``); each slice is a bounded number of greedy moves."""
        self.rating = True
        try:
            await asyncio.sleep(0.3)  # after the board is drawn and the page settles
            burst = window.performance.now()
            while self.ctl.rating_wanted() and self.runner.state != "ready":
                if self.ctl.task is not None:  # a search the player asked for goes first
                    await asyncio.sleep(0.1)
                    continue
                ans = self.ctl.rate_step()
                if ans.rated:
                    self.do(ans)
                if window.performance.now() - burst > BURST_MS:  # a painted frame: input goes first
                    await window.tabbyBreathe()
                    burst = window.performance.now()
                else:
                    await asyncio.sleep(0)
        finally:
            self.rating = False

    # -- the view ------------------------------------------------------------------------

    def layout(self):
        """Build the table of the game shown (its own places and cards)."""
        game = self.ctl.shown.game
        if self.table is not None:
            if self.table.game is game:
                return
            self.table.destroy()
        self.table = Table(el("table"), game)
        self.pointer.press = None
        el("game-select").value = game.id
        document.body.dataset.game = game.id
        el("autoplay-row").hidden = not game.has_auto_moves
        el("runs-info").hidden = not game.counts_runs
        el("runs-total").textContent = str(game.foundations)
        self.apply_prefs()
        self.intro.follow()  # the first-time note speaks of the game on the table

    def apply_prefs(self):
        prefs, game = self.ctl.prefs, self.ctl.game
        el("winnable").checked = prefs["winnable"]
        el("autoplay").checked = prefs["autoplay"]
        el("four-colour").checked = prefs["four_colour"]
        el("shortcuts").checked = prefs.get("shortcuts", True)
        el("choose-first").checked = prefs.get("choose_first", False)
        el("hint-ahead").checked = prefs.get("hint_ahead", True)
        el("game-select").value = game.id
        el("difficulty-select").value = prefs.get("difficulty") or ""
        el("motion-select").value = prefs.get("motion") or ""
        set_motion(prefs.get("motion"))
        self.show_motion()
        document.body.classList.toggle("no-shortcuts", not prefs.get("shortcuts", True))
        document.body.classList.toggle("four-colour", prefs["four_colour"])
        if prefs["theme"] in ("light", "dark"):
            document.documentElement.dataset.theme = prefs["theme"]
        self.show_theme()
        el("lang-select").value = prefs.get("lang") or ""
        if words.pick(prefs.get("lang")) != words.lang():
            self.set_lang(words.pick(prefs.get("lang")))

    @staticmethod
    def dark_now() -> bool:
        """The page is dark: the player chose it, or the system's setting gives it. (The
        attribute is read, not ``dataset.theme``: a missing key of a dataset is an
        AttributeError in Python, and the system's theme is the default.)"""
        theme = nullish(document.documentElement.getAttribute("data-theme"))
        return theme == "dark" or (
            theme != "light" and bool(window.matchMedia("(prefers-color-scheme: dark)").matches))

    def show_theme(self, *_):
        """The theme button is pressed while the page is dark, whether the player chose
        it or the system's setting gives it (followed as it changes)."""
        el("theme").setAttribute("aria-pressed", "true" if self.dark_now() else "false")

    def show_motion(self, *_):
        """*Card motion*'s first choice, the system's, says what the system gives now:
        normal, or off under reduced motion (followed as it changes)."""
        reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches
        option = el("motion-select").options[0]
        option.dataset.i18n = "ui_motion_system_off" if reduced else "ui_motion_system_on"
        option.textContent = words.t(option.dataset.i18n)

    def set_lang(self, code):
        """Show the page in another language: its labels, the table, the open panels."""
        words.apply(code)
        self.fill_games()
        if self.table is not None and self.ctl.session is not None:
            self.render()   # the places' labels too
        if self.stats.open:
            self.stats.render()
        if self.rules.open:
            asyncio.ensure_future(self.rules.show())
        if not el("intro").hidden:
            self.intro.show_if_new()

    def render(self, frames=(), cheer=False, still=False):
        """Draw the board shown; ``cheer``: it is a win just made (the cards cascade);
        ``still``: with no motion."""
        ctl = self.ctl
        s = ctl.shown   # the game in progress, or the replay on the table
        picked = ctl.selected if ctl.selected and ctl.count is None else None  # by its key
        label = el("deal-label").firstElementChild
        label.dataset.i18n = "daily_label" if s.daily else "deal_label"
        label.textContent = words.t(label.dataset.i18n)
        el("deal-number").textContent = s.daily or str(s.deal)
        el("move-count").textContent = str(len(s.moves))
        self.show_rating()
        el("clock").textContent = clock_text(s.elapsed)
        if s.game.counts_runs:
            el("runs").textContent = str(sum(1 for f in s.position.foundations if f))
        # the header first: the table's room starts under the line it fills (web/table.py)
        self.table.render(s.position, ctl.hint_move, ctl.chosen(), frames, picked, cheer, still)
        el("undo").disabled = ctl.replay is not None or (not s.moves and s.before_restart is None)
        el("redo").disabled = ctl.replay is not None or not s.undone

    # -- a replay on the table (the controller's solitaire.play.replay) ---------------------

    def show_replay(self, view):
        """Draw the replay bar (or hide it), and time the next step while it plays."""
        if self.replay_timer is not None:
            window.clearTimeout(self.replay_timer)
            self.replay_timer = None
        box = el("replay")
        if view == CLOSED:
            box.hidden = True
            document.body.removeAttribute("data-replay")
            return
        opening = box.hidden
        box.hidden = False
        document.body.dataset.replay = "playing" if view.playing else "paused"
        el("replay-title").textContent = words.tr(view.title)
        slider = el("replay-slider")
        slider.max = str(view.total)
        slider.value = str(view.at)
        slider.setAttribute("aria-valuetext", words.tr(Message("replay_at", at=view.at, total=view.total)))
        el("replay-at").textContent = f"{view.at}/{view.total}"
        play = el("replay-play")
        play.setAttribute("aria-pressed", "true" if view.playing else "false")
        play.textContent = "\u275A\u275A" if view.playing else "\u25B6"
        el("replay-speed").value = str(view.speed)
        el("replay-from-here").disabled = not view.can_resume
        el("replay").dataset.at = str(view.at)
        if view.playing:
            self.replay_timer = window.setTimeout(self.replay_proxy, view.delay)
        if opening:
            modal.close_modal(el("win"), restore=False)
            document.body.classList.remove("celebrate")
            self.stats.close(restore=False)
            play.focus()

    def replay_tick(self):
        self.replay_timer = None
        if self.ctl.replay is not None:
            self.do(self.ctl.replay_action("tick"))

    def replay_click(self, event):
        button = closest(event.target, "button[data-replay]")
        if button is not None and not button.disabled:
            self.do(self.ctl.replay_action(str(button.dataset.replay)))

    def show_rating(self):
        """The board's difficulty beside its number, once rated."""
        rating = self.ctl.rating() if self.ctl.replay is None else None
        box = el("deal-rating")
        box.hidden = rating is None
        box.dataset.rating = rating or ""
        box.textContent = words.t(f"rating_{rating}") if rating else ""

    def shake(self, spots, after=0):
        pos = self.ctl.session.position
        keys = []
        for place, index in spots:
            cards = self.ctl.game.get(pos, place)
            if place == "tail":
                index = 0
            keys += [str(c) for i, c in enumerate(cards[index:], index)
                     if i >= self.ctl.game.face_down(pos, place)]
        self.table.shake(keys, after)

    def win_note(self, ans):
        """The win panel, while it shows, says whether the result is stored yet (a
        pending write, said in the status line under the panel too)."""
        said = [m for m in ans.status or [] if m.key in ("result_pending", "result_saved")]
        if not said or el("win").hidden:
            return
        note = nullish(document.querySelector("#win-facts .win-pending"))
        if note is None:
            note = document.createElement("li")
            note.className = "win-pending"
            el("win-facts").appendChild(note)
        note.textContent = words.tr(said[-1])

    def say(self, message):
        el("status").textContent = message
        el("menu-status").textContent = message

    def tick(self, *_):
        ans = self.ctl.tick(1, document.visibilityState == "visible")
        if ans.handled:
            el("clock").textContent = clock_text(self.ctl.session.elapsed)
            if ans.status is not None:
                self.do(ans)

    # -- wiring ---------------------------------------------------------------------------

    def bind(self):
        ctl, root = self.ctl, el("table")
        on(root, "pointerdown", self.pointer.down)
        on(root, "pointermove", self.pointer.move)
        on(root, "pointerup", self.pointer.up)
        on(root, "pointercancel", self.pointer.cancel)
        on(document, "keydown", self.keydown)
        clicks = {"undo": ctl.undo, "redo": ctl.redo, "new-deal": ctl.new_deal,
                  "win-new": ctl.new_deal, "hint": ctl.hint, "search-cancel": ctl.cancel,
                  "daily": lambda: ctl.daily(), "win-daily": lambda: ctl.daily(),
                  "stats-export": ctl.export_stats}
        for id_, intent in clicks.items():
            on(el(id_), "click", lambda e, f=intent: self.do(f()))
        on(el("restart"), "click", lambda e: self.stats.close() or self.do(ctl.restart()))
        on(el("still-winnable"), "click", lambda e: self.stats.close() or self.do(ctl.still_winnable()))
        on(el("show-win"), "click", lambda e: self.stats.close() or self.do(ctl.show_win()))
        on(el("difficulty-select"), "change",
           lambda e: self.do(ctl.set_pref("difficulty", str(el("difficulty-select").value) or None)))
        on(el("motion-select"), "change",
           lambda e: self.do(ctl.set_pref("motion", str(el("motion-select").value) or None)))
        on(window.matchMedia("(prefers-reduced-motion: reduce)"), "change", self.show_motion)
        on(el("winnable"), "change", lambda e: self.do(ctl.set_pref("winnable", el("winnable").checked)))
        on(el("autoplay"), "change", lambda e: self.do(ctl.set_pref("autoplay", el("autoplay").checked)))
        on(el("four-colour"), "change", lambda e: self.do(ctl.set_pref("four_colour", el("four-colour").checked)))
        on(el("shortcuts"), "change", lambda e: self.do(ctl.set_pref("shortcuts", el("shortcuts").checked)))
        on(el("choose-first"), "change", lambda e: self.do(ctl.set_pref("choose_first", el("choose-first").checked)))
        on(el("hint-ahead"), "change", lambda e: self.do(ctl.set_pref("hint_ahead", el("hint-ahead").checked)))
        picker = self.picker = inputs.GamePicker(self, el("game-select"))
        for kind in ("keydown", "keyup", "change"):
            on(el("game-select"), kind, getattr(picker, kind))
        on(el("game-select"), "blur", picker.put_back)
        on(el("share"), "click", lambda e: asyncio.ensure_future(self.files.share()))
        on(el("win-share"), "click", lambda e: asyncio.ensure_future(self.files.share(ctl.share_text(), where="win")))
        on(el("win-share-replay"), "click", lambda e: asyncio.ensure_future(self.files.share_replay()))
        on(el("win-replay"), "click", lambda e: self.do(ctl.replay_game()))
        on(el("replay"), "click", self.replay_click)
        on(el("replay-slider"), "input",
           lambda e: self.do(ctl.replay_action("seek", int(el("replay-slider").value))))
        on(el("replay-speed"), "change",
           lambda e: self.do(ctl.replay_action("speed", str(el("replay-speed").value))))
        on(window, "hashchange", lambda e: self.do(ctl.open_fragment(str(window.location.hash))))
        on(el("stats"), "click", lambda e: self.stats.show())
        on(el("stats-import"), "change", lambda e: asyncio.ensure_future(self.files.import_file(e)))
        on(el("theme"), "click", self.toggle_theme)
        on(window.matchMedia("(prefers-color-scheme: dark)"), "change", self.show_theme)
        on(el("how-to-play"), "click", lambda e: asyncio.ensure_future(self.rules.show()))
        on(el("lang-select"), "change", lambda e: self.do(ctl.set_pref("lang", str(el("lang-select").value) or None)))
        on(el("deal-form"), "submit", self.deal_form)
        on(window, "resize", lambda e: ctl.session and self.render())
        on(window, "tabby-header", lambda e: ctl.session and self.render())  # web/board.js
        on(window, "pagehide", lambda e: finish_all() or self.do(ctl.leave_page()))
        on(document, "visibilitychange", lambda e: finish_all() or self.do(ctl.leave_page()))
        on(window, "storage", lambda e: self.do(ctl.storage(nullish(e.key))))
        window.setInterval(keep(create_proxy(self.tick)), 1000)

    def keydown(self, event):
        if self.rules.open:
            return  # the dialog is modal: Esc closes it, the board keys wait
        k = str(event.key)
        if k in ("?", "F1") and event.target.tagName not in ("INPUT", "TEXTAREA", "SELECT"):
            event.preventDefault()
            asyncio.ensure_future(self.rules.show())
            return
        inputs.key(self, event)

    def toggle_theme(self, event):
        self.do(self.ctl.set_pref("theme", "light" if self.dark_now() else "dark"))

    def deal_form(self, event):
        event.preventDefault()
        ans = self.ctl.deal_box(str(el("deal-input").value))
        if ans.board:
            el("deal-input").value = ""
            self.stats.close()
        self.do(ans)


def hooks(page):
    """Test hooks: read the game, start a deal, play moves, the daily, statistics."""
    ctl = page.ctl
    found = {
        "tabby_position": lambda: ctl.game.format(ctl.session.position),
        "tabby_moves": lambda: " ".join(str(m) for m in ctl.session.moves),
        "tabby_shown": lambda: ctl.shown.game.format(ctl.shown.position),
        "tabby_replay_link": lambda: ctl.replay_link() or "",
        "tabby_start": lambda n, game=None: page.do(ctl.start_deal(int(n), nullish(game))) and None,
        "tabby_play": lambda line: all(page.do(ctl.play(m)).handled for m in parse_line(str(line))),
        "tabby_daily": lambda day, game=None: str(daily_deal(str(day), nullish(game) or ctl.game.id)),
        "tabby_daily_start": lambda day, game=None: page.do(ctl.daily(str(day), nullish(game))) and None,
        "tabby_deal": lambda: json.dumps({"game": ctl.session.game.id, "deal": ctl.session.deal,
                                          "daily": ctl.session.daily, "busy": ctl.task is not None}),
        "tabby_tables_off": lambda kinds: [ctl.tables.__setitem__(k, {}) for k in str(kinds).split(",")] and None,
        "tabby_tables": lambda: json.dumps({"loaded": {k: bool(v) for k, v in ctl.tables.items()},
                                            "left": ctl.winnable_left(), "fresh": ctl.fresh}),
        "tabby_stats": lambda: json.dumps(ctl.stats),
        "tabby_pending": lambda: ctl.pending,
        "tabby_summary": lambda game: json.dumps(summary(ctl.stats, get_game(str(game)).id, ctl.today())),
        "tabby_rating": lambda: ctl.rating() or "",
        "tabby_hint": lambda: "" if ctl.hint_move is None else str(ctl.hint_move),
        "tabby_rating_cost": lambda n, game: json.dumps(rating_cost(get_game(str(game)), int(n))),
        "tabby_shown_game": lambda: json.dumps(shown(ctl)),
        "tabby_solver": page.runner.facts,
        "tabby_start_worker": page.runner.start_worker,
        "tabby_solve": lambda: " ".join(str(m) for m in Search(
            ctl.game, ctl.session.position, ctl.HINT_BUDGET).run(ctl.HINT_BUDGET).line),
    }
    for name, fn in found.items():
        setattr(window, name, keep(create_proxy(fn)))


def shown(ctl):
    """The game the table shows (a replay's while one shows) and the replay's line."""
    s = ctl.shown
    return {"won": s.won, "moves": len(s.moves), "position": s.game.format(s.position),
            "line": " ".join(map(str, ctl.replay.moves())) if ctl.replay is not None else ""}


def rating_cost(game, deal):
    """A deal rated here, slice by slice as the page does (bench/rating.py reads it):
    the rating, milliseconds in all and in the longest slice, slices, greedy moves."""
    from solitaire.solver.hints import Rating
    from solitaire.play.questions import RATING_SLICE
    now = window.performance.now
    r, slices, longest, start = Rating(game, deal), 0, 0.0, now()
    while True:
        t = now()
        done = r.run(RATING_SLICE)
        longest, slices = max(longest, now() - t), slices + 1
        if done is not None:
            break
    return {"rating": r.result, "ms": now() - start, "slice_ms": longest, "slices": slices,
            "moves": r.played, "games": r.games}


def boot():
    page = Page()
    hooks(page)

    def ready():
        el("loading").hidden = True
        document.body.dataset.ready = "1"
        window.performance.mark("app-ready")
        asyncio.ensure_future(page.load_tables())   # after the game is playable
        # The solver's worker boots a second Python (some 150 MB of the page's memory) only
        # when a search is first asked for (Runner.ensure); until then the page rates deals
        # in slices.
    page.ready = ready
    search = str(window.location.search)
    ans = page.ctl.boot(search, str(window.location.hash))
    asked = read_query(search, GAMES).lang  # ?lang=es in a link: the choice, remembered
    if asked is not None and asked != page.ctl.prefs.get("lang"):
        ans.merge(page.ctl.set_pref("lang", asked))
    words.apply(words.pick(page.ctl.prefs.get("lang")))
    page.fill_games()
    page.intro.show_if_new()   # before the table reads its room, which ends above the note
    page.do(ans)
    if page.ctl.task is not None:  # the page opens on a search (a ?daily= link): the
        page.runner.start_worker()  # worker boots now and takes it over once up
        if page.ctl.task[0] == "daily":  # ... unless the daily table has the date
            asyncio.ensure_future(page.load_tables(("daily",)))


boot()
