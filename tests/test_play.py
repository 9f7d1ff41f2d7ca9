"""The game controller in CPython: every race and bad record of issue 10, in milliseconds.

Two controllers sharing one :class:`MemoryStore` are two tabs of one browser.
"""

import functools
import itertools
import json

import pytest

from solitaire import get_game
from solitaire.play.answer import CLOSED
from solitaire.engine.position import parse_line
from solitaire.solver.daily import daily_deal
from solitaire.play.controller import Controller
from solitaire.records.saved import (DAILY_KEY, PREFS_KEY, SAVE_KEY, STATS_BACKUP_KEY, STATS_KEY,
                             STATS_V1_KEY, MemoryStore)
from solitaire.solver.search import replay, solve
from solitaire.records.stats import summary

TODAY = "2026-11-30"


def tab(store=None, seed=1, today=TODAY):
    """A controller over ``store`` with a clock and random numbers of its own."""
    clock = itertools.count(1_000 * seed)
    numbers = itertools.count(seed * 7919)
    return Controller(store if store is not None else MemoryStore(), now=lambda: next(clock),
                      today=lambda: today, random=lambda: next(numbers) * 2654435761 % (1 << 32))


def run(c, limit=10_000):
    """Step the running search to its end; the last answer."""
    ans = None
    for _ in range(limit):
        if c.task is None:
            return ans
        ans = c.step()
    raise AssertionError("the search did not end")


def keys(ans):
    return [m.key for m in ans.status or []]


# -- daily deals ---------------------------------------------------------------------------

def test_daily_cache_is_keyed_by_game_and_date():
    """Defect 4: Tabby Cat's daily of a date, then Spider's: each gets its own deal."""
    c = tab()
    c.boot("?daily=2026-02-03&game=tabbycat")
    run(c)
    assert c.session.deal == daily_deal("2026-02-03", "tabbycat")
    c.boot("?daily=2026-02-03&game=spider1")
    run(c)
    assert c.session.game.id == "spider1" and c.session.deal == daily_deal("2026-02-03", "spider1")
    assert set(json.loads(c.store.get(DAILY_KEY))) == {"tabbycat:2026-02-03", "spider1:2026-02-03"}


def test_a_daily_link_of_another_game_on_a_first_visit_shows_that_games_board():
    """A fresh profile opening ``?daily=...&game=spider4``: while the daily is computed,
    the board on the table is of the game in play (it was Tabby Cat's deal 1 under
    Spider's table, which the page could not draw). 2026-11-30 is pinned in test_daily."""
    c = tab()
    c.boot("?daily=2026-11-30&game=spider4")
    assert c.task is not None and c.game.id == "spider4" and c.session.game is c.game
    run(c)
    assert c.session.game.id == "spider4" and c.session.deal == 488836131


def test_a_cached_daily_that_is_not_a_candidate_is_not_trusted():
    """A cache entry naming a deal that is not one of the day's candidates is ignored."""
    store = MemoryStore()
    store.set(DAILY_KEY, json.dumps({"tabbycat:2026-02-03": 5}))
    c = tab(store)
    c.boot("?deal=1")
    c.daily("2026-02-03")
    run(c)
    assert c.session.deal == daily_deal("2026-02-03")


def test_one_daily_generator_serves_the_command_line_and_the_page(monkeypatch):
    """Defect 5: the page's daily comes from daily.DailySearch, what the CLI runs."""
    import solitaire.play.tasks as tasks  # (the controller's searches, the daily's among them)
    calls = []
    real = tasks.DailySearch
    monkeypatch.setattr(tasks, "DailySearch", lambda *a: calls.append(a) or real(*a))
    c = tab()
    c.boot("?deal=1")
    c.daily("2026-01-01")
    run(c)
    assert calls and c.session.deal == daily_deal("2026-01-01")


def test_a_daily_not_out_yet_and_a_bad_date_give_a_message_and_a_board():
    c = tab()
    assert "not out yet" in " ".join(c.boot("?daily=2099-12-31").status)
    assert c.session is not None and c.task is None
    assert keys(c.boot("?daily=<b>x</b>")) == ["bad_daily_link"]


