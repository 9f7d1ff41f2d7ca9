"""The page's stored records, each read by its one reader, over any key-value store.

The store is ``localStorage`` in the page and :class:`MemoryStore` in tests (two
controllers sharing one store are two tabs). ``get`` returns text or None; ``set``
raises :class:`StoreError` when the browser refuses (storage full or blocked).
A record that cannot be read is kept aside under ``<key>.corrupt.<time>`` and the
reader says why; when the store has no room for that copy, the record stays where it is,
*held*: the controller then never writes that key (it plays on in memory and says so).
Nothing here ever stops the page, and nothing here overwrites or deletes a record it
could not read.

Each record's limits live with its reader and its writer (one contract): the statistics'
in :mod:`solitaire.records.stats` (:func:`~solitaire.records.stats.most_chars` is below
:data:`STATS_CHARS`), the saved game's in :func:`game_text` (never more than
:data:`GAME_CHARS`).

>>> store = MemoryStore()
>>> store.set(PREFS_KEY, '{"winnable": "yes"}')
>>> prefs, problem = read_prefs(store, now=1)
>>> prefs["winnable"], problem[0], store.get("tabbycat.prefs.v1.corrupt.1")
(True, 'prefs_unreadable', '{"winnable": "yes"}')
>>> full = MemoryStore(quota=30)
>>> full.set(PREFS_KEY, '{"winnable": "yes"}')
>>> read_prefs(full, now=1)[1][0], full.get(PREFS_KEY), held(read_prefs(full, now=1)[1])
('prefs_held', '{"winnable": "yes"}', 'tabbycat.prefs.v1')
"""

import json

from ..engine.errors import SolitaireError
from ..words.text import reason
from .readers import MAX_DEAL, RecordError, is_int, read_json
from .stats import check as check_stats, new_stats

SAVE_KEY = "tabbycat.game.v1"
PREFS_KEY = "tabbycat.prefs.v1"
STATS_KEY = "tabbycat.stats.v2"
STATS_V1_KEY = "tabbycat.stats.v1"
STATS_BACKUP_KEY = "tabbycat.stats.backup"
DAILY_KEY = "tabbycat.daily.v2"     # computed dailies: {"<game>:<date>": deal}
OLD_DAILY_KEY = "tabbycat.daily.v1"  # keyed by date alone: wrong for every game but one
GAME_CHARS = 400_000     # a saved game: MAX_MOVES moves of at most 16 characters fit
PREFS_CHARS = 2_000
STATS_CHARS = 4_000_000  # above stats.most_chars() (about 1.2 million)
DAILY_CHARS = 100_000
DAILY_KEPT = 400
DAILY_KEY_CHARS = 50    # "<game>:<date>"
TAB_CHARS = 40      # a tab's mark in the saved game
DEFAULT_PREFS = {"winnable": True, "theme": None, "autoplay": True, "four_colour": False,
                 "lang": None, "intro_seen": False, "shortcuts": True, "choose_first": False,
                 "difficulty": None, "motion": None, "hint_used": False, "hint_ahead": True}
# The on/off settings. hint_used: the player has asked for a Hint (set by the first one);
# hint_ahead: the menu's switch that lets Hint be searched ahead once they have.
SWITCHES = ("winnable", "autoplay", "four_colour", "intro_seen", "shortcuts", "choose_first",
            "hint_used", "hint_ahead")
LANGS = ("en", "es")    # a page language chosen in the menu; None follows the browser
DIFFICULTIES = ("easy", "medium", "hard")   # what New deal may ask for; None: any
MOTIONS = ("slow", "normal", "fast", "off")  # the cards' motion; None follows the system


class StoreError(Exception):
    """The store refused a write (quota, private mode)."""


class MemoryStore:
    """A dict with localStorage's interface; ``quota`` (characters) makes writes fail."""

    def __init__(self, quota: int | None = None):
        self.data: dict[str, str] = {}
        self.quota = quota

    def get(self, key):
        return self.data.get(key)

    def set(self, key, value):
        if self.quota is not None and sum(map(len, self.data.values())) - len(
                self.data.get(key, "")) + len(value) > self.quota:
            raise StoreError("quota exceeded")
        self.data[key] = value

    def remove(self, key):
        self.data.pop(key, None)

    def keys(self):
        return list(self.data)


