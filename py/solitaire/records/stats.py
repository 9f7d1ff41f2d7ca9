"""Statistics as mergeable records that never outgrow their reader's limit.

A record is plain JSON::

    {"v": 3, "results": [...], "base": {game: {...}}, "upto": [t, game, id] | null, "epoch": 0,
     "recent": {game: [...]}}

Each result is one finished game with an ``id`` unique in its game (the game's own id, so
the same game counted by two tabs is counted once): ``{"id", "game", "won", "moves", "seconds",
"day", "daily", "t"}``. The newest results are kept one by one; when there are more than
:data:`MOST_RESULTS`, all but the newest :data:`KEEP_RESULTS` are *folded* into ``base``
(:func:`compact`): per game, the totals of every figure the page shows (played, won,
current and best streak, best time, fewest moves, the chart's last :data:`CHART` results,
and the calendar of dailies as one string per month). ``upto`` is the sort key
``[t, game, id]`` of the last result folded: every result still listed is later than it.
A record therefore stays under :data:`MOST_RESULTS` results and a bounded base, whatever
the number of games (:func:`most_chars` is the largest text a record can take).

``recent`` keeps, per game, the last :data:`RECENT` finished games (won or lost) with
their moves, to replay them: ``{"id", "won", "t", "day", "replay"}``, ``replay`` a replay
text of at most :data:`~solitaire.records.replay.MAX_CHARS` characters (a longer game is
counted but not kept). It is optional (a record without it reads with none), so a
release that does not know it still reads the record (and drops the list when it writes).

Two copies merge (:func:`merge`) by the union of their listed results; their bases,
totals whose games cannot be told apart any more, are each brought up to the later
``upto`` and then combined figure by figure (the larger count, the better best): a merge
never counts a game twice and never leaves a count or a best below either side's.

>>> s = new_stats()
>>> record(s, "tabbycat", won=True, moves=90, seconds=300, day="2026-11-30", id="a")
>>> record(s, "tabbycat", won=False, moves=9, seconds=30, day="2026-11-30", id="b")
>>> summary(s, "tabbycat", "2026-11-30")["win_rate"]
0.5
>>> merge(s, s) == s
True
"""

import calendar
import datetime
import json
import re

from .readers import RESULT_ID_TEXT as RESULT_ID, RecordError, is_date, is_int, need
from .replay import MAX_CHARS as REPLAY_CHARS, TEXT as REPLAY_TEXT

STATS_VERSION = 3
CHART = 30                  # the chart's last results
KEEP_RESULTS = 1_000        # results kept one by one after a compaction
MOST_RESULTS = 2_000        # a writer compacts before it holds more
MAX_RESULTS = 50_000        # the most a reader takes (a version-2 file); compacted on reading
MAX_GAMES = 16              # game ids in one record (seven games today)
MAX_COUNT = 10**12          # played, won, streaks: they stop there
MAX_MOVES = 1_000_000
MAX_SECONDS = 10**9
MAX_T = 1 << 53
FIRST_DAILY = "2026-01-01"  # solitaire.solver.daily.FIRST_DAY .. LAST_DAY: the dailies that exist
LAST_DAILY = "2099-12-31"
GAME_ID = re.compile(r"[a-z0-9-]{1,30}")
MONTH = re.compile(r"[0-9]{4}-[0-9]{2}")
DAY_MARKS = ".LW"           # a month's day: no daily, played and not won, won
BASE_FIELDS = ("played", "won", "streak", "best_streak", "best_time", "fewest_moves")
RECENT = 5                  # finished games kept with their moves, per game (to replay them)
RECENT_FIELDS = {"id", "won", "t", "day", "replay"}


def new_stats() -> dict:
    return {"v": STATS_VERSION, "results": [], "base": {}, "upto": None, "epoch": 0, "recent": {}}


def _key(r):
    return (r["t"], r["game"], r["id"])


def _after(r, upto) -> bool:
    return upto is None or _key(r) > tuple(upto)


