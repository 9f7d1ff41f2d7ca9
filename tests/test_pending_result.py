"""A win is never dropped: a finished game's result the store refuses (storage full, or
nearly full: the saved game fits, the statistics do not) is kept as a pending write,
retried at the next action, at another tab's write and every few seconds, and the player
is told while it is pending and when it is saved. The saved game says its result is
counted only once the statistics hold it, so a load of a won game whose count never got
stored counts it; a won game is never stored as counted without its count."""

import json

from solitaire.play.answer import Answer
from solitaire.records import saved as S
from solitaire.records.session import Session
from solitaire.records.stats import summary
from solitaire.solver.search import solve
from test_play import TODAY, keys, tab


def used(store) -> int:
    return sum(map(len, store.data.values()))


def won_line(c):
    return solve(c.game, c.session.position).line


def stored_stats(store):
    stats, problem = S.read_stats(store, 1)
    assert problem is None
    return stats


def consistent(store):
    """Never a saved game that says it was won and counted while the statistics stored
    do not hold that win."""
    text = store.get(S.SAVE_KEY)
    if text is None:
        return
    data = json.loads(text)
    game = Session.from_dict({k: v for k, v in data.items() if k not in ("rev", "tab")})
    if game.won and game.recorded:
        results = stored_stats(store)["results"]
        assert any(r["id"] == game.id and r["won"] for r in results), "a won game counted, its count missing"


def win(c, room=None):
    """Play deal 2 to its win; ``room``: the store's quota is set, before the winning
    move, to what it holds plus ``room`` characters. Returns the winning move's answer."""
    line = won_line(c)
    for move in line[:-1]:
        c.play(move)
        consistent(c.store)
    if room is not None:
        c.store.quota = used(c.store) + room
    ans = c.play(line[-1])
    assert c.session.won
    consistent(c.store)
    return ans


def wins(store):
    return summary(stored_stats(store), "tabbycat", TODAY)["won"]


def test_a_win_in_a_full_storage_is_pending_then_stored_once_room_comes_back():
    c = tab()
    c.boot("?deal=2")
    ans = win(c, room=0)
    assert "result_pending" in keys(ans) and "the browser's storage refused it" in str(ans.status[-1])
    assert ans.won is not None and wins(c.store) == 0 and c.pending
    for _ in range(2 * c.RETRY_SECONDS):   # still full: retried, nothing said, nothing lost
        ans = c.tick()
        assert "result_saved" not in keys(ans) and c.pending
    c.store.quota = None   # room again (the player freed some): the timer's retry stores it
    said = [keys(c.tick()) for _ in range(c.RETRY_SECONDS)]
    assert said == [[]] * (c.RETRY_SECONDS - 1) + [["result_saved"]] and not c.pending
    assert wins(c.store) == 1
    consistent(c.store)
    assert json.loads(c.store.get(S.SAVE_KEY))["recorded"] is True
    again = tab(c.store, seed=3)
    again.boot("")
    assert wins(again.store) == 1 and summary(again.stats, "tabbycat", TODAY)["won"] == 1


def test_a_win_when_only_the_saved_game_fits_is_counted_on_the_next_load():
    """Storage nearly full: the won game is saved, its count is not; the saved game says
    it is not counted, so the next load counts it (once room is back), never losing it."""
    c = tab()
    c.boot("?deal=2")
    ans = win(c, room=60)
    assert "result_pending" in keys(ans) and wins(c.store) == 0
    data = json.loads(c.store.get(S.SAVE_KEY))
    assert Session.from_dict({k: v for k, v in data.items() if k not in ("rev", "tab")}).won
    assert data["recorded"] is False   # won, and says its count is not stored yet
    # The tab is closed; a reload while storage is still full: pending again, said.
    b = tab(c.store, seed=2)
    ans = b.boot("")
    assert "result_pending" in keys(ans) and wins(b.store) == 0 and b.pending
    consistent(b.store)
    b.store.quota = None
    ans = b.start_deal(5)   # the next action retries
    assert "result_saved" in keys(ans) and wins(b.store) == 1
    consistent(b.store)
    third = tab(b.store, seed=4)
    third.boot("")
    assert wins(third.store) == 1 and summary(third.stats, "tabbycat", TODAY)["played"] == 1


