"""The controller's statistics files: import (merge or replace, after asking) and export.

Functions of the :class:`~solitaire.play.controller.Controller` (``c``), through :mod:`solitaire.play.moves`.
"""

import json

from ..engine.errors import SolitaireError
from ..engine.games import GAMES
from ..records import saved as S
from ..records.readers import read_json
from ..records.stats import MAX_GAMES, MAX_T, check as check_stats, games_counted, games_in, merge, sync
from ..words.messages import Message
from ..words.text import reason
from .answer import Answer, Offer


def import_stats(c, text) -> Answer:
    """An imported statistics file: say what it holds and ask to merge or replace."""
    ans = Answer()
    try:
        data = check_stats(read_json(text, S.STATS_CHARS))
    except (SolitaireError, RecursionError) as e:
        ans.say("import_bad", why=reason(e))
        return ans
    c.pending_import = data
    parts = [Message("import_game", game=GAMES[g].name if g in GAMES else g, played=p, won=w)
             for g, (p, w) in games_in(data).items()]
    games = "; ".join(parts) if parts else Message("import_none")
    c.offer = Offer("import", Message("import_offer", games=games, key=S.STATS_BACKUP_KEY),
                    [("merge", Message("merge")), ("replace", Message("replace")),
                     ("cancel", Message("cancel"))])
    ans.offer = c.offer
    return ans


def finish_import(c, action) -> Answer:
    """Merge (never lowering a count or a best of either side) or replace; either way,
    only after the statistics as they are now are written under the backup key and read
    back whole."""
    data, c.pending_import = c.pending_import, None
    ans = Answer()
    if data is None or action not in ("merge", "replace"):
        ans.say("import_cancelled")
        return ans
    fresh, problem = S.read_stats(c.store, c.now())
    c._problem(ans, problem)
    mine = sync(c.stats, fresh)
    c._fit_stats(ans, mine)   # (only a record an earlier release wrote could need it)
    if action == "merge":
        new = merge(mine, data)
        counted = games_counted(new)
        if len(counted) > MAX_GAMES:   # refused here: the merge would lose a game's counts
            ans.say("import_too_many_games", games=len(counted), most=MAX_GAMES)
            ans.say("import_cancelled")
            return ans
    else:   # a new epoch, after every one stored, within the reader's limit
        new = {**data, "epoch": min(MAX_T, max(c.now(), mine["epoch"] + 1))}
    try:
        text = S.stats_text(mine)
        c.store.set(S.STATS_BACKUP_KEY, text)
        back = c.store.get(S.STATS_BACKUP_KEY)
        if back != text or check_stats(read_json(back, S.STATS_CHARS)) != mine:
            raise S.StoreError("the backup did not read back")
    except (S.StoreError, SolitaireError):
        ans.say("write_failed_stats", why=Message("write_failed"))
        ans.say("import_cancelled")
        return ans
    c.stats = new
    if c._write_stats(ans, replace=True):
        ans.say("imported_merged" if action == "merge" else "imported_replaced")
    return ans


def export_stats(c) -> Answer:
    ans = Answer(download=(f"tabbycat-stats-{c.today()}.json", json.dumps(c.stats, indent=1)))
    ans.say("stats_exported")
    return ans