def checked_text(value, max_chars: int, check) -> str:
    """The text a record is stored as, once its own reader (``read_json`` with the
    record's size and depth limits, then ``check``) has taken it back unchanged: every
    writer stores through this, so nothing the page writes is refused on the next load.

    Raises:
        RecordError: the reader's reason (the caller reports the write as failed and the
        record stays in the tab; :func:`~solitaire.records.stats.fit` and the writers'
        own trimming keep this from happening).
    """
    text = json.dumps(value)
    if check(read_json(text, max_chars)) != value:
        raise RecordError("rec_write_changed")
    return text


def stats_text(stats) -> str:
    """The statistics as stored (under :data:`STATS_KEY` or :data:`STATS_BACKUP_KEY`)."""
    return checked_text(stats, STATS_CHARS, check_stats)


def prefs_text(prefs) -> str:
    return checked_text(prefs, PREFS_CHARS, check_prefs)


def keep_aside(store, key: str, raw: str, now: int) -> str:
    """Copy a bad record to ``<key>.corrupt.<now>``, read the copy back, then remove the
    original; returns the new key, or '' if the store refused the copy (or it did not
    read back whole): the record then stays where it was, untouched."""
    aside = f"{key}.corrupt.{now}"
    while store.get(aside) is not None:   # never over an earlier copy
        aside += "+"
    try:
        store.set(aside, raw)
    except StoreError:
        return ""
    if store.get(aside) != raw:
        return ""
    store.remove(key)
    return aside


def problem_of(problem_key: str, e, store, key: str, raw: str, now: int):
    """The problem of a record that cannot be read (see :func:`read_record`): kept
    aside, or held where it is when the store has no room for the copy."""
    aside = keep_aside(store, key, raw, now)
    if aside:
        return (problem_key, {"why": reason(e), "key": aside}, None)
    held_key = problem_key.replace("_unreadable", "_held")
    return (held_key, {"why": reason(e), "key": key}, key)


def held(problem) -> str | None:
    """The key of a record that could not be read nor moved, which no writer may touch."""
    return problem[2] if problem else None


def read_record(store, key, max_chars, check, now, problem_key):
    """``(value, problem)``: the checked record or None, and, when the record was bad,
    ``(message key, params, held key)``: ``<problem_key>`` with the key it was kept
    aside under, or ``<…>_held`` and the record's own key (then :func:`held`) when there
    was no room for the copy."""
    raw = store.get(key)
    if raw is None:
        return None, None
    try:
        return check(read_json(raw, max_chars)), None
    except (SolitaireError, RecursionError) as e:
        return None, problem_of(problem_key or "cache_unreadable", e, store, key, raw, now)


def _game_form(data):
    """The saved game's record, checked for form (the controller replays its moves)."""
    if not isinstance(data, dict):
        raise RecordError("rec_game_not_record")
    for k in ("rev",):
        if k in data and not is_int(data[k], 0, 1 << 53):
            raise RecordError("rec_game_field", field=k)
    if "tab" in data and not (isinstance(data["tab"], str) and len(data["tab"]) <= TAB_CHARS):
        raise RecordError("rec_game_field", field="tab")
    return data


def read_game_record(store, now):
    """The saved game's record, checked for form only (the controller replays it)."""
    return read_record(store, SAVE_KEY, GAME_CHARS, _game_form, now, "saved_unreadable")


