"""The page: one game in progress, its controls, and the solver in slices.

No rules live here. Data flows one way: event -> Move -> engine -> Position -> render.
The engine says which moves are legal (for drop highlights) and which move a click
makes; the solver runs in slices that yield to the browser, with progress and cancel.
The view is :mod:`table`, input is :mod:`inputs`, dailies and statistics :mod:`social`.
"""

from pyscript import window

window.performance.mark("app-start")

import asyncio  # noqa: E402
import json  # noqa: E402

from pyodide.ffi import create_proxy  # noqa: E402

from dom import Storage, document, el, keep, nullish, on, place_label, today  # noqa: E402
from inputs import Input  # noqa: E402
from social import STATS_KEY, DailyAndStats  # noqa: E402
from solitaire import DEAL, GAMES, Move, SolitaireError, get_game  # noqa: E402
from solitaire.daily import daily_deal, parse_date  # noqa: E402
from solitaire.position import parse_line  # noqa: E402
from solitaire.session import Session  # noqa: E402
from solitaire.solver import WON, Search  # noqa: E402
from solitaire.stats import record  # noqa: E402
from table import Table  # noqa: E402

SAVE_KEY = "tabbycat.game.v1"
PREFS_KEY = "tabbycat.prefs.v1"
WINNABLE_BUDGET = 100_000   # positions per candidate deal
HINT_BUDGET = 300_000
BACKTRACK_BUDGET = 60_000
SLICE = 2_500               # positions between two yields to the browser


