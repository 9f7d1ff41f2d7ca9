"""A game as text: the deal and the moves in the command line's notation, so that the
page and ``python3 -m solitaire play`` agree on every move.

:func:`play_text` writes a game as the command that replays it (each move quoted for a
shell: ``>`` and ``*`` are a shell's), and :func:`read_play_text` is the one reader of
such text, pasted by a player: size and move limits first, then the words of the
command, then every move replayed on the engine. It raises :class:`RecordError` (a
catalogue sentence) naming what is wrong; nothing of the text is kept.

>>> from solitaire.engine.games import get_game
>>> from solitaire.engine.position import Move
>>> s = Session(get_game("tabbycat"), 7)
>>> _ = s.play(Move.parse("deal"))
>>> play_text(s)
'PYTHONPATH=py python3 -m solitaire play --game tabbycat 7 deal'
>>> r = read_play_text("play --game manx 7 deal '1>t'")
>>> r.game.id, r.deal, [str(m) for m in r.moves]
('manx', 7, ['deal', '1>t'])
>>> read_play_text("python3 -m solitaire play 7 deal 1>9")
Traceback (most recent call last):
...
solitaire.records.readers.RecordError: move 2 ('1>9') cannot be played: Tabby Cat has no place called 'pile-9'
"""

import re

from ..engine.errors import SolitaireError
from ..engine.games import GAMES, get_game
from ..engine.position import Move
from .readers import RecordError, deal_number
from .session import MAX_MOVES, MOVE_CHARS, Session

PLAY_TEXT_CHARS = 400_000   # the longest text read: MAX_MOVES quoted moves fit
COMMAND = ("python3", "-m", "solitaire", "play")
_ENV = re.compile(r"[A-Z_][A-Z0-9_]*=\S*")     # PYTHONPATH=py before the command


def play_text(session) -> str:
    """The command that replays ``session``'s game: its game, its deal number (a daily's
    too) and its moves, the moves undone left out."""
    moves = [str(m) if m.is_deal else f"'{m}'" for m in session.moves]
    return " ".join(["PYTHONPATH=py", *COMMAND, "--game", session.game.id, str(session.deal),
                     *moves])


def read_play_text(text) -> Session:
    """The game ``text`` gives, its moves replayed: the command :func:`play_text` writes
    (``PYTHONPATH=...`` and ``python3 -m solitaire`` may be left out, ``--game`` may come
    anywhere after ``play`` or be left out for Tabby Cat, quotes around a move are
    optional, lines may break anywhere).

    Raises:
        RecordError: too long, a word that is not part of the command, a position file
        in place of a deal number, an unknown game, a move that is not a move (its
        number and text), a move the rules refuse (its number, text and why).
    """
    if not isinstance(text, str):
        raise RecordError("rec_not_text")
    if len(text) > PLAY_TEXT_CHARS:
        raise RecordError("rec_too_large", chars=len(text), most=PLAY_TEXT_CHARS)
    words = [w for w in text.split() if w != "\\"]   # a shell's line continuations
    if not words:
        raise RecordError("rec_text_empty")
    i = 0
    while i < len(words) and _ENV.fullmatch(words[i]):
        i += 1
    if i < len(words) and words[i] in ("python3", "python"):
        if [w for w in words[i + 1:i + 4]] != list(COMMAND[1:]):
            raise RecordError("rec_text_command")
        i += 4
    elif words[i:i + 1] == ["play"]:
        i += 1
    game_id, rest = "tabbycat", []
    while i < len(words):
        word = words[i]
        if word == "--game" and i + 1 < len(words):
            game_id, i = words[i + 1], i + 2
            continue
        if word.startswith("--game="):
            game_id, i = word[len("--game="):], i + 1
            continue
        if word.startswith("-") and not rest:
            raise RecordError("rec_text_word", number=i + 1, word=word[:24])
        rest.append((i + 1, word))
        i += 1
    if game_id not in GAMES:
        raise RecordError("rec_text_game", name=game_id[:40])
    if not rest:
        raise RecordError("rec_text_no_deal")
    number = deal_number(rest[0][1])
    if number is None:
        raise RecordError("rec_text_deal", word=rest[0][1][:24])
    if len(rest) - 1 > MAX_MOVES:
        raise RecordError("rec_text_too_many", count=len(rest) - 1, most=MAX_MOVES)
    session = Session(get_game(game_id), number)
    for count, (_, word) in enumerate(rest[1:], 1):
        bare = _unquoted(word)
        try:
            if len(bare) > MOVE_CHARS:
                raise SolitaireError(bare)
            move = Move.parse(bare)
        except SolitaireError:
            raise RecordError("rec_text_not_move", number=count, word=word[:24]) from None
        why = session.game.why_illegal(session.position, move)   # as the command line asks
        if why:
            raise RecordError("rec_text_move", number=count, move=bare, why=why)
        session.play(move)
    return session


def _unquoted(word: str) -> str:
    """A word without one pair of quotes around it (``'1>4'``, ``"1>4"``)."""
    if len(word) >= 2 and word[0] == word[-1] and word[0] in "'\"":
        return word[1:-1]
    return word
