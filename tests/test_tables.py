"""The site's tables (``scripts/tables.py``, ``web/tables/``): their readers, a sample of
their entries recomputed by the solver and the frozen checker, and the controller's
answers from them (New deal with Winnable, the daily) as the page gets them."""

import datetime
import json
import sys
from pathlib import Path

import pytest

from solitaire.engine.games import GAMES, get_game
from solitaire.play import tables as TB
from solitaire.play.controller import Controller
from solitaire.play.jobs import decode
from solitaire.play.worker import Driver
from solitaire.records.readers import RecordError
from solitaire.records.saved import MemoryStore
from solitaire.records.tables import (DAILY_PATH, RATINGS, WINNABLE_PATH, daily_from,
                                      read_daily_table, read_winnable_table)
from solitaire.solver.daily import candidates, daily_deal
from solitaire.solver.hints import difficulty
from solitaire.solver.search import WON, Search

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
WINNABLE = read_winnable_table((ROOT / WINNABLE_PATH).read_text())
DAILY = read_daily_table((ROOT / DAILY_PATH).read_text())
SPIDER4_SAMPLE = 1   # four-suit Spider's proofs cost seconds each


# -- the shipped tables -------------------------------------------------------------------

def test_every_game_has_both_tables_as_the_script_makes_them():
    """Each game's dailies span the days ``scripts/tables.py daily`` computes, and its
    winnable deals are the count the script proves, at the game's Winnable budget."""
    import tables as script
    assert set(WINNABLE) == set(GAMES) == set(DAILY)
    for game_id, entry in DAILY.items():
        first, last = script.daily_range(game_id)
        assert entry["first"] == first.isoformat(), game_id
        assert len(entry["deals"]) == (last - first).days + 1, game_id
    for game_id, entry in WINNABLE.items():
        assert entry["budget"] == get_game(game_id).winnable_budget, game_id
        count = script.COUNTS.get(game_id, script.WINNABLE_COUNT)
        assert sum(len(entry[r]) for r in RATINGS) == count, game_id


def test_every_shipped_daily_is_one_of_its_days_candidates():
    """Every date, cheaply: the deal is among the day's candidates (the full recomputation of
    each date is ``python3 scripts/tables.py check``; a sample is below)."""
    for game_id, entry in DAILY.items():
        first = datetime.date.fromisoformat(entry["first"])
        for i, number in enumerate(entry["deals"]):
            day = (first + datetime.timedelta(days=i)).isoformat()
            assert number in candidates(day, game_id), (game_id, day)


def _spread(items: list, n: int) -> list:
    """``n`` items spread over ``items`` (the first and the last among them)."""
    if len(items) <= n:
        return list(items)
    return [items[round(i * (len(items) - 1) / (n - 1))] for i in range(n)] if n > 1 else items[:1]


def _daily_sample():
    for game_id, entry in DAILY.items():
        first = datetime.date.fromisoformat(entry["first"])
        days = [(first + datetime.timedelta(days=i)).isoformat() for i in range(len(entry["deals"]))]
        for day in _spread(days, 2 if game_id == "spider4" else 4):
            yield game_id, day


@pytest.mark.parametrize("game_id,day", list(_daily_sample()))
def test_a_sample_of_shipped_dailies_is_what_the_checker_computes(game_id, day):
    assert daily_from(DAILY, game_id, day) == daily_deal(day, game_id)


def _winnable_sample():
    for game_id, entry in WINNABLE.items():
        every = [(n, r) for r in RATINGS for n in entry[r]]
        for number, rating in _spread(sorted(every), SPIDER4_SAMPLE if game_id == "spider4" else 2):
            yield game_id, number, rating


@pytest.mark.parametrize("game_id,number,rating", list(_winnable_sample()))
def test_a_sample_of_the_winnable_table_is_proved_and_rated_so_by_the_solver(game_id, number, rating):
    game = get_game(game_id)
    search = Search(game, game.deal(number), game.winnable_budget)
    while search.run(game.winnable_budget) is None:
        pass
    assert search.result.verdict == WON
    assert difficulty(game, number) == rating


