"""Every limit README.md and docs/records.md state, pinned by its stated value: the
sentence that states it is in the document, and the value it states, written here as a
number (never read from the constant that holds it), is accepted while one more is
trimmed or refused. So changing a limit fails here until the documents say the new
value (tests/test_limits.py pins each limit by its constant's name, at its edge)."""

import json
import re
from pathlib import Path

import pytest

from solitaire import Move, get_game
from solitaire.records import readers as R
from solitaire.records import saved as S
from solitaire.records import stats as ST
from solitaire.records.playtext import read_play_text
from solitaire.records.replay import read_replay
from solitaire.records.session import Session
from solitaire.records.stats import check, new_stats, recent_games, record
from solitaire.words.text import reason

ROOT = Path(__file__).resolve().parent.parent
THERE, BACK = "1>4", "4>1"       # Tabby Cat deal 1: there and back, a legal loop

# (document, the words that state a limit): each test below pins one of them.
STATED = [
    ("README.md", "the last 30 results"),
    ("README.md", "of the last five finished games of each game"),
    ("docs/records.md", "`read_json(text, max_chars, max_depth=8)`"),
    ("docs/records.md", "`?deal=N` (ASCII digits only, 1 to 2^64-1)"),
    ("docs/records.md", "at most 400,000 characters (`PLAY_TEXT_CHARS`) and 20,000 moves"),
    ("docs/records.md", "at most 4,000 characters (`MAX_CHARS`"),
    ("docs/records.md", "| 400,000 characters; moves + redo at most 20,000 (`session.MAX_MOVES`), "
                        "each list of the restart at most 20,000 |"),
    ("docs/records.md", "| 2,000 characters | fixed fields |"),
    ("docs/records.md", "| 4,000,000 characters; 50,000 results read (a version-2 file), 16 games; "
                        "5 recent games a game, each replay at most 4,000 characters |"),
    ("docs/records.md", "the largest record a writer can hold is 1,490,696 characters"),
    ("docs/records.md", "| 100,000 characters, 4,000 entries read | `write_daily_cache` keeps the last 400 |"),
    ("docs/records.md", "keeps, per game, the last five finished games"),
    ("docs/records.md", "When a record holds more than 2,000 (`MOST_RESULTS`), all but the newest "
                        "1,000 (`KEEP_RESULTS`) are folded"),
    ("docs/records.md", "the chart's last 30 results"),
    ("docs/records.md", "Counts stop at 10^12"),
    ("docs/records.md", "A record counts at most 16 games (`MAX_GAMES`: its totals and listed "
                        "results) and keeps the recent games of at most 16"),
    ("docs/records.md", "Replace starts an epoch after the stored one, at most 2^53"),
]


@pytest.mark.parametrize("doc,words", STATED, ids=[w[:40] for _, w in STATED])
def test_each_limit_pinned_here_is_stated_in_its_document(doc, words):
    text = " ".join((ROOT / doc).read_text().split())
    assert words in text, f"{doc} no longer says {words!r}: change the limit's test here too"


def padded(value, chars: int) -> str:
    text = json.dumps(value)
    assert len(text) <= chars
    return text + " " * (chars - len(text))


def refused(read, text, why=None):
    with pytest.raises(R.RecordError) as e:
        read(text)
    if why:
        assert why in str(reason(e.value)), reason(e.value)


def stats_text(data, chars=None):
    text = json.dumps(data)
    return text if chars is None else padded(data, chars)


def read_stats_text(text):
    return check(R.read_json(text, S.STATS_CHARS))


def finished(n, game="tabbycat", replay=True, t0=1):
    s = new_stats()
    for i in range(n):
        record(s, game, i % 2 == 0, 10, 10, "2026-11-30", id=f"g{i}", t=t0 + i,
               replay=f"{game}.{i + 1}.0." if replay else None)
    return s


def base(**more):
    return {"played": 0, "won": 0, "streak": 0, "best_streak": 0, "best_time": None,
            "fewest_moves": None, "history": [], "daily": {}, **more}


# -- README ------------------------------------------------------------------------------

def test_the_chart_shows_the_last_30_results_and_a_record_holds_30():
    s = finished(31)
    chart = ST.history(s, "tabbycat")
    assert len(chart) == 30 and len(ST.history(finished(30), "tabbycat")) == 30
    hist = [["2026-11-30", False, 1, 1]]
    read_stats_text(stats_text({**new_stats(), "base": {"tabbycat": base(played=30, history=hist * 30)}}))
    refused(read_stats_text, stats_text({**new_stats(), "base": {"tabbycat": base(played=31, history=hist * 31)}}),
            "history")