def _empty_base() -> dict:
    return {"played": 0, "won": 0, "streak": 0, "best_streak": 0, "best_time": None,
            "fewest_moves": None, "history": [], "daily": {}}


def _copy_base(g) -> dict:
    return {**g, "history": [list(e) for e in g["history"]], "daily": dict(g["daily"])}


def _mark(months: dict, day: str, won: bool) -> None:
    """Mark ``day``'s daily played (or won) in the calendar of months; won stays won."""
    month = day[:7]
    text = months.get(month)
    if text is None:
        text = "." * calendar.monthrange(int(day[:4]), int(day[5:7]))[1]
    i = int(day[8:]) - 1
    mark = "W" if won or text[i] == "W" else "L"
    months[month] = text[:i] + mark + text[i + 1:]


def _fold(g: dict, r: dict) -> None:
    """Add one result to a game's totals (in place)."""
    g["played"] = min(MAX_COUNT, g["played"] + 1)
    if r["won"]:
        g["won"] = min(MAX_COUNT, g["won"] + 1)
        g["streak"] = min(MAX_COUNT, g["streak"] + 1)
        g["best_streak"] = max(g["best_streak"], g["streak"])
        g["best_time"] = r["seconds"] if g["best_time"] is None else min(g["best_time"], r["seconds"])
        g["fewest_moves"] = r["moves"] if g["fewest_moves"] is None else min(g["fewest_moves"], r["moves"])
    else:
        g["streak"] = 0
    g["history"] = (g["history"] + [[r["day"], r["won"], r["moves"], r["seconds"]]])[-CHART:]
    if r["daily"] is not None:
        _mark(g["daily"], r["daily"], r["won"])


def _total(stats: dict, game_id: str) -> dict:
    """A game's totals over its base and every listed result."""
    g = stats["base"].get(game_id)
    g = _copy_base(g) if g is not None else _empty_base()
    for r in stats["results"]:
        if r["game"] == game_id:
            _fold(g, r)
    return g


def record(stats: dict, game_id: str, won: bool, moves: int, seconds: float, day: str,
           daily: str | None = None, id: str | None = None, t: int = 0,
           replay: str | None = None) -> None:
    """Add one finished game (a win, or a loss: a game left after a move). A game is
    counted once: a result with the same ``id`` in the same game is replaced (a game
    counted lost when one tab left it, then won in another, counts as won), a win never. Past :data:`MOST_RESULTS`
    results, the oldest are folded into the totals (:func:`compact`). ``replay``: its
    replay text, kept among the game's :data:`RECENT` last (none when too long)."""
    results = stats["results"]
    id = id or f"{game_id}:{day}:{len(results) + 1}"
    new = {"id": id, "game": game_id, "won": bool(won),
           "moves": max(0, min(MAX_MOVES, int(moves))),
           "seconds": max(0, min(MAX_SECONDS, round(float(seconds)))), "day": day,
           "daily": daily if daily is not None and FIRST_DAILY <= daily <= LAST_DAILY else None,
           "t": max(0, min(MAX_T, int(t)))}
    if stats["upto"] is not None and not _after(new, stats["upto"]):
        new["t"] = min(MAX_T, stats["upto"][0] + 1)  # a clock set back: still after the folded ones
    if any(r["won"] and (r["id"], r["game"]) == (id, game_id) for r in results):
        return  # counted won already: a win is never taken back
    if stats["upto"] is not None and not _after(new, stats["upto"]):
        # The folded ones end at the clock's last value (2**53): this one cannot be listed
        # after them, so it is folded straight into its game's totals.
        results = [r for r in results if (r["id"], r["game"]) != (id, game_id)]
        stats["results"] = results
        g = stats["base"].get(game_id)
        if g is None:
            g = stats["base"][game_id] = _empty_base()
        _fold(g, new)
        return
    stats["results"] = [r for r in results if (r["id"], r["game"]) != (id, game_id)] + [new]
    stats["results"].sort(key=_key)
    if isinstance(replay, str) and len(replay) <= REPLAY_CHARS:
        entry = {"id": id, "won": new["won"], "t": new["t"], "day": day, "replay": replay}
        recent = stats.setdefault("recent", {})
        recent[game_id] = _newest(recent.get(game_id, []) + [entry])
    compact(stats)


