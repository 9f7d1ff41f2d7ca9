"""The errors the engine raises; all are ``ValueError`` so callers can catch one type."""


class SolitaireError(ValueError):
    """Base of every error the engine raises on bad input."""


class NotationError(SolitaireError):
    """Text that is not valid card, move or position notation.

    The message names the line and the token at fault.
    """


class IllegalMoveError(SolitaireError):
    """A well-formed move that the rules do not allow here; the message says why."""


class UnknownGameError(SolitaireError):
    """A game id that no registered game answers to."""
