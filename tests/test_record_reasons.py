"""Each reader refuses a bad field with its own reason (the catalogue key and what it
names), and takes each field's edge values: the version-1 statistics' per-game counts, a
statistics result, the settings, the saved game."""

import datetime
import json

import pytest

from solitaire import SolitaireError

from solitaire.records import saved as S
from solitaire.records import stats as ST
from solitaire.engine.games.base import MAX_DEAL
from solitaire.records.readers import RecordError, read_json
from solitaire.records.session import SAVE_VERSION, Session


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


def test_the_game_name_and_record():
    assert reason_of(ST.check, v1(base(), "Tabby Cat")) == ("rec_stats_game_name", {})
    assert reason_of(ST.check, v1([1])) == ("rec_stats_game", {"game_id": "tabbycat"})


def test_the_counts_add_up():
    assert reason_of(ST.check, v1(base(won=4))) == ("rec_stats_more_won", {"game_id": "tabbycat"})
    for bad in ({"streak": 3}, {"best_streak": 3}):
        assert reason_of(ST.check, v1(base(**bad))) == ("rec_stats_streaks", {"game_id": "tabbycat"})
    assert ST.check(v1(base(streak=2)))["base"]["tabbycat"]["streak"] == 2


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


# -- settings ---------------------------------------------------------------------------------

@pytest.mark.parametrize("key", ["winnable", "autoplay", "four_colour", "intro_seen", "shortcuts",
                                 "choose_first", "hint_used", "hint_ahead"])
def test_each_on_off_setting_is_read_and_refused_unless_true_or_false(key):
    assert S.check_prefs({key: not S.DEFAULT_PREFS[key]})[key] is (not S.DEFAULT_PREFS[key])
    assert reason_of(S.check_prefs, {key: 1}) == ("rec_setting_not_bool", {"name": key})


@pytest.mark.parametrize("key,good,bad,why", [
    ("theme", ["light", "dark", None], ["blue"], "rec_theme"),
    ("lang", ["en", "es", None], ["fr"], "rec_lang"),
    ("difficulty", ["easy", "medium", "hard", None], ["brutal"], "rec_difficulty"),
    ("motion", ["slow", "normal", "fast", "off", None], ["warp", "", 2, True, ["fast"]], "rec_motion"),
])
def test_each_choice_setting_is_one_of_its_values(key, good, bad, why):
    for value in good:
        assert S.check_prefs({key: value})[key] == value
    for value in bad:
        assert reason_of(S.check_prefs, {key: value}) == (why, {})
    assert reason_of(S.check_prefs, [1]) == ("rec_prefs_not_record", {})
    assert S.check_prefs({"unknown": 1}) == S.DEFAULT_PREFS


def test_a_settings_record_from_before_card_motion_reads_with_the_systems_motion():
    """A record written before *Card motion* existed (every other setting, no ``motion``,
    nor the later ``hint_used`` and ``hint_ahead``) reads as written, its motion None (the
    system's), no Hint asked for yet and the switch for searching them ahead on; one with
    a motion the page does not know is kept aside like any unreadable record, and the
    defaults rule."""
    old = {"winnable": False, "theme": "dark", "autoplay": True, "four_colour": True,
           "lang": "es", "intro_seen": True, "shortcuts": False, "choose_first": True,
           "difficulty": "hard"}
    store = S.MemoryStore()
    store.set(S.PREFS_KEY, json.dumps(old))
    assert S.read_prefs(store, 1) == ({**old, "motion": None, "hint_used": False, "hint_ahead": True}, None)
    store.set(S.PREFS_KEY, json.dumps({**old, "motion": "warp"}))
    prefs, problem = S.read_prefs(store, 2)
    assert prefs == S.DEFAULT_PREFS and problem[0] == "prefs_unreadable"
    assert store.get(S.PREFS_KEY + ".corrupt.2") == json.dumps({**old, "motion": "warp"})


def test_json_constants_are_refused_by_name():
    for name in ("NaN", "Infinity", "-Infinity"):
        assert reason_of(read_json, f"[{name}]", 100) == ("rec_not_number", {"value": name})
    assert reason_of(read_json, "[1e999]", 100) == ("rec_not_finite", {"value": "1e999"})
    long = "9" * 400 + ".5"   # too large to be finite: the message quotes its first 40 characters
    assert reason_of(read_json, f"[{long}]", 1000) == ("rec_not_finite", {"value": "9" * 40})
    assert reason_of(read_json, 5, 100) == ("rec_not_text", {})
    assert reason_of(read_json, "[1", 100)[0] == "rec_brackets"
    assert reason_of(read_json, "[1,]", 100)[0] == "rec_not_json"


# -- the saved game ---------------------------------------------------------------------------

def game(**changes):
    return {"v": 1, "game": "tabbycat", "deal": "1", "moves": [], **changes}


