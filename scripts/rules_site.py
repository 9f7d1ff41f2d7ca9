"""Build the rules pages as plain HTML (no script, one stylesheet) from docs/rules/*.md.

    python3 scripts/rules_site.py dist     # writes dist/rules/*.html and dist/rules/rules.css

Sources are ``docs/rules/PAGE.LANG.md`` in the format of ``py/solitaire/words/ruledoc.py``;
``{{game.field}}`` placeholders take the solver figures of docs/rules/figures.json.
English pages are ``rules/PAGE.html``, Spanish ones ``rules/PAGE.es.html``; each links
"play now" to ``../?game=ID`` (``&lang=es`` in Spanish).
"""

import html
import json
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from solitaire.words.ruledoc import figure_values, parse, to_html  # noqa: E402

DOCS = ROOT / "docs" / "rules"
PAGES = ("index", "tabbycat", "tabbycat-relaxed", "manx", "tuxedo", "spider")
LANGS = ("en", "es")
WORDS = {
    "en": {"site": "Tabby Cat Solitaire", "games": "Rules of the games", "other": "Español",
           "play": "Play"},
    "es": {"site": "Solitario Tabby Cat", "games": "Reglas de los juegos", "other": "English",
           "play": "Jugar"},
}


def file_name(page: str, lang: str) -> str:
    """The HTML file of a page in a language (``tabbycat.html``, ``tabbycat.es.html``)."""
    return f"{page}.html" if lang == "en" else f"{page}.{lang}.html"


def link_for(lang: str):
    """The function giving a link target's address from a page of this language."""
    def link(target: str) -> str:
        if target.startswith("play:"):
            query = "game=" + target[5:]
            return f"../?{query}" + ("" if lang == "en" else f"&lang={lang}")
        if target.startswith("rules:"):
            return file_name(target[6:], lang)
        return target
    return link


def load(page: str, lang: str, values: dict):
    """The parsed source of a page in a language."""
    return parse((DOCS / f"{page}.{lang}.md").read_text(encoding="utf-8"), values)


def render(page: str, lang: str, doc, titles: dict) -> str:
    """One whole HTML page."""
    e = html.escape
    words = WORDS[lang]
    other = "es" if lang == "en" else "en"
    current = ' aria-current="page"'
    nav = "".join(f'<li><a href="{file_name(p, lang)}"{current if p == page else ""}>'
                  f"{e(titles[p])}</a></li>" for p in PAGES)
    alternates = "".join(f'<link rel="alternate" hreflang="{l}" href="{file_name(page, l)}">\n'
                         for l in LANGS)
    return f"""<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{e(doc.meta.get("title", doc.title))} · {e(words["site"])}</title>
<meta name="description" content="{e(doc.meta.get("description", ""))}">
<link rel="icon" href="../web/icon.svg" type="image/svg+xml">
<link rel="apple-touch-icon" href="../web/icons/apple-touch-icon.png">
<link rel="manifest" href="../web/manifest.webmanifest">
<link rel="stylesheet" href="rules.css">
{alternates}</head>
<body>
<header class="top">
<a class="site" href="{"../" if lang == "en" else f"../?lang={lang}"}">{e(words["site"])}</a>
<a class="lang" href="{file_name(page, other)}" hreflang="{other}" lang="{other}">{e(words["other"])}</a>
</header>
<main>
{to_html(doc, link_for(lang))}
</main>
<nav class="games" aria-label="{e(words["games"])}">
<h2>{e(words["games"])}</h2>
<ul>{nav}</ul>
</nav>
</body>
</html>
"""


def build(out: Path) -> list:
    """Write every page and the stylesheet under ``out/rules``; the files written."""
    values = figure_values(json.loads((DOCS / "figures.json").read_text()))
    target = out / "rules"
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for lang in LANGS:
        docs = {p: load(p, lang, values) for p in PAGES}
        titles = {p: d.meta.get("short", d.title) for p, d in docs.items()}
        for page, doc in docs.items():
            path = target / file_name(page, lang)
            path.write_text(render(page, lang, doc, titles), encoding="utf-8")
            written.append(path)
    shutil.copyfile(DOCS / "rules.css", target / "rules.css")
    return written + [target / "rules.css"]


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python3 scripts/rules_site.py OUT_DIR")
    files = build(Path(sys.argv[1]))
    print(f"rules pages: {len(files)} files in {Path(sys.argv[1]) / 'rules'}")