def _newest(entries: list) -> list:
    """A game's recent entries: each id once (a win over a loss, else the later), the
    newest :data:`RECENT`, oldest first."""
    by_id = {}
    for e in entries:
        old = by_id.get(e["id"])
        if old is None or (e["won"], e["t"]) > (old["won"], old["t"]):
            by_id[e["id"]] = e
    return sorted((dict(e) for e in by_id.values()), key=lambda e: (e["t"], e["id"]))[-RECENT:]


def _merge_recent(a: dict, b: dict) -> dict:
    both = {g: _newest(a.get(g, []) + b.get(g, [])) for g in sorted(set(a) | set(b))}
    return {g: entries for g, entries in both.items() if entries}


def recent_games(stats: dict, game_id: str) -> list:
    """The game's last finished games kept with their moves, newest first:
    ``{"id", "won", "t", "day", "replay"}``."""
    return list(reversed(stats.get("recent", {}).get(game_id, [])))


def games_counted(stats: dict) -> set:
    """The games a record counts (its totals and its listed results): at most
    :data:`MAX_GAMES`, as the reader takes."""
    return set(stats["base"]) | {r["game"] for r in stats["results"]}


def fit(stats: dict, keep=()) -> dict:
    """Trim a record, in place, to what its reader takes, whatever two copies merged into:
    at most :data:`MAX_GAMES` games counted, the recent games of at most :data:`MAX_GAMES`
    games, an ``epoch`` of at most :data:`MAX_T`. What goes first is a game not in
    ``keep`` (the games this page plays), the one with the fewest games played (for
    recent games: the one with the oldest). Returns what was left out:
    ``{"games": {game: (played, won)}, "recent": [game, ...]}`` (both empty when it all
    fits, as it always does unless a file or an earlier release named other games).

    >>> s = new_stats()
    >>> for i in range(MAX_GAMES + 1):
    ...     record(s, f"g{i:02d}", won=i % 2 == 0, moves=9, seconds=9, day="2026-11-30", id="a")
    >>> fit(s, keep=("g00",))["games"]
    {'g01': (1, 0)}
    >>> len(games_counted(s)), check(json.loads(json.dumps(s))) == s
    (16, True)
    """
    out = {"games": {}, "recent": []}
    stats["epoch"] = min(stats["epoch"], MAX_T)
    counted = games_counted(stats)
    while len(counted) > MAX_GAMES:
        totals = {g: _total(stats, g) for g in counted}
        gone = min(counted, key=lambda g: (g in keep, totals[g]["played"], g))
        out["games"][gone] = (totals[gone]["played"], totals[gone]["won"])
        stats["base"].pop(gone, None)
        stats["results"] = [r for r in stats["results"] if r["game"] != gone]
        stats.get("recent", {}).pop(gone, None)
        counted.discard(gone)
    recent = stats.get("recent", {})
    while len(recent) > MAX_GAMES:
        gone = min(recent, key=lambda g: (g in keep, g in counted, recent[g][-1]["t"], g))
        out["recent"].append(gone)
        del recent[gone]
    return out


def compact(stats: dict, most: int | None = None, keep: int | None = None) -> dict:
    """Past ``most`` (:data:`MOST_RESULTS`) listed results, fold all but the newest
    ``keep`` (:data:`KEEP_RESULTS`) into the totals (in place; returns ``stats``). Every
    figure the page shows is the same after."""
    most = MOST_RESULTS if most is None else most
    keep = KEEP_RESULTS if keep is None else keep
    results = stats["results"]
    if len(results) <= most:
        return stats
    results.sort(key=_key)
    old, stats["results"] = results[:-keep], results[-keep:]
    base = stats["base"]
    for r in old:
        g = base.get(r["game"])
        if g is None:
            g = base[r["game"]] = _empty_base()
        _fold(g, r)
    stats["upto"] = list(_key(old[-1]))
    return stats


