"""Each reader refuses a bad field with its own reason (the catalogue key and what it
names), and takes each field's edge values: the version-1 statistics' per-game counts, a
statistics result, the settings."""

import datetime

import pytest

from solitaire import saved as S
from solitaire import stats as ST
from solitaire.records import RecordError, read_json


def reason_of(call, *args):
    with pytest.raises(RecordError) as e:
        call(*args)
    message = e.value.args[0]
    return message.key, dict(message.params)


def base(**changes):
    g = {"played": 3, "won": 2, "streak": 1, "best_streak": 2, "best_time": 60,
         "fewest_moves": 80, "history": [["2026-11-29", True, 80, 60]],
         "daily": {"2026-11-29": {"won": True, "moves": 80, "seconds": 60}}}
    g.update(changes)
    return g


def v1(g, game_id="tabbycat"):
    return {"v": 1, "games": {game_id: g}}


def test_a_good_version_1_record_is_read_whole():
    got = ST.check(v1(base()))
    assert got["base"]["tabbycat"] == base()
    s = got
    ST.record(s, "manx", True, 5, 5, "2026-11-30", id="m")
    assert ST.history(s, "tabbycat") == [["2026-11-29", True, 80, 60]]
    assert ST.dailies(s, "tabbycat") == {"2026-11-29": {"won": True, "moves": 80, "seconds": 60}}
    assert ST.summary(s, "tabbycat", "2026-11-30")["played"] == 3


def test_the_game_name_and_record():
    assert reason_of(ST.check, v1(base(), "Tabby Cat")) == ("rec_stats_game_name", {})
    assert reason_of(ST.check, v1([1])) == ("rec_stats_game", {"game_id": "tabbycat"})


@pytest.mark.parametrize("field", ["played", "won", "streak", "best_streak"])
def test_each_count_is_a_whole_number_up_to_a_billion(field):
    top = {"played": 10**9, "won": 10**9, "streak": 10**9, "best_streak": 10**9}
    assert ST.check(v1(base(**top)))["base"]["tabbycat"][field] == 10**9
    for bad in (-1, 10**9 + 1, 1.5, True, None):
        assert reason_of(ST.check, v1(base(**{**top, field: bad}))) == (
            "rec_stats_game_field", {"game_id": "tabbycat", "field": field})


def test_the_counts_add_up():
    assert reason_of(ST.check, v1(base(won=4))) == ("rec_stats_more_won", {"game_id": "tabbycat"})
    for bad in ({"streak": 3}, {"best_streak": 3}):
        assert reason_of(ST.check, v1(base(**bad))) == ("rec_stats_streaks", {"game_id": "tabbycat"})
    assert ST.check(v1(base(streak=2)))["base"]["tabbycat"]["streak"] == 2


@pytest.mark.parametrize("field,low", [("best_time", 0), ("fewest_moves", 1)])
def test_the_bests_have_their_bounds_and_are_there_only_with_a_win(field, low):
    for ok in (low, 10**9):
        assert ST.check(v1(base(**{field: ok})))["base"]["tabbycat"][field] == ok
    for bad in (low - 1, 10**9 + 1, "7"):
        assert reason_of(ST.check, v1(base(**{field: bad}))) == (
            "rec_stats_game_field", {"game_id": "tabbycat", "field": field})
    assert reason_of(ST.check, v1(base(**{field: None}))) == (
        "rec_stats_wins", {"game_id": "tabbycat", "field": field})
    none_won = base(won=0, streak=0, best_streak=0, best_time=None, fewest_moves=None)
    assert ST.check(v1(none_won))["base"]["tabbycat"][field] is None
    assert reason_of(ST.check, v1({**none_won, field: low + 5})) == (
        "rec_stats_wins", {"game_id": "tabbycat", "field": field})


def test_the_history_has_up_to_1000_rows_of_checked_results():
    row = ["2026-11-29", False, 1_000_000, 10**9]
    assert len(ST.check(v1(base(history=[row] * 1000)))["base"]["tabbycat"]["history"]) == 1000
    field = ("rec_stats_game_field", {"game_id": "tabbycat", "field": "history"})
    assert reason_of(ST.check, v1(base(history=[row] * 1001))) == field
    assert reason_of(ST.check, v1(base(history="x"))) == field
    no_history = {k: v for k, v in base().items() if k != "history"}
    assert ST.check(v1(no_history))["base"]["tabbycat"]["history"] == []
    bad_rows = [["2026-02-30", False, 1, 1], ["2026-11-29", 1, 1, 1], ["2026-11-29", False, 1_000_001, 1],
                ["2026-11-29", False, -1, 1], ["2026-11-29", False, 1, 10**9 + 1],
                ["2026-11-29", False, 1, -1], ["2026-11-29", False, 1], "row"]
    for bad in bad_rows:
        assert reason_of(ST.check, v1(base(history=[bad]))) == ("rec_stats_history", {"game_id": "tabbycat"}), bad


