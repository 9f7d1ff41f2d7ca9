"""Tabby Cat Solitaire's engine: cards, games, notation and solver, standard library only.

>>> from solitaire import get_game, solve
>>> game = get_game("tabbycat")
>>> solve(game, game.deal(2)).verdict
'won'
"""

from .engine.cards import Card, deck
from .engine.errors import IllegalMoveError, NotationError, SolitaireError, UnknownGameError
from .engine.games import GAMES, get_game
from .engine.position import DEAL, Move, Position
from .solver.search import Result, Search, solve

__all__ = ["Card", "deck", "IllegalMoveError", "NotationError", "SolitaireError",
           "UnknownGameError", "GAMES", "get_game", "DEAL", "Move", "Position",
           "Result", "Search", "solve"]
