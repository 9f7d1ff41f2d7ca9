"""Write the words the page shows before Python runs into the built page, from the catalogue.

web/boot.js runs before Python and speaks the page's language with the words of the
catalogue's ``boot_*`` keys (py/solitaire/lang_*.py); web/board.js, before the first
paint, puts the page's own markup into that language (the texts of every key the markup
names with ``data-i18n``, ``data-i18n-title``, ...) and, on a first visit, shows the
first-time introduction of the game on the board (``intro_title_GAME`` and
``intro_body_GAME``, its paragraphs one a line, as web/howto.py's ``show_if_new`` writes
them). This script writes them into ``index.html`` as a JSON data block
(``<script type="application/json" id="boot-words">``, never executed, so the
Content-Security-Policy allows it). The table is made from the catalogue at every build,
never copied by hand.

    python3 scripts/boot_words.py dist
"""

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MARK = "<!-- build: boot words -->"


MARKED = re.compile(r'\bdata-i18n(?:-[a-z-]+)?="([a-z0-9_]+)"')


def table(page: str = "") -> dict:
    """``{lang: {key: text}}`` for every ``boot_`` key of every catalogue, every key that
    ``page`` marks, and each game's introduction."""
    sys.path.insert(0, str(ROOT / "py"))
    from solitaire import GAMES
    from solitaire.words.ruledoc import page_for
    from solitaire.words.text import CATALOGUES, text
    marked = sorted(set(MARKED.findall(page)) | {"ui_site", "slot_tail"})   # the title, the board's label
    out = {}
    for lang, cat in CATALOGUES.items():
        words = {k: v for k, v in cat.items() if k.startswith("boot_")}
        words.update({k: text(k, lang) for k in marked})
        for game in GAMES.values():
            key = "intro_" + page_for(game.id).replace("-", "_")   # web/howto.py's intro_lines
            if key in CATALOGUES["en"]:
                words[f"intro_title_{game.id}"] = text("ui_intro_title", lang, game=game.name)
                words[f"intro_body_{game.id}"] = text(key, lang)
        out[lang] = words
    return out


def block(page: str = "") -> str:
    """The data block; ``<`` escaped so no text can close the element."""
    data = json.dumps(table(page), ensure_ascii=False, sort_keys=True).replace("<", "\\u003c")
    return f'<script type="application/json" id="boot-words">{data}</script>'


def main(site: Path) -> None:
    page = (site / "index.html").read_text()
    if MARK not in page:
        sys.exit(f"index.html has no '{MARK}'")
    (site / "index.html").write_text(page.replace(MARK, block(page), 1))


if __name__ == "__main__":
    main(Path(sys.argv[1]))
