"""Each record's contract: what the page writes, after any sequence of games, imports,
merges and migrations, its reader takes back unchanged, within the limits; merges never
count a game twice and never lower a count or a best (hypothesis)."""

import datetime
import json

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from solitaire.records import stats as ST
from solitaire.records import saved as S
from solitaire.records.readers import read_json
from solitaire.records.replay import MAX_CHARS as REPLAY_CHARS
from solitaire.records.session import MAX_MOVES, Session
from solitaire.records.stats import (check, compact, dailies, daily_streak, games_in, history, merge,
                             new_stats, record, summary, sync)
from strategies import walks

GAMES = ["tabbycat", "manx", "z" * 30]
FIRST = datetime.date(2026, 1, 1)
days = st.integers(0, 27_000).map(lambda n: (FIRST + datetime.timedelta(days=n)).isoformat())
near_days = st.integers(0, 60).map(lambda n: (FIRST + datetime.timedelta(days=n)).isoformat())


def roundtrip(stats):
    """Written by the page, read by its reader."""
    text = json.dumps(stats)
    assert len(text) <= S.STATS_CHARS
    return check(read_json(text, S.STATS_CHARS))


@st.composite
def results(draw, ids=None):
    """A finished game. A game's copies (one id) name one daily, or none: two copies of
    one game naming two dailies is forged, and merging keeps one of them."""
    id = draw(ids if ids is not None else st.text("abcdefgh", min_size=1, max_size=3))
    daily = (FIRST + datetime.timedelta(days=sum(map(ord, id)) % 60)).isoformat()
    game = draw(st.sampled_from(GAMES))
    return dict(game=game, won=draw(st.booleans()),
                moves=draw(st.one_of(st.integers(0, 300), st.just(ST.MAX_MOVES))),
                seconds=draw(st.one_of(st.integers(0, 5_000), st.just(ST.MAX_SECONDS))),
                day=draw(near_days), daily=draw(st.sampled_from([None, daily])), id=id,
                replay=draw(replays(game)))


def replays(game):
    """A finished game's replay text as the statistics keep it (its form only: the
    statistics' reader does not replay it), the longest and one too long among them."""
    head = f"{game}.{2**64 - 1}.9."
    return st.one_of(st.none(), st.text("AB-_f", max_size=9).map(lambda t: head + t),
                     st.sampled_from([head + "A" * (REPLAY_CHARS - len(head)),
                                      head + "A" * (REPLAY_CHARS + 1 - len(head))]))


def play(stats, events, clock):
    """Record ``events`` (results) with a clock that goes on from ``clock``."""
    for i, r in enumerate(events):
        record(stats, r["game"], r["won"], r["moves"], r["seconds"], r["day"], r["daily"],
               id=r["id"], t=clock + i, replay=r.get("replay"))
    return stats


@pytest.fixture(autouse=True)
def small_records(monkeypatch):
    """Compaction past 6 results, keeping 3: every sequence here folds results."""
    monkeypatch.setattr(ST, "MOST_RESULTS", 6)
    monkeypatch.setattr(ST, "KEEP_RESULTS", 3)


def figures(stats, game_id, today="2026-03-15"):
    return (summary(stats, game_id, today), history(stats, game_id), dailies(stats, game_id))


# -- statistics --------------------------------------------------------------------------

@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from("rmsxi"), st.lists(results(), max_size=8)), max_size=8))
def test_whatever_the_page_writes_its_reader_takes_back(ops):
    """Games (record), two tabs (sync, merge), an import (merge, replace), a copy read
    back: the reader returns the record as written, within the reader's cap."""
    mine, clock = new_stats(), 1
    for op, events in ops:
        other = play(new_stats(), events, clock)
        clock += 100
        if op == "r":
            play(mine, events, clock)
        elif op == "m":
            mine = merge(mine, other)
        elif op == "s":
            mine = sync(mine, roundtrip(other))
        elif op == "x":
            mine = {**other, "epoch": clock}
        else:
            mine = merge(mine, roundtrip(other))
        clock += 100
        assert len(mine["results"]) <= ST.MOST_RESULTS
        assert roundtrip(mine) == mine


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(results(ids=st.uuids().map(str)), max_size=30))
def test_folding_keeps_every_figure_the_page_shows(events):
    kept = play(new_stats(), events, 1)
    for game_id in GAMES:
        assert figures(kept, game_id) == figures(reference_record(events), game_id)


