"""Games as text (py/solitaire/records/playtext.py, the controller's ``game_text`` and
``open_text``): the page writes the command line's ``play`` command, the command line
and the page agree on every move of it, and bad text is refused with a reason while
the game in play stays."""

import json
import os
import shlex
import subprocess

import pytest

from conftest import ROOT
from solitaire import GAMES
from solitaire.__main__ import main
from solitaire.engine.rng import SplitMix64
from solitaire.records.playtext import PLAY_TEXT_CHARS, read_play_text
from solitaire.records.saved import SAVE_KEY
from solitaire.records.session import MAX_MOVES
from solitaire.records.stats import summary
from strategies import winning_line
from test_catalogue import check_answer
from test_play import keys, tab


def played(game_id: str, deal: int, seed: int, moves: int = 80, line=()):
    """A controller after part of ``line`` and then ``moves`` random clicks' moves,
    played as the page plays them (Auto-play on: its moves are moves of their own)."""
    c = tab()
    c.boot(f"?deal={deal}&game={game_id}")
    for move in line:
        c.play(move)
    rng = SplitMix64(seed)
    for _ in range(moves):
        legal = c.game.legal_moves(c.session.position)
        if not legal or c.session.won:
            break
        c.play(legal[rng.below(len(legal))])
    return c


def cli(text: str, capsys) -> dict:
    """``text`` run by the command line (in this process), ``--json``."""
    words = shlex.split(text)
    assert words[:4] == ["PYTHONPATH=py", "python3", "-m", "solitaire"]
    assert main(words[4:] + ["--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_page_and_the_command_line_agree_on_every_move(game_id, capsys):
    """A game played in the controller, copied as text: the command line replays it to
    the same position, and the text opened in another tab gives the same game, every
    move of it (auto-moves included)."""
    line = winning_line(game_id, 7937) if game_id != "spider4" else ()
    for seed, cut in ((1, 0), (2, len(line) // 2), (3, len(line))):
        c = played(game_id, 7937 if line else 5, seed, line=line[:cut])
        text = c.game_text()
        assert c.session.moves, "a game with moves"
        out = cli(text, capsys)
        assert out["ok"] and out["position"] == c.game.format(c.session.position)
        assert out["won"] == c.session.won
        other = tab(seed=2)
        other.boot("?deal=1")
        ans = other.open_text(text)
        check_answer(ans, "open text")
        assert keys(ans) == ["text_opened"] and other.game.id == game_id
        assert other.session.moves == c.session.moves
        assert other.session.positions == c.session.positions
        assert other.game_text() == text


def test_the_text_runs_in_a_shell_from_the_repository_root():
    """The copied text is a command a shell runs as it is (the moves are quoted)."""
    c = played("tabbycat", 3, 4, moves=40)
    out = subprocess.run(["bash", "-c", c.game_text() + " --json"], capture_output=True,
                         text=True, cwd=ROOT, env=dict(os.environ), timeout=120)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["position"] == c.game.format(c.session.position)


def test_forms_the_reader_takes():
    """Without the environment, the interpreter or even ``play``; ``--game=ID``; quotes
    of either kind or none; lines broken anywhere, with a shell's backslashes."""
    want = read_play_text("PYTHONPATH=py python3 -m solitaire play --game manx 3 deal '1>t'")
    for text in ("python3 -m solitaire play --game manx 3 deal 1>t",
                 "play --game=manx 3 deal \"1>t\"",
                 "--game manx 3 deal 1>t",
                 "3 deal 1>t --game manx",
                 "  python3 -m solitaire play \\\n  --game manx\n 3 deal\n'1>t'\n"):
        got = read_play_text(text)
        assert (got.game, got.deal, got.moves) == (want.game, want.deal, want.moves), text


BAD = {
    "": "rec_text_empty",
    "   \n ": "rec_text_empty",
    "python3 -m solitaire solve 3": "rec_text_command",
    "python3 solitaire play 3": "rec_text_command",
    "play --json 3": "rec_text_word",
    "play --game klondike 3": "rec_text_game",
    "play --game": "rec_text_word",
    "play --game manx": "rec_text_no_deal",
    "play position.txt 1>2": "rec_text_deal",
    "play 0": "rec_text_deal",
    "play 18446744073709551616": "rec_text_deal",
    "play ² deal": "rec_text_deal",
    "play 3 deal <b>1>2</b>": "rec_text_not_move",
    "play 3 deal 1>2>3": "rec_text_not_move",
    "play 3 deal '1>99999999999999999'": "rec_text_not_move",
    "play 3 deal 1>9": "rec_text_move",
    "play 3 1>2": "rec_text_move",
    "play --game spider1 3 deal deal deal deal deal deal": "rec_text_move",
    "play --game tuxedo 3 deal": "rec_text_move",
}


@pytest.mark.parametrize("text", list(BAD))
def test_bad_text_gets_a_reason_and_the_game_in_play_stays(text):
    c = played("tabbycat", 3, 5, moves=20)
    before = (c.game.id, c.session.deal, list(c.session.moves), c.session.position,
              c.store.get(SAVE_KEY), json.dumps(c.stats))
    ans = c.open_text(text)
    check_answer(ans, "bad text")
    assert not ans.handled and not ans.board and keys(ans) == ["text_bad"]
    why = ans.status[0].params["why"]
    assert why.key == BAD[text]
    assert (c.game.id, c.session.deal, list(c.session.moves), c.session.position,
            c.store.get(SAVE_KEY), json.dumps(c.stats)) == before


def test_the_reader_limits_its_size_and_its_moves():
    """At most PLAY_TEXT_CHARS characters and MAX_MOVES moves, said before any move is
    replayed."""
    long = "play 3 " + " " * (PLAY_TEXT_CHARS - 7)
    assert read_play_text(long).deal == 3
    c = tab()
    c.boot("?deal=1")
    ans = c.open_text(long + " ")
    assert ans.status[0].params["why"].key == "rec_too_large"
    many = "play 3" + " deal" * (MAX_MOVES + 1)
    assert len(many) <= PLAY_TEXT_CHARS
    ans = c.open_text(many)
    assert ans.status[0].params["why"].key == "rec_text_too_many"
    assert ans.status[0].params["why"].params == {"count": MAX_MOVES + 1, "most": MAX_MOVES}


def test_opening_text_leaves_the_game_in_play_as_a_new_deal_does():
    """The game in play, with moves, counts as lost; the opened game is a game of its
    own, counted when it ends, and a text of a game already won counts for nothing."""
    c = played("tabbycat", 3, 6, moves=10)
    line = winning_line("tabbycat", 7937)
    won = "play 7937 " + " ".join(map(str, line))
    ans = c.open_text(won)
    assert keys(ans) == ["text_opened"] and c.session.won and c.session.recorded
    assert counts(c) == (1, 0)
    c.open_text("play 7937 " + " ".join(map(str, line[:-1])))
    assert counts(c) == (1, 0)   # the won game counted for nothing when left
    c.play(line[-1])
    assert c.session.won and counts(c) == (2, 1)


def counts(c):
    info = summary(c.stats, "tabbycat", c.today())
    return info["played"], info["won"]
