"""The page's panels, objects the page composes: statistics (list, chart, calendar),
offers (questions with buttons), sharing and files.

Every text is set with ``textContent`` and every element built with ``createElement`` /
``createElementNS``: no data (an imported file's dates, an address) ever becomes markup.
"""

import calendar

from pyscript import window

from dom import closest, document, el, nullish, on
from modal import close_modal, open_modal, same
from solitaire.play.answer import CLOSED, Answer
from solitaire.words.messages import Message
from solitaire.solver.daily import parse_date
from solitaire.engine.errors import SolitaireError
import words
from solitaire.words.messages import clock_text
from solitaire.words.ruledoc import format_number
from solitaire.records.stats import CHART, dailies, history, recent_games, summary

SVG = "http://www.w3.org/2000/svg"


def svg(tag, parent=None, **attrs):
    node = document.createElementNS(SVG, tag)
    for k, v in attrs.items():
        node.setAttribute(k.replace("_", "-"), str(v))
    if parent is not None:
        parent.appendChild(node)
    return node


class StatsPanel:
    """The menu panel: statistics of the game in play, its chart and its calendar."""

    def __init__(self, page):
        self.page = page
        self.month = None
        on(el("cal-prev"), "click", lambda e: self.shift_month(-1))
        on(el("cal-next"), "click", lambda e: self.shift_month(1))
        on(el("calendar"), "click", self.calendar_click)
        on(el("stats-close"), "click", lambda e: self.close())
        on(el("stats-recent"), "click", self.recent_click)

    @property
    def open(self):
        return not el("stats-panel").hidden

    def close(self, restore=True):
        close_modal(el("stats-panel"), restore)

    def show(self):
        self.render()
        Files.hide_shared("menu")
        open_modal(el("stats-panel"), on_close=self.close)

    def render(self):
        ctl = self.page.ctl
        day = ctl.today()
        info = summary(ctl.stats, ctl.game.id, day)
        dash = "\u2013"
        rows = [("stat_played", info["played"]), ("stat_won", info["won"]),
                ("stat_win_rate", words.t("percent", value=round(100 * info["win_rate"]))),
                ("stat_streak", info["streak"]), ("stat_best_streak", info["best_streak"]),
                ("stat_best_time", clock_text(info["best_time"]) if info["best_time"] is not None else dash),
                ("stat_fewest_moves", info["fewest_moves"] if info["fewest_moves"] is not None else dash),
                ("stat_daily_streak", info["daily_streak"])]
        box = el("stats-list")
        box.replaceChildren()
        for key, value in rows:
            div = document.createElement("div")
            dt, dd = document.createElement("dt"), document.createElement("dd")
            dt.textContent = words.t(key)   # counts grouped the language's way: 500,000
            dd.textContent = format_number(value, words.lang()) if isinstance(value, int) else str(value)
            div.append(dt, dd)
            box.appendChild(div)
        self.chart(history(ctl.stats, ctl.game.id))
        self.recent(recent_games(ctl.stats, ctl.game.id))
        if self.month is None:
            self.month = (int(day[:4]), int(day[5:7]))
        self.render_calendar()
        el("stats-title").textContent = words.t("stats_title", game=ctl.game.name)

    def chart(self, last):
        """The last results as bars, a tall one for a win, a short one for a loss, oldest
        first, the latest at the right end (under "latest", however few there are)."""
        box = el("stats-chart")
        box.replaceChildren()
        if not last:
            p = document.createElement("p")
            p.textContent = words.t("chart_none")
            box.appendChild(p)
            return
        won = sum(1 for r in last if r[1])
        # the bars stretch to the box's width (preserveAspectRatio none); the words under
        # them are the page's text, so they keep their shape at any width
        root = svg("svg", box, viewBox="0 0 300 70", preserveAspectRatio="none", role="img",
                   aria_label=words.t("chart_label", count=len(last), won=won))
        w, first = 300 / CHART, CHART - len(last)
        for i, (day, win, moves, _) in enumerate(last):
            bar = svg("rect", root, x=f"{(first + i) * w + 1:.1f}", y=4 if win else 44, width=f"{w - 2:.1f}",
                      height=62 if win else 22, rx=2)
            bar.setAttribute("class", "win" if win else "loss")
            title = svg("title", bar)
            title.textContent = words.t("chart_won" if win else "chart_lost", day=day, moves=moves)
        axis = document.createElement("div")
        axis.className = "chart-axis"
        older, latest = document.createElement("span"), document.createElement("span")
        older.textContent, latest.textContent = words.t("chart_older"), words.t("chart_latest")
        axis.append(older, latest)
        box.appendChild(axis)

    def recent(self, entries):
        """The last finished games kept with their moves, each with its Replay button."""
        box = el("stats-recent")
        box.replaceChildren()
        if not entries:
            item = document.createElement("li")
            item.textContent = words.t("recent_none")
            box.appendChild(item)
        for entry in entries:
            item = document.createElement("li")
            text = document.createElement("span")
            moves = int(entry["replay"].split(".")[-2])
            text.textContent = words.t("recent_won" if entry["won"] else "recent_lost",
                                       day=entry["day"], moves=moves)
            b = document.createElement("button")
            b.type = "button"
            b.textContent = words.t("ui_replay_this")
            b.dataset.id = entry["id"]
            b.setAttribute("aria-label", words.t("recent_replay_won" if entry["won"] else "recent_replay_lost",
                                                 day=entry["day"], moves=moves))
            item.append(text, b)
            box.appendChild(item)

    def recent_click(self, event):
        b = closest(event.target, "button[data-id]")
        if b is not None:
            ctl = self.page.ctl
            self.page.do(ctl.replay_recent(ctl.game.id, str(b.dataset.id)))

    def render_calendar(self):
        ctl = self.page.ctl
        year, month = self.month
        el("cal-month").textContent = words.t("month_year", month=words.t(f"month_{month}"), year=year)
        grid = el("calendar")
        grid.replaceChildren()
        for i in range(7):
            cell = document.createElement("span")
            cell.className = "dow"
            cell.textContent = words.t(f"dow_{i}")
            grid.appendChild(cell)
        days = dailies(ctl.stats, ctl.game.id)
        now = ctl.today()
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
            b.dataset.state = state
            b.setAttribute("aria-label", words.t({"won": "day_won", "lost": "day_played"}.get(state, "day_plain"),
                                              day=date, num=d))
            try:
                parse_date(date)
                b.disabled = date > now
            except SolitaireError:
                b.disabled = True
            grid.appendChild(b)
        self.mark_ratings()

    def mark_ratings(self):
        """The difficulty of each daily played or opened here, on its day (rated in the
        background: the days not rated yet are marked when they are)."""
        buttons = list(el("calendar").querySelectorAll("button[data-date]"))
        ratings = self.page.ctl.daily_ratings([str(b.dataset.date) for b in buttons])
        for b in buttons:
            rating = ratings.get(str(b.dataset.date))
            if rating is None:
                continue
            b.dataset.rating = rating
            key = {"won": "day_won_rated", "lost": "day_played_rated"}.get(str(b.dataset.state),
                                                                           "day_plain_rated")
            b.setAttribute("aria-label", words.tr(Message(key, day=str(b.dataset.date), num=b.textContent,
                                                          rating=Message(f"rating_{rating}"))))
        if self.page.ctl.rating_wanted() and not self.page.rating:
            self.page.do(Answer())  # starts the rating loop

    def calendar_click(self, event):
        b = closest(event.target, "button")
        if b is not None and b.dataset.date and not b.disabled:
            self.close(restore=False)
            self.page.do(self.page.ctl.daily(str(b.dataset.date)))
            active = nullish(document.activeElement)
            if active is None or same(active, document.body) or el("stats-panel").contains(active):
                # the focus goes to the new board (not to the page, nor the closed menu)
                table = self.page.table
                first = next((s for s in table.slots.values() if s.tabIndex >= 0), None) if table else None
                if first is not None:
                    first.focus()

    def shift_month(self, step):
        year, month = self.month
        month += step
        year, month = (year - 1, 12) if month == 0 else (year + 1, 1) if month == 13 else (year, month)
        self.month = (year, month)
        self.render_calendar()