# -- the readers ----------------------------------------------------------------------------

def _winnable(**entry):
    base = {"budget": 100_000, "tried": 3, "easy": [1], "medium": [2], "hard": []}
    return json.dumps({"games": {"manx": {**base, **entry}}})


def _daily(first="2026-01-01", deals=(5, 6)):
    return json.dumps({"games": {"manx": {"first": first, "deals": list(deals)}}})


def test_the_readers_take_what_the_script_writes():
    assert read_winnable_table(_winnable())["manx"]["medium"] == [2]
    assert read_daily_table(_daily())["manx"]["deals"] == [5, 6]


@pytest.mark.parametrize("text", [
    _winnable(easy=[0]), _winnable(easy=[2**32]), _winnable(easy=["7"]), _winnable(easy=[True]),
    _winnable(tried=1), _winnable(budget=0), _winnable(extra=1), _winnable(hard=list(range(1, 5002))),
    json.dumps({"games": {"chess": {}}}), json.dumps({"games": []}), "[]", "{", "[" * 50 + "]" * 50,
    " " * 200_001,
], ids=lambda t: t[:30])
def test_the_winnable_reader_refuses_a_bad_table(text):
    with pytest.raises(RecordError):
        read_winnable_table(text)


@pytest.mark.parametrize("text", [
    _daily(first="2025-12-31"), _daily(first="2099-12-31", deals=(1, 2)), _daily(first="2026-02-30"),
    _daily(deals=(0,)), _daily(deals=(1.5,)), _daily(deals=range(1, 5002)),
    json.dumps({"games": {"manx": {"first": "2026-01-01"}}}), " " * 600_001,
], ids=lambda t: t[:40])
def test_the_daily_reader_refuses_a_bad_table(text):
    with pytest.raises(RecordError):
        read_daily_table(text)


# -- the controller's answers from them ------------------------------------------------------

def controller(today="2026-12-05", **tables):
    """A controller whose searches a worker runs (``offload``): a search started stays
    the running task (here none would end at its first slice)."""
    c = Controller(MemoryStore(), now=lambda: 1, today=lambda: today, random=iter(range(1, 10**6)).__next__)
    c.boot("?deal=3")
    c.offload = True
    for kind, text in tables.items():
        c.load_table(kind, text)
    return c


def test_new_deal_with_winnable_answers_from_the_table_without_a_search_and_never_twice():
    deals = list(range(101, 131))
    c = controller(winnable=json.dumps({"games": {"tabbycat": {
        "budget": 100_000, "tried": 30, "easy": deals[:10], "medium": deals[10:20], "hard": deals[20:]}}}))
    got = []
    for _ in range(30):
        ans = c.new_deal()
        assert c.task is None
        assert [m.key for m in ans.status] == ["deal_proved"]
        got.append(c.session.deal)
    assert sorted(got) == deals   # each once, in an order the PRNG picked
    assert got != deals
    c.new_deal()                   # none left: the search, as without a table
    assert c.task is not None and c.task[0] == "new_deal"


def test_new_deal_of_a_chosen_difficulty_takes_that_rating_from_the_table():
    c = controller(winnable=json.dumps({"games": {"tabbycat": {
        "budget": 100_000, "tried": 9, "easy": [1, 2, 3], "medium": [4, 5, 6], "hard": [7, 8, 9]}}}))
    c.set_pref("difficulty", "hard")
    got = set()
    for _ in range(3):
        ans = c.new_deal()
        assert c.task is None and [m.key for m in ans.status] == ["deal_hard_proved"]
        assert c.rating() == "hard"   # the table's rating shows beside the number at once
        got.add(c.session.deal)
    assert got == {7, 8, 9}
    c.new_deal()
    assert c.task is not None and c.task[0] == "new_deal"   # the rated search, as before


def test_new_deal_without_winnable_ignores_the_table():
    c = controller(winnable=json.dumps({"games": {"tabbycat": {
        "budget": 100_000, "tried": 1, "easy": [5], "medium": [], "hard": []}}}))
    c.set_pref("winnable", False)
    c.new_deal()
    assert c.session.deal != 5 and c.task is None


