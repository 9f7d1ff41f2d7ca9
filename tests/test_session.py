"""A game in progress: history, undo and redo, and saved records good and bad."""

import json
import re

import pytest

from helpers import GAME
from solitaire import DEAL, IllegalMoveError, SolitaireError
from solitaire.records.session import Session


def test_undo_and_redo_walk_the_history():
    """Undo restores each earlier position exactly; redo replays; a new move clears redo."""
    s = Session(GAME, 5)
    seen = [s.position]
    for _ in range(3):
        s.play(DEAL)
        seen.append(s.position)
    while s.undo():
        assert s.position == seen[len(s.moves)]
    assert s.position == GAME.deal(5) and not s.undo()
    assert s.redo() and s.redo() and s.position == seen[2]
    s.play(GAME.legal_moves(s.position)[0])
    assert not s.redo()


def test_illegal_move_changes_nothing():
    """An illegal move raises and leaves the game as it was."""
    s = Session(GAME, 1)
    with pytest.raises(IllegalMoveError):
        s.play(GAME.legal_moves(s.position)[0].__class__("pile-1", "pile-2", 1))
    assert s.moves == [] and s.position == GAME.deal(1)


def test_restart_and_undo_to():
    s = Session(GAME, 2)
    for _ in range(4):
        s.play(DEAL)
    s.undo_to(1)
    assert len(s.moves) == 1 and len(s.undone) == 3
    played = s.position
    assert s.restart()
    assert s.position == GAME.deal(2) and not s.moves
    assert s.undo()  # Restart is an action Undo takes back (issue 12, item 6)
    assert s.position == played and len(s.moves) == 1 and len(s.undone) == 3
    s.restart()
    back = Session.from_dict(json.loads(json.dumps(s.to_dict())))  # saved with the game
    assert back.undo() and back.position == played and len(back.undone) == 3


def test_restart_at_the_start_is_refused_and_changes_nothing():
    s = Session(GAME, 2)
    assert not s.restart()
    assert s.before_restart is None and not s.undo()
    s.play(DEAL)
    s.undo()
    assert not s.restart() and s.undone == [DEAL] and s.redo()


def test_saved_record_round_trips_with_redo_and_clock():
    s = Session(GAME, 9)
    for _ in range(3):
        s.play(DEAL)
    s.undo()
    s.elapsed = 42.5
    back = Session.from_dict(json.loads(json.dumps(s.to_dict())))
    assert back.position == s.position and back.moves == s.moves
    assert back.undone == s.undone and back.elapsed == 42.5 and back.deal == 9


@pytest.mark.parametrize("record,msg", [
    ([], "not a record"),
    ({"v": 2}, "version 2"),
    ({"v": 1, "game": "tabbycat", "deal": "x", "moves": []}, "bad deal number"),
    ({"v": 1, "game": "tabbycat", "deal": "0", "moves": []}, "deal numbers run"),
    ({"v": 1, "game": "chess", "deal": "1", "moves": []}, "unknown game"),
    ({"v": 1, "game": "tabbycat", "deal": "1", "moves": "deal"}, "not a list"),
    ({"v": 1, "game": "tabbycat", "deal": "1", "moves": ["1>2"]}, "move 1 ('1>2') fails"),
    ({"v": 1, "game": "tabbycat", "deal": "1", "moves": ["zz"]}, "move 1 ('zz') fails"),
    ({"v": 1, "game": "tabbycat", "deal": "1", "moves": [], "elapsed": -1}, "bad clock"),
    ({"v": 1, "game": "tabbycat", "deal": "1", "moves": [], "elapsed": float("nan")}, "bad clock"),
    ({"v": 1, "game": "tabbycat", "deal": "1", "moves": [], "elapsed": float("inf")}, "bad clock"),
    ({"v": 1, "game": "tabbycat", "deal": "\u00b2", "moves": []}, "bad deal number"),
    ({"v": 1, "game": "tabbycat", "deal": "\u2460", "moves": []}, "bad deal number"),
    ({"v": 1, "game": "tabbycat", "deal": "1", "moves": [], "daily": "2026-02-30"}, "bad daily"),
])
def test_bad_records_are_refused_with_a_reason(record, msg):
    """A corrupt or foreign record raises a SolitaireError saying what is wrong."""
    with pytest.raises(SolitaireError, match=re.escape(msg)):
        Session.from_dict(record)