def check_prefs(data) -> dict:
    """Preferences: known keys of the right type (unknown keys are ignored).

    Raises:
        RecordError: naming the bad setting.
    """
    if not isinstance(data, dict):
        raise RecordError("rec_prefs_not_record")
    prefs = dict(DEFAULT_PREFS)
    for k in SWITCHES:
        if k in data:
            if not isinstance(data[k], bool):
                raise RecordError("rec_setting_not_bool", name=k)
            prefs[k] = data[k]
    if "theme" in data:
        if data["theme"] not in (None, "light", "dark"):
            raise RecordError("rec_theme")
        prefs["theme"] = data["theme"]
    if "lang" in data:
        if data["lang"] not in (None, *LANGS):
            raise RecordError("rec_lang")
        prefs["lang"] = data["lang"]
    if "difficulty" in data:
        if data["difficulty"] not in (None, *DIFFICULTIES):
            raise RecordError("rec_difficulty")
        prefs["difficulty"] = data["difficulty"]
    if "motion" in data:  # a record written before the setting has none: the system's
        if data["motion"] not in (None, *MOTIONS):
            raise RecordError("rec_motion")
        prefs["motion"] = data["motion"]
    return prefs


def read_prefs(store, now):
    prefs, problem = read_record(store, PREFS_KEY, PREFS_CHARS, check_prefs, now, "prefs_unreadable")
    return prefs or dict(DEFAULT_PREFS), problem


def read_stats(store, now):
    """The statistics: version 2, else version 1 turned into version 2 (the version-1
    record is left where it is), else new counts."""
    stats, problem = read_record(store, STATS_KEY, STATS_CHARS, check_stats, now, "stats_unreadable")
    if stats is None and problem is None:
        stats, problem = read_record(store, STATS_V1_KEY, STATS_CHARS, check_stats, now,
                                     "stats_unreadable")
    return stats or new_stats(), problem


def check_daily_cache(data) -> dict:
    if not isinstance(data, dict) or len(data) > 10 * DAILY_KEPT:
        raise RecordError("rec_daily_cache")
    for k, v in data.items():
        if not (isinstance(k, str) and len(k) <= DAILY_KEY_CHARS and is_int(v, 1, MAX_DEAL)):
            raise RecordError("rec_daily_cache_entry")
    return data


def read_daily_cache(store, now) -> dict:
    """The computed dailies; ``{}`` when there are none or they cannot be read (then
    kept aside, or held: :func:`write_daily_cache` leaves a held record alone)."""
    cache, _ = read_record(store, DAILY_KEY, DAILY_CHARS, check_daily_cache, now, "")
    if store.get(OLD_DAILY_KEY) is not None:
        store.remove(OLD_DAILY_KEY)
    return cache or {}


def write_daily_cache(store, now, key: str, number: int) -> bool:
    """Add one computed daily, keeping the last :data:`DAILY_KEPT`; False when it was
    not written (no room, or an unreadable cache that could not be moved aside)."""
    cache, problem = read_record(store, DAILY_KEY, DAILY_CHARS, check_daily_cache, now, "")
    if held(problem):
        return False
    cache = dict(cache or {})
    cache.pop(key, None)
    cache[key] = number
    try:
        store.set(DAILY_KEY, checked_text(dict(list(cache.items())[-DAILY_KEPT:]), DAILY_CHARS,
                                          check_daily_cache))
    except (StoreError, RecordError):
        return False
    return True


def game_text(session, rev: int, tab: str, counted: bool | None = None) -> str | None:
    """The saved game's record as written, always one its reader takes back: within
    :data:`GAME_CHARS` and the :class:`Session` limit of moves. What does not fit goes first
    (the Restart that Undo could take back, then the redo list); None when the moves
    played alone do not fit (the game is then kept in the tab only). ``counted``: what the
    record says of whether its result is in the stored statistics (else what the game in
    play holds as ``recorded``)."""
    from .session import MAX_MOVES
    data = {**session.to_dict(), "rev": rev, "tab": tab}
    if counted is not None:   # whether its result is in the stored statistics
        data["recorded"] = counted

    def fits(d):
        return len(d["moves"]) + len(d["redo"]) <= MAX_MOVES and all(
            len(part) <= MAX_MOVES for part in d["restart"] or ())

    for trim in ({}, {"restart": None}, {"restart": None, "redo": []}):
        d = {**data, **trim}
        if fits(d):
            text = json.dumps(d)
            try:
                _game_form(read_json(text, GAME_CHARS))   # the reader's form (it raises)
            except RecordError:
                continue
            return text
    return None
