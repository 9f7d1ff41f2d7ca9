"""Statistics per game, kept by the page in localStorage under a versioned schema.

A record is plain JSON: ``{"v": 1, "games": {game id: {...}}}``. Each game keeps its
counts and a short history of results (for the chart), and, per date, the dailies played.

>>> s = new_stats()
>>> record(s, "tabbycat", won=True, moves=90, seconds=300, day="2026-11-30")
>>> summary(s, "tabbycat", "2026-11-30")["win_rate"]
1.0
"""

import datetime

from .errors import SolitaireError

STATS_VERSION = 1
HISTORY = 200  # results kept for the chart


def new_stats() -> dict:
    return {"v": STATS_VERSION, "games": {}}


def _game(stats: dict, game_id: str) -> dict:
    return stats["games"].setdefault(game_id, {
        "played": 0, "won": 0, "streak": 0, "best_streak": 0,
        "best_time": None, "fewest_moves": None, "history": [], "daily": {}})


def record(stats: dict, game_id: str, won: bool, moves: int, seconds: float, day: str,
           daily: str | None = None) -> None:
    """Count one finished game (a win, or a loss: a game left after a move)."""
    g = _game(stats, game_id)
    g["played"] += 1
    seconds = round(float(seconds))
    if won:
        g["won"] += 1
        g["streak"] += 1
        g["best_streak"] = max(g["best_streak"], g["streak"])
        g["best_time"] = seconds if g["best_time"] is None else min(g["best_time"], seconds)
        g["fewest_moves"] = moves if g["fewest_moves"] is None else min(g["fewest_moves"], moves)
    else:
        g["streak"] = 0
    g["history"] = (g["history"] + [[day, bool(won), int(moves), seconds]])[-HISTORY:]
    if daily is not None:
        before = g["daily"].get(daily)
        if not (before and before["won"]):  # a daily once won stays won
            g["daily"][daily] = {"won": bool(won), "moves": int(moves), "seconds": seconds}


def daily_streak(stats: dict, game_id: str, today: str) -> int:
    """Consecutive days won up to today (or up to yesterday, if today is not won yet)."""
    days = stats["games"].get(game_id, {}).get("daily", {})
    day = datetime.date.fromisoformat(today)
    if not days.get(today, {}).get("won"):
        day -= datetime.timedelta(days=1)
    streak = 0
    while days.get(day.isoformat(), {}).get("won"):
        streak += 1
        day -= datetime.timedelta(days=1)
    return streak


def summary(stats: dict, game_id: str, today: str) -> dict:
    g = stats["games"].get(game_id) or _game(new_stats(), game_id)
    return {"played": g["played"], "won": g["won"],
            "win_rate": g["won"] / g["played"] if g["played"] else 0.0,
            "streak": g["streak"], "best_streak": g["best_streak"],
            "best_time": g["best_time"], "fewest_moves": g["fewest_moves"],
            "daily_streak": daily_streak(stats, game_id, today)}


def check(data) -> dict:
    """Validate a statistics record read from storage or an imported file.

    Raises:
        SolitaireError: naming what is wrong (a newer schema included).
    """
    if not isinstance(data, dict) or not isinstance(data.get("v"), int):
        raise SolitaireError("the statistics are not a statistics record")
    if data["v"] > STATS_VERSION:
        raise SolitaireError(f"the statistics were written by a newer version (schema {data['v']})")
    if data["v"] != STATS_VERSION or not isinstance(data.get("games"), dict):
        raise SolitaireError(f"the statistics have an unknown layout (schema {data['v']})")
    for game_id, g in data["games"].items():
        ints = ("played", "won", "streak", "best_streak")
        if not isinstance(g, dict) or not all(isinstance(g.get(k), int) and g[k] >= 0 for k in ints):
            raise SolitaireError(f"the statistics of {game_id!r} are damaged")
        if g["won"] > g["played"] or not isinstance(g.get("history"), list) \
                or not isinstance(g.get("daily"), dict):
            raise SolitaireError(f"the statistics of {game_id!r} are damaged")
        for k in ("best_time", "fewest_moves"):
            if g.get(k) is not None and not isinstance(g[k], int):
                raise SolitaireError(f"the statistics of {game_id!r} have a bad {k}")
        for entry in g["history"]:
            if not (isinstance(entry, list) and len(entry) == 4 and isinstance(entry[0], str)):
                raise SolitaireError(f"the statistics of {game_id!r} have a bad history entry")
        for day, result in g["daily"].items():
            if not isinstance(result, dict) or not isinstance(result.get("won"), bool):
                raise SolitaireError(f"the statistics of {game_id!r} have a bad daily {day!r}")
    return data