def reference_record(events):
    """The same games, never folded."""
    s = new_stats()
    s["results"] = [{"id": r["id"], "game": r["game"], "won": r["won"], "moves": r["moves"],
                     "seconds": r["seconds"], "day": r["day"], "daily": r["daily"], "t": 1 + i}
                    for i, r in enumerate(events)]
    return s


def assert_not_lower(merged, side, game_id, today="2026-03-15"):
    m, s = summary(merged, game_id, today), summary(side, game_id, today)
    assert m["played"] >= s["played"] and m["won"] >= s["won"]
    assert m["best_streak"] >= s["best_streak"]
    for k in ("best_time", "fewest_moves"):
        assert s[k] is None or m[k] <= s[k]
    won = {d for d, r in dailies(side, game_id).items() if r["won"]}
    assert won <= {d for d, r in dailies(merged, game_id).items() if r["won"]}
    assert m["daily_streak"] >= s["daily_streak"]


@st.composite
def extreme_bases(draw):
    """A valid file's totals, the extremes included."""
    played = draw(st.sampled_from([0, 1, 7, ST.MAX_COUNT]))
    won = draw(st.sampled_from(sorted({0, played // 2, played})))
    best = draw(st.sampled_from(sorted({0, won // 3, won})))
    streak = draw(st.sampled_from(sorted({0, best})))
    base = {"played": played, "won": won, "streak": streak, "best_streak": best,
            "best_time": draw(st.sampled_from([0, 9, ST.MAX_SECONDS])) if won else None,
            "fewest_moves": draw(st.sampled_from([0, 9, ST.MAX_MOVES])) if won else None,
            "history": [], "daily": {}}
    if draw(st.booleans()):
        base["daily"] = {"2026-01": "W" * 31, "2099-12": "L" * 31}
    return base


@st.composite
def files(draw):
    s = play(new_stats(), draw(st.lists(results(), max_size=9)), draw(st.integers(1, 1000)))
    for game_id in draw(st.lists(st.sampled_from(GAMES), max_size=2, unique=True)):
        s["base"][game_id] = draw(extreme_bases())
    if draw(st.booleans()):
        s["epoch"] = draw(st.sampled_from([1, ST.MAX_T]))
    return roundtrip(s)


@settings(max_examples=200, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(files(), files())
def test_a_merge_never_lowers_a_count_or_a_best(a, b):
    merged = merge(a, b)
    assert roundtrip(merged) == merged
    for game_id in GAMES:
        assert_not_lower(merged, a, game_id)
        assert_not_lower(merged, b, game_id)
    assert merge(merged, merged) == merged


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(0, 2), results(ids=st.uuids().map(str))), max_size=40),
       st.lists(st.integers(0, 2), max_size=6))
def test_tabs_never_count_a_game_twice(events, reloads):
    """Three tabs, each syncing with the stored copy before writing (the page's path),
    folding as they go: every game counted once, in every tab."""
    stored, tabs = new_stats(), [new_stats() for _ in range(3)]
    for i, (n, r) in enumerate(events):
        t = tabs[n]
        record(t, r["game"], r["won"], r["moves"], r["seconds"], r["day"], r["daily"],
               id=r["id"], t=i + 1)
        tabs[n] = t = sync(t, stored)
        stored = roundtrip(t)
        if reloads and reloads[i % len(reloads)] == n:
            tabs[n] = roundtrip(stored)
    for t in tabs + [stored]:
        t = sync(t, stored)
        for game_id in GAMES:
            want = [r for _, r in events if r["game"] == game_id]
            got = summary(t, game_id, "2026-03-15")
            assert (got["played"], got["won"]) == (len(want), sum(r["won"] for r in want))


@given(st.dictionaries(st.sampled_from(GAMES), extreme_bases(), max_size=3))
def test_version_1_migrates_with_its_counts(games):
    v1 = {"v": 1, "games": {g: {**b, "daily": {}} for g, b in games.items()}}
    got = roundtrip(check(v1))
    for game_id, b in games.items():
        s = summary(got, game_id, "2026-03-15")
        assert (s["played"], s["won"], s["streak"], s["best_streak"], s["best_time"],
                s["fewest_moves"]) == tuple(b[k] for k in ST.BASE_FIELDS)


def test_version_2_migrates_with_every_figure():
    """A version-2 record (a list of results, dailies by date) as version 3: the same
    figures, the results past the limit folded."""
    events = [dict(game="tabbycat", won=i % 3 != 0, moves=50 + i % 40, seconds=100 + i,
                   day=(FIRST + datetime.timedelta(days=i // 5)).isoformat(),
                   daily=(FIRST + datetime.timedelta(days=i // 5)).isoformat() if i % 5 == 0 else None,
                   id=f"g{i}") for i in range(40)]
    v2 = reference_record(events)
    v2["v"] = 2
    del v2["upto"]
    v2["base"] = {"manx": {"played": 5, "won": 2, "streak": 1, "best_streak": 2, "best_time": 30,
                           "fewest_moves": 80, "history": [["2026-01-01", True, 80, 30]] * 2,
                           "daily": {"2026-01-01": {"won": True, "moves": 80, "seconds": 30},
                                     "2026-01-02": {"won": False}}}}
    got = roundtrip(check(json.loads(json.dumps(v2))))
    assert len(got["results"]) <= ST.MOST_RESULTS
    want = reference_record(events)
    assert figures(got, "tabbycat") == figures(want, "tabbycat")
    assert summary(got, "manx", "2026-01-02")["daily_streak"] == 1
    assert dailies(got, "manx") == {"2026-01-01": {"won": True}, "2026-01-02": {"won": False}}


def test_the_largest_record_a_writer_holds_is_under_the_readers_cap():
    assert ST.most_chars() < S.STATS_CHARS


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.integers(0, 1), results(ids=st.uuids().map(str))), max_size=30))
def test_the_recent_games_are_each_games_last_kept_with_their_moves(events):
    """Two tabs syncing as they go: per game, the last RECENT finished games whose replay
    fits, newest first, each once; the record reads back as written."""
    stored, tabs = new_stats(), [new_stats(), new_stats()]
    for i, (n, r) in enumerate(events):
        record(tabs[n], r["game"], r["won"], r["moves"], r["seconds"], r["day"], r["daily"],
               id=r["id"], t=i + 1, replay=r["replay"])
        tabs[n] = sync(tabs[n], stored)
        stored = roundtrip(tabs[n])
    stored = sync(sync(stored, tabs[0]), tabs[1])
    assert roundtrip(stored) == stored
    for game_id in GAMES:
        want = [{"id": r["id"], "won": r["won"], "t": i + 1, "day": r["day"], "replay": r["replay"]}
                for i, (_, r) in enumerate(events) if r["game"] == game_id
                and r["replay"] is not None and len(r["replay"]) <= REPLAY_CHARS]
        assert ST.recent_games(stored, game_id) == want[-ST.RECENT:][::-1]


def test_a_game_counted_lost_then_won_is_kept_won():
    """One tab left the game (lost), another won it: one recent game, the win."""
    a, b = new_stats(), new_stats()
    record(a, "manx", False, 3, 9, "2026-01-01", id="g", t=5, replay="manx.1.1.A")
    record(b, "manx", True, 9, 9, "2026-01-01", id="g", t=4, replay="manx.1.2.AA")
    for merged in (merge(a, b), merge(b, a)):
        assert [(e["id"], e["won"], e["replay"]) for e in ST.recent_games(merged, "manx")] == \
            [("g", True, "manx.1.2.AA")]


def test_a_record_without_recent_games_still_reads():
    """A version-3 record written before the recent games were kept reads, with none."""
    old = {"v": 3, "results": [], "base": {}, "upto": None, "epoch": 0}
    assert roundtrip(check(old)) == new_stats()


@pytest.mark.parametrize("recent", [
    [], {"tabbycat": "x"}, {"tabbycat": [{"id": "a"}]}, {"Tabby": []},
    {"tabbycat": [{"id": "a", "won": True, "t": 1, "day": "2026-01-01", "replay": "manx.1.0."}]},
    {"tabbycat": [{"id": "a", "won": True, "t": 1, "day": "2026-01-01", "replay": "tabbycat.1.0.<"}]},
    {"tabbycat": [{"id": "a", "won": True, "t": 1, "day": "2026-01-01", "replay": "tabbycat.1.0."}] * 2},
    {"tabbycat": [{"id": str(i), "won": True, "t": 1, "day": "2026-01-01", "replay": "tabbycat.1.0."}
                  for i in range(ST.RECENT + 1)]},
])
def test_bad_recent_games_are_refused(recent):
    with pytest.raises(ST.RecordError):
        check({**new_stats(), "recent": recent})


# -- the other records ---------------------------------------------------------------------

@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(["tabbycat", "spider2", "tuxedo"]).flatmap(walks), st.integers(0, 10),
       st.booleans(), st.sampled_from([None, "2026-05-05"]))
def test_a_saved_game_reads_back_as_written(walk, undone, restart, daily):
    game, positions, moves = walk
    s = Session(game, 1, daily, "g1-2")
    s.positions = [positions[0]]
    for m in moves:
        s.play(m)
    s.undo_to(max(0, len(moves) - undone))
    if restart:
        s.restart()
    store = S.MemoryStore()
    store.set(S.SAVE_KEY, S.game_text(s, 3, "t1"))
    data, problem = S.read_game_record(store, 1)
    assert problem is None and data["rev"] == 3
    assert {k: v for k, v in data.items() if k not in ("rev", "tab")} == s.to_dict()


class Long:
    """A Session record at the limits (the engine is not replayed here)."""

    def __init__(self, moves, redo, restart):
        self.d = {"v": 1, "game": "spider4", "deal": "1", "daily": None, "moves": moves,
                  "redo": redo, "elapsed": 1e8, "recorded": False, "id": "g" * 64,
                  "restart": restart}

    def to_dict(self):
        return dict(self.d)


@pytest.mark.parametrize("moves,redo,restart,kept", [
    (MAX_MOVES, 0, None, "all"), (0, MAX_MOVES, [MAX_MOVES, 0], "no restart"),
    (MAX_MOVES // 2, MAX_MOVES // 2 + 1, None, "no redo"), (MAX_MOVES + 1, 0, None, "none")])
def test_the_longest_saved_game_is_one_the_reader_takes(moves, redo, restart, kept):
    """A restarted game of 20,000 moves once wrote a record over the reader's cap."""
    move = "p10>p10*13"  # longer than any move the engines write
    long = Long([move] * moves, [move] * redo,
                None if restart is None else [[move] * restart[0], [move] * restart[1]])
    text = S.game_text(long, 1, "t" * 40)
    if kept == "none":
        assert text is None
        return
    assert len(text) <= S.GAME_CHARS
    data = read_json(text, S.GAME_CHARS)
    assert len(data["moves"]) + len(data["redo"]) <= MAX_MOVES
    assert (data["restart"] is None) == (kept != "all" or restart is None)
    assert len(data["redo"]) == (0 if kept == "no redo" else redo)


@given(st.fixed_dictionaries({k: st.booleans() for k in ("winnable", "autoplay", "four_colour", "intro_seen",
                                                          "shortcuts", "choose_first", "hint_used",
                                                          "hint_ahead")}),
       st.sampled_from([None, "light", "dark"]), st.sampled_from([None, *S.LANGS]),
       st.sampled_from([None, *S.DIFFICULTIES]), st.sampled_from([None, *S.MOTIONS]))
def test_settings_read_back_as_written(flags, theme, lang, difficulty, motion):
    prefs = {**S.DEFAULT_PREFS, **flags, "theme": theme, "lang": lang, "difficulty": difficulty,
             "motion": motion}
    store = S.MemoryStore()
    store.set(S.PREFS_KEY, json.dumps(prefs))
    assert S.read_prefs(store, 1) == (prefs, None)


@given(st.lists(st.tuples(st.sampled_from(GAMES[:2]), days, st.integers(1, 2**64 - 1)),
                max_size=30), st.integers(1, 5))
def test_the_daily_cache_reads_back_its_last_entries(writes, kept):
    store = S.MemoryStore()
    want = {}
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(S, "DAILY_KEPT", kept)
        for game_id, day, number in writes:
            assert S.write_daily_cache(store, 1, f"{game_id}:{day}", number)
            want.pop(f"{game_id}:{day}", None)
            want[f"{game_id}:{day}"] = number
            want = dict(list(want.items())[-kept:])
            assert S.read_daily_cache(store, 1) == want
    assert len(store.get(S.DAILY_KEY) or "") <= S.DAILY_CHARS


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(files())
def test_an_export_imports_as_it_was(data):
    from test_play import tab
    c = tab()
    c.boot("?deal=1")
    c.stats = data
    text = c.export_stats().download[1]
    c.import_stats(text)
    assert c.pending_import == data
    assert games_in(c.pending_import) == games_in(data)