class OfferBar:
    """A question with buttons: in the statistics panel while it is open, else under
    the table. Button ids are ``offer-<action>`` (``panel-offer-<action>`` in the panel).
    Focus goes to its first button; Esc gives its last answer (always the one that
    changes nothing: stay, no, keep, cancel); once answered, focus goes back to what
    had it before the question."""

    def __init__(self, page):
        self.page = page
        self.actions = []
        self.opener = None
        for prefix in ("", "panel-"):
            on(el(f"{prefix}offer"), "keydown", self.key)

    def key(self, event):
        if str(event.key) == "Escape" and self.actions:
            event.preventDefault()
            event.stopPropagation()
            self.answer(self.actions[-1])

    def answer(self, action):
        opener, self.opener = self.opener, None
        self.page.do(self.page.ctl.answer_offer(action))
        active = nullish(document.activeElement)
        lost = active is None or active.isSameNode(document.body) or nullish(active.closest("[hidden]")) is not None
        if lost and opener is not None and opener.isConnected and nullish(opener.closest("[hidden]")) is None:
            opener.focus()

    def show(self, offer):
        for prefix in ("", "panel-"):
            el(f"{prefix}offer").hidden = True
        if offer is None or offer is CLOSED:
            self.actions = []
            return
        self.actions = [action for action, _ in offer.actions]
        active = nullish(document.activeElement)
        if active is not None and nullish(active.closest(".offer")) is None:
            self.opener = active
        prefix = "panel-" if self.page.stats.open else ""
        el(f"{prefix}offer-text").textContent = words.tr(offer.text)
        box = el(f"{prefix}offer-actions")
        box.replaceChildren()
        for action, label in offer.actions:
            b = document.createElement("button")
            b.type = "button"
            b.id = f"{prefix}offer-{action}"
            b.textContent = words.tr(label)
            on(b, "click", lambda e, a=action: self.answer(a))
            box.appendChild(b)
        el(f"{prefix}offer").hidden = False
        box.firstElementChild.focus()


