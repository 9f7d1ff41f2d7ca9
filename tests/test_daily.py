"""The daily deal is a pure function of the date; past dailies never change."""

import hashlib
import json
from pathlib import Path

import pytest

from solitaire import Move, SolitaireError, get_game
from solitaire.engine.checker_v1.search import UNDECIDED, Search
from solitaire.solver.daily import DAILY_BUDGET, DailySearch, candidates, daily_deal, parse_date
from test_cli import run

# Pinned: a change that alters these would change past dailies for every player. They pin
# the daily's budget too: the checker wins 2026-01-01's deal at 47,365 positions, and
# 2099-12-31's first candidate (passed over) at 83,175, so a budget outside 47,365-83,174
# moves one of these days.
PINNED = {"2026-01-01": 459474539, "2026-11-30": 3378907103, "2026-12-01": 4059465837,
          "2026-12-22": 1752103674, "2027-01-01": 940155526, "2027-06-15": 3435802398,
          "2099-12-31": 4004234152}


# Spider's, per suit count (each is its own game).
PINNED_SPIDER = {("spider1", "2026-11-30"): 3284779961, ("spider2", "2026-11-30"): 861139271,
                 ("spider4", "2026-11-30"): 488836131}


@pytest.mark.parametrize("day", PINNED)
def test_pinned_dates(day):
    """These dates map to these deals, for ever."""
    assert daily_deal(day) == PINNED[day]


@pytest.mark.parametrize("game_id,day", PINNED_SPIDER)
def test_pinned_spider_dailies(game_id, day):
    assert daily_deal(day, game_id) == PINNED_SPIDER[game_id, day]


def checker_v1(game, pos, budget):
    search = Search(game, pos, budget)
    while search.result is None:
        search.run(budget)
    return search.result


def test_daily_is_the_first_candidate_proved_winnable():
    """The day's deal is the first candidate the frozen checker (v1, not the live
    solver) wins within the daily budget."""
    game = get_game("tabbycat")
    day = "2026-12-22"
    for number in candidates(day):
        won = checker_v1(game, game.deal(number), DAILY_BUDGET).verdict == "won"
        if won:
            assert number == daily_deal(day)
            break
    assert list(candidates(day))[:1] != [daily_deal(day)]  # this day skips a candidate


def test_games_have_different_dailies():
    """The game's id is part of the seed."""
    assert list(candidates("2027-01-01", "tabbycat"))[0] != list(candidates("2027-01-01", "manx"))[0]


@pytest.mark.parametrize("bad", ["2027-02-30", "2027-1-01", "tomorrow", "", "2025-12-31",
                                 "2100-01-01", "2027-01-01<script>", None])
def test_bad_dates_are_refused(bad):
    """A malformed or out-of-range date gives a clear message."""
    with pytest.raises(SolitaireError):
        parse_date(bad)


def test_cli_daily():
    """``daily --date`` prints the day's deal number and board."""
    data = json.loads(run("daily", "--date", "2027-01-01", "--json").stdout)
    assert data["deal"] == 940155526 and data["position"].startswith("pile-1:")
    assert "deal 940155526" in run("daily", "--date", "2027-01-01").stdout
    bad = run("daily", "--date", "2027-13-01")
    assert bad.returncode == 2 and "no such day" in bad.stderr


# The frozen checker's files, by SHA-256. Past dailies depend on every byte that decides
# a search's path: a change here would move them. Improve the live solver instead.
CHECKER_V1 = Path(__file__).resolve().parent.parent / "py" / "solitaire" / "engine" / "checker_v1"
FROZEN = {"search.py", "tabbycat_model.py", "tuxedo_model.py", "spider_model.py"}


def test_the_checker_v1_is_frozen():
    digest = hashlib.sha256()
    for name in sorted(FROZEN):
        digest.update(name.encode() + b"\0" + (CHECKER_V1 / name).read_bytes())
    assert digest.hexdigest() == CHECKER_V1_SHA256, "checker_v1 changed: past dailies may move"


CHECKER_V1_SHA256 = "af59ea0a0a28251c38a413638b7ee8be9db9171689cf8eb80c956198346bf67a"


@pytest.mark.parametrize("step", [1_000, 6_317])
def test_the_daily_in_slices_is_the_same(step):
    """DailySearch, as a page runs it, gives the same deal however it is sliced, and
    no slice runs long past its positions."""
    search = DailySearch("2026-12-22")
    while search.deal is None:
        before = search.examined
        search.run(step)
        assert search.examined - before <= step + 400
    assert search.deal == PINNED["2026-12-22"] and search.tried == 2


def test_the_checker_v1_ends_where_the_original_looped():
    """Issue 17's position made the original search loop for ever; the frozen copy
    ends it as undecided (no daily ever depended on that loop: it never ended)."""
    game = get_game("tabbycat-relaxed")
    moves = ('4>t 3>4 deal deal deal deal 1>4 deal 1>3 2>1 1>4*2 deal t>3 1>t deal deal deal '
             '2>4 deal 4>3 4>1*2 4>1 4>3 1>4*3 deal').split()
    pos = game.deal(4)
    for m in moves:
        pos = game.apply(pos, Move.parse(m))
    assert checker_v1(game, pos, 1_000).verdict == UNDECIDED
