"""The page's language: which one (the menu's choice, else a link's ``?lang=``, else the
browser's), and every text of the page in it, from the one catalogue of
:mod:`solitaire.words.text`. Static markup names its keys (``data-i18n`` for the text,
``data-i18n-title`` / ``-aria-label`` / ``-placeholder`` for attributes); everything is
set with ``textContent`` or ``setAttribute``, never as markup.

On a touch screen (no hover, a coarse pointer) a text that names keys ("Close (Esc)",
"Hint (H)") gives way to its ``_touch`` form where the catalogue has one.
"""

from pyscript import window

from dom import document
from solitaire.words.text import CATALOGUES, COUNTED, LANGS, Message, card_name, localize, place_label, render, text

ATTRS = ("title", "aria-label", "placeholder")
current = {"lang": "en"}


def browser_lang() -> str:
    """``es`` when the browser's language is Spanish, else ``en``."""
    try:
        return "es" if str(window.navigator.language or "").lower().startswith("es") else "en"
    except Exception:
        return "en"


def pick(pref) -> str:
    """The language to show: the saved choice, else the browser's."""
    return pref if pref in LANGS else browser_lang()


def lang() -> str:
    return current["lang"]


TOUCH = "(hover: none) and (pointer: coarse)"


_touch_query = []


def touch() -> bool:
    """A touch screen: no key hints there (a phone has no Esc key)."""
    try:
        if not _touch_query:
            _touch_query.append(window.matchMedia(TOUCH))
        return bool(_touch_query[0].matches)
    except Exception:
        return False


def keyed(key: str, params: dict) -> str:
    """``key``, or on a touch screen its form without key names (``KEY_touch``, or
    ``KEY_one_touch`` for a count of one) where the catalogue has one."""
    if not touch():
        return key
    one = key + "_one" if key in COUNTED and params.get(COUNTED[key]) == 1 else key
    return one + "_touch" if one + "_touch" in CATALOGUES[current["lang"]] else key


def t(key: str, **params) -> str:
    """A catalogue text in the page's language."""
    return text(keyed(key, params), current["lang"], **params)


def tr(message, names: bool = False) -> str:
    """A Message (or plain data) in the page's language; ``names``: cards by name."""
    if isinstance(message, Message):
        return render(keyed(message.key, message.params), message.params, current["lang"], names)
    return localize(message, current["lang"], names)


def place(name: str) -> str:
    return place_label(name, current["lang"])


def card(c) -> str:
    return card_name(c, current["lang"])


def apply(lang_code: str, root=None) -> None:
    """Switch the page to ``lang_code`` and fill every keyed element under ``root``."""
    current["lang"] = lang_code if lang_code in LANGS else "en"
    document.documentElement.lang = current["lang"]
    root = root or document
    for node in root.querySelectorAll("[data-i18n]"):
        node.textContent = t(str(node.dataset.i18n))
    for attr in ATTRS:
        for node in root.querySelectorAll(f"[data-i18n-{attr}]"):
            node.setAttribute(attr, t(str(node.getAttribute(f"data-i18n-{attr}"))))
    document.title = t("ui_site")