@pytest.mark.parametrize("changes,why", [
    ({"v": 2}, ("rec_game_version", {"version": "2", "expected": SAVE_VERSION})),
    ({"v": "v" * 30}, ("rec_game_version", {"version": "v" * 24, "expected": SAVE_VERSION})),
    ({"deal": "x" * 30}, ("rec_game_deal", {"value": "x" * 24})),
    ({"deal": 5}, ("rec_game_deal", {"value": "5"})),
    ({"deal": "9" * 30}, ("rec_game_deal_range", {"most": MAX_DEAL})),
    ({"elapsed": -1}, ("rec_game_clock", {"value": "-1"})),
    ({"elapsed": "1" * 30}, ("rec_game_clock", {"value": "1" * 24})),
    ({"daily": "2026-13-01"}, ("rec_game_daily", {})),
    ({"recorded": 1}, ("rec_game_field", {"field": "recorded"})),
    ({"id": "a b"}, ("rec_game_field", {"field": "id"})),
    ({"id": 5}, ("rec_game_field", {"field": "id"})),
    ({"restart": [[], [], []]}, ("rec_game_field", {"field": "restart"})),
    ({"restart": ["1>4", []]}, ("rec_game_field", {"field": "restart"})),
    ({"restart": [["1>4".ljust(17)], []]}, ("rec_game_field", {"field": "restart"})),
    ({"restart": [[], [4]]}, ("rec_game_field", {"field": "restart"})),
    ({"game": "chess"}, ("rec_game_unknown", {"name": "chess"})),
    ({"game": "c" * 50}, ("rec_game_unknown", {"name": "c" * 40})),
])
def test_each_saved_game_field_is_refused_with_its_reason(changes, why):
    assert reason_of(Session.from_dict, game(**changes)) == why


def test_a_saved_game_without_its_optional_fields_takes_their_defaults():
    s = Session.from_dict(game())
    assert (s.elapsed, s.recorded, s.id, s.daily, s.undone, s.before_restart) == (
        0.0, False, "", None, [], None)
    s = Session.from_dict(game(elapsed=7.5, recorded=True, id="g1-2", daily="2026-02-28"))
    assert (s.elapsed, s.recorded, s.id, s.daily) == (7.5, True, "g1-2", "2026-02-28")


def test_a_saved_move_that_fails_is_named_with_its_number_and_the_engines_reason():
    from solitaire.engine.games import get_game
    from solitaire.engine.position import Move
    from solitaire.words.text import reason
    with pytest.raises(SolitaireError) as e:
        Session(get_game("tabbycat"), 1).play(Move.parse("1>2"))
    why = reason(e.value)
    assert reason_of(Session.from_dict, game(moves=["1>2"])) == (
        "rec_game_move", {"number": 1, "move": "1>2", "why": why})
    assert reason_of(Session.from_dict, game(moves=["1>4"], redo=["4>1", "1>2"])) == (
        "rec_game_redo", {"number": 2, "move": "1>2", "why": why})


def test_a_saved_restart_is_replayed_and_refused_with_the_reason_of_its_failing_move():
    def failure(changes):
        with pytest.raises(SolitaireError) as e:
            Session.from_dict(game(**changes))
        return e.value.args[0]
    bad_move = failure({"moves": ["1>2"]})
    bad_redo = failure({"moves": ["1>4"], "redo": ["zz"]})
    assert reason_of(Session.from_dict, game(restart=[["1>2"], []])) == (
        "rec_game_restart", {"why": bad_move})
    assert reason_of(Session.from_dict, game(restart=[["1>4"], ["zz"]])) == (
        "rec_game_restart", {"why": bad_redo})
    s = Session.from_dict(game(restart=[["1>4"], ["4>1"]]))
    assert s.undo() and [str(m) for m in s.moves] == ["1>4"] and s.redo()
    assert Session.from_dict(game(restart=[[], []])).before_restart == ([], [])
    from solitaire.records.session import MOVE_CHARS
    assert Session.from_dict(game(restart=[["1>4".ljust(MOVE_CHARS)], []])).undo()


# -- the address ------------------------------------------------------------------------------

def test_an_address_part_left_empty_is_a_problem_not_ignored():
    from solitaire.records.readers import read_query
    assert read_query("?deal=").problems == ["bad_deal"]
    assert read_query("?daily=").problems == ["bad_daily"]
    assert read_query("?game=", games=("manx",)).problems == ["no_game"]


def test_an_unknown_game_in_the_address_is_named_to_40_characters():
    from solitaire.records.readers import read_query
    q = read_query("?game=" + "x" * 50 + "&deal=5", games=("manx",))
    assert q.asked_game == "x" * 40 and q.problems == ["no_game"] and q.deal is None


def test_a_saved_game_keeps_its_clock_in_tenths_and_whether_it_was_counted():
    from solitaire.engine.games import get_game
    s = Session(get_game("tabbycat"), 1)
    s.elapsed, s.recorded = 42.46, True
    assert s.to_dict()["elapsed"] == 42.5
    back = Session.from_dict(s.to_dict())
    assert back.recorded is True and back.elapsed == 42.5


def test_unreadable_version_1_statistics_are_kept_aside_under_the_time_read():
    store = S.MemoryStore()
    store.set(S.STATS_V1_KEY, '{"v": 1, "games": 5}')
    stats, problem = S.read_stats(store, 7)
    assert stats == ST.new_stats() and problem[0] == "stats_unreadable"
    assert store.get(f"{S.STATS_V1_KEY}.corrupt.7") == '{"v": 1, "games": 5}'


def test_the_saved_games_record_is_an_object_with_a_revision_from_0_to_2_to_the_53():
    def read(text):
        store = S.MemoryStore()
        store.set(S.SAVE_KEY, text)
        data, problem = S.read_game_record(store, 1)
        return data if problem is None else (problem[1]["why"].key, dict(problem[1]["why"].params))
    for rev in (0, 1 << 53):
        assert read(f'{{"v": 1, "rev": {rev}}}') == {"v": 1, "rev": rev}
    for rev in ("-1", str((1 << 53) + 1), '"1"', "true"):
        assert read(f'{{"v": 1, "rev": {rev}}}') == ("rec_game_field", {"field": "rev"})
    assert read("[1]") == ("rec_game_not_record", {})