def test_the_shortcut_addresses_open_todays_daily_and_a_new_deal():
    """The installed app's shortcuts (web/manifest.webmanifest) cannot hold a date or a
    number: ``?daily=today`` opens today's daily (2026-11-30, pinned in test_daily) and
    ``?deal=new`` deals a new board as the New deal button does, proved winnable, of the
    game in progress or the one named; both leave the address of the board they open."""
    c = tab()
    c.boot("?daily=today&game=spider4")
    run(c)
    assert c.session.game.id == "spider4" and c.session.daily == TODAY and c.session.deal == 488836131
    assert c.link() == "?daily=2026-11-30&game=spider4"
    store = MemoryStore()
    d = tab(store)
    d.boot("?deal=7&game=manx")
    e = tab(store, seed=2)
    ans = drive(e, e.boot("?deal=new"))
    assert keys(ans) == ["deal_proved"]
    assert e.session.game.id == "manx" and e.session.deal not in (1, 7) and not e.session.daily
    assert e.link() == f"?deal={e.session.deal}&game=manx"
    assert solve(e.game, e.game.deal(e.session.deal), budget=e.winnable_budget()).verdict == "won"
    f = tab()
    f.boot("?deal=new&game=tuxedo")
    run(f)
    assert f.session.game.id == "tuxedo" and f.session.deal != 1


# -- searches that outlive their board -------------------------------------------------------

def test_a_new_deal_search_never_replaces_the_board_chosen_since():
    """Defect 6: spider2, New deal (search runs), Daily, a move: the old search ends
    without replacing the daily, and the daily is not counted as a loss."""
    c = tab()
    c.SLICE = 50  # so the search is still running after a step
    c.boot("?deal=1&game=spider2")
    c.new_deal()
    c.step()
    assert c.task is not None and c.task[0] == "new_deal"
    c.daily(TODAY)
    run(c)
    daily = c.session
    assert daily.daily == TODAY and daily.deal == daily_deal(TODAY, "spider2")
    move = c.game.legal_moves(daily.position)[0]
    c.play(move)
    run(c)
    assert c.session is daily and daily.moves == [move]
    assert summary(c.stats, "spider2", TODAY)["played"] == 0


def test_a_move_during_new_deal_drops_the_search_and_says_so():
    """A search belongs to the board it was started for: a move on that board drops it."""
    c = tab()
    c.SLICE = 50  # so the search is still running after a step
    c.boot("?deal=1&game=spider2")
    c.new_deal()
    c.step()
    start = c.session
    ans = c.deal()
    assert c.task is None and ans.search_done and "new_deal_dropped" in keys(ans)
    assert c.session is start and run(c) is None


def test_the_deal_box_during_new_deal_wins():
    c = tab()
    c.SLICE = 50  # so the search is still running after a step
    c.boot("?deal=1&game=spider2")
    c.new_deal()
    c.deal_box("12345")
    run(c)
    assert c.session.deal == 12345


# 33 moves of a winning line of deal 1, then a blunder (the last deal) after which
# the solver proves the deal lost within 30,000 positions (written out, so that it does
# not follow which winning line the solver finds).
LOST_LINE = ("4>2 1>2 3>t 2>4*3 deal t>2 2>4*2 4>2*6 deal 4>t 2>4 2>1*5 deal 2>1 1>2*7 "
             "2>4*3 deal t>4 deal 2>t 2>4*6 3>2 4>1*2 deal 3>2 deal 3>4 deal 4>3 2>4 2>4 "
             "t>1 deal 4>t")


@functools.lru_cache
def lost_line():
    """A line into deal 1 ending in a blunder the solver proves lost."""
    game = get_game("tabbycat")
    line = parse_line(LOST_LINE)
    before = replay(game, game.deal(1), line[:-1])
    assert solve(game, before, budget=30_000).verdict == "won"
    assert solve(game, game.apply(before, line[-1]), budget=30_000).verdict == "unwinnable"
    return tuple(line)