class App(Input, DailyAndStats):
    def __init__(self):
        menu = el("game-select")
        menu.innerHTML = ""
        for game in GAMES.values():  # every registered game, in registration order
            option = document.createElement("option")
            option.value, option.textContent = game.id, game.name
            menu.appendChild(option)
        self.game = get_game("tabbycat")
        self.table = Table(el("table"), self.game)
        self.session: Session | None = None
        self.prefs = self.load_prefs()
        self.press = None
        self.selected = None
        self.hint = None
        self.busy = None        # the running solver task's cancel flag
        self.offer_to = None
        self.started = False
        self.stats = self.load_stats()
        self.month = None
        self.bind()

    # -- preferences and saving -------------------------------------------------------

    def load_prefs(self):
        prefs = {"winnable": True, "theme": None, "autoplay": True, "four_colour": False}
        raw = Storage.get(PREFS_KEY)
        try:
            stored = json.loads(raw) if raw else {}
            if isinstance(stored, dict):
                if isinstance(stored.get("winnable"), bool):
                    prefs["winnable"] = stored["winnable"]
                if stored.get("theme") in ("light", "dark"):
                    prefs["theme"] = stored["theme"]
                for key in ("autoplay", "four_colour"):
                    if isinstance(stored.get(key), bool):
                        prefs[key] = stored[key]
        except ValueError:
            pass
        el("winnable").checked = prefs["winnable"]
        el("autoplay").checked = prefs["autoplay"]
        el("four-colour").checked = prefs["four_colour"]
        document.body.classList.toggle("four-colour", prefs["four_colour"])
        return prefs

    def save_prefs(self):
        Storage.set(PREFS_KEY, json.dumps(self.prefs))

    def save(self):
        if self.session is not None:
            Storage.set(SAVE_KEY, json.dumps(self.session.to_dict()))
            window.tabbySaveBoard()  # web/board.js: the table as data, for the next visit's first frame

    def restore(self):
        """The saved game, or None; a bad record is set aside, never lost or fatal."""
        raw = Storage.get(SAVE_KEY)
        if not raw:
            return None
        try:
            return Session.from_dict(json.loads(raw))
        except (ValueError, SolitaireError) as e:
            aside = f"{SAVE_KEY}.corrupt.{int(window.Date.now())}"
            Storage.set(aside, raw)
            try:
                window.localStorage.removeItem(SAVE_KEY)
            except Exception:
                pass
            self.say(f"Your saved game could not be read ({e}). It was kept aside as "
                     f"'{aside}' and a new game was started.")
            return None

    # -- starting games ----------------------------------------------------------------

    def set_game(self, game_id: str):
        """Lay the table out for another game (its own places and cards)."""
        if game_id != self.game.id:
            self.table.destroy()
            self.game = get_game(game_id)
            self.table = Table(el("table"), self.game)
            self.selected = self.press = None
        el("game-select").value = self.game.id
        document.body.dataset.game = self.game.id
        el("autoplay-row").hidden = not self.game.has_auto_moves
        el("runs-info").hidden = not self.game.counts_runs
        off = self.game.winnable_off
        el("winnable").checked = self.prefs["winnable"] and not off
        el("winnable").setAttribute("aria-disabled", "true" if off else "false")
        el("winnable-row").classList.toggle("off", bool(off))
        el("winnable-row").title = off or "Only deals the solver has proved winnable"
        el("runs-total").textContent = str(self.game.foundations)

    def start(self, number: int, session: Session | None = None, daily: str | None = None,
              game: str | None = None):
        if session is None:
            self.leave()
        self.set_game(session.game.id if session else game or self.game.id)
        self.session = session or Session(self.game, number, daily)
        self.started = bool(self.session.moves) or self.session.elapsed > 0
        self.hint = None
        el("win").hidden = True
        el("offer").hidden = True
        document.body.classList.remove("celebrate")
        if self.session.daily:
            el("deal-label").innerHTML = 'Daily <b id="deal-number"></b>'
            el("deal-number").textContent = self.session.daily
        else:
            el("deal-label").innerHTML = 'Deal <b id="deal-number"></b>'
            el("deal-number").textContent = str(self.session.deal)
        window.history.replaceState(None, "", self.link())
        self.save()
        self.render()

    def random_deal(self) -> int:
        values = window.crypto.getRandomValues(window.Uint32Array.new(1))
        return int(values[0]) or 1

    async def new_deal(self):
        if not self.prefs["winnable"] or self.game.winnable_off:
            self.start(self.random_deal())
            if self.prefs["winnable"]:
                self.say("A random deal: Winnable is off for this game (see the toggle).")
            return
        number = await self.first_winnable(
            (self.random_deal() for _ in range(40)), WINNABLE_BUDGET,
            lambda n: f"Finding a winnable deal: checking deal {n}\u2026")
        if number is False:
            self.say("New deal cancelled.")
        elif number is None:
            self.say("No winnable deal found this time; try again.")
        else:
            self.start(number)
            self.say(f"Deal {number}: the solver proved it can be won.")

    async def first_winnable(self, numbers, budget, label):
        """The first deal of ``numbers`` the solver proves winnable within ``budget``;
        None when there is none, False when the player cancelled."""
        for number in numbers:
            result = await self.search(self.game.deal(number), budget, label(number))
            if result is None:
                return False
            if result.verdict == WON:
                return number
        return None

    # -- playing -------------------------------------------------------------------------

    def play(self, move: Move) -> bool:
        try:
            self.session.play(move)
        except SolitaireError as e:
            self.say(str(e))
            return False
        if self.prefs["autoplay"]:  # each auto move is a move of its own, undoable
            while (auto := self.game.auto_move(self.session.position)) is not None:
                self.session.play(auto)
        self.started = True
        self.after_action()
        return True

    def after_action(self):
        self.hint = None
        self.selected = None
        self.say("")  # a message is about the position it was given for
        el("offer").hidden = True
        self.save()
        self.render()
        if self.session.won:
            self.won()

    def click(self, place: str, index: int):
        if self.session.won:
            return
        move = self.game.click_move(self.session.position, place, index)
        if move is None:
            cards = self.game.get(self.session.position, place)
            self.table.shake([str(c) for c in cards[index:]] if place != "tail" else [str(c) for c in cards])
            if place == "stock":  # the engine says why: no deals left, an empty column...
                why = self.game.why_illegal(self.session.position, DEAL) or "no deals left"
                self.say(f"No deal: {why}.")
            else:
                self.say("That card cannot move.")
            return
        self.play(move)

    def undo(self):
        if self.session.undo():
            self.after_action()

    def redo(self):
        if self.session.redo():
            self.after_action()

    def restart(self):
        el("stats-panel").hidden = True
        self.leave()
        self.session.restart()
        self.started = False
        self.after_action()
        self.say("Back to the start of this deal.")

    def leave(self):
        """Count the game being left as lost, if it was played and not yet counted."""
        s = self.session
        if s is not None and s.moves and not s.won and not s.recorded:
            self.count(s, won=False)

    def count(self, s, won: bool):
        record(self.stats, s.game.id, won, len(s.moves), s.elapsed, today(), s.daily)
        s.recorded = True
        Storage.set(STATS_KEY, json.dumps(self.stats))
        self.save()

    def won(self):
        s = self.session
        if not s.recorded:
            self.count(s, won=True)
        board = f"The daily of {s.daily}" if s.daily else f"Deal {s.deal}"
        el("win-text").textContent = (f"{board} won in {len(s.moves)} moves and "
                                      f"{self.clock_text(s.elapsed)}.")
        el("win").hidden = False
        document.body.classList.add("celebrate")
        el("win-new").focus()

    # -- the solver, in slices -----------------------------------------------------------

    async def search(self, pos, budget, label):
        """Run the solver in slices that yield to the browser; None when cancelled."""
        if self.busy is not None:
            self.busy["cancel"] = True
        flag = {"cancel": False}
        self.busy = flag
        el("search").hidden = False
        el("search-label").textContent = label
        bar = el("search-bar")
        bar.value = 0
        search = Search(self.game, pos, budget)
        try:
            while search.result is None:
                search.run(SLICE)
                bar.value = min(1, search.examined / budget)
                await asyncio.sleep(0)
                if flag["cancel"]:
                    search.cancel()
                    return None
            return search.result
        finally:
            if self.busy is flag:
                self.busy = None
                el("search").hidden = True

    async def give_hint(self):
        if self.session.won:
            return
        pos = self.session.position
        result = await self.search(pos, HINT_BUDGET, "Looking for a winning line\u2026")
        if result is None or self.session.position != pos:
            return
        if result.verdict == WON and result.line:
            self.hint = result.line[0]
            self.render()
            what = "deal" if self.hint.is_deal else f"move {place_label(self.hint.src)} to {place_label(self.hint.dst)}"
            self.say(f"Hint: {what} ({len(result.line)} moves to a win).")
            return
        if result.verdict == "unwinnable":
            self.say("There is no winning line from here.")
        else:
            self.say(f"The solver found no winning line from here within {HINT_BUDGET:,} positions.")
        await self.find_last_winnable()

    async def find_last_winnable(self):
        s = self.session
        for count in range(len(s.moves) - 1, -1, -1):
            result = await self.search(s.positions[count], BACKTRACK_BUDGET,
                                       f"Looking back: position after move {count}\u2026")
            if result is None or self.session is not s:
                return
            if result.verdict == WON:
                back = len(s.moves) - count
                self.offer_to = count
                el("offer-text").textContent = (f"A win was still possible {back} move"
                                                f"{'s' if back > 1 else ''} ago. Undo back to there?")
                el("offer").hidden = False
                el("offer-yes").focus()
                return
        self.say("No earlier position of this game could be proved winnable.")

    def accept_offer(self):
        if self.offer_to is not None:
            self.session.undo_to(self.offer_to)
            self.offer_to = None
            self.after_action()
            self.say("Undone to a position that can still be won. Try Hint again.")

    # -- rendering and messages -------------------------------------------------------

    def render(self):
        s = self.session
        self.table.render(s.position, self.hint)
        el("move-count").textContent = str(len(s.moves))
        el("clock").textContent = self.clock_text(s.elapsed)
        if self.game.counts_runs:
            el("runs").textContent = str(sum(1 for f in s.position.foundations if f))
        el("undo").disabled = not s.moves
        el("redo").disabled = not s.undone
        if self.selected:
            self.table.slots[self.selected].classList.add("selected")

    @staticmethod
    def clock_text(seconds) -> str:
        seconds = int(seconds)
        return f"{seconds // 60}:{seconds % 60:02d}" if seconds < 3600 else \
            f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"

    def say(self, text):
        el("status").textContent = text
        el("menu-status").textContent = text

    def tick(self, *_):
        s = self.session
        if s and self.started and not s.won and document.visibilityState == "visible":
            s.elapsed += 1
            el("clock").textContent = self.clock_text(s.elapsed)
            if int(s.elapsed) % 5 == 0:
                self.save()

    # -- wiring ---------------------------------------------------------------------------

    def bind(self):
        root = self.table.root
        on(root, "pointerdown", self.pointer_down)
        on(root, "pointermove", self.pointer_move)
        on(root, "pointerup", self.pointer_up)
        on(root, "pointercancel", self.pointer_cancel)
        on(document, "keydown", self.key)
        on(el("undo"), "click", lambda e: self.undo())
        on(el("redo"), "click", lambda e: self.redo())
        on(el("restart"), "click", lambda e: self.restart())
        on(el("new-deal"), "click", lambda e: asyncio.ensure_future(self.new_deal()))
        on(el("win-new"), "click", lambda e: asyncio.ensure_future(self.new_deal()))
        on(el("hint"), "click", lambda e: asyncio.ensure_future(self.give_hint()))
        on(el("search-cancel"), "click", lambda e: self.cancel_search())
        on(el("offer-yes"), "click", lambda e: self.accept_offer())
        on(el("offer-no"), "click", lambda e: self.decline_offer())
        on(el("winnable"), "change", self.toggle_winnable)
        on(el("game-select"), "change", lambda e: asyncio.ensure_future(self.switch_game(el("game-select").value)))
        on(el("autoplay"), "change", lambda e: self.toggle_pref("autoplay", el("autoplay").checked))
        on(el("four-colour"), "change", lambda e: self.toggle_pref("four_colour", el("four-colour").checked))
        on(el("daily"), "click", lambda e: asyncio.ensure_future(self.play_daily(today())))
        on(el("share"), "click", lambda e: asyncio.ensure_future(self.share()))
        on(el("win-share"), "click", lambda e: asyncio.ensure_future(self.share(self.result_text())))
        on(el("stats"), "click", lambda e: self.show_stats())
        on(el("stats-close"), "click", lambda e: setattr(el("stats-panel"), "hidden", True))
        on(el("cal-prev"), "click", lambda e: self.shift_month(-1))
        on(el("cal-next"), "click", lambda e: self.shift_month(1))
        on(el("calendar"), "click", self.calendar_click)
        on(el("stats-export"), "click", self.export_stats)
        on(el("stats-import"), "change", lambda e: asyncio.ensure_future(self.import_stats(e)))
        on(el("theme"), "click", self.toggle_theme)
        on(el("deal-form"), "submit", self.deal_form)
        on(window, "resize", lambda e: self.session and self.render())
        on(window, "pagehide", lambda e: self.save())
        on(document, "visibilitychange", lambda e: self.save())
        window.setInterval(keep(create_proxy(self.tick)), 1000)

    def cancel_search(self):
        if self.busy is not None:
            self.busy["cancel"] = True

    def decline_offer(self):
        self.offer_to = None
        el("offer").hidden = True

    async def switch_game(self, game_id):
        """The game menu: a new deal of the chosen game (winnable when that is on)."""
        if game_id not in GAMES or game_id == self.game.id:
            return
        self.leave()
        self.set_game(game_id)
        self.session = Session(self.game, 1)
        self.render()
        await self.new_deal()

    def toggle_pref(self, key, value):
        self.prefs[key] = bool(value)
        self.save_prefs()
        document.body.classList.toggle("four-colour", self.prefs["four_colour"])

    def toggle_winnable(self, event):
        if self.game.winnable_off:  # the toggle says why instead of spinning
            el("winnable").checked = False
            self.say(self.game.winnable_off)
            return
        self.prefs["winnable"] = bool(el("winnable").checked)
        self.save_prefs()

    def toggle_theme(self, event):
        root = document.documentElement
        dark_now = root.dataset.theme == "dark" or (
            root.dataset.theme != "light" and window.matchMedia("(prefers-color-scheme: dark)").matches)
        root.dataset.theme = "light" if dark_now else "dark"
        self.prefs["theme"] = root.dataset.theme
        self.save_prefs()

    def deal_form(self, event):
        event.preventDefault()
        text = el("deal-input").value.strip()
        number = parse_deal(text)
        if number is None:
            self.say(f"'{text}' is not a deal number: use a whole number from 1 to 18446744073709551615.")
            return
        el("deal-input").value = ""
        el("stats-panel").hidden = True
        self.start(number)
        self.say(f"Deal {number}.")


