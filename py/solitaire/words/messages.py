"""What the game controller and the page say to players: the controller's names for the
one catalogue of :mod:`solitaire.words.text` (English in :mod:`solitaire.words.lang_en`, Spanish in
:mod:`solitaire.words.lang_es`).

A :class:`Message` is a ``str`` (its English text, so it prints and compares as the
sentence) that also carries its ``key`` and ``params``; the page shows it in the
player's language with :func:`~solitaire.words.text.localize`.

>>> print(Message("hint_move", src="pile-2", dst="tail", count=14))
Hint: move pile 2 to the tail (14 moves to a win).
>>> Message("deal_started", number=7).key
'deal_started'
"""

from .lang_en import ENGLISH
from .text import Message, clock_text, localize, render, text

__all__ = ["ENGLISH", "Message", "clock_text", "localize", "render", "text"]