def test_undo_while_looking_back_drops_the_search():
    """Defect 7: Hint on a lost position, then Undo several times while it looks back:
    the look-back belongs to the position it started from, so it stops and says so, and
    no offer ever counts a negative number of moves."""
    c = tab()
    c.SLICE = 200  # so the look-back is still running after a step
    c.boot("?deal=1")
    for move in lost_line():
        c.play(move)
    c.hint()
    while c.task is not None and (c.task[2].last is None or c.task[2].last.label.key != "looking_back"):
        c.step()
    assert c.task is not None  # looking back now
    answers = [c.undo() for _ in range(3)]
    assert "hint_dropped" in keys(answers[0]) and answers[0].search_done
    assert c.task is None and c.offer is None and run(c) is None


def drive(c, ans):
    """``ans`` and the answers of the steps after it, merged.

    Bounded: a task that has not ended after ``STEPS`` steps fails the test instead of hanging
    the suite (every search here is a slice of a bounded budget).
    """
    for _ in range(STEPS):
        if c.task is None:
            return ans
        ans = ans.merge(c.step())
    raise AssertionError(f"the task did not end within {STEPS} steps")


STEPS = 100_000


def test_hint_on_a_lost_position_offers_the_undo_and_takes_it():
    c = tab()
    c.boot("?deal=1")
    line = lost_line()
    for move in line:
        c.play(move)
    ans = drive(c, c.hint())
    assert ans.offer.text.key == "offer_undo_one" and "no_line" in keys(ans)
    ans = c.answer_offer("yes")
    assert c.session.moves == list(line[:-1]) and "undone_to_win" in keys(ans)


def test_a_hint_for_an_old_position_is_dropped():
    c = tab()
    c.SLICE = 50
    c.boot("?deal=2")
    c.hint()
    c.deal()
    assert run(c) is None and c.hint_move is None


# -- the address ---------------------------------------------------------------------------

@pytest.mark.parametrize("query", ["?deal=\u00b2", "?deal=%C2%B2", "?deal=\u2460", "?deal=%E2%91%A0",
                                   "?deal=99999999999999999999999", "?deal=0", "?deal=-3"])
def test_a_deal_number_in_another_script_gives_a_message(query):
    """Defect 8: '?deal=²' (and '①') no longer stops the page: a message and a board."""
    c = tab()
    ans = c.boot(query)
    assert keys(ans) == ["bad_deal_link"] and c.session.deal == 1


def test_a_link_to_another_game_opens_that_game():
    store = MemoryStore()
    c = tab(store)
    c.boot("?deal=5")
    d = tab(store, seed=2)
    d.boot("?game=manx")
    assert d.session.game.id == "manx" and d.link() == "?deal=1&game=manx"
    e = tab(store, seed=3)
    e.boot("")
    assert e.session.game.id == "manx"


def test_an_unknown_game_and_an_overlong_address():
    c = tab()
    assert keys(c.boot("?deal=5&game=chess")) == ["no_game"]
    assert keys(c.boot("?deal=5&game=" + "x" * 5000)) == ["bad_query"]


# -- stored records --------------------------------------------------------------------------

DEEP = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize("key,raw,message", [
    (SAVE_KEY, '{"v": 1, "game": "tabbycat", "deal": "3", "moves": [], "elapsed": NaN}', "saved_unreadable"),
    (SAVE_KEY, '{"v": 1, "game": "tabbycat", "deal": "3", "moves": [], "elapsed": Infinity}', "saved_unreadable"),
    (SAVE_KEY, '{"v": 1, "game": "tabbycat", "deal": "3", "moves": [], "elapsed": 1e999}', "saved_unreadable"),
    (SAVE_KEY, '{"v": 1, "game": "tabbycat", "deal": "\u00b2", "moves": []}', "saved_unreadable"),
    (SAVE_KEY, DEEP, "saved_unreadable"),
    (SAVE_KEY, '{"a": ' * 50_000 + "1" + "}" * 50_000, "saved_unreadable"),
    (STATS_KEY, DEEP, "stats_unreadable"),
    (STATS_V1_KEY, DEEP, "stats_unreadable"),
    (PREFS_KEY, DEEP, "prefs_unreadable"),
    (PREFS_KEY, '{"winnable": NaN}', "prefs_unreadable"),
], ids=lambda v: v[:30] if isinstance(v, str) else None)
def test_a_bad_record_is_kept_aside_and_the_page_starts(key, raw, message):
    """Defect 9: NaN or Infinity in the clock, deep nesting in any record: the page
    starts with a fresh record, a message, and the bad text kept aside."""
    store = MemoryStore()
    store.set(key, raw)
    c = tab(store)
    ans = c.boot("")
    assert message in keys(ans) and c.session is not None
    aside = [k for k in store.keys() if k.startswith(key + ".corrupt.")]
    assert len(aside) == 1 and store.get(aside[0]) == raw
    c.deal()  # and it plays
    assert len(c.session.moves) == 1


