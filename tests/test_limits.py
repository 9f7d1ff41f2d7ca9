"""Every limit at its edge: a value at the limit is accepted and the next one is refused
(or handled as documented), with the limit read from the module that defines it, so that
moving or removing a limit fails here."""

import json

import pytest

from solitaire import SolitaireError, get_game
from solitaire.play import jobs as J
from solitaire.play import questions as Q
from solitaire.play.controller import Controller
from solitaire.records import readers as R
from solitaire.records import saved as S
from solitaire.records import session as SE
from solitaire.records import stats as ST
from solitaire.engine.games.base import MAX_DEAL, check_deal_number
from solitaire.records.session import Session
from solitaire.words.text import reason

GAME = get_game("tabbycat")
# Deal 1 of Tabby Cat: 1>4 then 4>1 brings the deal back, so a saved game can hold any
# number of legal moves.
THERE, BACK = "1>4", "4>1"


def padded(value, chars: int) -> str:
    """``value`` as JSON, padded with spaces (still the same JSON) to exactly ``chars``."""
    text = json.dumps(value)
    assert len(text) <= chars
    return text + " " * (chars - len(text))


# -- the record reader ---------------------------------------------------------------------

def test_read_json_takes_max_chars_and_refuses_one_more():
    assert R.read_json(padded([1], 100), 100) == [1]
    with pytest.raises(R.RecordError, match="too large"):
        R.read_json(padded([1], 101), 100)


@pytest.mark.parametrize("open_,close", [("[", "]"), ('{"a":', "}")])
def test_read_json_takes_max_depth_levels_and_refuses_one_more(open_, close):
    deep = open_ * R.MAX_DEPTH + "1" + close * R.MAX_DEPTH
    assert R.read_json(deep, 10_000) is not None
    deeper = open_ * (R.MAX_DEPTH + 1) + "1" + close * (R.MAX_DEPTH + 1)
    with pytest.raises(R.RecordError, match=f"deeper than {R.MAX_DEPTH} levels"):
        R.read_json(deeper, 10_000)
    # an explicit depth is the limit too
    assert R.read_json("[[1]]", 100, max_depth=2) == [[1]]
    with pytest.raises(R.RecordError, match="deeper than 1 levels"):
        R.read_json("[[1]]", 100, max_depth=1)


def test_brackets_inside_strings_are_not_levels():
    text = json.dumps(["[" * 50 + "{" * 50])
    assert R.read_json(text, 1_000, max_depth=1) == ["[" * 50 + "{" * 50]


# Each stored record's reader, its key and its size limit.
READERS = [
    (S.SAVE_KEY, S.GAME_CHARS, lambda st: S.read_game_record(st, 7), {"v": 1}),
    (S.PREFS_KEY, S.PREFS_CHARS, lambda st: S.read_prefs(st, 7), {"winnable": False}),
    (S.STATS_KEY, S.STATS_CHARS, lambda st: S.read_stats(st, 7), ST.new_stats()),
    (S.DAILY_KEY, S.DAILY_CHARS, lambda st: (S.read_daily_cache(st, 7), None), {"tabbycat:2026-01-01": 5}),
]


@pytest.mark.parametrize("key,most,read,value", READERS, ids=[r[0] for r in READERS])
def test_each_stored_record_is_read_at_its_size_limit_and_kept_aside_past_it(key, most, read, value):
    store = S.MemoryStore()
    store.set(key, padded(value, most))
    got, problem = read(store)
    assert problem is None and store.get(key) is not None
    assert all(got[k] == v for k, v in value.items())
    store.set(key, padded(value, most + 1))
    got, problem = read(store)
    assert store.get(key) is None and store.get(f"{key}.corrupt.7") == padded(value, most + 1)
    if key != S.DAILY_KEY:  # the daily cache is a cache: dropped without a word
        assert "too large" in str(problem[1]["why"])


def test_a_statistics_file_is_imported_at_the_size_limit_and_refused_past_it():
    from test_play import keys, tab
    c = tab()
    c.boot("?deal=1")
    s = ST.new_stats()
    ST.record(s, "manx", True, 50, 60, "2026-11-29", id="m1")
    assert c.import_stats(padded(s, S.STATS_CHARS)).offer is not None
    ans = c.import_stats(padded(s, S.STATS_CHARS + 1))
    assert keys(ans) == ["import_bad"] and "too large" in ans.status[0]


