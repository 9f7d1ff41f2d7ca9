"""Statistics: counts, streaks, dailies, and records that cannot be trusted."""

import json

import pytest

from solitaire import SolitaireError
from solitaire.records import stats as ST
from solitaire.records.stats import (check, dailies, daily_streak, history, merge, new_stats, record,
                                     summary)


def test_wins_and_losses_update_the_counts():
    s = new_stats()
    record(s, "tabbycat", True, 100, 300.4, "2026-11-28")
    record(s, "tabbycat", True, 80, 400, "2026-11-29")
    record(s, "tabbycat", False, 12, 50, "2026-11-29")
    got = summary(s, "tabbycat", "2026-11-30")
    assert (got["played"], got["won"], got["streak"], got["best_streak"]) == (3, 2, 0, 2)
    assert got["best_time"] == 300 and got["fewest_moves"] == 80
    assert abs(got["win_rate"] - 2 / 3) < 1e-9


def test_the_chart_is_a_games_last_chart_results_oldest_first():
    s = new_stats()
    for i in range(ST.CHART + 2):
        record(s, "tabbycat", i % 3 != 0, 50 + i, 100 + i, f"2026-11-{1 + i % 28:02d}", t=2 * i)
        record(s, "manx", True, 7, 7, "2026-10-01", t=2 * i + 1)
    got = history(s, "tabbycat")
    assert len(got) == ST.CHART
    assert got[0] == ["2026-11-03", True, 52, 102]
    assert got[-1] == [f"2026-11-{1 + (ST.CHART + 1) % 28:02d}", (ST.CHART + 1) % 3 != 0,
                       50 + ST.CHART + 1, 100 + ST.CHART + 1]
    assert history(s, "spider1") == []


def test_daily_streak_counts_consecutive_days_won():
    s = new_stats()
    for day in ("2026-11-27", "2026-11-28", "2026-11-29"):
        record(s, "tabbycat", True, 90, 200, day, daily=day)
    assert daily_streak(s, "tabbycat", "2026-11-30") == 3  # today not yet played
    record(s, "tabbycat", False, 5, 20, "2026-11-30", daily="2026-11-30")
    assert daily_streak(s, "tabbycat", "2026-11-30") == 3
    record(s, "tabbycat", True, 70, 150, "2026-11-30", daily="2026-11-30")
    assert daily_streak(s, "tabbycat", "2026-11-30") == 4
    record(s, "tabbycat", False, 3, 10, "2026-11-30", daily="2026-11-30")
    assert dailies(s, "tabbycat")["2026-11-30"]["won"] is True  # a won daily stays won


def test_export_then_import_gives_the_same_statistics():
    s = new_stats()
    record(s, "tabbycat", True, 90, 200, "2026-11-29", daily="2026-11-29")
    assert check(json.loads(json.dumps(s))) == s


@pytest.mark.parametrize("data,msg", [
    ("x", "not a statistics record"), ({"v": 4, "results": []}, "newer version"),
    ({"v": 1, "games": []}, "unknown layout"),
    ({"v": 1, "games": {"tabbycat": {"played": 1, "won": 2, "streak": 0, "best_streak": 0,
                                      "history": [], "daily": {}}}}, "damaged"),
])
def test_bad_records_are_refused(data, msg):
    with pytest.raises(SolitaireError, match=msg):
        check(data)


def test_two_copies_merge_without_losing_or_doubling_a_game():
    """Results are records with ids: what two tabs counted is the union."""
    a, b = new_stats(), new_stats()
    record(a, "tabbycat", True, 90, 200, "2026-11-29", id="x", t=1)
    record(b, "tabbycat", False, 9, 20, "2026-11-29", id="y", t=2)
    record(b, "tabbycat", True, 90, 200, "2026-11-29", id="x", t=1)
    both = merge(a, b)
    assert summary(both, "tabbycat", "2026-11-30")["played"] == 2
    assert merge(both, a) == both == merge(b, a)


def test_a_game_counted_lost_then_won_counts_won_once():
    s = new_stats()
    record(s, "tabbycat", False, 9, 20, "2026-11-29", id="x", t=1)
    record(s, "tabbycat", True, 90, 200, "2026-11-29", id="x", t=2)
    got = summary(s, "tabbycat", "2026-11-30")
    assert (got["played"], got["won"]) == (1, 1)
