"""No writer stores what its reader refuses: whatever an import (merged or replacing), a
finished game or another tab leaves in the store, the next load reads back with every
count. A record that would break a limit is trimmed or refused where the data comes in,
and the player is told."""

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solitaire.engine.games import GAMES
from solitaire.records import saved as S
from solitaire.records import stats as ST
from solitaire.records.readers import read_json
from solitaire.records.session import Session
from solitaire.records.stats import new_stats, summary
from strategies import GAME_IDS, actions, stats_records
from test_play import TODAY, keys, played, tab

UNKNOWN = [f"other-{i:02d}" for i in range(ST.MAX_GAMES)]   # games this page does not know


def sixteen_unknown(where):
    """A valid statistics file naming :data:`ST.MAX_GAMES` games this page does not know,
    in its base counts or in its recent games."""
    s = new_stats()
    for i, g in enumerate(UNKNOWN):
        if where == "base":
            s["base"][g] = {"played": 3, "won": 1, "streak": 0, "best_streak": 1, "best_time": 50,
                            "fewest_moves": 70, "history": [], "daily": {}}
        else:
            s["recent"][g] = [{"id": f"r{i}", "won": True, "t": 5 + i, "day": TODAY,
                               "replay": f"{g}.7.0."}]
    text = json.dumps(s)
    assert ST.check(json.loads(text)) is not None   # the reader takes it
    return text


def stored(c):
    """The statistics as the next load reads them: (record, problem)."""
    return S.read_stats(c.store, 10**9)


@pytest.mark.parametrize("where", ["base", "recent"])
def test_a_merge_with_sixteen_unknown_games_never_stores_what_the_reader_refuses(where):
    c = tab()
    c.boot("?deal=1")
    played(c, 2)
    c.import_stats(sixteen_unknown(where))
    ans = c.answer_offer("merge")
    got, problem = stored(c)
    assert problem is None, problem
    assert summary(got, "tabbycat", TODAY)["played"] == 2
    assert len(ST.recent_games(got, "tabbycat")) == 2
    if where == "base":   # 17 games' counts: refused, nothing changed
        assert keys(ans)[-2:] == ["import_too_many_games", "import_cancelled"]
        assert "17 different games" in ans.status[-2] and got == c.stats
    else:                 # 17 games' replays: the oldest of a game not played here goes
        assert keys(ans)[-2:] == ["stats_replays_dropped", "imported_merged"]
        assert ans.status[-2].params["games"] == UNKNOWN[0]
        assert set(got["recent"]) == {"tabbycat", *UNKNOWN[1:]}


@pytest.mark.parametrize("where", ["base", "recent"])
def test_a_game_finished_over_sixteen_unknown_games_is_stored_and_read_back(where):
    store = S.MemoryStore()
    store.set(S.STATS_KEY, sixteen_unknown(where))
    c = tab(store)
    c.boot("?deal=1")
    c.start_deal(10)
    c.deal()
    ans = c.start_deal(11)   # the game left counts, lost
    got, problem = stored(c)
    assert problem is None, problem
    assert summary(got, "tabbycat", TODAY)["played"] == 1
    if where == "base":   # the game played here is kept; a game this page does not play goes
        assert len(ST.games_counted(got)) == ST.MAX_GAMES and UNKNOWN[0] not in got["base"]
        assert "stats_games_dropped" in keys(ans) and ans.status[-1].params["games"] == UNKNOWN[0]
        assert "other-00, which this page does not play" in ans.status[-1]


def test_replace_over_an_epoch_of_2_to_the_53_is_read_back():
    store = S.MemoryStore()
    store.set(S.STATS_KEY, json.dumps({**new_stats(), "epoch": ST.MAX_T}))
    other = tab(seed=5)
    other.boot("?deal=1")
    played(other, 2)
    c = tab(store)
    c.boot("?deal=1")
    c.import_stats(other.export_stats().download[1])
    ans = c.answer_offer("replace")
    assert "imported_replaced" in keys(ans)
    got, problem = stored(c)
    assert problem is None, problem
    assert summary(got, "tabbycat", TODAY)["played"] == 2


