"""What a player keeps is never lost: a 1,000,000-game history keeps every figure under
the reader's cap, a record that cannot be read is never overwritten (kept aside, or held
where it is when there is no room), a saved game's daily claim is checked."""

import datetime
import json
from collections import deque

from solitaire.records import stats as ST
from solitaire.solver.daily import candidates, daily_deal
from solitaire.records.readers import read_json
from solitaire.records.saved import (DAILY_KEY, SAVE_KEY, STATS_CHARS, STATS_KEY, MemoryStore,
                             read_stats)
from solitaire.records.stats import compact, dailies, history, new_stats, summary
from test_play import TODAY, keys, tab

FIRST = datetime.date(2026, 1, 1)


def long_history(games=1_000_000, per_day=100, game_ids=("tabbycat", "spider1")):
    """A seeded history: ``per_day`` games a day from 2026-01-01, each day's daily of each
    game played first (won on most days). Yields results in the order they finished."""
    x = 0x9E3779B97F4A7C15
    for i in range(games):
        x = (x * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        day_n, k = divmod(i, per_day)
        day = (FIRST + datetime.timedelta(days=day_n)).isoformat()
        game = game_ids[k % len(game_ids)]
        daily = day if k < len(game_ids) else None
        won = (x >> 33) % 10 < (8 if daily else 4)
        yield {"id": f"g{i}", "game": game, "won": won, "moves": 60 + (x >> 20) % 200,
               "seconds": 90 + (x >> 40) % 3000, "day": day, "daily": daily, "t": 1_000 + i}


def reference(results, game_id):
    """Every figure, from the whole history at once."""
    played = won = streak = best = 0
    best_time = fewest = None
    chart = deque(maxlen=ST.CHART)
    days = {}
    for r in results:
        if r["game"] != game_id:
            continue
        played += 1
        if r["won"]:
            won, streak = won + 1, streak + 1
            best = max(best, streak)
            best_time = r["seconds"] if best_time is None else min(best_time, r["seconds"])
            fewest = r["moves"] if fewest is None else min(fewest, r["moves"])
        else:
            streak = 0
        chart.append([r["day"], r["won"], r["moves"], r["seconds"]])
        if r["daily"]:
            days[r["daily"]] = days.get(r["daily"], False) or r["won"]
    return {"played": played, "won": won, "streak": streak, "best_streak": best,
            "best_time": best_time, "fewest_moves": fewest}, list(chart), days


def written(results) -> dict:
    """The statistics record the page's writer makes of ``results``: added a block of 500
    at a time, folded past 2,000 as record() does."""
    s = new_stats()
    block = []
    for r in results:
        block.append(r)
        if len(block) == 500:
            s["results"] += block
            compact(s)
            block = []
    s["results"] += block
    return compact(s)


def test_a_million_games_keep_every_figure_under_the_readers_cap():
    """Results are added as the page adds them (a block at a time here, folded past 2,000
    as record() does); the record read back holds every figure of the whole history."""
    s = written(long_history())
    text = json.dumps(s)
    assert len(text) < STATS_CHARS
    back = ST.check(read_json(text, STATS_CHARS))
    assert back == s
    today = (FIRST + datetime.timedelta(days=1_000_000 // 100)).isoformat()
    for game_id in ("tabbycat", "spider1"):
        want, chart, days = reference(long_history(), game_id)
        got = summary(back, game_id, today)
        assert {k: got[k] for k in want} == want
        assert got["played"] == 500_000
        assert history(back, game_id) == chart
        assert dailies(back, game_id) == {d: {"won": w} for d, w in days.items()}
    print(f"1,000,000 games: {len(text):,} characters (cap {STATS_CHARS:,})")


def test_the_page_path_folds_as_it_counts():
    """Games counted through the controller (re-read, merge, write each time) stay
    under the writer's limit, every one counted. The store starts a few games short of
    the limit (written by the same writer, games counted earlier), and the controller's
    counting crosses it: the same path as counting every game through the controller,
    in seconds instead of minutes (each count re-reads the whole record)."""
    store = MemoryStore()
    earlier = new_stats()
    short = ST.MOST_RESULTS - 10
    for i in range(short):
        ST.record(earlier, "tabbycat", i % 3 == 0, 40 + i % 50, 60 + i % 90, TODAY, id=f"earlier{i}", t=i)
    assert earlier["upto"] is None and len(earlier["results"]) == short  # not folded yet
    store.set(STATS_KEY, json.dumps(earlier))
    c = tab(store)
    c.boot("?deal=1")
    for i in range(40):
        c.session.recorded = False
        c._count(c.session, i % 2 == 0, c.deal())
        c.session = c._new_session(1)
    stored = json.loads(c.store.get(STATS_KEY))
    assert len(stored["results"]) <= ST.MOST_RESULTS and stored["upto"] is not None
    assert summary(read_stats(c.store, 1)[0], "tabbycat", TODAY)["played"] == short + 40


# -- records that cannot be read --------------------------------------------------------------

BAD_STATS = json.dumps({"v": 9, "pad": "x" * 1_500_000})   # newer, so unreadable here
BIG_GAME = json.dumps({"v": 1, "game": "tabbycat", "deal": "3", "moves": ["deal"] * 150_000})


def full_store(key, text, room):
    store = MemoryStore(quota=len(text) + room)
    store.set(key, text)
    return store


def test_unreadable_statistics_with_no_room_for_a_copy_are_held_not_overwritten():
    store = full_store(STATS_KEY, BAD_STATS, room=50_000)
    c = tab(store)
    ans = c.boot("?deal=1")
    assert "stats_held" in keys(ans) and "kept aside" not in " ".join(ans.status)
    assert ans.offer.kind == "held"
    c.deal()
    c.start_deal(2)  # a game counted: in this tab only
    assert store.get(STATS_KEY) == BAD_STATS
    assert summary(c.stats, "tabbycat", TODAY)["played"] == 1
    other = tab(store, seed=2)  # a second tab, and a reload
    other.boot("?deal=5")
    other.deal()
    other.start_deal(6)
    assert store.get(STATS_KEY) == BAD_STATS
    assert [k for k in store.keys() if "corrupt" in k] == []
    c.offer = ans.offer
    out = c.answer_offer("export")
    assert out.download and json.loads(out.download[1])["results"][0]["game"] == "tabbycat"


def test_unreadable_statistics_are_moved_aside_when_there_is_room():
    store = full_store(STATS_KEY, BAD_STATS, room=len(BAD_STATS) + 200_000)
    c = tab(store)
    ans = c.boot("?deal=1")
    aside = [k for k in store.keys() if ".corrupt." in k]
    assert "stats_unreadable" in keys(ans) and aside and store.get(aside[0]) == BAD_STATS
    c.deal()
    c.start_deal(2)
    assert summary(read_stats(store, 1)[0], "tabbycat", TODAY)["played"] == 1


def test_a_saved_game_over_the_limit_with_no_room_is_held_and_the_new_game_kept_in_the_tab():
    store = full_store(SAVE_KEY, BIG_GAME, room=60_000)
    c = tab(store)
    ans = c.boot("?deal=7")
    assert "saved_held" in keys(ans)
    for _ in range(3):
        c.deal()
    c.start_deal(8)
    c.leave_page()
    assert store.get(SAVE_KEY) == BIG_GAME
    assert summary(c.stats, "tabbycat", TODAY)["played"] == 1  # statistics are still written
    assert summary(read_stats(store, 1)[0], "tabbycat", TODAY)["played"] == 1


def test_a_held_record_removed_by_the_player_lets_the_tab_save_again():
    store = full_store(STATS_KEY, BAD_STATS, room=50_000)
    c = tab(store)
    c.boot("?deal=1")
    store.remove(STATS_KEY)
    c.deal()
    c.start_deal(2)
    assert summary(read_stats(store, 1)[0], "tabbycat", TODAY)["played"] == 1


def test_a_second_bad_copy_in_the_same_second_is_kept_beside_the_first():
    from solitaire.records.saved import PREFS_KEY, read_prefs
    store = MemoryStore()
    for text in ('{"winnable": 1}', '{"winnable": 2}'):
        store.set(PREFS_KEY, text)
        problem = read_prefs(store, now=7)[1]
    assert problem[1]["key"] == f"{PREFS_KEY}.corrupt.7+"
    assert store.get(f"{PREFS_KEY}.corrupt.7") == '{"winnable": 1}'
    assert store.get(f"{PREFS_KEY}.corrupt.7+") == '{"winnable": 2}'
    assert store.get(PREFS_KEY) is None


class Lossy(MemoryStore):
    """A store that takes a write and then gives back less than it was given."""

    def set(self, key, value):
        super().set(key, value[:-1] if ".corrupt." in key else value)


def test_a_bad_record_whose_copy_does_not_read_back_whole_is_held_where_it_is():
    from solitaire.records.saved import PREFS_KEY, held, read_prefs
    store = Lossy()
    store.set(PREFS_KEY, '{"winnable": 1}')
    prefs, problem = read_prefs(store, now=7)
    assert problem[0] == "prefs_held" and problem[1]["key"] == PREFS_KEY
    assert held(problem) == PREFS_KEY and store.get(PREFS_KEY) == '{"winnable": 1}'
    assert problem[1]["why"].key == "rec_setting_not_bool"


def test_the_memory_store_removes_a_missing_key_as_local_storage_does():
    store = MemoryStore()
    store.remove("absent")
    assert store.keys() == []


def test_an_unreadable_daily_cache_is_kept_aside_when_a_daily_is_written():
    from solitaire.records.saved import write_daily_cache
    store = MemoryStore()
    store.set(DAILY_KEY, '{"tabbycat:2026-01-01": 0}')
    assert write_daily_cache(store, 9, "tabbycat:2026-01-02", 5)
    assert store.get(f"{DAILY_KEY}.corrupt.9") == '{"tabbycat:2026-01-01": 0}'
    assert json.loads(store.get(DAILY_KEY)) == {"tabbycat:2026-01-02": 5}


def test_a_held_daily_cache_is_not_written_over():
    from solitaire.records.saved import write_daily_cache
    bad = '{"tabbycat:2026-01-01": 0}'
    store = MemoryStore(quota=len(bad) + 10)
    store.set(DAILY_KEY, bad)
    assert not write_daily_cache(store, 9, "tabbycat:2026-01-02", 5)
    assert store.get(DAILY_KEY) == bad and store.keys() == [DAILY_KEY]


def test_a_daily_cache_the_store_refuses_is_not_written():
    from solitaire.records.saved import write_daily_cache
    store = MemoryStore(quota=10)
    assert not write_daily_cache(store, 9, "tabbycat:2026-01-02", 5)
    assert store.keys() == []


def test_the_old_daily_cache_keyed_by_date_alone_is_removed_on_reading():
    from solitaire.records.saved import OLD_DAILY_KEY, read_daily_cache
    store = MemoryStore()
    store.set(OLD_DAILY_KEY, '{"2026-01-01": 5}')
    store.set(DAILY_KEY, '{"tabbycat:2026-01-01": 6}')
    assert read_daily_cache(store, 1) == {"tabbycat:2026-01-01": 6}
    assert store.get(OLD_DAILY_KEY) is None and store.keys() == [DAILY_KEY]


# -- claims ------------------------------------------------------------------------------------

def saved_daily(store, day, deal, game="tabbycat"):
    store.set(SAVE_KEY, json.dumps({"v": 1, "game": game, "deal": str(deal), "daily": day,
                                    "moves": [], "id": "g1-1"}))


def test_a_saved_game_that_forges_a_daily_is_an_ordinary_deal():
    store = MemoryStore()
    saved_daily(store, "2026-11-02", 3)
    c = tab(store)
    ans = c.boot("")
    assert "saved_daily_refused" in keys(ans) and "2026-11-02" in " ".join(ans.status)
    assert c.session.daily is None and c.session.deal == 3 and c.link() == "?deal=3&game=tabbycat"
    assert json.loads(store.get(SAVE_KEY))["daily"] is None or not c.session.daily


def test_a_daily_claim_contradicted_by_the_cache_or_unchecked_is_refused():
    day = "2026-11-02"
    number = daily_deal(day)
    other = next(n for n in candidates(day) if n != number)
    store = MemoryStore()
    store.set(DAILY_KEY, json.dumps({f"tabbycat:{day}": number}))
    saved_daily(store, day, other)
    ans = tab(store).boot("")
    assert "saved_daily_refused" in keys(ans)
    store = MemoryStore()
    saved_daily(store, day, number)  # that day's deal, but nothing here says so
    c = tab(store)
    ans = c.boot("")
    assert "saved_daily_unchecked" in keys(ans) and c.session.daily is None


def test_a_daily_claim_the_cache_confirms_is_kept_and_counts_as_the_daily():
    day = "2026-11-02"
    store = MemoryStore()
    c = tab(store)
    c.boot(f"?daily={day}")
    while c.task is not None:
        c.step()
    assert c.session.daily == day
    c.deal()
    c.leave_page()
    again = tab(store, seed=3)
    ans = again.boot("")
    assert again.session.daily == day and not any(k.startswith("saved_daily") for k in keys(ans))
    again.start_deal(5)
    assert day in dailies(again.stats, "tabbycat")
