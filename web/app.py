"""The page: renders positions to the DOM, turns clicks, drags and keys into moves.

No rules live here. Data flows one way: event -> Move -> engine -> Position -> render.
The engine says which moves are legal (for drop highlights) and which move a click
makes; the solver runs in slices that yield to the browser, with progress and cancel.
"""

import asyncio
import json

from pyodide.ffi import create_proxy
from pyscript import window as _window

_window.performance.mark("app-start")

try:  # Pyodide gives JS null as jsnull, not None
    from pyodide.ffi import jsnull
except ImportError:  # older Pyodide
    jsnull = None
from pyscript import document, window

from solitaire import DEAL, Move, SolitaireError, get_game
from solitaire.cards import SUITS, deck
from solitaire.position import parse_line
from solitaire.daily import DAILY_BUDGET, candidates, daily_deal, parse_date
from solitaire.session import Session
from solitaire.solver import WON, Search
from solitaire.stats import check as check_stats, new_stats, record, summary

GAME = get_game("tabbycat")
SAVE_KEY = "tabbycat.game.v1"
PREFS_KEY = "tabbycat.prefs.v1"
STATS_KEY = "tabbycat.stats.v1"
DAILY_KEY = "tabbycat.daily.v1"     # cache of computed dailies: {date: deal}
SUIT_SYMBOL = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
RANK_TEXT = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
WINNABLE_BUDGET = 100_000   # positions per candidate deal
HINT_BUDGET = 300_000
BACKTRACK_BUDGET = 60_000
SLICE = 2_500               # positions between two yields to the browser
DRAG_THRESHOLD = 6          # px before a press becomes a drag
MIN_STEP = 0.2              # the tightest fan, in card heights: a card's index stays readable

_proxies = []  # every proxy handed to JS, kept alive for the page's life


def on(target, event, handler):
    proxy = create_proxy(handler)
    target.addEventListener(event, proxy)
    _proxies.append(proxy)


def el(id_):
    return document.getElementById(id_)


def nullish(value):
    """JS null or undefined as Python None."""
    return None if value is None or value is jsnull else value


def closest(node, selector):
    """``node.closest(selector)``, or None (never JS null)."""
    if node is None or node is jsnull or not hasattr(node, "closest"):
        return None
    found = node.closest(selector)
    return None if found is None or found is jsnull else found


def place_label(name: str) -> str:
    return name.replace("-", " ")


class Storage:
    """localStorage with every failure turned into None (private mode, quota)."""

    @staticmethod
    def get(key):
        try:
            return nullish(window.localStorage.getItem(key))
        except Exception:
            return None

    @staticmethod
    def set(key, value):
        try:
            window.localStorage.setItem(key, value)
        except Exception:
            pass


