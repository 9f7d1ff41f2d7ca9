"""The daily deal is a pure function of the date; past dailies never change."""

import json

import pytest

from solitaire import SolitaireError, get_game, solve
from solitaire.daily import DAILY_BUDGET, candidates, daily_deal, parse_date
from test_cli import run

# Pinned: a change that alters these would change past dailies for every player.
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


def test_daily_is_the_first_candidate_proved_winnable():
    """The day's deal is the first candidate the solver wins within the daily budget."""
    game = get_game("tabbycat")
    day = "2026-12-22"
    for number in candidates(day):
        won = solve(game, game.deal(number), budget=DAILY_BUDGET).verdict == "won"
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