def _combine(a: dict, b: dict) -> dict:
    """Two totals of one game whose games cannot be told apart: each figure the larger
    (or the better best), the streak and the chart of the one that counted more."""
    lead = a if (a["played"], a["won"]) >= (b["played"], b["won"]) else b
    times = [x for x in (a["best_time"], b["best_time"]) if x is not None]
    moves = [x for x in (a["fewest_moves"], b["fewest_moves"]) if x is not None]
    daily = dict(a["daily"])
    for month, text in b["daily"].items():
        mine = daily.get(month)
        daily[month] = text if mine is None else "".join(
            max(x, y, key=DAY_MARKS.index) for x, y in zip(mine, text))
    return {"played": max(a["played"], b["played"]), "won": max(a["won"], b["won"]),
            "streak": lead["streak"], "best_streak": max(a["best_streak"], b["best_streak"]),
            "best_time": min(times) if times else None,
            "fewest_moves": min(moves) if moves else None,
            "history": [list(e) for e in lead["history"]], "daily": daily}


def _same_game(kept: dict, x: dict, y: dict) -> dict:
    """Two copies of one game's result as one: ``kept`` (a win over a loss, else the
    later), with the daily either names and, when both are wins (never so, unless
    forged), the better time and moves of the two. Two different dailies (forged) keep
    ``kept``'s."""
    out = dict(kept)
    if out["daily"] is None:
        out["daily"] = x["daily"] if x["daily"] is not None else y["daily"]
    if x["won"] and y["won"]:
        out["moves"], out["seconds"] = min(x["moves"], y["moves"]), min(x["seconds"], y["seconds"])
    return out


def merge(a: dict, b: dict) -> dict:
    """Two copies as one: each listed result once (a win over a loss, else the later
    copy), each side's totals brought up to the later ``upto`` with the results it had
    not folded, then combined. Keeps ``a``'s epoch. Never counts a game twice; never
    leaves a count or a best (best streak, best time, fewest moves, a won daily) below
    either side's."""
    by_id = {}
    for r in a["results"] + b["results"]:
        old = by_id.get((r["id"], r["game"]))
        if old is None or (r["won"], r["t"]) > (old["won"], old["t"]):
            by_id[(r["id"], r["game"])] = r
        if old is not None:
            by_id[(r["id"], r["game"])] = _same_game(by_id[(r["id"], r["game"])], old, r)
    uptos = [tuple(x["upto"]) for x in (a, b) if x["upto"] is not None]
    upto = max(uptos) if uptos else None
    results = sorted(by_id.values(), key=_key)
    folded = [r for r in results if not _after(r, upto)]
    # A side counted a game in its totals only if it does not list it: the kept copy may
    # be another side's, from before this side's ``upto`` (a win kept over a later loss).
    listed = [{(r["id"], r["game"]) for r in x["results"]} for x in (a, b)]
    base = {}
    for game_id in sorted(set(a["base"]) | set(b["base"]) | {r["game"] for r in folded}):
        sides = []
        for x, own in zip((a, b), listed):
            g = x["base"].get(game_id)
            g = _copy_base(g) if g is not None else _empty_base()
            for r in folded:
                if r["game"] == game_id and (_after(r, x["upto"]) or (r["id"], r["game"]) in own):
                    _fold(g, r)
            sides.append(g)
        base[game_id] = _combine(*sides)
    out = {"v": STATS_VERSION, "results": [dict(r) for r in results if _after(r, upto)],
           "base": base, "upto": None if upto is None else list(upto), "epoch": a["epoch"],
           "recent": _merge_recent(a.get("recent", {}), b.get("recent", {}))}
    for game_id in {r["game"] for r in a["results"] + b["results"]} | set(a["base"]) | set(b["base"]):
        best = max(_total(a, game_id)["best_streak"], _total(b, game_id)["best_streak"])
        if _total(out, game_id)["best_streak"] < best:  # the two sides' games interleaved
            base.setdefault(game_id, _empty_base())["best_streak"] = best
    return compact(out)


