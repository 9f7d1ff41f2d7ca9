"""Games as text, for the controller: the game in play written as the command line's
``play`` command (:func:`game_text`), and a game opened from such text
(:func:`open_text`), read by its one reader, :func:`solitaire.records.playtext.read_play_text`.

>>> from solitaire.records.saved import MemoryStore
>>> from solitaire.play.controller import Controller
>>> c = Controller(MemoryStore(), now=lambda: 1, today=lambda: "2026-11-30", random=lambda: 7)
>>> _ = c.boot("?deal=3")
>>> _ = c.deal()
>>> c.game_text()
'PYTHONPATH=py python3 -m solitaire play --game tabbycat 3 deal'
>>> [m.key for m in c.open_text("play --game manx 3 deal deal").status]
['text_opened']
>>> c.game.id, len(c.session.moves)
('manx', 2)
"""

from ..engine.errors import SolitaireError
from ..records.playtext import play_text, read_play_text
from ..words.text import reason
from .answer import Answer


def game_text(c) -> str:
    """The game in play as the command that replays it (its deal and moves)."""
    return play_text(c.session)


def open_text(c, text) -> Answer:
    """A game pasted as text: read by its one reader (every move replayed on the
    engine); the game in play is left (and counted) only once the text is good. A game
    the text gives already won counts for nothing."""
    try:
        session = read_play_text(text)
    except SolitaireError as e:
        ans = Answer(handled=False)
        ans.say("text_bad", why=reason(e))
        return ans
    session.id = c._new_id()
    session.recorded = session.won
    ans = c._start(session.game, session.deal, session=session)
    ans.say("text_opened", game=session.game.name, number=session.deal, moves=len(session.moves))
    return ans