# -- every record, after any sequence of the page's own operations (hypothesis) -----------


FIXTURES = [HealthCheck.function_scoped_fixture]


@pytest.fixture
def small_records(monkeypatch):
    """Compaction past 6 results, keeping 3: every sequence folds results."""
    monkeypatch.setattr(ST, "MOST_RESULTS", 6)
    monkeypatch.setattr(ST, "KEEP_RESULTS", 3)


def read_back(store, key=S.STATS_KEY):
    """The stored statistics through their reader, which must take them (without the
    keeping aside of ``read_stats``, which would change the store)."""
    return ST.check(read_json(store.get(key), S.STATS_CHARS))


def counts(stats) -> dict:
    return ST.games_in(stats)


def at_least(now: dict, floor: dict, dropped=()):
    """Every game's played and won at least ``floor``'s, but for games this page does not
    play that a trim reported left out."""
    for game_id, (played, won) in floor.items():
        if game_id in dropped:
            assert game_id not in GAMES
            continue
        assert now.get(game_id, (0, 0))[0] >= played and now.get(game_id, (0, 0))[1] >= won, \
            (game_id, now.get(game_id), (played, won))


def dropped_by(*answers) -> set:
    """The games a trim left out, as the page said."""
    out = set()
    for ans in answers:
        for m in ans.status or []:
            if m.key == "stats_games_dropped":
                out |= set(m.params["games"].split(", "))
    return out


OPERATIONS = st.one_of(
    st.tuples(st.just("count"), st.booleans()),          # this tab finishes a game (won or not)
    st.tuples(st.just("tab"), st.booleans()),            # the other tab finishes one
    st.tuples(st.just("merge"), stats_records()),        # an import, merged
    st.tuples(st.just("replace"), stats_records()),      # an import that replaces
    st.tuples(st.just("aside"), st.just(None)),          # the stored record broken: kept aside
)


def finish(c, won, number):
    """A game played and left (a loss), or counted won, through the controller."""
    c.start_deal(number)
    ans = c.deal()
    if won:
        c._count(c.session, True, ans)
        return ans
    return c.start_deal(number + 1)


@settings(suppress_health_check=FIXTURES)
@given(stats_records(), st.lists(OPERATIONS, max_size=8))
def test_whatever_the_statistics_hold_the_page_stores_only_what_their_reader_takes(
        small_records, start, ops):
    """Any record the reader takes, then any sequence of the page's
    operations in two tabs (finishing games, importing with Merge or Replace, a broken
    record kept aside; folding past the results kept one by one), leaves a stored record
    the reader takes, whose counts are never lower than before but for what Replace
    replaced (and games this page does not play that a trim said it left out)."""
    store = S.MemoryStore()
    store.set(S.STATS_KEY, json.dumps(start))
    a, b = tab(store, 1), tab(store, 2)
    boots = [a.boot("?deal=1"), b.boot("?deal=1")]
    floor = counts(start)
    at_least(counts(read_back(store)) if store.get(S.STATS_KEY) else {}, floor, dropped_by(*boots))
    for i, (op, arg) in enumerate(ops):
        number = 100 + 10 * i
        if op == "count":
            answers = [finish(a, arg, number)]
        elif op == "tab":
            answers = [finish(b, arg, number)]
        elif op == "aside":
            store.set(S.STATS_KEY, '{"v": 3, "results": [')
            answers = [a.storage(S.STATS_KEY), finish(a, False, number)]
        else:
            a.import_stats(json.dumps(arg))
            answers = [a.answer_offer(op)]
        answers.append(b.storage(S.STATS_KEY))
        answers.append(a.storage(S.STATS_KEY))
        got = read_back(store)
        said = [m.key for ans in answers for m in ans.status or []]
        assert "write_failed_stats" not in said
        if op == "replace":
            assert "imported_replaced" in said
            floor = counts(arg)
        elif op == "merge" and "imported_merged" in said:
            for game_id, (p, w) in counts(arg).items():
                old = floor.get(game_id, (0, 0))
                floor[game_id] = (max(p, old[0]), max(w, old[1]))
        elif op == "merge":
            assert "import_too_many_games" in said
        at_least(counts(got), floor, dropped_by(*answers))
        floor = counts(got)
        if store.get(S.STATS_BACKUP_KEY) is not None:
            read_back(store, S.STATS_BACKUP_KEY)


