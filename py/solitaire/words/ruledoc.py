"""The rules pages' source format (``docs/rules/*.md``): a small Markdown subset, parsed
to plain values that a page can render with ``textContent`` and that :func:`to_html`
renders as escaped HTML. No raw HTML exists in this format: a ``<`` is always text.

The format, line by line:

- a front matter first: ``---``, then ``key: value`` lines, then ``---``;
- ``# Title`` once, ``## Heading {#id}`` for a section and ``### Heading {#id}`` below it
  (every ``##`` and ``###`` heading names its id, ``[a-z0-9-]+``, unique in the page);
- a paragraph is a run of non-blank lines; ``- item`` makes a bullet list and ``1. item``
  a numbered one, a line indented by two spaces continuing the item above it;
- inline: ``**strong**``, ``*emphasis*``, `` `code` ``, ``[text](target)`` where the
  target is ``play:GAME`` (play that game), ``rules:PAGE`` (another rules page) or
  ``#id`` (a heading of this page); a backslash makes the next character plain text;
- ``{{name}}`` is replaced by ``values[name]`` (a number, written the language's way).

>>> doc = parse("---\\nlang: en\\n---\\n# Tabby\\n\\n## Goal {#goal}\\n\\nA <b> **K** on an A.\\n")
>>> doc.title, [b.id for b in doc.blocks if b.kind == "h2"]
('Tabby', ['goal'])
>>> to_html(doc, lambda target: target).splitlines()[-1]
'<p>A &lt;b&gt; <strong>K</strong> on an A.</p>'

Raises:
    RulesDocError: naming the line and what is wrong there.
"""

import html
import re
from dataclasses import dataclass


MAX_CHARS = 200_000
INLINE_KINDS = ("text", "strong", "em", "code", "link")
_HEADING = re.compile(r"^(#{1,3}) (.+?)(?: \{#([a-z0-9-]+)\})?$")
_ITEM = re.compile(r"^(- |\d+\. )(.*)$")
_PLACEHOLDER = re.compile(r"\{\{([a-z0-9_.-]+)\}\}")
_TARGET = re.compile(r"^(play:[a-z0-9-]+(?:&[a-z]+=[a-z0-9-]+)*|rules:[a-z0-9-]+|#[a-z0-9-]+)$")

FIGURE_FIELDS = ("first", "last", "deals", "budget", "won", "unwinnable", "undecided")

# The rules page that teaches each game id (Spider's three suit counts share one).
PAGE_OF_GAME = {"tabbycat": "tabbycat", "tabbycat-relaxed": "tabbycat-relaxed",
                "manx": "manx", "tuxedo": "tuxedo",
                "spider1": "spider", "spider2": "spider", "spider4": "spider"}


class RulesDocError(ValueError):
    """Rules-page source that does not follow the format; the message names the line."""


@dataclass(frozen=True, slots=True)
class Span:
    """A piece of inline text: ``kind`` is one of text, strong, em, code, link."""
    kind: str
    text: str
    target: str = ""


@dataclass(frozen=True, slots=True)
class Block:
    """A heading (h1-h3, with ``spans`` and ``id``), a paragraph (p, ``spans``) or a list
    (ul, ol: ``items``, each a tuple of spans)."""
    kind: str
    spans: tuple = ()
    items: tuple = ()
    id: str = ""


@dataclass(frozen=True, slots=True)
class Doc:
    """A parsed page: its front matter and its blocks in order."""
    meta: dict
    blocks: tuple

    @property
    def title(self) -> str:
        """The text of the ``#`` heading."""
        return "".join(s.text for b in self.blocks if b.kind == "h1" for s in b.spans)

    def ids(self, kind: str) -> list:
        """The ids of the headings of this kind (``h2`` or ``h3``), in order."""
        return [b.id for b in self.blocks if b.kind == kind]

    def section(self, ident: str) -> tuple:
        """The blocks under the heading ``ident``, up to the next heading of its level or
        above (an ``h2`` section includes its ``h3`` questions); empty if there is none."""
        for i, b in enumerate(self.blocks):
            if b.id == ident and b.kind in ("h2", "h3"):
                end = next((j for j in range(i + 1, len(self.blocks))
                            if self.blocks[j].kind[0] == "h" and self.blocks[j].kind <= b.kind),
                           len(self.blocks))
                return self.blocks[i + 1:end]
        return ()

    def links(self) -> list:
        """Every link target in the page, in order."""
        spans = [s for b in self.blocks for s in (*b.spans, *(s for i in b.items for s in i))]
        return [s.target for s in spans if s.kind == "link"]