def test_the_saved_games_tab_mark_has_a_length_limit():
    for tab, problem in (("t" * S.TAB_CHARS, False), ("t" * (S.TAB_CHARS + 1), True)):
        store = S.MemoryStore()
        store.set(S.SAVE_KEY, json.dumps({"v": 1, "tab": tab}))
        assert (S.read_game_record(store, 1)[1] is not None) == problem


# -- deal numbers and the address ------------------------------------------------------------

def test_deal_numbers_run_from_one_to_max_deal():
    assert MAX_DEAL == 2**64 - 1 and R.MAX_DEAL is MAX_DEAL
    assert R.deal_number(str(MAX_DEAL)) == MAX_DEAL and R.deal_number("1") == 1
    assert R.deal_number(str(MAX_DEAL + 1)) is None and R.deal_number("0") is None
    assert check_deal_number(MAX_DEAL) == MAX_DEAL and check_deal_number(1) == 1
    for bad in (0, MAX_DEAL + 1):
        with pytest.raises(SolitaireError, match="deal numbers run from 1 to"):
            check_deal_number(bad)


def test_a_deal_number_is_written_with_at_most_deal_digits():
    assert R.DEAL_DIGITS == len(str(MAX_DEAL))
    assert R.deal_number("0" * (R.DEAL_DIGITS - 1) + "7") == 7
    assert R.deal_number("0" * R.DEAL_DIGITS + "7") is None


def test_the_address_takes_the_largest_deal_and_refuses_the_next():
    q = R.read_query(f"?deal={MAX_DEAL}")
    assert q.deal == MAX_DEAL and q.problems == []
    q = R.read_query(f"?deal={MAX_DEAL + 1}")
    assert q.deal is None and q.problems == ["bad_deal"]
    q = R.read_query("?deal=" + "0" * R.DEAL_DIGITS + "7")
    assert q.deal is None and q.problems == ["bad_deal"]
    from test_play import keys, tab
    c = tab()
    c.boot(f"?deal={MAX_DEAL}")
    assert c.session.deal == MAX_DEAL
    assert keys(tab().boot(f"?deal={MAX_DEAL + 1}")) == ["bad_deal_link"]


def test_the_address_has_a_length_limit():
    def query(chars):
        head = "?deal=5&pad="
        return head + "x" * (chars - len(head))
    q = R.read_query(query(R.MAX_QUERY))
    assert q.deal == 5 and q.problems == []
    q = R.read_query(query(R.MAX_QUERY + 1))
    assert q.deal is None and q.problems == ["bad_query"]


def test_the_address_has_a_limit_on_its_parts():
    def query(fields):
        return "?deal=5" + "".join(f"&p{i}=1" for i in range(fields - 1))
    q = R.read_query(query(R.MAX_QUERY_FIELDS))
    assert q.deal == 5 and q.problems == []
    q = R.read_query(query(R.MAX_QUERY_FIELDS + 1))
    assert q.deal is None and q.problems == ["bad_query"]


# -- the saved game ----------------------------------------------------------------------------

def saved(moves=(), redo=(), **more):
    return {"v": 1, "game": "tabbycat", "deal": "1", "moves": list(moves), "redo": list(redo),
            **more}


def back_and_forth(count):
    return [(THERE, BACK)[i % 2] for i in range(count)]


def test_the_loop_used_here_is_legal():
    s = Session(GAME, 1)
    for m in back_and_forth(4):
        s.play(__import__("solitaire").Move.parse(m))
    assert s.position == GAME.deal(1)