SETTING_VALUES = st.sampled_from([True, False, None, "light", "dark", "es", "en", "fr", "hard",
                                  "easy", "x" * 3_000, 0, 1])
SETTINGS = st.sampled_from(sorted(S.DEFAULT_PREFS) + ["unknown"])


@st.composite
def stored_prefs(draw):
    """Settings the reader takes: any of them, each any value it accepts."""
    choices = {"theme": [None, "light", "dark"], "lang": [None, *S.LANGS],
               "difficulty": [None, *S.DIFFICULTIES]}
    out = {}
    for k in draw(st.lists(st.sampled_from(sorted(S.DEFAULT_PREFS)), unique=True)):
        out[k] = draw(st.sampled_from(choices.get(k, [True, False])))
    return out


@given(stored_prefs(), st.lists(st.tuples(SETTINGS, SETTING_VALUES), max_size=12))
def test_whatever_the_settings_the_page_stores_only_what_their_reader_takes(start, changes):
    store = S.MemoryStore()
    store.set(S.PREFS_KEY, json.dumps(start))
    c = tab(store)
    c.boot("?deal=1")
    for name, value in changes:
        c.set_pref(name, value)
        got, problem = S.read_prefs(store, 1)
        assert problem is None and got == c.prefs


@st.composite
def stored_daily_caches(draw):
    """A daily cache the reader takes: up to the most entries it reads."""
    n = draw(st.sampled_from([0, 1, S.DAILY_KEPT, 10 * S.DAILY_KEPT]))
    number = draw(st.sampled_from([1, 2**64 - 1]))
    cache = {f"tabbycat:{i}": number for i in range(n)}
    while (over := len(json.dumps(cache)) - S.DAILY_CHARS) > 0:   # as many as it reads
        cache = dict(list(cache.items())[over // 40 + 1:])
    return cache


@given(stored_daily_caches(), st.lists(st.tuples(st.sampled_from(GAME_IDS), st.integers(0, 40),
                                                 st.sampled_from([1, 2**64 - 1])), max_size=5))
def test_whatever_the_daily_cache_holds_the_page_stores_only_what_its_reader_takes(start, writes):
    store = S.MemoryStore()
    store.set(S.DAILY_KEY, json.dumps(start))
    assert S.read_daily_cache(store, 1) == start
    for game_id, day, number in writes:
        assert S.write_daily_cache(store, 1, f"{game_id}:2026-01-{1 + day % 28:02d}", number)
        got = S.read_daily_cache(store, 1)
        assert store.get(S.DAILY_KEY) is not None and len(got) <= S.DAILY_KEPT


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(suppress_health_check=FIXTURES)
@given(data=st.data())
def test_whatever_is_played_the_page_stores_a_game_its_reader_takes(game_id, data):
    """Moves, undo, redo, restart through the controller: after each, the stored game
    passes its reader (form, size) and replays into the game in the tab."""
    game, number, acts = data.draw(actions(game_id, max_actions=30))
    store = S.MemoryStore()
    c = tab(store)
    c.boot(f"?deal={number}&game={game.id}")
    for act in acts:
        if act[0] == "line":
            c.play(act[1])
        elif act[0] == "play":
            legal = game.legal_moves(c.session.position)
            if legal:
                c.play(legal[act[1] % len(legal)])
        else:
            getattr(c, act[0])()
        data, problem = S.read_game_record(store, 1)
        assert problem is None
        back = Session.from_dict({k: v for k, v in data.items() if k not in ("rev", "tab")})
        assert back.to_dict() == c.session.to_dict()