class Table:
    """The view: one element per place and per card, moved (never rebuilt) on render."""

    def __init__(self, root, game):
        self.root = root
        self.game = game
        self.places = {p.name: p for p in game.layout()}
        self.slots = {}
        self.cards = {}
        self.base = {}          # card -> (x, y) of the last render
        self.where = {}         # card -> (place, index)
        self.geometry = {}      # place -> (x, y, w, h) hit box in px
        for place in game.layout():
            slot = document.createElement("div")
            slot.className = "slot" + (" stock" if place.kind == "stock" else "")
            slot.dataset.pile = place.name
            slot.tabIndex = 0
            slot.setAttribute("role", "button")
            if place.kind == "foundation":
                slot.textContent = "K"
                slot.tabIndex = -1
            elif place.name == "tail":
                slot.textContent = "tail"
            if place.kind == "stock":
                badge = document.createElement("span")
                badge.className = "badge"
                slot.appendChild(badge)
            root.appendChild(slot)
            self.slots[place.name] = slot
        for card in deck(game.decks, game.suits):
            node = document.createElement("div")
            key = str(card)
            red = card.suit in "HD"
            node.className = f"card {'red' if red else 'black'} {card.suit.lower()}" + (
                " court" if card.rank > 10 else "")
            node.dataset.card = key
            rank = RANK_TEXT[card.rank - 1]
            sym = SUIT_SYMBOL[card.suit]
            pip = rank if card.rank > 10 else sym
            node.innerHTML = (f'<span class="idx" aria-hidden="true">{rank}<small>{sym}</small></span>'
                              f'<span class="pip" aria-hidden="true">{pip}</span>')
            root.appendChild(node)
            self.cards[key] = node

    def metrics(self, pos):
        """Card width and height in px: as large as the width allows, and small enough
        that the longest pile, squeezed to its indices, fits the screen's height."""
        main = self.root.parentElement
        pad = float(window.getComputedStyle(main).paddingLeft.replace("px", "") or 0)
        width = main.clientWidth - 2 * pad - 4
        height = window.innerHeight - self.root.getBoundingClientRect().top - 48
        longest = max([len(p) for p in pos.piles] + [len(c) for c in pos.cells] + [1])
        tall = max(4.3, 1.25 + 1 + MIN_STEP * (longest - 1))  # in card heights
        cw = max(46, min(width / 5.8, height / (1.4 * tall), 170))
        return cw, round(cw * 1.4)

    def render(self, pos, hint=None):
        cw, ch = self.metrics(pos)
        style = self.root.style
        style.setProperty("--cw", f"{cw:.1f}px")
        style.setProperty("--ch", f"{ch}px")
        document.documentElement.style.setProperty("--cw", f"{cw:.1f}px")
        top = self.root.getBoundingClientRect().top
        avail = max(window.innerHeight - top - 48 - ch * 1.25, ch * 2.2)
        deepest = ch * 2.3
        self.where, self.base, self.geometry = {}, {}, {}
        for name, place in self.places.items():
            x, y = place.x * cw, place.y * ch
            slot = self.slots[name]
            slot.style.transform = f"translate({x:.1f}px, {y:.1f}px)"
            slot.classList.remove("target", "hint-target", "selected")
            cards = self.game.get(pos, name)
            step = 0
            if place.fan == "down" and len(cards) > 1:
                # Squeeze long piles, but never below the height of a card's index.
                step = min(ch * 0.28, max(ch * MIN_STEP, (avail - ch) / (len(cards) - 1)))
            height = ch + step * max(len(cards) - 1, 0)
            self.geometry[name] = (x, y, cw, max(height, ch))
            deepest = max(deepest, y + height)
            for i, card in enumerate(cards):
                key = str(card)
                node = self.cards[key]
                cy = y + i * step
                self.base[key] = (x, cy)
                self.where[key] = (name, i)
                node.style.transform = f"translate({x:.1f}px, {cy:.1f}px)"
                z = (13 - i) if place.kind == "foundation" else i + 1
                node.style.zIndex = str(z + (0 if place.kind == "foundation" else 10))
                node.dataset.place = name
                node.dataset.index = str(i)
                face_down = place.kind == "stock"
                node.classList.toggle("back", face_down)
                node.classList.remove("hint", "dragging")
                node.setAttribute("aria-label", "face-down card in the stock" if face_down
                                  else f"{card.name}, {place_label(name)}")
                if face_down:
                    node.removeAttribute("role")
                else:
                    node.setAttribute("role", "button")
            top_card = f", top card {cards[-1].name}" if cards and place.kind != "stock" else ""
            slot.setAttribute("aria-label", f"{place_label(name)}, {len(cards)} cards{top_card}")
        deals = self.game.deals_left(pos)
        stock = self.slots["stock"]
        stock.querySelector(".badge").textContent = str(deals)
        stock.classList.toggle("empty", deals == 0)
        stock.setAttribute("aria-label", f"stock, {deals} deals left" + ("" if deals else ", empty"))
        self.root.style.width = f"{5.75 * cw:.0f}px"
        self.root.style.height = f"{deepest + 8:.0f}px"
        if hint is not None:
            self.show_hint(pos, hint)

    def show_hint(self, pos, move):
        if move.is_deal:
            self.slots["stock"].classList.add("hint-target")
            return
        for card in self.game.get(pos, move.src)[-move.count:]:
            self.cards[str(card)].classList.add("hint")
        self.slots[move.dst].classList.add("hint-target")

    def shake(self, keys):
        for key in keys:
            node = self.cards[key]
            node.classList.remove("shake")
            node.offsetWidth  # restart the animation
            node.classList.add("shake")

    def place_at(self, x, y):
        """The place under table coordinates (x, y), or None."""
        for name, (px, py, w, h) in self.geometry.items():
            if px - 6 <= x <= px + w + 6 and py - 6 <= y <= py + h + 30:
                return name
        return None


