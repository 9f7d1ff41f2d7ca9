"""Replays: a game's moves as a short text, and its one reader.

A replay names the game, the deal (and, for a daily, its date) and the moves. Each move
is written as its index among the legal moves of the position it is played from, in the
engine's own order (:meth:`~solitaire.engine.games.base.Game.legal_moves`), so the text
is only read back by replaying it on the engine. An index is written in base64url
digits of five bits, lowest first, the sixth bit (32) set on every digit but the last:
an index below 32 takes one character, below 1,024 two. The text is

    ``<game>.<deal>.<count>.<moves>``  or  ``<game>.<YYYY-MM-DD>.<deal>.<count>.<moves>``

(the second for a daily: its date, and the deal, which must be one of that day's
candidates). A link carries it in the address's fragment, ``#replay=<text>``, which a
browser never sends to a server. The same text is what the statistics keep of a
recent game (:mod:`solitaire.records.stats`), and :func:`read_replay` reads both.

>>> from solitaire.engine.games import get_game
>>> game = get_game("tabbycat")
>>> line = game.legal_moves(game.deal(7))[:1]
>>> text = encode(game, 7, line)
>>> text
'tabbycat.7.1.A'
>>> r = read_replay(text)
>>> (r.game.id, r.deal, r.daily, r.moves == line)
('tabbycat', 7, None, True)
>>> read_replay("tabbycat.7.2.A")
Traceback (most recent call last):
...
solitaire.records.readers.RecordError: the replay stops after 1 of its 2 moves: the link is cut short
"""

import re
from dataclasses import dataclass

from ..engine.games import GAMES, get_game
from .readers import RecordError, deal_number, is_date, need

MAX_CHARS = 4_000       # the longest replay text read (a link's fragment or a kept game)
FRAGMENT = "#replay="   # how a link carries it
DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
VALUE = {c: i for i, c in enumerate(DIGITS)}
MORE = 32               # a digit with this bit set is followed by another of the same index
TEXT = re.compile(r"[a-z0-9-]{1,30}(?:\.[0-9]{4}-[0-9]{2}-[0-9]{2})?\.[0-9]{1,20}\.[0-9]{1,5}\.[A-Za-z0-9_-]*")


@dataclass
class Recorded:
    """A replay read back: the game, the deal, the daily's date (or None) and the moves,
    each legal where it is played."""

    game: object
    deal: int
    daily: str | None
    moves: list


def encode_moves(game, start, moves) -> str | None:
    """The moves' digits from the position ``start``; None when a move is not among the
    engine's legal moves there (it cannot be written as an index), or when there are more
    moves than a replay holds characters.

    >>> from solitaire.engine.games import get_game
    >>> g = get_game("manx")
    >>> encode_moves(g, g.deal(1), [])
    ''
    """
    out = []
    pos = start
    if len(moves) > MAX_CHARS:  # a move takes a character at least: too long, said at once
        return None
    for move in moves:
        legal = game.legal_moves(pos)
        try:
            index = legal.index(move)
        except ValueError:
            return None
        while True:
            low, index = index & (MORE - 1), index >> 5
            out.append(DIGITS[low | (MORE if index else 0)])
            if not index:
                break
        pos = game.apply(pos, move)
    return "".join(out)


def encode(game, deal: int, moves, daily: str | None = None) -> str | None:
    """The replay text of ``moves`` played from deal ``deal`` (of the daily of ``daily``);
    None when it cannot be written or would be longer than :data:`MAX_CHARS`."""
    digits = encode_moves(game, game.deal(deal), moves)
    if digits is None:
        return None
    board = f"{daily}.{deal}" if daily else str(deal)
    text = f"{game.id}.{board}.{len(moves)}.{digits}"
    return text if len(text) <= MAX_CHARS else None


def link(text: str) -> str:
    """The address fragment that carries a replay text."""
    return FRAGMENT + text


def read_replay(text, daily_check=None) -> Recorded:
    """Read a replay text (the part after ``#replay=``, or a kept game's): at most
    :data:`MAX_CHARS` characters of a strict form, a known game, a deal number, for a
    daily a real date that ``daily_check(game_id, day, deal)`` accepts (it returns None,
    or a catalogue key saying why not: the controller checks the day is out and the deal
    one of its candidates), then every move replayed on the engine.

    Raises:
        RecordError: naming what is wrong: too long, malformed, an unknown game, a bad
            deal or daily, cut short, a move that is not legal (and which), extra text.
    """
    need(isinstance(text, str), "rec_not_text")
    need(len(text) <= MAX_CHARS, "rec_replay_too_long", chars=len(text), most=MAX_CHARS)
    if TEXT.fullmatch(text) is None:
        game_id = text.split(".", 1)[0]
        if "." in text and game_id and game_id not in GAMES and re.fullmatch(r"[a-z0-9-]{1,30}", game_id):
            raise RecordError("rec_replay_game", name=game_id)
        raise RecordError("rec_replay_form")
    parts = text.split(".")
    game_id, digits, count = parts[0], parts[-1], int(parts[-2])
    need(game_id in GAMES, "rec_replay_game", name=game_id)
    game = get_game(game_id)
    deal = deal_number(parts[-3])
    need(deal is not None, "rec_replay_deal", value=parts[-3][:24])
    daily = parts[1] if len(parts) == 5 else None
    if daily is not None:
        need(is_date(daily), "rec_replay_daily", day=daily)
        problem = daily_check(game_id, daily, deal) if daily_check is not None else None
        need(problem is None, problem or "", day=daily, number=deal)
    moves, pos, at = [], game.deal(deal), 0
    while len(moves) < count:
        if at == len(digits):
            raise RecordError("rec_replay_short", done=len(moves), count=count)
        index, shift = 0, 0
        while True:
            if at == len(digits):
                raise RecordError("rec_replay_short", done=len(moves), count=count)
            value = VALUE[digits[at]]
            at += 1
            index |= (value & (MORE - 1)) << shift
            shift += 5
            if not value & MORE:
                break
            need(shift < 30, "rec_replay_form")
        legal = game.legal_moves(pos)
        if index >= len(legal):
            raise RecordError("rec_replay_illegal", number=len(moves) + 1, index=index, legal=len(legal))
        moves.append(legal[index])
        pos = game.apply(pos, legal[index])
    need(at == len(digits), "rec_replay_extra", count=count)
    return Recorded(game, deal, daily, moves)


__all__ = ["FRAGMENT", "MAX_CHARS", "Recorded", "encode", "encode_moves", "link", "read_replay"]
