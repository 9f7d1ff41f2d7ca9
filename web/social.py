"""Daily deals, sharing and statistics: the part of the page that remembers days.

A mixin of :class:`app.App`; it uses the app's session, search and messages.
"""

import asyncio
import json

from pyscript import window

from dom import Storage, closest, document, el, nullish, today
from solitaire import SolitaireError
from solitaire.daily import DAILY_BUDGET, candidates, parse_date
from solitaire.stats import check as check_stats, new_stats, summary

STATS_KEY = "tabbycat.stats.v1"
DAILY_KEY = "tabbycat.daily.v1"     # cache of computed dailies: {date: deal}


class DailyAndStats:
    # -- daily deals, sharing, statistics --------------------------------------------

    async def play_daily(self, day: str):
        """Start the daily deal of ``day``: the same function as the command line's,
        run in slices (a budget in positions gives the same answer either way)."""
        cache = self.daily_cache()
        number = cache.get(day)
        if not isinstance(number, int):
            number = await self.first_winnable(candidates(day, self.game.id), DAILY_BUDGET,
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
        return f"{window.location.origin}{window.location.pathname}{query}&game={self.game.id}"

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
        info = summary(self.stats, self.game.id, day)
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
        el("stats-chart").innerHTML = chart(self.stats["games"].get(self.game.id, {}).get("history", []))
        if self.month is None:
            self.month = (int(day[:4]), int(day[5:7]))
        self.render_calendar()
        el("stats-title").textContent = f"{self.game.name}: statistics"
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
        days = self.stats["games"].get(self.game.id, {}).get("daily", {})
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