def test_the_daily_from_the_table_is_the_computed_one_without_a_search():
    for game_id in ("tabbycat", "manx"):
        day = DAILY[game_id]["first"]
        c = controller(today="2027-12-31", daily=(ROOT / DAILY_PATH).read_text())
        c.daily(day, game_id)
        assert c.task is None
        assert (c.session.game.id, c.session.daily, c.session.deal) == (game_id, day, daily_deal(day, game_id))


def test_a_date_outside_the_table_and_a_deal_that_is_no_candidate_are_computed():
    table = json.dumps({"games": {"tabbycat": {"first": "2027-01-01", "deals": [12345]}}})
    c = controller(today="2027-12-31", daily=table)
    c.daily("2027-01-01")            # 12345 is none of that day's candidates: never trusted
    assert c.task is not None and c.task[0] == "daily"
    job = c.job()                    # the worker computes it: run its job as the worker does
    driver = Driver(json.dumps(job))
    for _ in range(10_000):          # bounded: a search that never ends fails, never hangs
        if c.task is None:
            break
        out = json.loads(driver.step(0.05))
        c.remote(job["id"], [decode(i) for i in out["items"]], out["done"],
                 decode(out.get("value")), out.get("error"))
    assert c.task is None and c.session.deal == daily_deal("2027-01-01")
    c.offload = True
    c.daily("2026-12-30")            # before the table
    assert c.task is not None and c.task[0] == "daily"


def test_a_daily_being_computed_ends_when_the_table_arrives():
    c = controller(today="2027-12-31")
    day = "2027-03-04"
    c.daily(day)
    assert c.task is not None and c.task[5]["remote"]   # the worker computes it
    ans = c.load_table("daily", (ROOT / DAILY_PATH).read_text())
    assert c.task is None and ans.search_done
    assert (c.session.daily, c.session.deal) == (day, daily_deal(day))
    assert [m.key for m in ans.status] == ["daily_started"]


def test_a_daily_from_the_table_is_kept_so_a_reload_trusts_the_saved_game_before_the_table():
    day = "2027-03-04"
    store = MemoryStore()
    c = Controller(store, now=lambda: 1, today=lambda: "2027-12-31", random=lambda: 7)
    c.boot("?deal=3")
    c.load_table("daily", (ROOT / DAILY_PATH).read_text())
    c.daily(day)
    assert c.task is None and c.session.daily == day
    d = Controller(store, now=lambda: 2, today=lambda: "2027-12-31", random=lambda: 7)
    ans = d.boot("")               # the page loads its tables only after this
    assert (d.session.daily, d.session.deal) == (day, daily_deal(day))
    assert "saved_daily_unchecked" not in [m.key for m in ans.status or []]


def test_a_table_that_cannot_be_read_is_left_out_and_the_search_answers():
    c = controller(winnable='{"games": {"tabbycat": 5}}')
    assert "tabbycat" in str(c.table_problems["winnable"])
    c.new_deal()
    assert c.task is not None and c.task[0] == "new_deal"


def test_idle_time_proves_fresh_deals_once_few_are_left():
    c = controller(winnable=json.dumps({"games": {"tabbycat": {
        "budget": 100_000, "tried": 2, "easy": [1, 2], "medium": [], "hard": []}}}))
    assert c.proving_wanted() and TB.left(c) == 2
    job = c.proving_job()
    assert job["kind"] == "new_deal" and len(job["numbers"]) == TB.PROVE_TRIES
    c.rated(job, job["numbers"][1])        # the worker's answer
    c.rated(job, 99)                        # not one of the job's deals: ignored
    assert TB.left(c) == 3
    got = set()
    for _ in range(3):
        c.new_deal()
        assert c.task is None
        got.add(c.session.deal)
    assert got == {1, 2, job["numbers"][1]}
    c.set_pref("winnable", False)
    assert not c.proving_wanted()
