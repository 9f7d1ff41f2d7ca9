"""Words players see, in one catalogue per language: :mod:`solitaire.words.lang_en` and
:mod:`solitaire.words.lang_es` (the same keys and params), filled in here.

A refusal (why a move is not allowed) is a :class:`Refusal`: a ``str`` whose text is the
English sentence, so every caller that prints it keeps working, and which also carries
the catalogue ``key`` and its ``params`` (cards as :class:`~solitaire.engine.cards.Card`, places
as place ids such as ``pile-2``), so a page in another language can say it its own way.
Cards are named as players read them (``8♥``, ``10♦``), never by their notation code.

>>> from solitaire.engine.cards import Card
>>> r = Refusal("builds_down", card=Card.parse("8H"), onto=Card.parse("3C"))
>>> print(r)
8♥ cannot go on 3♣: a card goes on one a rank higher, or a King on an Ace
>>> r.key, r == str(r)
('builds_down', True)
>>> print(Refusal("count", place="pile-2", held=1, count=3))
pile 2 holds 1 card, so 3 cannot move
>>> print(localize(Message("recent_lost", day="2026-12-03", moves=1), "es"))
2026-12-03: perdida tras 1 movimiento
>>> print(Refusal("not_a_run", count=3, run=2, place="tail"))
those 3 cards are not one run: only the top 2 of the tail move together

A :class:`Message` is any sentence (the controller's status lines, offers, labels) and
prints as its English text; a page shows it in its language with :func:`localize`.
Sentences are whole templates, never glued from translated pieces.

>>> print(localize(Message("hint_move", src="pile-2", dst="tail", count=14), "es"))
Pista: mueve la columna 2 a la Cola (a 14 movimientos de ganar).
>>> card_name(Card.parse("8H"), "es"), card_name(Card.parse("QS"), "en")
('8 de corazones', 'queen of spades')
"""

import re

from .lang_en import ENGLISH
from .lang_es import SPANISH

SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}  # ♠ ♥ ♦ ♣
RANK_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
CATALOGUES: dict[str, dict[str, str]] = {"en": ENGLISH, "es": SPANISH}
LANGS = tuple(CATALOGUES)
CATALOGUE = ENGLISH   # the engine's sentences as str: English
PLACE_PARAMS = ("place", "src", "dst")
GROUPED_PARAMS = ("budget", "chars", "most")    # big counts, grouped the language's way (100,000; 100 000)
GAME_NAME_KEYS = {v: k for k, v in ENGLISH.items() if k.startswith("game_")}  # name -> key
# A sentence whose count can be 1 has a second form in every catalogue, ``<key>_one``
# ("lost after 1 move"), taken when the param named here is 1.
COUNTED = {"count": "held", "count_column": "held", "said_deal": "left", "stock_name": "left",
           "hint_move": "count", "hint_deal": "count", "show_found": "count",
           "text_opened": "moves", "chart_label": "count", "chart_lost": "moves",
           "recent_lost": "moves", "recent_replay_lost": "moves", "replay_resumed": "moves",
           "replay_opened": "total", "replay_title": "total", "replay_title_daily": "total",
           "rec_replay_short": "count", "rec_replay_extra": "count"}
_FIELD = re.compile(r"(?<!\{)\{([a-z_]+)[^{}]*\}")


def params_of(template: str) -> set:
    """The param names a template uses: ``{card} on {onto}`` -> ``{'card', 'onto'}``."""
    return set(_FIELD.findall(template))


def lang_of(lang) -> str:
    """A supported language code, English for anything else."""
    return lang if lang in CATALOGUES else "en"


def place_label(name: str, lang: str = "en") -> str:
    """A place id in words: ``pile-2`` -> ``pile 2`` (``la columna 2``), ``tail`` -> ``the tail``."""
    cat = CATALOGUES[lang_of(lang)]
    if f"place_{name}" in cat:
        return cat[f"place_{name}"]
    kind, dash, num = str(name).partition("-")
    if dash and f"place_{kind}" in cat:
        return cat[f"place_{kind}"].format(number=num)
    return name


