"""The registry of games, looked up by id.

>>> get_game("tabbycat").name
'Tabby Cat'
"""

from ..errors import UnknownGameError
from .base import Game, Place
from .spider import Spider1, Spider2, Spider4
from .tabbycat import Manx, TabbyCat, TabbycatRelaxed
from .tuxedo import Tuxedo

GAMES: dict[str, Game] = {}


def register(cls):
    """Add a game class to :data:`GAMES`; ids are unique."""
    if cls.id in GAMES:
        raise ValueError(f"game id {cls.id!r} is registered twice")
    GAMES[cls.id] = cls()
    return cls


for _cls in (TabbyCat, TabbycatRelaxed, Manx, Tuxedo, Spider1, Spider2, Spider4):
    register(_cls)


def get_game(game_id: str) -> Game:
    """The game with this id.

    Raises:
        UnknownGameError: naming the id and the games there are.
    """
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        raise UnknownGameError(f"unknown game {game_id!r}; games: {', '.join(GAMES)}") from None


__all__ = ["GAMES", "Game", "Place", "get_game", "register"]