def test_the_start_is_guarded():
    """Anything raising while restoring gives a fresh game and a message."""
    class Broken(MemoryStore):
        def get(self, key):
            raise RuntimeError("storage exploded")
    c = tab(Broken())
    ans = c.boot("?deal=4")
    assert keys(ans) == ["start_failed"] and c.session.deal == 1


def test_a_saved_game_comes_back_with_its_clock():
    store = MemoryStore()
    c = tab(store)
    c.boot("?deal=3")
    c.deal()
    for _ in range(7):
        c.tick(1)
    c.leave_page()
    d = tab(store, seed=2)
    d.boot("")
    assert d.session.moves == c.session.moves and d.session.elapsed == 7


def test_version_1_statistics_are_read_and_kept():
    store = MemoryStore()
    v1 = {"v": 1, "games": {"tabbycat": {"played": 3, "won": 2, "streak": 1, "best_streak": 1,
                                         "best_time": 300, "fewest_moves": 80,
                                         "history": [["2026-11-29", True, 80, 300]],
                                         "daily": {"2026-11-29": {"won": True, "moves": 80, "seconds": 300}}}}}
    store.set(STATS_V1_KEY, json.dumps(v1))
    c = tab(store)
    c.boot("?deal=2")
    for move in solve(c.game, c.session.position).line:
        c.play(move)
    got = summary(c.stats, "tabbycat", TODAY)
    assert (got["played"], got["won"], got["streak"], got["best_streak"]) == (4, 3, 2, 2)
    assert store.get(STATS_V1_KEY) == json.dumps(v1)


# -- two tabs --------------------------------------------------------------------------------

def test_the_same_game_in_two_tabs_is_never_silently_overwritten():
    """Defect 12: tab A plays two moves; tab B, open on the same game, plays before it
    hears of them: B is told instead of saving over A's game."""
    store = MemoryStore()
    a, b = tab(store, 1), tab(store, 2)
    a.boot("?deal=3")
    b.boot("")
    a.deal()
    a.deal()
    ans = b.deal()  # before the storage event reaches b
    assert ans.offer is not None and ans.offer.kind == "other_tab"
    assert len(json.loads(store.get(SAVE_KEY))["moves"]) == 2  # a's game is still there
    b.deal()  # played on in the stale tab: still not saved over a's game
    assert len(json.loads(store.get(SAVE_KEY))["moves"]) == 2
    ans = b.answer_offer("load")
    assert b.session.moves == a.session.moves and "other_tab_loaded" in keys(ans)
    assert b.storage(SAVE_KEY).offer is None  # the late event changes nothing


def test_a_tab_with_no_change_of_its_own_follows_the_other():
    """The same game open in two tabs, played in one: the idle tab shows the moves."""
    store = MemoryStore()
    a, b = tab(store, 1), tab(store, 2)
    a.boot("?deal=3")
    b.boot("")
    a.deal()
    ans = b.storage(SAVE_KEY)
    assert "other_tab_synced" in keys(ans) and b.session.moves == a.session.moves
    b.deal()  # and b plays on from there; now a is told
    assert len(json.loads(store.get(SAVE_KEY))["moves"]) == 2
    assert "other_tab_synced" in keys(a.storage(SAVE_KEY)) and len(a.session.moves) == 2


def test_keeping_this_tabs_game_tells_the_other_tab():
    store = MemoryStore()
    a, b = tab(store, 1), tab(store, 2)
    a.boot("?deal=3")
    b.boot("?deal=4")  # the deal-3 game had no move: nothing to count
    a.deal()  # A has not seen B's save: A is told instead of overwriting it
    assert a.offer is not None and a.offer.kind == "other_tab"
    a.answer_offer("keep")
    assert json.loads(store.get(SAVE_KEY))["deal"] == "3"
    assert b.storage(SAVE_KEY).offer.kind == "other_tab"