def sync(mine: dict, stored: dict) -> dict:
    """What one tab holds merged with the stored copy. An import that replaced the
    statistics starts a new ``epoch``: merged with a copy from before it, only the
    results that copy finished after the replace are kept."""
    if mine["epoch"] == stored["epoch"]:
        return merge(mine, stored)
    new, old = (mine, stored) if mine["epoch"] > stored["epoch"] else (stored, mine)
    later = [r for r in old["results"] if r["t"] >= new["epoch"]]
    recent = {g: [e for e in entries if e["t"] >= new["epoch"]]
              for g, entries in old.get("recent", {}).items()}
    return merge(new, {**new_stats(), "results": later, "epoch": new["epoch"],
                       "recent": {g: e for g, e in recent.items() if e}})


def dailies(stats: dict, game_id: str) -> dict:
    """Per date, the daily's result ``{"won": bool}``; a daily once won stays won."""
    out = {}
    for month, text in sorted(_total(stats, game_id)["daily"].items()):
        for i, mark in enumerate(text):
            if mark != ".":
                out[f"{month}-{i + 1:02d}"] = {"won": mark == "W"}
    return out


def history(stats: dict, game_id: str) -> list:
    """The last results for the chart: ``[day, won, moves, seconds]``, oldest first."""
    return _total(stats, game_id)["history"]


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
    g = _total(stats, game_id)
    played, won = g["played"], g["won"]
    return {"played": played, "won": won, "win_rate": won / played if played else 0.0,
            "streak": g["streak"], "best_streak": g["best_streak"],
            "best_time": g["best_time"], "fewest_moves": g["fewest_moves"],
            "daily_streak": daily_streak(stats, game_id, today)}


def games_in(stats: dict) -> dict:
    """Per game id, ``(played, won)``: what a record holds, to show before an import."""
    out = {}
    for game_id in sorted({r["game"] for r in stats["results"]} | set(stats["base"])):
        g = _total(stats, game_id)
        out[game_id] = (g["played"], g["won"])
    return out


def most_chars() -> int:
    """The longest text :func:`json.dumps` gives for a record a writer can hold: every
    limit at its largest (the reader's size cap must be above it)."""
    result = {"id": "i" * 64, "game": "g" * 30, "won": False, "moves": MAX_MOVES,
              "seconds": MAX_SECONDS, "day": "2099-12-31", "daily": "2099-12-31", "t": MAX_T}
    months = (int(LAST_DAILY[:4]) - int(FIRST_DAILY[:4]) + 1) * 12
    game = {"played": MAX_COUNT, "won": MAX_COUNT, "streak": MAX_COUNT, "best_streak": MAX_COUNT,
            "best_time": MAX_SECONDS, "fewest_moves": MAX_MOVES,
            "history": [["2099-12-31", False, MAX_MOVES, MAX_SECONDS]] * CHART,
            "daily": {f"{2026 + i // 12:04d}-{i % 12 + 1:02d}": "L" * 31 for i in range(months)}}
    kept = {"id": "i" * 64, "won": False, "t": MAX_T, "day": "2099-12-31", "replay": "r" * REPLAY_CHARS}
    one = {"v": STATS_VERSION, "results": [result] * MOST_RESULTS,
           "base": {f"{i:030d}": game for i in range(MAX_GAMES)}, "upto": [MAX_T, "g" * 30, "i" * 64],
           "epoch": MAX_T, "recent": {f"{i:030d}": [kept] * RECENT for i in range(MAX_GAMES)}}
    return len(json.dumps(one))


# -- reading ---------------------------------------------------------------------------