def parse_deal(text):
    """A deal number from text, or None."""
    if text is None or not str(text).isdigit() or len(str(text)) > 20:
        return None
    number = int(text)
    return number if 1 <= number <= 2**64 - 1 else None


async def boot():
    app = App()
    params = window.URLSearchParams.new(window.location.search)
    asked = nullish(params.get("deal"))
    asked_daily = nullish(params.get("daily"))
    asked_game = nullish(params.get("game"))
    saved = app.restore()
    if asked_game is not None and asked_game not in GAMES:
        app.say(f"This site has no game called {str(asked_game)[:40]!r}; here is Tabby Cat.")
        asked = asked_daily = None
    elif asked_game is not None:
        app.set_game(asked_game)
    if asked_daily is not None:
        try:
            day = parse_date(str(asked_daily))
            if day.isoformat() > today():
                raise SolitaireError(f"the daily of {day} is not out yet")
            if saved is not None and saved.daily == day.isoformat() and saved.game is app.game:
                app.start(saved.deal, saved)
            else:
                await app.play_daily(day.isoformat())
        except SolitaireError as e:
            app.say(f"That daily link is not valid ({e}), so here is your game.")
        asked = None
    if asked is not None:
        number = parse_deal(asked)
        if number is None:
            app.say("The deal number in the address is not valid, so here is your game.")
        elif saved is None or saved.deal != number or saved.game is not app.game or saved.daily:
            saved = None
            app.start(number, game=app.game.id)
    if app.session is None:
        if saved is not None:
            app.start(saved.deal, saved)
        else:
            app.start(1, game=app.game.id)  # deal 1 is proved winnable in every game so far
    window.tabby_position = create_proxy(lambda: app.game.format(app.session.position))
    window.tabby_moves = create_proxy(lambda: " ".join(str(m) for m in app.session.moves))
    window.tabby_start = create_proxy(lambda n, game=None: app.start(int(n), game=nullish(game)))
    window.tabby_play = create_proxy(lambda text: all(app.play(m) for m in parse_line(text)))
    window.tabby_daily = create_proxy(lambda day, game=None: str(daily_deal(day, nullish(game) or app.game.id)))
    window.tabby_stats = create_proxy(lambda: json.dumps(app.stats))
    keep(window.tabby_daily)
    keep(window.tabby_stats)
    window.tabby_solve = create_proxy(lambda: " ".join(
        str(m) for m in Search(app.game, app.session.position, HINT_BUDGET).run(HINT_BUDGET).line))
    for hook in (window.tabby_position, window.tabby_moves, window.tabby_start,
                 window.tabby_play, window.tabby_solve):
        keep(hook)
    el("loading").hidden = True
    document.body.dataset.ready = "1"
    window.performance.mark("app-ready")


asyncio.ensure_future(boot())