def test_games_finished_in_two_tabs_are_all_counted():
    """Defect 12: four games played in two tabs count four, not two."""
    store = MemoryStore()
    a, b = tab(store, 1), tab(store, 2)
    a.boot("?deal=5")
    b.boot("?deal=6")
    for number in (7, 8):
        for c in (a, b):
            c.deal()
            c.start_deal(number + (c is b) * 10)  # leaving a played game counts a loss
    c = tab(store, 3)
    c.boot("")
    assert summary(c.stats, "tabbycat", TODAY)["played"] == 4
    a.storage(STATS_KEY)
    assert summary(a.stats, "tabbycat", TODAY)["played"] == 4


# -- statistics files -----------------------------------------------------------------------

def played(c, games):
    for number in range(10, 10 + games):
        c.start_deal(number)
        c.deal()
    c.start_deal(99)


def test_import_says_what_the_file_holds_and_merges_or_replaces():
    """Defect 11: an import asks first; the previous statistics are kept under a backup key."""
    other = tab(seed=5)
    other.boot("?deal=1")
    played(other, 2)
    export = other.export_stats().download[1]
    c = tab()
    c.boot("?deal=1")
    played(c, 3)
    ans = c.import_stats(export)
    assert ans.offer.kind == "import" and "Tabby Cat: 2 played, 0 won" in ans.offer.text
    assert summary(c.stats, "tabbycat", TODAY)["played"] == 3  # nothing changed yet
    ans = c.answer_offer("merge")
    assert "imported_merged" in keys(ans) and summary(c.stats, "tabbycat", TODAY)["played"] == 5
    assert summary(json.loads(c.store.get(STATS_BACKUP_KEY)), "tabbycat", TODAY)["played"] == 3
    c.import_stats(export)
    c.answer_offer("replace")
    assert summary(c.stats, "tabbycat", TODAY)["played"] == 2
    c.storage(STATS_KEY)  # a second tab's copy from before the replace does not undo it
    stale = tab(c.store, seed=9)
    stale.stats = json.loads(c.store.get(STATS_BACKUP_KEY))
    stale._write_stats(stale.export_stats())
    assert summary(stale.stats, "tabbycat", TODAY)["played"] == 2


@pytest.mark.parametrize("text,why", [
    (DEEP, "deeper"), ('{"v": 1,}', "not valid JSON"), ('{"v": 1, "games": {"tabbycat": {"played": 1, '
     '"won": 0, "streak": 0, "best_streak": 0, "best_time": -5, "fewest_moves": null}}}', "best_time"),
    ("x" * 5_000_000, "too large")], ids=["deep", "broken", "negative", "large"])
def test_a_bad_import_says_why_and_changes_nothing(text, why):
    c = tab()
    c.boot("?deal=1")
    played(c, 1)
    before = json.dumps(c.stats)
    ans = c.import_stats(text)
    assert keys(ans) == ["import_bad"] and why in ans.status[0]
    assert json.dumps(c.stats) == before


def test_an_import_the_storage_cannot_hold_says_so():
    """Defect 11: a write the browser refuses is reported, never 'imported'."""
    big = tab(seed=4)
    big.boot("?deal=1")
    played(big, 40)
    store = MemoryStore(quota=4_000)
    c = tab(store)
    c.boot("?deal=1")
    c.import_stats(big.export_stats().download[1])
    ans = c.answer_offer("merge")
    assert "write_failed_stats" in keys(ans) and not any(k.startswith("imported") for k in keys(ans))


@pytest.mark.parametrize("field,value,why", [
    ("best_time", -1, "best_time"), ("streak", 5, "streaks"),
    ("daily", {"<b>x</b>": {"won": True}}, "not a date"), ("won", 9, "more won than played")])
def test_statistics_that_do_not_add_up_are_refused(field, value, why):
    """Defect 13: negative best time, a daily that is not a date, a streak over the games."""
    g = {"played": 2, "won": 1, "streak": 1, "best_streak": 1, "best_time": 10, "fewest_moves": 9,
         "history": [], "daily": {}, field: value}
    c = tab()
    ans = c.import_stats(json.dumps({"v": 1, "games": {"tabbycat": g}}))
    assert why in ans.status[0]