def card_label(card) -> str:
    """A card as players read it: ``8♥``, ``10♦``, ``J♠``. The deck copy never shows
    (a player cannot tell the two King of spades of Spider apart, nor needs to)."""
    return RANK_LABELS[card.rank - 1] + SUIT_SYMBOLS[card.suit]


def _is_card(value) -> bool:
    """An engine card (a rank and a suit), known without importing the engine."""
    return hasattr(value, "rank") and hasattr(value, "suit")


def card_name(card, lang: str = "en") -> str:
    """A card's spoken name, for screen readers: ``8 of hearts``, ``8 de corazones``."""
    cat = CATALOGUES[lang_of(lang)]
    rank = cat.get(f"rank_{card.rank}", str(card.rank))
    return cat["card_name"].format(rank=rank, suit=cat[f"suit_{card.suit}"])


def words(key: str, value, lang: str = "en", names: bool = False):
    """One param in words: a card (``8♥``, or its name), a place id, a nested Message."""
    if _is_card(value):
        return card_name(value, lang) if names or key == "spoken" else card_label(value)
    if isinstance(value, Message):
        return localize(value, lang, names)
    if key in GROUPED_PARAMS and isinstance(value, int):
        from .ruledoc import format_number
        return format_number(value, lang)
    if key == "game" and value in GAME_NAME_KEYS:   # a game's name, as that language says it
        return CATALOGUES[lang_of(lang)][GAME_NAME_KEYS[value]]
    if isinstance(value, str) and (key in PLACE_PARAMS or key.endswith("_place")):
        return place_label(value, lang)
    return value


def render(key: str, params: dict, lang: str = "en", names: bool = False) -> str:
    """The sentence of ``key`` in ``lang`` with its params in words (``names``: cards by
    their spoken names). A ``dict`` for ``lang`` is taken as the catalogue itself."""
    cat = lang if isinstance(lang, dict) else CATALOGUES[lang_of(lang)]
    code = "en" if isinstance(lang, dict) else lang
    if key in COUNTED and params.get(COUNTED[key]) == 1:
        key += "_one"
    return cat[key].format(**{k: words(k, v, code, names) for k, v in params.items()})


def localize(value, lang: str = "en", names: bool = False) -> str:
    """A Message in ``lang``; any other value as its text (data such as a deal number)."""
    if isinstance(value, Message):
        return render(value.key, value.params, lang, names)
    return str(value)


def text(key: str, lang: str = "en", /, **params) -> str:
    """The text of a key in ``lang`` (for labels)."""
    return render(key, params, lang)


class Message(str):
    """A sentence for players: the English text, with ``.key`` and ``.params``."""

    key: str
    params: dict

    def __new__(cls, key: str, /, **params) -> "Message":
        self = super().__new__(cls, render(key, params))
        self.key = key
        self.params = params
        return self

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.key!r}, {str(self)!r})"

    def __reduce__(self):
        return (_rebuild, (type(self), self.key, self.params))


def _rebuild(cls, key, params):
    return cls(key, **params)


def reason(error: BaseException, limit: int = 200):
    """What an error says, as a message's ``{why}``: the catalogue Message it carries
    (readers and the engine raise with one), else its text, cut at ``limit``.

    >>> print(localize(reason(ValueError(Message("rec_too_deep", depth=8))), "es"))
    el registro tiene más de 8 niveles de anidamiento
    >>> reason(ValueError("x" * 300))[-3:], len(reason(ValueError("x" * 300)))
    ('xxx', 200)
    """
    arg = error.args[0] if error.args else None
    return arg if isinstance(arg, Message) else str(error)[:limit]


class Refusal(Message):
    """Why a move is not allowed (what ``why_illegal`` returns)."""


def clock_text(seconds) -> str:
    """A clock: ``m:ss``, or ``h:mm:ss`` from an hour.

    >>> clock_text(75), clock_text(3725)
    ('1:15', '1:02:05')
    """
    seconds = int(seconds)
    if seconds < 3600:
        return f"{seconds // 60}:{seconds % 60:02d}"
    return f"{seconds // 3600}:{seconds // 60 % 60:02d}:{seconds % 60:02d}"