@pytest.mark.parametrize("redo", [0, 1, SE.MAX_MOVES // 2])
def test_a_saved_game_holds_max_moves_and_not_one_more(redo):
    line = back_and_forth(SE.MAX_MOVES)
    s = Session.from_dict(saved(line[:SE.MAX_MOVES - redo], line[SE.MAX_MOVES - redo:]))
    assert len(s.moves) == SE.MAX_MOVES - redo and len(s.undone) == redo
    line = back_and_forth(SE.MAX_MOVES + 1)
    with pytest.raises(R.RecordError) as e:
        Session.from_dict(saved(line[:SE.MAX_MOVES + 1 - redo], line[SE.MAX_MOVES + 1 - redo:]))
    assert reason(e.value) == reason(R.RecordError("rec_game_moves"))


def test_a_saved_restart_holds_max_moves_and_not_one_more():
    line = back_and_forth(SE.MAX_MOVES)
    s = Session.from_dict(saved(restart=[line, []]))
    assert s.undo() and len(s.moves) == SE.MAX_MOVES
    with pytest.raises(R.RecordError, match="restart"):
        Session.from_dict(saved(restart=[back_and_forth(SE.MAX_MOVES + 1), []]))


def test_a_saved_move_is_at_most_move_chars_long():
    at = THERE.ljust(SE.MOVE_CHARS)
    assert Session.from_dict(saved([at])).moves[0] == __import__("solitaire").Move.parse(THERE)
    with pytest.raises(R.RecordError) as e:
        Session.from_dict(saved([at + " "]))
    assert reason(e.value) == reason(R.RecordError("rec_game_moves"))


def test_a_saved_clock_is_at_most_max_elapsed():
    assert Session.from_dict(saved(elapsed=SE.MAX_ELAPSED)).elapsed == SE.MAX_ELAPSED
    with pytest.raises(R.RecordError, match="clock"):
        Session.from_dict(saved(elapsed=SE.MAX_ELAPSED + 1))


def test_a_saved_deal_is_at_most_max_deal():
    assert Session.from_dict({**saved(), "deal": str(MAX_DEAL)}).deal == MAX_DEAL
    with pytest.raises(R.RecordError, match="out of range"):
        Session.from_dict({**saved(), "deal": str(MAX_DEAL + 1)})


class Written:
    """A game in progress as :func:`saved.game_text` takes it, its record's fields (the engine is not replayed)."""

    def __init__(self, moves, redo=(), restart=None):
        self.d = {"v": 1, "game": "tabbycat", "deal": "1", "daily": None, "moves": list(moves),
                  "redo": list(redo), "elapsed": 0, "recorded": False, "id": "",
                  "restart": restart}

    def to_dict(self):
        return dict(self.d)


def test_a_saved_games_text_is_written_at_game_chars_and_not_one_more():
    def long(pad):   # padded to the limit by its last move's text (a tab mark is short)
        return Written(["p10>p10*13"] * (SE.MAX_MOVES - 1) + ["p10>p10*13" + "x" * pad])
    bare = len(S.game_text(long(0), 1, "t"))
    assert bare < S.GAME_CHARS - 100
    at = S.game_text(long(S.GAME_CHARS - bare), 1, "t")
    assert at is not None and len(at) == S.GAME_CHARS
    assert S.game_text(long(S.GAME_CHARS - bare + 1), 1, "t") is None


def test_a_saved_games_tab_mark_is_written_at_tab_chars_and_not_one_more():
    assert json.loads(S.game_text(Written([]), 1, "t" * S.TAB_CHARS))["tab"] == "t" * S.TAB_CHARS
    assert S.TAB_CHARS == 40
    assert S.game_text(Written([]), 1, "t" * (S.TAB_CHARS + 1)) is None


def test_a_saved_restart_of_max_moves_is_written_and_dropped_with_the_redo_list():
    restart = [[THERE] * SE.MAX_MOVES, []]
    data = json.loads(S.game_text(Written([], restart=restart), 1, "t"))
    assert data["restart"] == restart
    over = Written([THERE] * (SE.MAX_MOVES // 2), [BACK] * (SE.MAX_MOVES // 2 + 1), [[THERE], []])
    data = json.loads(S.game_text(over, 1, "t"))
    assert data["restart"] is None and data["redo"] == [] and len(data["moves"]) == SE.MAX_MOVES // 2


# -- statistics --------------------------------------------------------------------------------

def results(count):
    return [{"id": f"r{i}", "game": "tabbycat", "won": False, "moves": 1, "seconds": 1,
             "day": "2026-11-29", "daily": None, "t": i} for i in range(count)]


def test_statistics_hold_max_results_and_not_one_more():
    record = {"v": 2, "results": results(ST.MAX_RESULTS), "base": {}}
    ST.check(record)  # read (the reader may compact what it keeps)
    record["results"].append({**record["results"][0], "id": "one-more"})
    with pytest.raises(R.RecordError) as e:
        ST.check(record)
    assert reason(e.value) == reason(R.RecordError("rec_stats_too_many"))


def test_a_result_id_is_at_most_result_id_chars_long():
    for id, ok in (("a" * R.RESULT_ID_CHARS, True), ("a" * (R.RESULT_ID_CHARS + 1), False)):
        record = {"v": 2, "results": [{**results(1)[0], "id": id}], "base": {}}
        if ok:
            assert ST.check(record)["results"][0]["id"] == id
        else:
            with pytest.raises(R.RecordError, match="id"):
                ST.check(record)


def longest(pattern, most=200) -> str:
    """The longest text of one repeated letter that ``pattern`` (a reader's regex) takes."""
    return "a" * max(n for n in range(1, most) if pattern.fullmatch("a" * n))


def largest_statistics():
    """A statistics record with every field at the writer's limits: MAX_GAMES games of the
    longest id, each with every count, best and chart entry at its largest and a daily
    in every month, RECENT games kept to replay of the longest replay text, and
    MOST_RESULTS results of the longest ids and values."""
    import calendar
    game = longest(ST.GAME_ID)
    games = [f"{i:0{len(game)}d}" for i in range(ST.MAX_GAMES)]
    months = [f"{y}-{m:02d}" for y in range(int(ST.FIRST_DAILY[:4]), int(ST.LAST_DAILY[:4]) + 1)
              for m in range(1, 13)]
    base = {"played": ST.MAX_COUNT, "won": ST.MAX_COUNT, "streak": ST.MAX_COUNT,
            "best_streak": ST.MAX_COUNT, "best_time": ST.MAX_SECONDS, "fewest_moves": ST.MAX_MOVES,
            "history": [[ST.LAST_DAILY, False, ST.MAX_MOVES, ST.MAX_SECONDS]] * ST.CHART,
            "daily": {m: "L" * calendar.monthrange(int(m[:4]), int(m[5:]))[1] for m in months}}
    ids = [f"{i:0{R.RESULT_ID_CHARS}d}" for i in range(ST.MOST_RESULTS)]
    results = sorted(({"id": id, "game": games[i % len(games)], "won": False,
                       "moves": ST.MAX_MOVES, "seconds": ST.MAX_SECONDS, "day": ST.LAST_DAILY,
                       "daily": ST.LAST_DAILY, "t": ST.MAX_T} for i, id in enumerate(ids)),
                     key=lambda r: (r["t"], r["game"], r["id"]))
    def replay(g):   # a replay text of that game, of the longest length kept
        head = f"{g}.{'9' * 20}.{'9' * 5}."
        return head + "A" * (ST.REPLAY_CHARS - len(head))
    recent = {g: [{"id": f"{k:0{R.RESULT_ID_CHARS}d}", "won": False, "t": ST.MAX_T,
                   "day": ST.LAST_DAILY, "replay": replay(g)} for k in range(ST.RECENT)]
              for g in games}
    return {"v": ST.STATS_VERSION, "results": results, "base": {g: base for g in games},
            "upto": [ST.MAX_T - 1, games[-1], ids[-1]], "epoch": ST.MAX_T, "recent": recent}, months


def test_the_largest_statistics_record_is_read_back_and_most_chars_measures_it():
    """A record at every limit is read back whole, within STATS_CHARS; most_chars() is its
    length, counting every month's calendar as 31 days (an upper bound)."""
    import calendar
    record, months = largest_statistics()
    text = json.dumps(record)
    assert ST.check(R.read_json(text, S.STATS_CHARS)) == record
    short_days = sum(31 - calendar.monthrange(int(m[:4]), int(m[5:]))[1] for m in months)
    assert ST.most_chars() == len(text) + ST.MAX_GAMES * short_days
    assert ST.most_chars() < S.STATS_CHARS
    more = {**record["results"][-1], "id": f"{ST.MOST_RESULTS:0{R.RESULT_ID_CHARS}d}"}
    folded = ST.check({**record, "results": record["results"] + [more]})  # one more: folded
    assert len(folded["results"]) == ST.KEEP_RESULTS and folded["results"][-1] == more


# -- the daily cache ---------------------------------------------------------------------------

def test_the_daily_cache_reader_takes_ten_times_daily_kept_entries_and_not_one_more():
    most = 10 * S.DAILY_KEPT
    cache = {f"g:{i}": i + 1 for i in range(most)}
    assert S.check_daily_cache(cache) == cache
    with pytest.raises(R.RecordError):
        S.check_daily_cache({**cache, "one:more": 1})


def test_a_daily_cache_entry_has_limits_on_its_key_and_deal():
    assert S.check_daily_cache({"k" * S.DAILY_KEY_CHARS: MAX_DEAL})
    for bad in ({"k" * (S.DAILY_KEY_CHARS + 1): 1}, {"k": MAX_DEAL + 1}, {"k": 0}):
        with pytest.raises(R.RecordError):
            S.check_daily_cache(bad)


def test_the_daily_cache_keeps_the_last_daily_kept_days():
    from test_play import run, tab
    from solitaire.solver.daily import candidates
    c = tab()
    c.boot("?deal=1")
    cache = {f"tabbycat:old-{i}": i + 1 for i in range(S.DAILY_KEPT)}
    c.store.set(S.DAILY_KEY, json.dumps(cache))
    c.daily("2026-11-01")
    run(c)
    kept = json.loads(c.store.get(S.DAILY_KEY))
    assert len(kept) == S.DAILY_KEPT and "tabbycat:old-0" not in kept
    assert "tabbycat:old-1" in kept and kept["tabbycat:2026-11-01"] in candidates("2026-11-01", "tabbycat")


# -- jobs for the worker -----------------------------------------------------------------------

def job(**more):
    return {"kind": "new_deal", "id": 1, "game": "tabbycat", "budget": 10, "back": 10, "slice": 10,
            "label": None, "numbers": [5], "winnable": 1, **more}


def test_a_job_is_read_at_max_job_characters_and_refused_past_them():
    assert J.read_job(padded(job(), J.MAX_JOB))["numbers"] == [5]
    with pytest.raises(ValueError):
        J.read_job(padded(job(), J.MAX_JOB + 1))


def test_a_new_deal_job_tries_at_most_max_numbers_deals():
    assert len(J.read_job(json.dumps(job(numbers=list(range(1, J.MAX_NUMBERS + 1)))))["numbers"]) \
        == J.MAX_NUMBERS
    with pytest.raises(ValueError):
        J.read_job(json.dumps(job(numbers=list(range(1, J.MAX_NUMBERS + 2)))))
    with pytest.raises(ValueError):
        J.read_job(json.dumps(job(numbers=[])))


@pytest.mark.parametrize("field", ["id", "budget", "back", "slice"])
def test_a_jobs_numbers_are_at_most_max_job_int(field):
    assert J.read_job(json.dumps(job(**{field: J.MAX_JOB_INT})))[field] == J.MAX_JOB_INT
    for bad in (J.MAX_JOB_INT + 1, 0):
        with pytest.raises(ValueError):
            J.read_job(json.dumps(job(**{field: bad})))


def test_a_jobs_deal_numbers_are_at_most_max_deal():
    assert J.read_job(json.dumps(job(numbers=[MAX_DEAL])))["numbers"] == [MAX_DEAL]
    with pytest.raises(SolitaireError):
        J.read_job(json.dumps(job(numbers=[MAX_DEAL + 1])))


# -- what the page remembers in memory ---------------------------------------------------------

def test_ratings_kept_ratings_are_remembered_then_the_oldest_goes():
    r = Q.Ratings()
    for n in range(1, Q.RATINGS_KEPT + 1):
        r.put("tabbycat", n, "easy")
    assert len(r.known) == Q.RATINGS_KEPT and r.get("tabbycat", 1) == "easy"
    r.put("tabbycat", Q.RATINGS_KEPT + 1, "hard")
    assert len(r.known) == Q.RATINGS_KEPT and r.get("tabbycat", 1) is None
    assert r.get("tabbycat", 2) == "easy" and r.get("tabbycat", Q.RATINGS_KEPT + 1) == "hard"


def test_a_game_one_move_past_max_moves_is_played_but_not_saved_and_says_why():
    c = Controller(S.MemoryStore(), now=lambda: 1, today=lambda: "2026-11-30", random=lambda: 7)
    c.boot("?deal=1")
    c.session = Session.from_dict(saved(back_and_forth(SE.MAX_MOVES)))
    ans = c.play(__import__("solitaire").Move.parse(THERE))
    assert [m.key for m in ans.status] == ["write_failed_game"]
    assert ans.status[0].params["why"].key == "game_too_long"
    assert len(c.session.moves) == SE.MAX_MOVES + 1
