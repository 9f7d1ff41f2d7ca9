"""The command line, as a user runs it from the repository root."""

import json
import os
import subprocess
import sys

from conftest import ROOT


def run(*args, stdin=None, **env_vars):
    env = dict(os.environ, PYTHONPATH=str(ROOT / "py"), **env_vars)
    return subprocess.run([sys.executable, "-m", "solitaire", *args], capture_output=True,
                          text=True, env=env, cwd=ROOT, input=stdin, timeout=120)


def test_show_prints_the_deal():
    out = run("show", "1")
    assert out.returncode == 0 and out.stdout.startswith("pile-1: 7H\n")


def test_show_json_and_reading_a_position_from_stdin():
    first = json.loads(run("show", "5", "--json").stdout)
    again = run("show", "-", stdin=first["position"])
    assert again.stdout.strip() == first["position"].strip()


def test_moves_lists_legal_moves():
    data = json.loads(run("moves", "1", "--json").stdout)
    assert data["moves"] == ["1>4", "1>t", "2>t", "3>t", "4>2", "4>t", "deal"]


def test_play_applies_moves_and_reports_the_first_illegal_one():
    ok = json.loads(run("play", "1", "1>4", "deal", "--json").stdout)
    assert ok["ok"] is True and "pile-4: 8D 7H 6H" in ok["position"]
    bad = run("play", "1", "deal", "1>2")
    assert bad.returncode == 1 and "move 2 (1>2) is illegal: 8♥ cannot go on 5♣" in bad.stdout


def test_solve_prints_a_line_that_play_wins(tmp_path):
    data = json.loads(run("solve", "2", "--json").stdout)
    assert data["verdict"] == "won" and data["examined"] > 0
    played = json.loads(run("play", "2", *data["line"].split(), "--json").stdout)
    assert played["won"] is True


def test_solve_a_position_file(tmp_path):
    f = tmp_path / "deal.txt"
    f.write_text(run("show", "2").stdout)
    assert "verdict: won" in run("solve", str(f)).stdout


def test_stats_reports_the_figures():
    data = json.loads(run("stats", "1-3", "--budget", "50000", "--json").stdout)
    assert data["deals"] == 3 and data["won"] + data["unwinnable"] + data["undecided"] == 3
    for key in ("median", "p90", "max", "positions_per_second", "decided_within"):
        assert key in data
    # Honest counts (issue 14): both counts, and a time that includes the lines' replay.
    assert data["examined"] >= data["expanded"] > 0
    assert data["seconds"] >= data["search_seconds"]
    text = run("stats", "1-2", "--budget", "50000").stdout
    assert "positions for won deals: median" in text and "positions/s" in text
    assert "examined per expansion" in text and "replay included" in text


def test_errors_are_messages_not_tracebacks(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("pile-1: 7H QQ\n")
    for args, msg in [(("show", "0"), "deal numbers run from 1"),
                      (("show", "nofile"), "cannot read 'nofile'"),
                      (("show", "1", "--game", "chess"), "unknown game 'chess'"),
                      (("solve", str(bad)), "line 1 (pile-1): bad suit 'Q'"),
                      (("play", "1", "9>x"), "bad place 'x'"),
                      (("stats", "5-1"), "bad range")]:
        out = run(*args)
        assert out.returncode == 2 and msg in out.stderr and "Traceback" not in out.stderr
    out = run("show", "0", "--json")
    assert "deal numbers" in json.loads(out.stdout)["error"]


def test_spider_games_on_the_command_line():
    """show, moves, play, solve and stats take --game spider1/2/4, options anywhere."""
    shown = run("show", "1", "--game", "spider4").stdout
    assert shown.startswith("pile-1: ") and " | " in shown and shown.count("\n") == 19
    assert "deal" in json.loads(run("moves", "1", "--game", "spider2", "--json").stdout)["moves"]
    played = json.loads(run("play", "1", "--game", "spider4", "1>10", "deal", "--json").stdout)
    assert played["ok"] is True
    solved = json.loads(run("solve", "1", "--game", "spider1", "--json").stdout)
    assert solved["verdict"] == "won"
    line = solved["line"].split()
    assert json.loads(run("play", "1", "--game", "spider1", *line, "--json").stdout)["won"] is True
    stats = run("stats", "1-2", "--game", "spider1").stdout
    assert "Spider (one suit), deals 1-2" in stats and "won: 2" in stats


def test_card_suits_never_crash_a_terminal_without_them():
    """Refusals name cards with suit symbols (8♥); a terminal that cannot show them gets
    escapes, never a traceback."""
    out = run("play", "1", "deal", "1>2", PYTHONIOENCODING="ascii")
    assert out.returncode == 1 and "8\\u2665 cannot go on 5\\u2663" in out.stdout
    assert "Traceback" not in out.stderr