# -- small ones -------------------------------------------------------------------------------

def test_the_shared_win_names_the_right_game():
    c = tab()
    c.boot("?deal=1&game=spider1")
    assert c.share_text().startswith("Spider")
    c.boot("?deal=1&game=tuxedo")
    assert c.share_text().startswith("Tuxedo")


def test_restart_is_an_action_undo_takes_back():
    c = tab()
    c.boot("?deal=3")
    c.deal()
    c.deal()
    ans = c.restart()
    assert "restarted" in keys(ans) and not c.session.moves
    ans = c.undo()
    assert len(c.session.moves) == 2 and "restart_undone" in keys(ans)
    assert summary(c.stats, "tabbycat", TODAY)["played"] == 0


def test_a_storage_that_refuses_writes_says_so():
    c = tab(MemoryStore(quota=10))
    c.boot("?deal=3")
    assert "write_failed_game" in keys(c.deal())


def test_a_win_is_counted_once_and_said():
    c = tab()
    c.boot("?deal=2")
    for move in solve(c.game, c.session.position).line:
        ans = c.play(move)
    assert ans.won.key == "won_deal" and summary(c.stats, "tabbycat", TODAY)["won"] == 1
    c.start_deal(3)
    assert summary(c.stats, "tabbycat", TODAY)["played"] == 1


def test_a_tab_that_follows_a_write_ignores_a_second_event_for_it():
    """The idle tab follows the other tab's write once; the same write heard again changes
    nothing and says nothing, and the next write is followed again."""
    store = MemoryStore()
    a, b = tab(store, 1), tab(store, 2)
    a.boot("?deal=3")
    b.boot("")
    a.deal()
    assert "other_tab_synced" in keys(b.storage(SAVE_KEY))
    again = b.storage(SAVE_KEY)
    assert again.status is None and not again.board and again.offer is None
    a.deal()
    assert "other_tab_synced" in keys(b.storage(SAVE_KEY)) and len(b.session.moves) == 2


def test_the_other_tab_offer_asks_and_names_its_two_answers():
    """A stale tab is asked in words whether to load the other tab's game or keep its own."""
    store = MemoryStore()
    a, b = tab(store, 1), tab(store, 2)
    a.boot("?deal=3")
    b.boot("")
    a.deal()
    offer = b.deal().offer
    assert offer.text.key == "other_tab_game" and str(offer.text)
    assert [(action, label.key) for action, label in offer.actions] == [
        ("load", "load_theirs"), ("keep", "keep_mine")]


def test_the_clock_runs_from_the_first_move_and_is_saved_every_five_seconds():
    """A tick moves the shown clock only once the game has begun and while the page is
    seen; the saved game's clock is written each time it passes five seconds."""
    c = tab()
    c.boot("?deal=3")
    assert not c.tick(1, True).handled  # no move yet
    c.deal()
    assert not c.tick(1, False).handled and c.session.elapsed == 0  # the page is hidden
    saved = []
    for _ in range(11):
        assert c.tick(1, True).handled
        saved.append(json.loads(c.store.get(SAVE_KEY))["elapsed"])
    assert saved == [0] * 4 + [5] * 5 + [10] * 2


def test_the_win_names_the_deal_its_moves_and_its_time():
    c = tab()
    c.boot("?deal=2")
    line = solve(c.game, c.session.position).line
    for move in line:
        ans = c.play(move)
    assert ans.won.key == "won_deal"
    assert ans.won.params["number"] == 2 and ans.won.params["moves"] == len(line)
    assert str(ans.won).startswith("Deal 2 won in ")


def test_a_setting_the_storage_refuses_is_reported():
    c = tab(MemoryStore(quota=10))
    c.boot("?deal=3")
    ans = c.set_pref("autoplay", False)
    assert "write_failed_prefs" in keys(ans) and c.prefs["autoplay"] is False


def test_a_hint_whose_first_move_is_the_deal_says_deal():
    c = tab()
    c.boot("?deal=3")
    ans = c.hint()
    ans = run(c) or ans
    assert keys(ans) == ["hint_deal"] and c.hint_move.is_deal
    assert str(ans.status[0]).startswith("Hint: deal (")


