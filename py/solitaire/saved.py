"""The page's stored records, each read by its one reader, over any key-value store.

The store is ``localStorage`` in the page and :class:`MemoryStore` in tests (two
controllers sharing one store are two tabs). ``get`` returns text or None; ``set``
raises :class:`StoreError` when the browser refuses (storage full or blocked).
A record that cannot be read is kept aside under ``<key>.corrupt.<time>`` and the
reader says why; nothing here ever stops the page.

>>> store = MemoryStore()
>>> store.set(PREFS_KEY, '{"winnable": "yes"}')
>>> prefs, problem = read_prefs(store, now=1)
>>> prefs["winnable"], problem[0], store.get("tabbycat.prefs.v1.corrupt.1")
(True, 'prefs_unreadable', '{"winnable": "yes"}')
"""

from .errors import SolitaireError
from .records import RecordError, is_int, read_json
from .stats import check as check_stats, new_stats
from .text import reason

SAVE_KEY = "tabbycat.game.v1"
PREFS_KEY = "tabbycat.prefs.v1"
STATS_KEY = "tabbycat.stats.v2"
STATS_V1_KEY = "tabbycat.stats.v1"
STATS_BACKUP_KEY = "tabbycat.stats.backup"
DAILY_KEY = "tabbycat.daily.v2"     # computed dailies: {"<game>:<date>": deal}
OLD_DAILY_KEY = "tabbycat.daily.v1"  # keyed by date alone: wrong for every game but one
GAME_CHARS = 400_000
PREFS_CHARS = 2_000
STATS_CHARS = 4_000_000
DAILY_CHARS = 100_000
DAILY_KEPT = 400
DEFAULT_PREFS = {"winnable": True, "theme": None, "autoplay": True, "four_colour": False,
                 "lang": None, "intro_seen": False, "shortcuts": True, "choose_first": False,
                 "difficulty": None}
LANGS = ("en", "es")    # a page language chosen in the menu; None follows the browser
DIFFICULTIES = ("easy", "medium", "hard")   # what New deal may ask for; None: any


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


def keep_aside(store, key: str, raw: str, now: int) -> str:
    """Move a bad record to ``<key>.corrupt.<now>``; returns that key ('' if the store
    refused: the record then stays where it was, still never overwritten by a reader)."""
    aside = f"{key}.corrupt.{now}"
    try:
        store.set(aside, raw)
    except StoreError:
        return ""
    store.remove(key)
    return aside


def read_record(store, key, max_chars, check, now, problem_key):
    """``(value, problem)``: the checked record or None, and a (message key, params)
    pair when the record was bad and kept aside."""
    raw = store.get(key)
    if raw is None:
        return None, None
    try:
        return check(read_json(raw, max_chars)), None
    except (SolitaireError, RecursionError) as e:
        aside = keep_aside(store, key, raw, now)
        return None, (problem_key, {"why": reason(e), "key": aside or key})


def read_game_record(store, now):
    """The saved game's record, checked for form only (the controller replays it)."""
    def check(data):
        if not isinstance(data, dict):
            raise RecordError("rec_game_not_record")
        for k in ("rev",):
            if k in data and not is_int(data[k], 0, 1 << 53):
                raise RecordError("rec_game_field", field=k)
        if "tab" in data and not (isinstance(data["tab"], str) and len(data["tab"]) <= 40):
            raise RecordError("rec_game_field", field="tab")
        return data
    return read_record(store, SAVE_KEY, GAME_CHARS, check, now, "saved_unreadable")


def check_prefs(data) -> dict:
    """Preferences: known keys of the right type (unknown keys are ignored).

    Raises:
        RecordError: naming the bad setting.
    """
    if not isinstance(data, dict):
        raise RecordError("rec_prefs_not_record")
    prefs = dict(DEFAULT_PREFS)
    for k in ("winnable", "autoplay", "four_colour", "intro_seen", "shortcuts", "choose_first"):
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
        if not (isinstance(k, str) and len(k) <= 50 and is_int(v, 1, (1 << 64) - 1)):
            raise RecordError("rec_daily_cache_entry")
    return data


def read_daily_cache(store, now) -> dict:
    cache, _ = read_record(store, DAILY_KEY, DAILY_CHARS, check_daily_cache, now, "")
    if store.get(OLD_DAILY_KEY) is not None:
        store.remove(OLD_DAILY_KEY)
    return cache or {}
