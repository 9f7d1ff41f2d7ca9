"""How to play: the game's rules page (docs/rules/PAGE.LANG.md, with the solver's figures
from docs/rules/figures.json) in a modal ``<dialog>``, and the first-time introduction
on the table.

The page source is parsed by :func:`solitaire.words.ruledoc.parse` and built here with
``createElement`` / ``textContent`` only: nothing in a rules file becomes markup. The
files come from this site (the service worker keeps them for offline); a file that does
not load or parse leaves a sentence in the dialog, never a broken page.
"""

from pyscript import window

import words
from dom import document, el, nullish, on
from modal import backdrop, same
from solitaire.engine.errors import SolitaireError
from solitaire.words.lang_en import ENGLISH
from solitaire.records.readers import read_json
from solitaire.words.ruledoc import figure_values, page_for, parse
from solitaire.words.text import text

RULES = "./docs/rules/"
FIGURES_CHARS = 100_000
HEADING = {"h1": None, "h2": "h3", "h3": "h4"}   # the dialog's own title is the h2
MARK = {"strong": "strong", "em": "em", "code": "code"}


class RulesDialog:
    """The How to play dialog: opened from the menu, by ``?`` or F1; Esc, Close or a tap
    on the dimmed page around it shut it and the focus goes back to where it was."""

    def __init__(self, page):
        self.page = page
        self.opener = None
        self.sources = {}       # path -> text, once loaded
        self.shown = None       # (page, lang) on screen
        self.dialog = el("rules")
        on(el("rules-close"), "click", lambda e: self.close())
        on(self.dialog, "close", self.closed)
        on(el("rules-body"), "click", self.link_click)
        backdrop(self.dialog, inner=None, close=self.close)   # a tap on the dimmed page closes it

    @property
    def open(self) -> bool:
        return bool(self.dialog.open)

    async def show(self, page_name=None):
        """Open the dialog on the game in play's page (or ``page_name``)."""
        if not self.open:
            active = document.activeElement
            self.opener = active if active is not None and active is not document.body else None
            self.dialog.showModal()
        name = page_name or page_for(self.page.ctl.game.id)
        lang = words.lang()
        body = el("rules-body")
        if self.shown != (name, lang):
            body.replaceChildren(self.para(words.t("ui_rules_loading")))
            try:
                doc = parse(await self.load(f"{name}.{lang}.md"), await self.values())
            except Exception as e:  # offline and not cached, or a bad file
                body.replaceChildren(self.para(words.t("ui_rules_failed", why=str(e)[:120])))
                self.shown = None
                return
            self.render(doc)
            self.shown = (name, lang)
        self.dialog.scrollTop = 0
        body.scrollTop = 0
        el("rules-close").focus()

    def close(self):
        if self.open:
            self.dialog.close()

    def closed(self, event):
        """Focus goes back to what opened the dialog, unless it is already somewhere: the
        close event comes a task after the dialog closed (the browser has put focus back
        by then), and a player quick on the keys, or a busy page, may have moved it on."""
        opener, self.opener = self.opener, None
        active = nullish(document.activeElement)
        lost = active is None or same(active, document.body) or bool(self.dialog.contains(active))
        if lost and opener is not None and opener.isConnected:
            opener.focus()

    async def load(self, path: str) -> str:
        if path not in self.sources:
            response = await window.fetch(RULES + path)
            if not response.ok:
                raise SolitaireError(f"{path}: {int(response.status)}")
            self.sources[path] = str(await response.text())
        return self.sources[path]

    async def values(self) -> dict:
        return figure_values(read_json(await self.load("figures.json"), FIGURES_CHARS))

    # -- building the page ---------------------------------------------------------------

    def para(self, words_):
        p = document.createElement("p")
        p.textContent = words_
        return p

    def render(self, doc):
        el("rules-title").textContent = doc.title
        body = el("rules-body")
        body.replaceChildren()
        for block in doc.blocks:
            if block.kind in HEADING:
                if HEADING[block.kind] is None:
                    continue
                node = document.createElement(HEADING[block.kind])
                node.id = f"rules-{block.id}"
                self.spans(node, block.spans)
            elif block.kind == "p":
                node = document.createElement("p")
                self.spans(node, block.spans)
            else:
                node = document.createElement(block.kind)
                for item in block.items:
                    li = document.createElement("li")
                    self.spans(li, item)
                    node.appendChild(li)
            body.appendChild(node)

    def spans(self, parent, spans):
        for span in spans:
            if span.kind == "text":
                parent.appendChild(document.createTextNode(span.text))
                continue
            if span.kind == "link":
                node = document.createElement("a")
                node.href = self.href(span.target)
                node.dataset.target = span.target
            else:
                node = document.createElement(MARK[span.kind])
            node.textContent = span.text
            parent.appendChild(node)

    def href(self, target: str) -> str:
        kind, _, rest = target.partition(":")
        if kind == "play":
            return f"?game={rest}&lang={words.lang()}"
        if kind == "rules":
            return f"./rules/{rest}{'' if words.lang() == 'en' else '.' + words.lang()}.html"
        return f"#rules-{target[1:]}"

    def link_click(self, event):
        a = event.target.closest("a") if hasattr(event.target, "closest") else None
        if a is None or not a.dataset.target:
            return
        event.preventDefault()
        target = str(a.dataset.target)
        kind, _, rest = target.partition(":")
        if kind == "play":
            self.close()
            self.page.do(self.page.ctl.choose_game(rest.split("&")[0]))
        elif kind == "rules":
            import asyncio
            asyncio.ensure_future(self.show(rest))
        else:
            heading = el(f"rules-{target[1:]}")
            if heading is not None:
                heading.scrollIntoView()


class Intro:
    """The first-time introduction: the goal of the game in play, its special places (the
    tail, the cells), how to deal. Shown once; Got it (or Esc on it) puts it away for good
    (the ``intro_seen`` setting). It follows the game and the language while it is up. It
    is a note in the page's flow under the table, its messages and the key help (style.css):
    never over a card, and it appears without moving anything already on screen."""

    def __init__(self, page):
        self.page = page
        on(el("intro-close"), "click", lambda e: self.dismiss())
        on(el("intro"), "keydown", lambda e: str(e.key) == "Escape" and self.dismiss())

    def show_if_new(self):
        ctl = self.page.ctl
        box = el("intro")
        if ctl.prefs.get("intro_seen"):
            box.hidden = True
            return
        game = ctl.game
        el("intro-title").textContent = words.t("ui_intro_title", game=game.name)
        body = el("intro-body")
        body.replaceChildren()
        for line in intro_lines(game.id, words.lang()):
            p = document.createElement("p")
            p.textContent = line
            body.appendChild(p)
        box.hidden = False

    def follow(self):
        """The game changed: the introduction, if still up, speaks of the new one."""
        if not el("intro").hidden:
            self.show_if_new()

    def dismiss(self):
        el("intro").hidden = True
        self.page.do(self.page.ctl.set_pref("intro_seen", True))


def intro_lines(game_id: str, lang: str) -> list[str]:
    """The introduction of a game's rules page, one paragraph a line (the catalogue's
    ``intro_PAGE``; spider1, spider2 and spider4 share Spider's)."""
    key = "intro_" + page_for(game_id).replace("-", "_")
    return text(key, lang).split("\n") if key in ENGLISH else []