def test_a_hint_searches_no_more_positions_than_its_budget():
    """The hint's budget is counted in positions: a budget too small for the deal's line
    ends with no line within it."""
    c = tab()
    c.boot("?deal=3")
    c.HINT_BUDGET = 50
    ans = c.hint()
    ans = run(c) or ans
    assert keys(ans)[0] == "no_line_within" and ans.status[0].params["budget"] == 50
    assert c.hint_move is None


def test_keeping_this_tabs_game_counts_the_other_tabs_game_in_progress_as_lost():
    """The other tab started another deal and played in it; this tab keeps its own game,
    which overwrites that one: the overwritten game counts as played and lost."""
    store = MemoryStore()
    a, b = tab(store, 1), tab(store, 2)
    a.boot("?deal=3")
    b.boot("")
    a.start_deal(4)
    a.deal()
    assert b.deal().offer.kind == "other_tab"
    ans = b.answer_offer("keep")
    assert "other_tab_kept" in keys(ans) and json.loads(store.get(SAVE_KEY))["deal"] == "3"
    stored = json.loads(store.get(STATS_KEY))
    assert summary(stored, "tabbycat", TODAY)["played"] == 1
    assert summary(stored, "tabbycat", TODAY)["won"] == 0


def test_undo_and_redo_with_nothing_to_take_back_do_nothing_and_leave_the_key_alone():
    """With no move to undo or redo, the intent changes nothing and is not handled (the
    page lets the key go on)."""
    c = tab()
    c.boot("?deal=3")
    before = c.session.position
    assert not c.undo().handled and not c.redo().handled and c.session.position == before
    c.deal()
    assert not c.redo().handled and len(c.session.moves) == 1


def test_an_import_whose_backup_cannot_be_written_is_cancelled_and_changes_nothing():
    """The statistics as they are are kept under the backup key before an import; a
    storage that refuses that copy cancels the import, saying why."""
    other = tab(seed=4)
    other.boot("?deal=1")
    played(other, 3)
    c = tab()
    c.boot("?deal=1")
    played(c, 2)
    c.store.quota = sum(map(len, c.store.data.values())) + 50  # no room for the copy
    before = json.dumps(c.stats)
    c.import_stats(other.export_stats().download[1])
    ans = c.answer_offer("merge")
    assert keys(ans) == ["write_failed_stats", "import_cancelled"]
    assert json.dumps(c.stats) == before and c.store.get(STATS_BACKUP_KEY) is None


def test_an_import_never_replaces_statistics_that_could_not_be_read_nor_moved_aside():
    """Stored statistics that cannot be read, and that the storage has no room to keep
    aside, are held: an import that would replace them says so and leaves them."""
    other = tab(seed=4)
    other.boot("?deal=1")
    played(other, 3)
    store = MemoryStore()
    bad = "{" + "x" * 3000
    store.set(STATS_KEY, bad)
    store.quota = len(bad) + 1500  # room for the backup copy, none for the bad record's
    c = tab(store)
    assert keys(c.boot("?deal=1")) == ["stats_held"]
    c.import_stats(other.export_stats().download[1])
    ans = c.answer_offer("replace")
    assert keys(ans) == ["stats_held_tab"] and store.get(STATS_KEY) == bad


@pytest.mark.parametrize("day,why", [("2099-01-01", "not out yet"), ("2026-13-01", "2026-13-01")])
def test_a_daily_of_a_day_not_out_or_not_a_day_says_why_and_keeps_the_game(day, why):
    c = tab()
    c.boot("?deal=3")
    ans = c.daily(day)
    assert keys(ans) == ["bad_daily_link"] and why in ans.status[0]
    assert c.session.deal == 3 and c.task is None


def test_statistics_found_unreadable_when_a_game_counts_are_kept_aside_under_the_time():
    """The stored statistics broke after the page started: counting the next game keeps
    the bad record aside under ``<key>.corrupt.<time>`` and says so."""
    c = tab()
    c.boot("?deal=3")
    c.deal()
    c.store.set(STATS_KEY, "garbage")
    ans = c.start_deal(4)
    assert "stats_unreadable" in keys(ans)
    aside = [k for k in c.store.keys() if k.startswith(STATS_KEY + ".corrupt.")]
    assert len(aside) == 1 and aside[0].rsplit(".", 1)[1].isdigit()
    assert c.store.get(aside[0]) == "garbage"
    assert summary(json.loads(c.store.get(STATS_KEY)), "tabbycat", TODAY)["played"] == 1