def page_for(game_id: str) -> str:
    """The rules page of a game id.

    >>> page_for("spider4")
    'spider'

    Raises:
        RulesDocError: for an id no page teaches.
    """
    try:
        return PAGE_OF_GAME[game_id]
    except (KeyError, TypeError):
        raise RulesDocError(f"no rules page for game {game_id!r}") from None


def figure_values(figures: dict) -> dict:
    """The placeholder values of docs/rules/figures.json: ``{"tabbycat.won": 48, ...}``.

    >>> figure_values({"games": {"manx": {"first": 1, "last": 2, "deals": 2, "budget": 10,
    ...     "won": 2, "unwinnable": 0, "undecided": 0}}})["manx.won"]
    2

    Raises:
        RulesDocError: when the record is not games of whole, non-negative counts.
    """
    games = figures.get("games") if isinstance(figures, dict) else None
    if not isinstance(games, dict) or len(games) > 50:
        raise RulesDocError("figures: want {'games': {game id: figures}}")
    values = {}
    for game, fig in games.items():
        for field in FIGURE_FIELDS:
            value = fig.get(field) if isinstance(fig, dict) else None
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**64:
                raise RulesDocError(f"figures: {game!r} has no whole number {field!r}")
            values[f"{game}.{field}"] = value
    return values


def format_number(n: int, lang: str) -> str:
    """A whole number the language's way: ``1,000,000`` in English; in Spanish a
    no-break space groups five digits or more (``1 000 000``, ``5000``).

    >>> format_number(100000, "en"), format_number(100000, "es"), format_number(5000, "es")
    ('100,000', '100\\xa0000', '5000')
    """
    text = f"{n:,}"
    if lang == "es":
        return text.replace(",", "\u00a0") if abs(n) >= 10_000 else str(n)
    return text


def fill(text: str, values: dict, lang: str = "en", line: int = 0) -> str:
    """Replace each ``{{name}}`` by ``values[name]``, a whole number written the
    language's way (numbers only, so a value never brings marks into the text)."""
    def one(m):
        name = m.group(1)
        if name not in values:
            raise RulesDocError(f"line {line}: no value for {{{{{name}}}}}")
        value = values[name]
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesDocError(f"line {line}: value of {name!r} is not a whole number")
        return format_number(value, lang)
    return _PLACEHOLDER.sub(one, text)


def parse_inline(text: str, line: int = 0) -> tuple:
    """The spans of one paragraph, heading or list item.

    >>> [(s.kind, s.text, s.target) for s in parse_inline("a *b* [c](#d) \\\\*e")]
    [('text', 'a ', ''), ('em', 'b', ''), ('text', ' ', ''), ('link', 'c', '#d'), ('text', ' *e', '')]
    """
    spans, plain, i = [], [], 0

    def flush():
        if plain:
            spans.append(Span("text", "".join(plain)))
            plain.clear()

    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text):
            plain.append(text[i + 1])
            i += 2
            continue
        if c in "*`[":
            if text.startswith("**", i):
                kind, close, start = "strong", "**", i + 2
            elif c == "*":
                kind, close, start = "em", "*", i + 1
            elif c == "`":
                kind, close, start = "code", "`", i + 1
            else:
                kind, close, start = "link", "](", i + 1
            end = text.find(close, start)
            if end <= start:
                raise RulesDocError(f"line {line}: {c!r} at column {i + 1} is not closed "
                                    f"(write \\{c} for the character itself)")
            inner = text[start:end]
            flush()
            if kind == "link":
                stop = text.find(")", end + 2)
                target = text[end + 2:stop] if stop > 0 else ""
                if not _TARGET.match(target):
                    raise RulesDocError(f"line {line}: link target {target!r} is not play:GAME, "
                                        "rules:PAGE or #id")
                spans.append(Span("link", inner, target))
                i = stop + 1
            else:
                spans.append(Span(kind, inner))
                i = end + len(close)
            continue
        plain.append(c)
        i += 1
    flush()
    return tuple(spans)


