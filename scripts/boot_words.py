"""Write the loading screen's words into the built page, from the catalogue.

web/boot.js runs before Python and speaks the page's language with the words of the
catalogue's ``boot_*`` keys (py/solitaire/lang_*.py), which this script writes into
``index.html`` as a JSON data block (``<script type="application/json" id="boot-words">``,
never executed, so the Content-Security-Policy allows it). The table is made from the
catalogue at every build, never copied by hand.

    python3 scripts/boot_words.py dist
"""

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MARK = "<!-- build: boot words -->"


def table() -> dict:
    """``{lang: {key: text}}`` for every ``boot_`` key of every catalogue."""
    sys.path.insert(0, str(ROOT / "py"))
    from solitaire.text import CATALOGUES
    return {lang: {k: v for k, v in cat.items() if k.startswith("boot_")}
            for lang, cat in CATALOGUES.items()}


def block() -> str:
    """The data block; ``<`` escaped so no text can close the element."""
    data = json.dumps(table(), ensure_ascii=False, sort_keys=True).replace("<", "\\u003c")
    return f'<script type="application/json" id="boot-words">{data}</script>'


def main(site: Path) -> None:
    page = (site / "index.html").read_text()
    if MARK not in page:
        sys.exit(f"index.html has no '{MARK}'")
    (site / "index.html").write_text(page.replace(MARK, block(), 1))


if __name__ == "__main__":
    main(Path(sys.argv[1]))