def test_the_last_five_finished_games_of_each_game_are_kept_to_replay():
    assert [e["id"] for e in recent_games(finished(5), "tabbycat")] == ["g4", "g3", "g2", "g1", "g0"]
    six = finished(6)
    assert [e["id"] for e in recent_games(six, "tabbycat")] == ["g5", "g4", "g3", "g2", "g1"]
    entries = six["recent"]["tabbycat"]
    assert len(read_stats_text(stats_text(six))["recent"]["tabbycat"]) == 5
    extra = {**entries[0], "id": "another"}
    refused(read_stats_text, stats_text({**six, "recent": {"tabbycat": entries + [extra]}}),
            "recent")


# -- docs/records.md: readers ----------------------------------------------------------------

def test_a_record_is_read_8_levels_deep_and_not_9():
    assert R.read_json("[" * 8 + "]" * 8, 100) is not None
    refused(lambda t: R.read_json(t, 100), "[" * 9 + "]" * 9, "deeper than 8 levels")


def test_deal_numbers_run_from_1_to_2_to_the_64_minus_1():
    assert R.read_query("?deal=18446744073709551615").deal == 18446744073709551615
    assert R.read_query("?deal=18446744073709551616").problems == ["bad_deal"]
    assert R.read_query("?deal=1").deal == 1 and R.read_query("?deal=0").problems == ["bad_deal"]


def test_a_game_as_text_is_read_to_400000_characters_and_20000_moves():
    moves = " ".join([THERE, BACK] * 10_000)
    text = "play 1 " + moves
    assert len(read_play_text(text + " " * (400_000 - len(text))).moves) == 20_000
    refused(read_play_text, text + " " * (400_001 - len(text)), "too large")
    refused(read_play_text, text + " " + THERE, "at most 20,000")


def test_a_replay_is_read_to_4000_characters_and_kept_to_4000():
    head = "tabbycat.1.0."
    refused(read_replay, head + "A" * (4_001 - len(head)), "the most is 4,000")
    with pytest.raises(R.RecordError) as e:   # 4,000: read on, refused for what it holds
        read_replay(head + "A" * (4_000 - len(head)))
    assert "the most is" not in str(reason(e.value))
    for chars, kept in ((4_000, 1), (4_001, 0)):
        s = new_stats()
        record(s, "tabbycat", True, 1, 1, "2026-11-30", id="a", t=1, replay=head + "A" * (chars - len(head)))
        assert len(recent_games(s, "tabbycat")) == kept


# -- docs/records.md: stored records ---------------------------------------------------------

def reads(key, text):
    store = S.MemoryStore()
    store.set(key, text)
    read = {S.SAVE_KEY: S.read_game_record, S.PREFS_KEY: S.read_prefs,
            S.STATS_KEY: S.read_stats}.get(key)
    if read is None:
        return S.read_daily_cache(store, 1) != {} or text.strip() == "{}"
    return read(store, 1)[1] is None


@pytest.mark.parametrize("key,chars,value", [
    (S.SAVE_KEY, 400_000, {"v": 1}), (S.PREFS_KEY, 2_000, {"winnable": False}),
    (S.STATS_KEY, 4_000_000, new_stats()), (S.DAILY_KEY, 100_000, {"tabbycat:2026-01-01": 5})],
    ids=["game", "settings", "statistics", "daily cache"])
def test_each_stored_record_is_read_at_its_stated_size_and_not_one_character_more(key, chars, value):
    assert reads(key, padded(value, chars))
    assert not reads(key, padded(value, chars + 1))


def session(moves=(), redo=(), restart=None):
    return {"v": 1, "game": "tabbycat", "deal": "1", "moves": list(moves), "redo": list(redo),
            "restart": restart}


def loop(n):
    return [(THERE, BACK)[i % 2] for i in range(n)]


def test_a_saved_game_holds_20000_moves_with_its_redo_list_and_not_20001():
    assert len(Session.from_dict(session(loop(20_000))).moves) == 20_000
    assert len(Session.from_dict(session(loop(19_000), loop(1_000))).undone) == 1_000
    refused(Session.from_dict, session(loop(20_001)))
    refused(Session.from_dict, session(loop(19_001), loop(1_000)))


def test_a_saved_restart_holds_20000_moves_and_not_20001():
    assert Session.from_dict(session(restart=[loop(20_000), []])).undo()
    refused(Session.from_dict, session(restart=[loop(20_001), []]), "restart")


def test_the_saved_games_writer_drops_the_redo_list_past_20000_moves():
    s = Session(get_game("tabbycat"), 1)
    for m in loop(19_998):
        s.play(Move.parse(m))
    s.play(Move.parse(THERE))
    s.play(Move.parse(BACK))   # 20,000 moves
    s.undo()                   # 19,999 moves and a redo: 20,000 in all, written whole
    assert json.loads(S.game_text(s, 1, "t"))["redo"] == [BACK]
    s.play(Move.parse(BACK)), s.play(Move.parse(THERE))
    s.undo()                   # 20,000 moves and a redo: the redo list goes
    data = json.loads(S.game_text(s, 1, "t"))
    assert len(data["moves"]) == 20_000 and data["redo"] == []