class App:
    def __init__(self):
        self.table = Table(el("table"), GAME)
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
        prefs = {"winnable": True, "theme": None}
        raw = Storage.get(PREFS_KEY)
        try:
            stored = json.loads(raw) if raw else {}
            if isinstance(stored, dict):
                if isinstance(stored.get("winnable"), bool):
                    prefs["winnable"] = stored["winnable"]
                if stored.get("theme") in ("light", "dark"):
                    prefs["theme"] = stored["theme"]
        except ValueError:
            pass
        el("winnable").checked = prefs["winnable"]
        return prefs

    def save_prefs(self):
        Storage.set(PREFS_KEY, json.dumps(self.prefs))

    def save(self):
        if self.session is not None:
            Storage.set(SAVE_KEY, json.dumps(self.session.to_dict()))

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

    def start(self, number: int, session: Session | None = None, daily: str | None = None):
        if session is None:
            self.leave()
        self.session = session or Session(GAME, number, daily)
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
        if not self.prefs["winnable"]:
            self.start(self.random_deal())
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
            result = await self.search(GAME.deal(number), budget, label(number))
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
        self.started = True
        self.after_action()
        return True

    def after_action(self):
        self.hint = None
        self.selected = None
        el("offer").hidden = True
        self.save()
        self.render()
        if self.session.won:
            self.won()

    def click(self, place: str, index: int):
        if self.session.won:
            return
        move = GAME.click_move(self.session.position, place, index)
        if move is None:
            cards = GAME.get(self.session.position, place)
            self.table.shake([str(c) for c in cards[index:]] if place != "tail" else [str(c) for c in cards])
            self.say("That card cannot move." if place != "stock" else "No deals left.")
            return
        self.play(move)

    def undo(self):
        if self.session.undo():
            self.after_action()

    def redo(self):
        if self.session.redo():
            self.after_action()

    def restart(self):
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
        record(self.stats, GAME.id, won, len(s.moves), s.elapsed, today(), s.daily)
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
        search = Search(GAME, pos, budget)
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

    # -- daily deals, sharing, statistics --------------------------------------------

    async def play_daily(self, day: str):
        """Start the daily deal of ``day``: the same function as the command line's,
        run in slices (a budget in positions gives the same answer either way)."""
        cache = self.daily_cache()
        number = cache.get(day)
        if not isinstance(number, int):
            number = await self.first_winnable(candidates(day, GAME.id), DAILY_BUDGET,
                                               lambda n: f"Dealing the daily of {day}\u2026")
            if number is False:
                self.say("Daily deal cancelled.")
                return
            if number is None:
                self.say(f"No daily deal could be made for {day}.")
                return
            cache[day] = number
            Storage.set(DAILY_KEY, json.dumps(cache))
        self.start(number, daily=day)
        self.say(f"The daily deal of {day}: the same board for everyone.")

    def daily_cache(self) -> dict:
        try:
            cache = json.loads(Storage.get(DAILY_KEY) or "{}")
            return cache if isinstance(cache, dict) else {}
        except ValueError:
            return {}

    def link(self) -> str:
        """The address of this board: the date for a daily, else the deal number."""
        s = self.session
        query = f"?daily={s.daily}" if s.daily else f"?deal={s.deal}"
        return f"{window.location.origin}{window.location.pathname}{query}&game={GAME.id}"

    async def share(self, text=None):
        link = self.link()
        payload = {"title": "Tabby Cat Solitaire", "url": link}
        if text:
            payload["text"] = text
        try:
            if hasattr(window.navigator, "share") and nullish(getattr(window.navigator, "share", None)):
                from pyodide.ffi import to_js
                await window.navigator.share(to_js(payload, dict_converter=window.Object.fromEntries))
                return
        except Exception:
            pass  # cancelled or not allowed: fall back to the clipboard
        message = f"{text} {link}" if text else link
        try:
            await window.navigator.clipboard.writeText(message)
            self.say(f"Copied to the clipboard: {message}")
        except Exception:
            self.say(f"Copy this link: {message}")

    def result_text(self) -> str:
        s = self.session
        board = f"daily {s.daily}" if s.daily else f"deal {s.deal}"
        return f"Tabby Cat {board}: won in {len(s.moves)} moves, {self.clock_text(s.elapsed)}."

    def load_stats(self) -> dict:
        raw = Storage.get(STATS_KEY)
        if not raw:
            return new_stats()
        try:
            return check_stats(json.loads(raw))
        except (ValueError, SolitaireError) as e:
            aside = f"{STATS_KEY}.corrupt.{int(window.Date.now())}"
            Storage.set(aside, raw)
            Storage.set(STATS_KEY, json.dumps(new_stats()))
            self.say(f"Your statistics could not be read ({e}). They were kept aside as "
                     f"'{aside}' and new counts started.")
            return new_stats()

    def show_stats(self):
        day = today()
        info = summary(self.stats, GAME.id, day)
        rate = f"{round(100 * info['win_rate'])}%"
        best_time = self.clock_text(info["best_time"]) if info["best_time"] is not None else "\u2013"
        rows = [("Played", info["played"]), ("Won", info["won"]), ("Win rate", rate),
                ("Streak", info["streak"]), ("Best streak", info["best_streak"]),
                ("Best time", best_time),
                ("Fewest moves", info["fewest_moves"] if info["fewest_moves"] is not None else "\u2013"),
                ("Daily streak", info["daily_streak"])]
        box = el("stats-list")
        box.innerHTML = ""
        for label, value in rows:
            div = document.createElement("div")
            dt, dd = document.createElement("dt"), document.createElement("dd")
            dt.textContent, dd.textContent = label, str(value)
            div.append(dt, dd)
            box.appendChild(div)
        el("stats-chart").innerHTML = chart(self.stats["games"].get(GAME.id, {}).get("history", []))
        if self.month is None:
            self.month = (int(day[:4]), int(day[5:7]))
        self.render_calendar()
        el("stats-panel").hidden = False
        el("stats-close").focus()

    def render_calendar(self):
        import calendar
        year, month = self.month
        el("cal-month").textContent = f"{calendar.month_name[month]} {year}"
        grid = el("calendar")
        grid.innerHTML = ""
        for name in ("Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"):
            cell = document.createElement("span")
            cell.className = "dow"
            cell.textContent = name
            grid.appendChild(cell)
        days = self.stats["games"].get(GAME.id, {}).get("daily", {})
        now = today()
        first_weekday, count = calendar.monthrange(year, month)
        for _ in range(first_weekday):
            grid.appendChild(document.createElement("span"))
        for d in range(1, count + 1):
            date = f"{year:04d}-{month:02d}-{d:02d}"
            b = document.createElement("button")
            b.type = "button"
            b.textContent = str(d)
            b.dataset.date = date
            result = days.get(date)
            state = "won" if result and result["won"] else "lost" if result else ""
            b.className = state + (" today" if date == now else "")
            b.setAttribute("aria-label", f"{date}{', won' if state == 'won' else ', played' if state else ''}")
            try:
                parse_date(date)
                b.disabled = date > now
            except SolitaireError:
                b.disabled = True
            grid.appendChild(b)

    def calendar_click(self, event):
        b = closest(event.target, "button")
        if b is not None and b.dataset.date and not b.disabled:
            el("stats-panel").hidden = True
            asyncio.ensure_future(self.play_daily(b.dataset.date))

    def shift_month(self, step):
        year, month = self.month
        month += step
        year, month = (year - 1, 12) if month == 0 else (year + 1, 1) if month == 13 else (year, month)
        self.month = (year, month)
        self.render_calendar()

    def export_stats(self, *_):
        text = json.dumps(self.stats, indent=1)
        blob = window.Blob.new([text], {"type": "application/json"})
        url = window.URL.createObjectURL(blob)
        a = document.createElement("a")
        a.href = url
        a.download = f"tabbycat-stats-{today()}.json"
        document.body.appendChild(a)
        a.click()
        a.remove()
        window.URL.revokeObjectURL(url)
        self.say("Statistics exported.")

    async def import_stats(self, event):
        files = event.target.files
        if not files.length:
            return
        text = await files.item(0).text()
        event.target.value = ""
        try:
            data = check_stats(json.loads(text))
        except (ValueError, SolitaireError) as e:
            self.say(f"That file is not a statistics export ({e}); nothing was changed.")
            return
        self.stats = data
        Storage.set(STATS_KEY, json.dumps(data))
        self.show_stats()
        self.say("Statistics imported.")

    # -- rendering and messages -------------------------------------------------------

    def render(self):
        s = self.session
        self.table.render(s.position, self.hint)
        el("move-count").textContent = str(len(s.moves))
        el("clock").textContent = self.clock_text(s.elapsed)
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

    def tick(self, *_):
        s = self.session
        if s and self.started and not s.won and document.visibilityState == "visible":
            s.elapsed += 1
            el("clock").textContent = self.clock_text(s.elapsed)
            if int(s.elapsed) % 5 == 0:
                self.save()

    # -- pointer input ---------------------------------------------------------------

    def local(self, event):
        rect = self.table.root.getBoundingClientRect()
        return event.clientX - rect.left, event.clientY - rect.top

    def pointer_down(self, event):
        if event.button not in (0, None) and event.pointerType == "mouse":
            return
        card = closest(event.target, ".card")
        slot = closest(event.target, ".slot")
        place = index = None
        if card is not None and card.dataset.place:
            place, index = card.dataset.place, int(card.dataset.index)
        elif slot is not None:
            place, index = slot.dataset.pile, 0
        if place is None:
            return
        self.press = {"place": place, "index": index, "x": event.clientX, "y": event.clientY,
                      "drag": None, "id": event.pointerId}
        try:
            self.table.root.setPointerCapture(event.pointerId)
        except Exception:
            pass
        event.preventDefault()

    def drag_cards(self, place, index):
        pos = self.session.position
        cards = GAME.get(pos, place)
        if place == "tail":
            return list(cards)
        if place.startswith("pile-") and len(cards) - index <= GAME.run_length(cards):
            return list(cards[index:])
        return []

    def pointer_move(self, event):
        press = self.press
        if press is None or event.pointerId != press["id"]:
            return
        dx, dy = event.clientX - press["x"], event.clientY - press["y"]
        if press["drag"] is None:
            if abs(dx) + abs(dy) < DRAG_THRESHOLD or press["place"] == "stock" or self.session.won:
                return
            cards = self.drag_cards(press["place"], press["index"])
            press["drag"] = [str(c) for c in cards]
            if cards:
                pos, src, count = self.session.position, press["place"], len(cards)
                press["targets"] = [name for name in self.table.slots
                                    if GAME.why_illegal(pos, Move(src, name, count)) is None]
                for name in press["targets"]:
                    self.table.slots[name].classList.add("target")
                for key in press["drag"]:
                    self.table.cards[key].classList.add("dragging")
        for key in press["drag"]:
            x, y = self.table.base[key]
            self.table.cards[key].style.transform = f"translate({x + dx:.1f}px, {y + dy:.1f}px)"

    def pointer_up(self, event):
        press, self.press = self.press, None
        if press is None or event.pointerId != press["id"]:
            return
        if press["drag"] is None:
            if press["place"] == "stock":
                self.click("stock", 0)
            elif press["place"].startswith(("pile-", "tail")) and GAME.get(self.session.position, press["place"]):
                self.click(press["place"], press["index"])
            return
        if not press["drag"]:
            self.render()
            return
        x, y = self.local(event)
        dst = self.table.place_at(x, y)
        if dst in press.get("targets", ()):
            self.play(Move(press["place"], dst, len(press["drag"])))
        else:
            self.render()  # animates back
            if dst not in (None, press["place"]):
                self.say(f"Cannot drop there: {GAME.why_illegal(self.session.position, Move(press['place'], dst, len(press['drag'])))}")

    def pointer_cancel(self, event):
        if self.press is not None:
            self.press = None
            self.render()

    # -- keyboard -----------------------------------------------------------------------

    def key(self, event):
        if event.target.tagName in ("INPUT", "TEXTAREA"):
            return
        k = event.key.lower()
        ctrl = event.ctrlKey or event.metaKey
        if ctrl and k == "z":
            self.undo()
        elif ctrl and k == "y":
            self.redo()
        elif ctrl or event.altKey:
            return
        elif k in "1234t" and len(k) == 1:
            self.pick("tail" if k == "t" else f"pile-{k}")
        elif k == "escape":
            self.selected = None
            self.render()
        elif k == "d":
            self.click("stock", 0)
        elif k == "u":
            self.undo()
        elif k == "r":
            self.redo()
        elif k == "h":
            asyncio.ensure_future(self.give_hint())
        elif k == "n":
            asyncio.ensure_future(self.new_deal())
        elif k in ("enter", " ") and closest(event.target, ".slot"):
            self.activate(closest(event.target, ".slot").dataset.pile)
        elif k in ("arrowleft", "arrowright") and closest(event.target, ".slot"):
            order = [n for n in self.table.slots if not n.startswith("foundation")]
            here = order.index(closest(event.target, ".slot").dataset.pile)
            step = 1 if k == "arrowright" else -1
            self.table.slots[order[(here + step) % len(order)]].focus()
        else:
            return
        event.preventDefault()

    def activate(self, name):
        """Enter on a place: deal from the stock, or click-to-move the place's whole run."""
        pos = self.session.position
        if name == "stock":
            self.click("stock", 0)
        elif name == "tail" or name.startswith("pile-"):
            cards = GAME.get(pos, name)
            if not cards:
                return
            index = 0 if name == "tail" else len(cards) - GAME.run_length(cards)
            self.click(name, index)
            self.table.slots[name].focus()

    def pick(self, name):
        """Keys: the first place picked is the source, the second the target."""
        if self.selected is None:
            if not GAME.get(self.session.position, name):
                self.say(f"{place_label(name)} is empty.")
                return
            self.selected = name
            self.say(f"{place_label(name)} picked: now press 1\u20134 or T for the target, Esc to drop it.")
            self.render()
            return
        src, self.selected = self.selected, None
        pos = self.session.position
        cards = GAME.get(pos, src)
        most = len(cards) if src == "tail" else GAME.run_length(cards)
        for count in range(most, 0, -1):
            move = Move(src, name, count)
            if GAME.why_illegal(pos, move) is None:
                self.play(move)
                return
        self.render()
        self.table.shake([str(c) for c in cards[-most:]] if cards else [])
        self.say(f"Nothing from {place_label(src)} can go to {place_label(name)}.")

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
        _proxies.append(create_proxy(self.tick))
        window.setInterval(_proxies[-1], 1000)

    def cancel_search(self):
        if self.busy is not None:
            self.busy["cancel"] = True

    def decline_offer(self):
        self.offer_to = None
        el("offer").hidden = True

    def toggle_winnable(self, event):
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
        self.start(number)
        self.say(f"Deal {number}.")