def check(data) -> dict:
    """Validate a statistics record (version 3; version 2 or 1 turned into version 3),
    compacted to the writer's limits.

    Raises:
        RecordError: naming what is wrong (a newer schema included).
    """
    need(isinstance(data, dict) and is_int(data.get("v"), 0, 1 << 31), "rec_stats_not_record")
    need(data["v"] <= STATS_VERSION, "rec_stats_newer", schema=data["v"])
    if data["v"] == 1:
        need(isinstance(data.get("games"), dict), "rec_stats_layout", schema=1)
        need(len(data["games"]) <= MAX_GAMES, "rec_stats_too_many_games")
        base = {}
        for game_id, g in data["games"].items():
            need(isinstance(g, dict), "rec_stats_game", game_id=str(game_id)[:40])
            base[game_id] = _check_base(game_id, g, old=True)
        return {**new_stats(), "base": base}
    need(data["v"] in (2, STATS_VERSION) and isinstance(data.get("results"), list)
         and isinstance(data.get("base"), dict), "rec_stats_layout", schema=data["v"])
    need(is_int(data.get("epoch", 0), 0, MAX_T), "rec_stats_field", field="epoch")
    need(len(data["results"]) <= MAX_RESULTS, "rec_stats_too_many")
    need(len(data["base"]) <= MAX_GAMES, "rec_stats_too_many_games")
    upto = data.get("upto") if data["v"] == STATS_VERSION else None
    need(upto is None or (isinstance(upto, list) and len(upto) == 3 and is_int(upto[0], 0, MAX_T)
                          and isinstance(upto[1], str) and GAME_ID.fullmatch(upto[1]) is not None
                          and isinstance(upto[2], str) and RESULT_ID.fullmatch(upto[2]) is not None),
         "rec_stats_field", field="upto")
    seen = set()
    results = []
    for r in data["results"]:
        results.append(_check_result(r))
        need((r["id"], r["game"]) not in seen, "rec_stats_twice", id=r["id"])
        need(_after(r, upto), "rec_stats_folded", id=r["id"])
        seen.add((r["id"], r["game"]))
    base = {}
    for game_id, g in data["base"].items():
        base[game_id] = _check_base(game_id, g, old=data["v"] == 2)
    recent = _check_recent(data.get("recent", {})) if data["v"] == STATS_VERSION else {}
    games = set(base) | {r["game"] for r in results}
    need(len(games) <= MAX_GAMES, "rec_stats_too_many_games")
    out = {"v": STATS_VERSION, "results": sorted(results, key=_key), "base": base,
           "upto": upto, "epoch": data.get("epoch", 0), "recent": recent}
    for game_id, g in base.items():
        won = g["won"] + sum(1 for r in results if r["game"] == game_id and r["won"])
        need(g["best_streak"] <= won, "rec_stats_streaks", game_id=game_id)
    return compact(out)


def _check_recent(recent) -> dict:
    """The games kept to replay: per game at most :data:`RECENT`, each id once, each a
    replay text of that game within its limit (read in full only when opened)."""
    need(isinstance(recent, dict) and len(recent) <= MAX_GAMES, "rec_stats_field", field="recent")
    out = {}
    for game_id, entries in recent.items():
        need(isinstance(game_id, str) and GAME_ID.fullmatch(game_id) is not None, "rec_stats_game_name")
        need(isinstance(entries, list) and len(entries) <= RECENT, "rec_stats_recent", game_id=game_id)
        ids = set()
        for e in entries:
            need(isinstance(e, dict) and set(e) == RECENT_FIELDS and isinstance(e["id"], str)
                 and RESULT_ID.fullmatch(e["id"]) is not None and e["id"] not in ids
                 and isinstance(e["won"], bool) and is_int(e["t"], 0, MAX_T) and is_date(e["day"])
                 and isinstance(e["replay"], str) and len(e["replay"]) <= REPLAY_CHARS
                 and REPLAY_TEXT.fullmatch(e["replay"]) is not None
                 and e["replay"].startswith(game_id + "."), "rec_stats_recent", game_id=game_id)
            ids.add(e["id"])
        if entries:
            out[game_id] = _newest(entries)
    return out


