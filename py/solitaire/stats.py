"""Statistics as mergeable records: one result per finished game, never counters
overwritten whole.

A record is plain JSON: ``{"v": 2, "results": [...], "base": {...}}``. Each result is one
finished game with a unique ``id`` (the game's own id, so the same game counted by two
tabs is counted once): ``{"id", "game", "won", "moves", "seconds", "day", "daily", "t"}``.
Counts, streaks, bests and the daily calendar are computed from the results, so two
copies merge by the union of their results (:func:`merge`). ``base`` holds, per game,
what a version-1 record counted before results were kept one by one.

>>> s = new_stats()
>>> record(s, "tabbycat", won=True, moves=90, seconds=300, day="2026-11-30", id="a")
>>> record(s, "tabbycat", won=False, moves=9, seconds=30, day="2026-11-30", id="b")
>>> summary(s, "tabbycat", "2026-11-30")["win_rate"]
0.5
>>> merge(s, s) == s
True
"""

import datetime
import re

from .records import RESULT_ID_TEXT as RESULT_ID, RecordError, is_date, is_int, need

STATS_VERSION = 2
CHART = 30
GAME_ID = re.compile(r"[a-z0-9-]{1,30}")
MAX_RESULTS = 50_000
BASE_FIELDS = ("played", "won", "streak", "best_streak", "best_time", "fewest_moves")


def new_stats() -> dict:
    return {"v": STATS_VERSION, "results": [], "base": {}, "epoch": 0}


def record(stats: dict, game_id: str, won: bool, moves: int, seconds: float, day: str,
           daily: str | None = None, id: str | None = None, t: int = 0) -> None:
    """Add one finished game (a win, or a loss: a game left after a move). A game is
    counted once: a result with the same ``id`` is replaced (a game counted lost when
    one tab left it, then won in another, counts as won)."""
    results = stats["results"]
    id = id or f"{game_id}:{day}:{len(results) + 1}"
    new = {"id": id, "game": game_id, "won": bool(won), "moves": int(moves),
           "seconds": max(0, round(float(seconds))), "day": day, "daily": daily, "t": int(t)}
    stats["results"] = [r for r in results if r["id"] != id] + [new]


def merge(a: dict, b: dict) -> dict:
    """Both records' results (each id once, the later copy kept) and the larger base
    of each game: what two tabs counted, with nothing counted twice.

    An import that replaced the statistics starts a new ``epoch``: merged with a copy
    from before it, only the results the old copy finished after the replace are kept.
    """
    if a["epoch"] != b["epoch"]:
        new, old = (a, b) if a["epoch"] > b["epoch"] else (b, a)
        later = [r for r in old["results"] if r["t"] >= new["epoch"]]
        return merge(new, {**new, "results": later})
    by_id = {}
    for r in a["results"] + b["results"]:
        old = by_id.get(r["id"])
        if old is None or (r["t"], r["won"]) > (old["t"], old["won"]):
            by_id[r["id"]] = r
    base = dict(a["base"])
    for game_id, g in b["base"].items():
        if game_id not in base or g["played"] > base[game_id]["played"]:
            base[game_id] = g
    results = sorted(by_id.values(), key=lambda r: (r["t"], r["id"]))
    return {"v": STATS_VERSION, "results": results, "base": base, "epoch": a["epoch"]}


def _results(stats, game_id):
    return [r for r in stats["results"] if r["game"] == game_id]


def _base(stats, game_id):
    return stats["base"].get(game_id) or {"played": 0, "won": 0, "streak": 0, "best_streak": 0,
                                          "best_time": None, "fewest_moves": None,
                                          "history": [], "daily": {}}


def dailies(stats: dict, game_id: str) -> dict:
    """Per date, the daily's result: ``{"won", "moves", "seconds"}``; a daily once won
    stays won."""
    days = dict(_base(stats, game_id)["daily"])
    for r in _results(stats, game_id):
        if r["daily"] is not None and not (days.get(r["daily"]) or {}).get("won"):
            days[r["daily"]] = {"won": r["won"], "moves": r["moves"], "seconds": r["seconds"]}
    return days


def history(stats: dict, game_id: str) -> list:
    """The last results for the chart: ``[day, won, moves, seconds]``, oldest first."""
    rows = list(_base(stats, game_id)["history"])
    rows += [[r["day"], r["won"], r["moves"], r["seconds"]] for r in _results(stats, game_id)]
    return rows[-CHART:]


def daily_streak(stats: dict, game_id: str, today: str) -> int:
    """Consecutive days won up to today (or up to yesterday, if today is not won yet)."""
    days = dailies(stats, game_id)
    day = datetime.date.fromisoformat(today)
    if not days.get(today, {}).get("won"):
        day -= datetime.timedelta(days=1)
    streak = 0
    while days.get(day.isoformat(), {}).get("won"):
        streak += 1
        day -= datetime.timedelta(days=1)
    return streak


def summary(stats: dict, game_id: str, today: str) -> dict:
    base = _base(stats, game_id)
    played, won = base["played"], base["won"]
    streak, best = base["streak"], base["best_streak"]
    times = [base["best_time"]] if base["best_time"] is not None else []
    moves = [base["fewest_moves"]] if base["fewest_moves"] is not None else []
    for r in _results(stats, game_id):
        played += 1
        if r["won"]:
            won += 1
            streak += 1
            best = max(best, streak)
            times.append(r["seconds"])
            moves.append(r["moves"])
        else:
            streak = 0
    return {"played": played, "won": won, "win_rate": won / played if played else 0.0,
            "streak": streak, "best_streak": best,
            "best_time": min(times) if times else None,
            "fewest_moves": min(moves) if moves else None,
            "daily_streak": daily_streak(stats, game_id, today)}