class Files:
    """Sharing a link or a result, and moving statistics in and out as files."""

    def __init__(self, page):
        self.page = page

    def address(self):
        return f"{window.location.origin}{window.location.pathname}{self.page.ctl.link()}"

    async def share_replay(self):
        """The win panel's Share replay: a link whose fragment holds the game's moves."""
        fragment = self.page.ctl.replay_link()
        if fragment is None:
            self.page.say(words.t("no_replay"))
            return
        link = f"{window.location.origin}{window.location.pathname}{fragment}"
        await self.share(self.page.ctl.share_replay_text(), link, where="win")

    async def share(self, result=None, link=None, where="menu"):
        """Web Share where the browser has it; else the clipboard, confirmed inside the
        panel acted in (``where``: ``menu`` or ``win``) with the text in a read-only field
        that wraps, so a long link never widens the page."""
        link = link or self.address()
        payload = {"title": words.t("ui_site"), "url": link}
        if result:
            payload["text"] = words.tr(result)
        try:
            if nullish(getattr(window.navigator, "share", None)):
                from pyodide.ffi import to_js
                await window.navigator.share(to_js(payload, dict_converter=window.Object.fromEntries))
                return
        except Exception as e:
            if "AbortError" in str(e):
                return  # the player closed the share sheet: nothing more
            # not allowed here: the clipboard instead
        message = words.t("share_with_link", result=words.tr(result), link=link) if result else link
        try:
            await window.navigator.clipboard.writeText(message)
            self.shared(where, words.t("share_copied"), message, select=False)
        except Exception:
            self.shared(where, words.t("share_copy_this"), message, select=True)

    def shared(self, where, said, message, select):
        """Show what was shared in the panel ``where`` (its box ``<where>-shared``)."""
        box = nullish(document.getElementById(f"{where}-shared"))
        if box is None:
            self.page.say(f"{said} {message}")
            return
        el(f"{where}-shared-said").textContent = said
        field = el(f"{where}-shared-text")
        field.value = message
        box.hidden = False
        box.scrollIntoView(window.Object.fromEntries([["block", "nearest"]]))  # in a panel that scrolls
        if select:
            field.focus()
            field.select()

    @staticmethod
    def hide_shared(where):
        box = nullish(document.getElementById(f"{where}-shared"))
        if box is not None:
            box.hidden = True

    def download(self, name, content):
        blob = window.Blob.new([content], {"type": "application/json"})
        url = window.URL.createObjectURL(blob)
        a = document.createElement("a")
        a.href = url
        a.download = name
        document.body.appendChild(a)
        a.click()
        a.remove()
        window.URL.revokeObjectURL(url)

    async def import_file(self, event):
        files = event.target.files
        if not files.length:
            return
        content = await files.item(0).text()
        event.target.value = ""
        self.page.do(self.page.ctl.import_stats(str(content)))