def today() -> str:
    """The player's local date, YYYY-MM-DD."""
    d = window.Date.new()
    return f"{int(d.getFullYear()):04d}-{int(d.getMonth()) + 1:02d}-{int(d.getDate()):02d}"


def chart(history) -> str:
    """Inline SVG: the last 30 results, a tall bar for a win, a short one for a loss."""
    last = history[-30:]
    if not last:
        return '<p>No games finished yet.</p>'
    w = 300 / 30
    bars = "".join(
        f'<rect class="{"win" if won else "loss"}" x="{i * w + 1:.1f}" y="{10 if won else 50}" '
        f'width="{w - 2:.1f}" height="{60 if won else 20}" rx="2"><title>{day}: '
        f'{"won" if won else "lost"}, {moves} moves</title></rect>'
        for i, (day, won, moves, _) in enumerate(last))
    return (f'<svg viewBox="0 0 300 90" role="img" aria-label="Last {len(last)} games: '
            f'{sum(1 for r in last if r[1])} won">{bars}'
            f'<text x="0" y="86">older</text><text x="300" y="86" text-anchor="end">latest</text></svg>')


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
    if asked_game is not None and asked_game != GAME.id:
        app.say(f"This site has no game called {str(asked_game)[:40]!r} yet; here is Tabby Cat.")
        asked = asked_daily = None
    if asked_daily is not None:
        try:
            day = parse_date(str(asked_daily))
            if day.isoformat() > today():
                raise SolitaireError(f"the daily of {day} is not out yet")
            if saved is not None and saved.daily == day.isoformat():
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
        elif saved is None or saved.deal != number:
            saved = None
            app.start(number)
    if app.session is None:
        if saved is not None:
            app.start(saved.deal, saved)
        else:
            app.start(1)  # a first visit opens on deal 1, which the solver proves winnable
    window.tabby_position = create_proxy(lambda: GAME.format(app.session.position))
    window.tabby_moves = create_proxy(lambda: " ".join(str(m) for m in app.session.moves))
    window.tabby_start = create_proxy(lambda n: app.start(int(n)))
    window.tabby_play = create_proxy(lambda text: all(app.play(m) for m in parse_line(text)))
    window.tabby_daily = create_proxy(lambda day: str(daily_deal(day, GAME.id)))
    window.tabby_stats = create_proxy(lambda: json.dumps(app.stats))
    _proxies.extend([window.tabby_daily, window.tabby_stats])
    window.tabby_solve = create_proxy(lambda: " ".join(
        str(m) for m in Search(GAME, app.session.position, HINT_BUDGET).run(HINT_BUDGET).line))
    _proxies.extend([window.tabby_position, window.tabby_moves, window.tabby_start,
                     window.tabby_play, window.tabby_solve])
    el("loading").hidden = True
    document.body.dataset.ready = "1"
    window.performance.mark("app-ready")


asyncio.ensure_future(boot())