def games_in(stats: dict) -> dict:
    """Per game id, ``(played, won)``: what a record holds, to show before an import."""
    out = {}
    for game_id in sorted({r["game"] for r in stats["results"]} | set(stats["base"])):
        s = summary(stats, game_id, "2026-01-01")
        out[game_id] = (s["played"], s["won"])
    return out


# -- reading ---------------------------------------------------------------------------

def check(data) -> dict:
    """Validate a statistics record (version 2, or version 1 turned into version 2).

    Raises:
        RecordError: naming what is wrong (a newer schema included).
    """
    need(isinstance(data, dict) and is_int(data.get("v"), 0, 1 << 31), "rec_stats_not_record")
    need(data["v"] <= STATS_VERSION, "rec_stats_newer", schema=data["v"])
    if data["v"] == 1:
        return _from_v1(data)
    need(data["v"] == STATS_VERSION and isinstance(data.get("results"), list)
         and isinstance(data.get("base"), dict), "rec_stats_layout", schema=data["v"])
    need(is_int(data.get("epoch", 0), 0, 1 << 53), "rec_stats_field", field="epoch")
    need(len(data["results"]) <= MAX_RESULTS, "rec_stats_too_many")
    seen = set()
    results = []
    for r in data["results"]:
        results.append(_check_result(r))
        need(r["id"] not in seen, "rec_stats_twice", id=r["id"])
        seen.add(r["id"])
    base = {}
    for game_id, g in data["base"].items():
        base[game_id] = _check_base(game_id, g)
    return {"v": STATS_VERSION, "results": results, "base": base, "epoch": data.get("epoch", 0)}


def _check_result(r) -> dict:
    keys = {"id", "game", "won", "moves", "seconds", "day", "daily", "t"}
    need(isinstance(r, dict) and set(r) == keys, "rec_stats_result")
    need(isinstance(r["id"], str) and RESULT_ID.fullmatch(r["id"]) is not None, "rec_stats_result_id")
    for field, ok in (("game", isinstance(r["game"], str) and GAME_ID.fullmatch(r["game"]) is not None),
                      ("won", isinstance(r["won"], bool)),
                      ("moves", is_int(r["moves"], 0, 1_000_000)),
                      ("seconds", is_int(r["seconds"], 0, 10**9)),
                      ("day", is_date(r["day"])),
                      ("daily", r["daily"] is None or is_date(r["daily"])),
                      ("t", is_int(r["t"], 0, 1 << 53))):
        need(ok, "rec_stats_result_field", id=r["id"], field=field)
    return dict(r)


def _check_base(game_id, g) -> dict:
    need(isinstance(game_id, str) and GAME_ID.fullmatch(game_id) is not None, "rec_stats_game_name")
    need(isinstance(g, dict), "rec_stats_game", game_id=game_id)
    for k in ("played", "won", "streak", "best_streak"):
        need(is_int(g.get(k), 0, 10**9), "rec_stats_game_field", game_id=game_id, field=k)
    need(g["won"] <= g["played"], "rec_stats_more_won", game_id=game_id)
    need(g["streak"] <= g["best_streak"] <= g["won"], "rec_stats_streaks", game_id=game_id)
    for k, low in (("best_time", 0), ("fewest_moves", 1)):
        v = g.get(k)
        need(v is None or is_int(v, low, 10**9), "rec_stats_game_field", game_id=game_id, field=k)
        need((v is None) == (g["won"] == 0), "rec_stats_wins", game_id=game_id, field=k)
    hist = g.get("history", [])
    need(isinstance(hist, list) and len(hist) <= 1000, "rec_stats_game_field", game_id=game_id,
         field="history")
    for e in hist:
        need(isinstance(e, list) and len(e) == 4 and is_date(e[0]) and isinstance(e[1], bool)
             and is_int(e[2], 0, 1_000_000) and is_int(e[3], 0, 10**9),
             "rec_stats_history", game_id=game_id)
    days = g.get("daily", {})
    need(isinstance(days, dict) and len(days) <= 40_000, "rec_stats_game_field", game_id=game_id,
         field="daily")
    daily = {}
    for day, res in days.items():
        need(is_date(day), "rec_stats_daily_day", game_id=game_id, day=str(day)[:20])
        need(isinstance(res, dict) and isinstance(res.get("won"), bool)
             and is_int(res.get("moves", 0), 0, 1_000_000) and is_int(res.get("seconds", 0), 0, 10**9),
             "rec_stats_daily", game_id=game_id, day=day)
        daily[day] = {"won": res["won"], "moves": res.get("moves", 0), "seconds": res.get("seconds", 0)}
    out = {k: g[k] for k in BASE_FIELDS}
    out["history"] = [list(e) for e in hist]
    out["daily"] = daily
    return out


def _from_v1(data) -> dict:
    """A version-1 record (counters per game) as version 2: its counts become the base."""
    need(isinstance(data.get("games"), dict), "rec_stats_layout", schema=1)
    base = {}
    for game_id, g in data["games"].items():
        need(isinstance(g, dict), "rec_stats_game", game_id=str(game_id)[:40])
        base[game_id] = _check_base(game_id, g)
    return {"v": STATS_VERSION, "results": [], "base": base, "epoch": 0}


__all__ = ["RecordError", "check", "daily_streak", "dailies", "games_in", "history", "merge",
           "new_stats", "record", "summary"]