def test_room_freed_by_another_tab_stores_the_pending_win_at_its_storage_event():
    c = tab()
    c.boot("?deal=2")
    c.store.set("other.big", "x" * 5_000)
    win(c, room=0)
    assert wins(c.store) == 0
    c.store.remove("other.big")   # another tab frees room: this tab hears a storage event
    ans = c.storage("other.big")
    assert "result_saved" in keys(ans) and wins(c.store) == 1
    consistent(c.store)


def test_while_a_result_is_pending_each_action_says_so():
    c = tab()
    c.boot("?deal=2")
    win(c, room=0)
    c.store.quota = 10   # full, whatever this tab writes (a new game's saved text is shorter)
    ans = c.start_deal(7)
    assert "result_pending" in keys(ans)
    ans = c.deal()
    assert "result_pending" in keys(ans) and not c.session.recorded
    c.store.quota = None
    ans = c.deal()
    assert "result_saved" in keys(ans) and "result_pending" not in keys(ans)
    assert wins(c.store) == 1 and not c.pending
    assert "result_pending" not in keys(c.deal())


def test_a_lost_game_the_store_refuses_is_pending_and_stored_later():
    c = tab()
    c.boot("?deal=2")
    c.deal()
    c.store.quota = used(c.store)
    ans = c.start_deal(3)   # the game left counts lost
    assert "result_pending" in keys(ans)
    c.store.quota = None
    c.leave_page()          # the page hidden: the pending result first
    assert summary(stored_stats(c.store), "tabbycat", TODAY)["played"] == 1


# -- two tabs ------------------------------------------------------------------------------

def played_here(store):
    return summary(stored_stats(store), "tabbycat", TODAY)["played"]


def test_a_tab_whose_count_another_tab_wrote_over_writes_it_back_when_it_hears_that_write():
    """Two tabs read, merge and write at once (no lock): the later write lacks the other
    tab's game. The tab that hears that write merges it and writes the merged record back."""
    store = S.MemoryStore()
    a, b = tab(store, 1), tab(store, 2)
    a.boot("?deal=5")
    b.boot("?deal=6")
    before = store.get(S.STATS_KEY)
    a.deal()
    a.start_deal(7)                     # a counts its game, stored
    assert played_here(store) == 1
    if before is None:
        store.remove(S.STATS_KEY)
    else:
        store.set(S.STATS_KEY, before)  # b's write, from a read before a's, replaces it
    ans = a.storage(S.STATS_KEY)        # a hears it: its game is written back
    assert S.STATS_KEY in ans.saved and played_here(store) == 1
    b.deal()
    b.start_deal(8)
    assert played_here(store) == 2
    assert not a.storage(S.STATS_KEY).saved   # nothing new here: no write back (no ping-pong)


def test_under_a_lock_the_page_runs_later_the_count_is_stored_then_the_game_says_counted():
    """The page runs the statistics' read-merge-write under a Web Lock, a moment after the
    win: until it has run, the saved game says its result is not counted."""
    store = S.MemoryStore()
    queue = []
    c = tab(store)
    c.locked = lambda write, ans: queue.append(write)
    c.boot("?deal=2")
    ans = win(c)
    assert queue and wins(store) == 0 and c.pending and "result_pending" not in keys(ans)
    assert json.loads(store.get(S.SAVE_KEY))["recorded"] is False
    later = Answer()
    for write in queue:
        write(later)
    assert wins(store) == 1 and not c.pending and later.status is None and later.stats
    assert json.loads(store.get(S.SAVE_KEY))["recorded"] is True
    consistent(store)


def test_two_tabs_finishing_at_once_with_the_lock_lose_nothing():
    """Fifty rounds, both tabs finishing a game each, their locked writes run one after
    the other in either order, with each tab hearing the other's write: every game
    counted once."""
    store = S.MemoryStore()
    queue = []
    tabs = [tab(store, 1), tab(store, 2)]
    for i, t in enumerate(tabs):
        t.locked = lambda write, ans: queue.append(write)
        t.boot(f"?deal={3 + i}")   # (the same deal would open the other tab's game)
    for n in range(50):
        for t in tabs:
            t.deal()
            t.start_deal(10 + n)
        batch = list(queue if n % 2 else reversed(queue))
        queue.clear()
        for write in batch:
            write(Answer())
            for t in tabs:
                t.storage(S.STATS_KEY)
        while queue:   # write-backs the events asked for
            queue.pop(0)(Answer())
    assert played_here(store) == 100