def v2_results(n):
    return [{"id": f"r{i}", "game": "tabbycat", "won": False, "moves": 1, "seconds": 1,
             "day": "2026-11-29", "daily": None, "t": i} for i in range(n)]


def test_statistics_read_50000_results_and_not_50001():
    assert ST.summary(check({"v": 2, "results": v2_results(50_000), "base": {}}),
                      "tabbycat", "2026-11-30")["played"] == 50_000
    refused(check, {"v": 2, "results": v2_results(50_001), "base": {}}, "too many results")


def test_statistics_count_16_games_and_not_17():
    sixteen = {**new_stats(), "base": {f"game-{i}": base() for i in range(16)}}
    assert len(check(json.loads(json.dumps(sixteen)))["base"]) == 16
    refused(check, {**sixteen, "base": {**sixteen["base"], "game-16": base()}}, "too many games")
    s = check(json.loads(json.dumps(sixteen)))
    record(s, "tabbycat", True, 1, 1, "2026-11-30", id="one-more", t=5)
    assert ST.fit(s, keep=("tabbycat",))["games"] == {"game-0": (0, 0)}
    assert len(ST.games_counted(s)) == 16 and "tabbycat" in ST.games_counted(s)


def test_statistics_keep_the_recent_games_of_16_games_and_not_17():
    def kept(n):
        return {**new_stats(), "recent": {f"game-{i}": [{"id": "a", "won": True, "t": i,
                "day": "2026-11-30", "replay": f"game-{i}.1.0."}] for i in range(n)}}
    assert len(check(kept(16))["recent"]) == 16
    refused(check, kept(17), "recent")
    s = kept(17)
    assert ST.fit(s)["recent"] == ["game-0"] and len(s["recent"]) == 16


def test_results_are_kept_one_by_one_to_2000_then_folded_to_the_newest_1000():
    s = finished(2_000, replay=False)
    assert len(s["results"]) == 2_000 and s["upto"] is None
    record(s, "tabbycat", True, 1, 1, "2026-11-30", id="one-more", t=5_000)
    assert len(s["results"]) == 1_000 and s["results"][-1]["id"] == "one-more"
    assert ST.summary(s, "tabbycat", "2026-11-30")["played"] == 2_001


def test_the_largest_statistics_a_writer_holds_are_1490696_characters():
    assert ST.most_chars() == 1_490_696 < 4_000_000


def test_the_daily_cache_reads_4000_entries_and_keeps_the_last_400():
    cache = {f"g:{i}": i + 1 for i in range(4_000)}
    assert S.check_daily_cache(cache) == cache
    refused(S.check_daily_cache, {**cache, "one:more": 1})
    store = S.MemoryStore()
    store.set(S.DAILY_KEY, json.dumps({f"g:{i}": i + 1 for i in range(399)}))
    assert S.write_daily_cache(store, 1, "tabbycat:2026-11-30", 7)
    assert len(S.read_daily_cache(store, 1)) == 400
    assert S.write_daily_cache(store, 1, "tabbycat:2026-12-01", 8)
    kept = S.read_daily_cache(store, 1)
    assert len(kept) == 400 and "g:0" not in kept and "g:1" in kept


def test_counts_stop_at_10_to_the_12():
    top = 10**12
    at = {**new_stats(), "base": {"tabbycat": base(played=top, won=top, streak=top, best_streak=top,
                                                    best_time=1, fewest_moves=1)}}
    s = check(json.loads(json.dumps(at)))
    for _ in range(3):
        record(s, "tabbycat", True, 1, 1, "2026-11-30", id=f"x{_}", t=9 + _)
    got = ST.summary(s, "tabbycat", "2026-11-30")
    assert (got["played"], got["won"], got["streak"], got["best_streak"]) == (top, top, top, top)
    ST.compact(s, most=1, keep=1)   # folded into the totals too
    assert (s["base"]["tabbycat"]["played"], s["base"]["tabbycat"]["won"]) == (top, top)
    over = {**new_stats(), "base": {"tabbycat": base(played=top + 1)}}
    refused(check, over, "played")


def test_an_epoch_is_at_most_2_to_the_53():
    assert check({**new_stats(), "epoch": 2**53})["epoch"] == 2**53
    refused(check, {**new_stats(), "epoch": 2**53 + 1}, "epoch")
    s = {**new_stats(), "epoch": 2**53 + 7}
    ST.fit(s)
    assert s["epoch"] == 2**53


def test_no_limit_stated_here_hides_behind_a_pattern():
    """The numbers in STATED are the ones the tests above write (a guard against a
    sentence pinned here whose number no test uses)."""
    source = Path(__file__).read_text()
    body = source[source.index("# -- README"):]
    for _, words in STATED:
        for number in re.findall(r"\b\d[\d,]*\b", words):
            value = number.replace(",", "")
            if value in ("2", "1", "64", "53", "10", "12"):
                continue   # parts of 2^64-1, 2^53, 10^12, written as powers below
            assert value in body.replace("_", ""), number