def _front_matter(lines: list) -> tuple:
    if not lines or lines[0] != "---":
        return {}, 0
    meta = {}
    for n, line in enumerate(lines[1:], start=2):
        if line == "---":
            return meta, n
        key, sep, value = line.partition(":")
        if not sep or not re.fullmatch(r"[a-z-]+", key):
            raise RulesDocError(f"line {n}: front matter wants 'key: value', not {line!r}")
        meta[key] = value.strip()
    raise RulesDocError("the front matter is not closed by a line '---'")


def parse(text: str, values: dict | None = None) -> Doc:
    """A page from its source; ``values`` fill its ``{{name}}`` placeholders.

    Raises:
        RulesDocError: naming the line at fault (bad heading, unclosed mark, unknown
            placeholder, repeated id, bad link target, text too long).
    """
    if not isinstance(text, str) or len(text) > MAX_CHARS:
        raise RulesDocError(f"a rules page is text of at most {MAX_CHARS} characters")
    lines = text.replace("\r\n", "\n").split("\n")
    meta, start = _front_matter(lines)
    lang = meta.get("lang", "en")
    values = values or {}
    blocks, seen, para, items, kind = [], set(), [], [], ""

    def end_block():
        nonlocal kind
        if para:
            blocks.append(Block("p", parse_inline(" ".join(t for t, _ in para), para[0][1])))
            para.clear()
        if items:
            blocks.append(Block(kind, items=tuple(parse_inline(t, n) for t, n in items)))
            items.clear()
        kind = ""

    for n, raw in enumerate(lines[start:], start=start + 1):
        line = fill(raw.rstrip(), values, lang, n)
        if not line:
            end_block()
            continue
        heading = _HEADING.match(line)
        item = _ITEM.match(line)
        if heading:
            end_block()
            level, words, ident = len(heading.group(1)), heading.group(2), heading.group(3) or ""
            if level > 1 and not ident:
                raise RulesDocError(f"line {n}: a '{'#' * level}' heading names its id: {{#id}}")
            if level == 1 and any(b.kind == "h1" for b in blocks):
                raise RulesDocError(f"line {n}: a page has one '#' title")
            if ident in seen:
                raise RulesDocError(f"line {n}: id {ident!r} is used twice")
            seen.add(ident)
            blocks.append(Block(f"h{level}", parse_inline(words, n), id=ident))
        elif item:
            want = "ul" if item.group(1) == "- " else "ol"
            if para or (items and kind != want):
                end_block()
            kind = want
            items.append((item.group(2), n))
        elif line.startswith("  ") and items:
            text_, at = items[-1]
            items[-1] = (f"{text_} {line.strip()}", at)
        elif items:
            raise RulesDocError(f"line {n}: leave a blank line after a list, or indent the "
                                "line by two spaces to continue its item")
        elif line.startswith("#"):
            raise RulesDocError(f"line {n}: {line[:20]!r} is not a heading; write '\\' "
                                "before a character meant as text")
        else:
            para.append((line.strip(), n))
    end_block()
    return Doc(meta, tuple(blocks))


def plain(spans) -> str:
    """The text of some spans, with no marks (what ``textContent`` would show)."""
    return "".join(s.text for s in spans)


def _inline_html(spans, link) -> str:
    out = []
    for s in spans:
        text = html.escape(s.text)
        if s.kind == "text":
            out.append(text)
        elif s.kind == "link":
            out.append(f'<a href="{html.escape(link(s.target))}">{text}</a>')
        else:
            out.append(f"<{s.kind}>{text}</{s.kind}>")
    return "".join(out)


def to_html(doc: Doc, link) -> str:
    """The page's blocks as HTML, every text escaped; ``link(target)`` gives each link's
    address (it is escaped too)."""
    out = []
    for b in doc.blocks:
        if b.kind in ("ul", "ol"):
            rows = "".join(f"<li>{_inline_html(i, link)}</li>" for i in b.items)
            out.append(f"<{b.kind}>{rows}</{b.kind}>")
        elif b.kind == "p":
            out.append(f"<p>{_inline_html(b.spans, link)}</p>")
        else:
            ident = f' id="{b.id}"' if b.id else ""
            out.append(f"<{b.kind}{ident}>{_inline_html(b.spans, link)}</{b.kind}>")
    return "\n".join(out)