def test_a_move_closes_the_offer_made_for_the_board_before_it():
    c = tab()
    c.boot("?deal=1")
    for move in lost_line():
        c.play(move)
    c.hint()
    run(c)
    assert c.offer.kind == "undo_to_win"
    ans = c.undo()
    assert ans.offer == CLOSED and c.offer is None


def test_a_saved_game_record_that_is_not_an_object_is_written_over():
    """Something else wrote the saved game's key with JSON that is no game: the next
    action saves the game over it."""
    c = tab()
    c.boot("?deal=3")
    c.deal()
    c.store.set(SAVE_KEY, "[1, 2]")
    c.deal()
    assert json.loads(c.store.get(SAVE_KEY))["moves"] == ["deal", "deal"]


def test_a_reload_with_the_address_of_the_game_in_progress_keeps_its_moves():
    """The address names the deal of the saved game: the page opens that game where it
    was left, not the deal afresh."""
    store = MemoryStore()
    c = tab(store)
    c.boot("?deal=3")
    c.deal()
    c.deal()
    again = tab(store, 2)
    again.boot("?deal=3")
    assert again.session.id == c.session.id and again.session.moves == c.session.moves


def test_a_first_visit_opens_deal_one_and_gives_its_address():
    """No address and no saved game: deal 1 of the default game, its address written and
    the game saved at once."""
    c = tab()
    ans = c.boot("")
    assert c.session.deal == 1 and ans.board and ans.relayout
    assert ans.address == "?deal=1&game=tabbycat" and SAVE_KEY in ans.saved


def test_a_reload_with_the_daily_link_of_the_daily_in_progress_keeps_its_moves():
    store = MemoryStore()
    c = tab(store)
    c.boot("?daily=2026-02-03&game=tabbycat")
    run(c)
    c.deal()
    again = tab(store, 2)
    again.boot("?daily=2026-02-03&game=tabbycat")
    assert again.task is None and again.session.daily == "2026-02-03"
    assert again.session.id == c.session.id and again.session.moves == c.session.moves


def test_a_refused_move_names_where_the_player_acted():
    """Each refused move says why and names the card (or place) acted on, so the page shows
    the reason there: a drop (the run shakes where it slid back to), a click, a key move,
    a choice, a key naming an empty place, Spider's deal with an empty column."""
    c = tab()
    c.boot("?deal=1&game=tabbycat")   # deal 1: 7H 9S 4H 8D; 7H cannot go on 9S
    ans = c.drop("pile-1", 1, "pile-2")
    assert keys(ans) == ["cannot_drop"] and ans.near == ("pile-1", 0) and ans.shake == [("pile-1", 0)]
    assert ans.board and not c.session.moves
    ans = c.key("2")
    ans = ans.merge(c.key("3"))      # 9S onto 4H: nothing fits
    assert keys(ans)[-1] == "nothing_fits" and ans.near == ("pile-2", 0)
    ans = c.key("t")                 # the tail is empty: nothing to pick
    assert keys(ans) == ["nothing_to_pick"] and ans.near == ("tail", 0)
    c.set_pref("choose_first", True)
    ans = c.tap("pile-2", 0)         # chosen, then a place that does not take it
    ans = c.tap("pile-3", 0)
    assert keys(ans) == ["cannot_drop"] and ans.near == ("pile-2", 0)
    assert all(a.near is None for a in (c.tap("pile-1", 0), c.drop("pile-1", 1, "pile-4")))
    spider = tab()
    spider.boot("?deal=4&game=spider1")
    for move in parse_line("6>8 8>7*2 3>10 7>8*2 6>4 8>7*2 6>9 6>3 2>4 10>3*2 3>5*3 deal 7>10 3>6 8>7 6>2*3"):
        assert spider.play(move).handled
    ans = spider.click("stock", 0)
    assert keys(ans) == ["no_deal"] and ans.near == ("stock", 0)