def _check_result(r) -> dict:
    keys = {"id", "game", "won", "moves", "seconds", "day", "daily", "t"}
    need(isinstance(r, dict) and set(r) == keys, "rec_stats_result")
    need(isinstance(r["id"], str) and RESULT_ID.fullmatch(r["id"]) is not None, "rec_stats_result_id")
    for field, ok in (("game", isinstance(r["game"], str) and GAME_ID.fullmatch(r["game"]) is not None),
                      ("won", isinstance(r["won"], bool)),
                      ("moves", is_int(r["moves"], 0, MAX_MOVES)),
                      ("seconds", is_int(r["seconds"], 0, MAX_SECONDS)),
                      ("day", is_date(r["day"])),
                      ("daily", r["daily"] is None or (is_date(r["daily"])
                                                       and FIRST_DAILY <= r["daily"] <= LAST_DAILY)),
                      ("t", is_int(r["t"], 0, MAX_T))):
        need(ok, "rec_stats_result_field", id=r["id"], field=field)
    return dict(r)


def _check_base(game_id, g, old=False) -> dict:
    """One game's totals; ``old``: a version-1 or -2 record (dailies by date, a longer
    history), turned into version 3."""
    need(isinstance(game_id, str) and GAME_ID.fullmatch(game_id) is not None, "rec_stats_game_name")
    need(isinstance(g, dict), "rec_stats_game", game_id=game_id)
    for k in ("played", "won", "streak", "best_streak"):
        need(is_int(g.get(k), 0, MAX_COUNT), "rec_stats_game_field", game_id=game_id, field=k)
    need(g["won"] <= g["played"], "rec_stats_more_won", game_id=game_id)
    need(g["streak"] <= g["best_streak"] and g["streak"] <= g["won"]
         and (not old or g["best_streak"] <= g["won"]), "rec_stats_streaks", game_id=game_id)
    for k, high in (("best_time", MAX_SECONDS), ("fewest_moves", MAX_MOVES)):
        v = g.get(k)
        need(v is None or is_int(v, 0, high), "rec_stats_game_field", game_id=game_id, field=k)
        need((v is None) == (g["won"] == 0), "rec_stats_wins", game_id=game_id, field=k)
    hist = g.get("history", [])
    need(isinstance(hist, list) and len(hist) <= (1000 if old else CHART), "rec_stats_game_field",
         game_id=game_id, field="history")
    for e in hist:
        need(isinstance(e, list) and len(e) == 4 and is_date(e[0]) and isinstance(e[1], bool)
             and is_int(e[2], 0, MAX_MOVES) and is_int(e[3], 0, MAX_SECONDS),
             "rec_stats_history", game_id=game_id)
    days = g.get("daily", {})
    need(isinstance(days, dict), "rec_stats_game_field", game_id=game_id, field="daily")
    daily = {}
    if old:
        need(len(days) <= 40_000, "rec_stats_game_field", game_id=game_id, field="daily")
        for day, res in days.items():
            need(is_date(day) and FIRST_DAILY <= day <= LAST_DAILY, "rec_stats_daily_day",
                 game_id=game_id, day=str(day)[:20])
            need(isinstance(res, dict) and isinstance(res.get("won"), bool)
                 and is_int(res.get("moves", 0), 0, MAX_MOVES)
                 and is_int(res.get("seconds", 0), 0, MAX_SECONDS),
                 "rec_stats_daily", game_id=game_id, day=day)
        for day in sorted(days):
            _mark(daily, day, days[day]["won"])
    else:
        for month, text in days.items():
            ok = isinstance(month, str) and MONTH.fullmatch(month) is not None \
                and is_date(month + "-01") and FIRST_DAILY[:7] <= month <= LAST_DAILY[:7]
            need(ok, "rec_stats_daily_day", game_id=game_id, day=str(month)[:20])
            need(isinstance(text, str) and len(text) == calendar.monthrange(
                int(month[:4]), int(month[5:]))[1] and set(text) <= set(DAY_MARKS) and set(text) != {"."},
                "rec_stats_daily", game_id=game_id, day=month)
            daily[month] = text
    out = {k: g[k] for k in BASE_FIELDS}
    out["history"] = [list(e) for e in hist][-CHART:]
    out["daily"] = daily
    return out


__all__ = ["RecordError", "check", "compact", "daily_streak", "dailies", "fit", "games_counted", "games_in", "history",
           "merge", "most_chars", "new_stats", "recent_games", "record", "summary", "sync"]