def test_the_daily_calendar_has_up_to_40000_checked_days():
    start = datetime.date(1900, 1, 1)
    days = {(start + datetime.timedelta(days=i)).isoformat(): {"won": False} for i in range(40_000)}
    got = ST.check(v1(base(daily=days)))["base"]["tabbycat"]["daily"]
    assert len(got) == 40_000 and got["1900-01-01"] == {"won": False, "moves": 0, "seconds": 0}
    more = {**days, (start + datetime.timedelta(days=40_000)).isoformat(): {"won": False}}
    field = ("rec_stats_game_field", {"game_id": "tabbycat", "field": "daily"})
    assert reason_of(ST.check, v1(base(daily=more))) == field
    assert reason_of(ST.check, v1(base(daily=[]))) == field
    assert reason_of(ST.check, v1(base(daily={"2026-13-01": {"won": True}}))) == (
        "rec_stats_daily_day", {"game_id": "tabbycat", "day": "2026-13-01"})
    ok = {"won": True, "moves": 1_000_000, "seconds": 10**9}
    assert ST.check(v1(base(daily={"2026-11-29": ok})))["base"]["tabbycat"]["daily"]["2026-11-29"] == ok
    for bad in ({"won": 1}, {"moves": 1}, {"won": True, "moves": 1_000_001}, {"won": True, "moves": -1},
                {"won": True, "seconds": 10**9 + 1}, {"won": True, "seconds": -1}, "won"):
        assert reason_of(ST.check, v1(base(daily={"2026-11-29": bad}))) == (
            "rec_stats_daily", {"game_id": "tabbycat", "day": "2026-11-29"}), bad


def result(**changes):
    r = {"id": "a", "game": "tabbycat", "won": True, "moves": 10, "seconds": 20,
         "day": "2026-11-29", "daily": None, "t": 0}
    r.update(changes)
    return r


def v2(*results, **more):
    return {"v": 2, "results": list(results), "base": {}, **more}


@pytest.mark.parametrize("field,good,bad", [
    ("game", ["a", "a" * 30, "spider-4"], ["", "a" * 31, "Tabby", 5]),
    ("won", [True, False], [1, None]),
    ("moves", [0, 1_000_000], [-1, 1_000_001, 1.0]),
    ("seconds", [0, 10**9], [-1, 10**9 + 1]),
    ("day", ["2026-02-28"], ["2026-02-30", "26-02-28", None]),
    ("daily", [None, "2026-02-28"], ["2026-02-30", 5]),
    ("t", [0, 1 << 53], [-1, (1 << 53) + 1]),
])
def test_each_result_field_has_its_bounds(field, good, bad):
    for value in good:
        assert ST.check(v2(result(**{field: value})))["results"][0][field] == value
    for value in bad:
        assert reason_of(ST.check, v2(result(**{field: value}))) == (
            "rec_stats_result_field", {"id": "a", "field": field}), value


def test_results_are_records_with_unique_ids_and_the_record_has_its_layout():
    assert reason_of(ST.check, v2(result(), result())) == ("rec_stats_twice", {"id": "a"})
    assert reason_of(ST.check, v2({**result(), "extra": 1})) == ("rec_stats_result", {})
    assert reason_of(ST.check, v2(result(id="a b"))) == ("rec_stats_result_id", {})
    assert reason_of(ST.check, {"v": 3}) == ("rec_stats_newer", {"schema": 3})
    assert reason_of(ST.check, {"v": 2, "results": {}, "base": {}}) == ("rec_stats_layout", {"schema": 2})
    assert reason_of(ST.check, {"v": 1, "games": []}) == ("rec_stats_layout", {"schema": 1})
    assert reason_of(ST.check, v2(epoch=-1)) == ("rec_stats_field", {"field": "epoch"})
    assert ST.check(v2(epoch=5))["epoch"] == 5 and ST.check(v2())["epoch"] == 0
    for bad in ({"v": True}, {"v": -1}, [], {"v": 1 << 32}):
        assert reason_of(ST.check, bad) == ("rec_stats_not_record", {})


# -- settings ---------------------------------------------------------------------------------

@pytest.mark.parametrize("key", ["winnable", "autoplay", "four_colour", "intro_seen", "shortcuts",
                                 "choose_first"])
def test_each_on_off_setting_is_read_and_refused_unless_true_or_false(key):
    assert S.check_prefs({key: not S.DEFAULT_PREFS[key]})[key] is (not S.DEFAULT_PREFS[key])
    assert reason_of(S.check_prefs, {key: 1}) == ("rec_setting_not_bool", {"name": key})


@pytest.mark.parametrize("key,good,bad,why", [
    ("theme", ["light", "dark", None], ["blue"], "rec_theme"),
    ("lang", ["en", "es", None], ["fr"], "rec_lang"),
    ("difficulty", ["easy", "medium", "hard", None], ["brutal"], "rec_difficulty"),
])
def test_each_choice_setting_is_one_of_its_values(key, good, bad, why):
    for value in good:
        assert S.check_prefs({key: value})[key] == value
    for value in bad:
        assert reason_of(S.check_prefs, {key: value}) == (why, {})
    assert reason_of(S.check_prefs, [1]) == ("rec_prefs_not_record", {})
    assert S.check_prefs({"unknown": 1}) == S.DEFAULT_PREFS


def test_json_constants_are_refused_by_name():
    for name in ("NaN", "Infinity", "-Infinity"):
        assert reason_of(read_json, f"[{name}]", 100) == ("rec_not_number", {"value": name})
    assert reason_of(read_json, "[1e999]", 100) == ("rec_not_finite", {"value": "1e999"})
    assert reason_of(read_json, 5, 100) == ("rec_not_text", {})
    assert reason_of(read_json, "[1", 100)[0] == "rec_brackets"
    assert reason_of(read_json, "[1,]", 100)[0] == "rec_not_json"
