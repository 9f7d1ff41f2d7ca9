"""The rules pages: their source format, the HTML built from it, both languages, the
links, and the solver figures their FAQ publishes (docs/rules/)."""

import json
import re
import sys

import pytest

from conftest import ROOT
from solitaire.engine.games import GAMES
from solitaire.words.ruledoc import (PAGE_OF_GAME, RulesDocError, figure_values, fill, format_number,
                               page_for, parse, parse_inline, plain, to_html)

sys.path.insert(0, str(ROOT / "scripts"))
import figures  # noqa: E402
import rules_site  # noqa: E402

DOCS = ROOT / "docs" / "rules"
GAME_PAGES = [p for p in rules_site.PAGES if p != "index"]
SECTIONS = ["goal", "setup", "rules", "decisions", "clicks", "tips", "faq"]
VALUES = figure_values(json.loads((DOCS / "figures.json").read_text()))


def page(text):
    return parse("---\nlang: en\n---\n# T\n\n" + text)


def html_of(text):
    return to_html(page(text), lambda target: "LINK:" + target)


# -- the format -----------------------------------------------------------------------

def test_headings_paragraphs_and_lists_parse_to_blocks():
    """Headings carry their ids; lines join into paragraphs; lists keep their items,
    a two-space indent continuing an item."""
    doc = page("## Goal {#goal}\n\nOne\ntwo.\n\n- a\n  b\n- c\n\n1. x\n2. y\n\n### Q? {#q}\nA.\n")
    assert [b.kind for b in doc.blocks] == ["h1", "h2", "p", "ul", "ol", "h3", "p"]
    assert doc.title == "T" and doc.ids("h2") == ["goal"] and doc.ids("h3") == ["q"]
    assert plain(doc.blocks[2].spans) == "One two."
    assert [plain(i) for i in doc.blocks[3].items] == ["a b", "c"]
    assert [plain(i) for i in doc.blocks[4].items] == ["x", "y"]


def test_a_list_interrupts_a_paragraph():
    """A '- ' line after paragraph text starts a list."""
    assert [b.kind for b in page("Text:\n- a\n- b\n").blocks] == ["h1", "p", "ul"]


def test_inline_marks_links_and_backslash():
    """Strong, emphasis, code and links become spans; a backslash makes a mark plain."""
    spans = parse_inline(r"**K** on *A*, `1>2`, [Manx](rules:manx) \*not em\*")
    assert [(s.kind, s.text, s.target) for s in spans] == [
        ("strong", "K", ""), ("text", " on ", ""), ("em", "A", ""), ("text", ", ", ""),
        ("code", "1>2", ""), ("text", ", ", ""), ("link", "Manx", "rules:manx"),
        ("text", " *not em*", "")]


def test_front_matter_is_read():
    doc = parse("---\nlang: es\ngames: spider1 spider2\n---\n# T\n")
    assert doc.meta == {"lang": "es", "games": "spider1 spider2"}


@pytest.mark.parametrize("source", [
    "<script>alert(1)</script>",
    "a < b & c > d \"q\" 'r'",
    "## <img src=x onerror=alert(1)> {#x}",
    "- <b>item</b>",
    "[<i>link</i>](#x)",
    "`<code>`",
    "**<em>**",
    "1. <p>one",
])
def test_a_less_than_sign_in_the_source_never_becomes_markup(source):
    """Every '<' of the source comes out as '&lt;': the only tags are the renderer's."""
    out = html_of(source)
    assert source.count("<") == out.count("&lt;")
    tags = set(re.findall(r"<(/?[a-z0-9]+)", out))
    assert tags <= {"h1", "/h1", "h2", "/h2", "p", "/p", "ul", "/ul", "ol", "/ol", "li", "/li",
                    "strong", "/strong", "em", "/em", "code", "/code", "a", "/a"}
    assert "<script" not in out and "<img" not in out and "<b>" not in out


def test_link_addresses_come_from_the_caller_and_are_escaped():
    doc = page("[Play](play:tabbycat)")
    out = to_html(doc, lambda target: '../?game=x&lang=es"><script>')
    assert '<a href="../?game=x&amp;lang=es&quot;&gt;&lt;script&gt;">Play</a>' in out


@pytest.mark.parametrize("source, words", [
    ("A **bold", "not closed"),
    ("A `code", "not closed"),
    ("[text](https://example.com)", "link target"),
    ("[text](javascript:alert(1))", "link target"),
    ("[text]", "not closed"),
    ("## Goal", "names its id"),
    ("## A {#a}\n\n## B {#a}", "used twice"),
    ("# Second title", "one '#' title"),
    ("#nope", "not a heading"),
    ("{{tabbycat.won}}", "no value"),
    ("- a\nb", "blank line after a list"),
])
def test_bad_source_is_refused_naming_the_line(source, words):
    with pytest.raises(RulesDocError, match=words) as err:
        page(source)
    assert "line" in str(err.value)


def test_bad_front_matter_and_oversized_text_are_refused():
    with pytest.raises(RulesDocError, match="not closed"):
        parse("---\nlang: en")
    with pytest.raises(RulesDocError, match="key: value"):
        parse("---\nno colon here\n---\n")
    with pytest.raises(RulesDocError, match="at most"):
        parse("a" * 200_001)
    with pytest.raises(RulesDocError):
        parse(None)


def test_placeholders_take_numbers_written_the_language_s_way():
    """{{name}} takes whole numbers only, grouped as each language writes them."""
    assert fill("{{a}} of {{b}}", {"a": 1234567, "b": 5000}, "en") == "1,234,567 of 5,000"
    assert fill("{{a}} de {{b}}", {"a": 1234567, "b": 5000}, "es") == "1\u00a0234\u00a0567 de 5000"
    with pytest.raises(RulesDocError, match="whole number"):
        fill("{{a}}", {"a": "<b>"})
    with pytest.raises(RulesDocError, match="whole number"):
        fill("{{a}}", {"a": True})
    assert format_number(100_000, "es") == "100\u00a0000"


@pytest.mark.parametrize("record", [
    None, [], {"games": []}, {"games": {"manx": {"won": 1}}},
    {"games": {"manx": dict.fromkeys(figures.FIELDS, -1)}},
    {"games": {"manx": dict.fromkeys(figures.FIELDS, "1")}},
    {"games": {"manx": dict.fromkeys(figures.FIELDS, True)}},
])
def test_a_bad_figures_record_is_refused(record):
    with pytest.raises(RulesDocError):
        figure_values(record)


def test_every_game_id_has_a_rules_page():
    assert set(PAGE_OF_GAME) == set(GAMES)
    assert {page_for(g) for g in GAMES} == set(GAME_PAGES)
    with pytest.raises(RulesDocError):
        page_for("freecell")


# -- the pages ------------------------------------------------------------------------

def load(name, lang):
    return rules_site.load(name, lang, VALUES)


@pytest.mark.parametrize("name", rules_site.PAGES)
def test_both_languages_have_the_same_sections_links_and_games(name):
    """English and Spanish say the same things: the same sections and questions, in the
    same order, the same links, the same games."""
    en, es = load(name, "en"), load(name, "es")
    assert en.meta["lang"] == "en" and es.meta["lang"] == "es"
    assert en.ids("h2") == es.ids("h2") and en.ids("h3") == es.ids("h3")
    assert en.links() == es.links()
    assert en.meta["games"] == es.meta["games"]
    for doc in (en, es):
        assert doc.title and doc.meta["title"] and 50 <= len(doc.meta["description"]) <= 300
        for target in doc.links():
            if target.startswith("play:"):
                assert target[5:] in GAMES
            elif target.startswith("rules:"):
                assert target[6:] in rules_site.PAGES
            else:
                assert target[1:] in doc.ids("h2") + doc.ids("h3")


@pytest.mark.parametrize("name", GAME_PAGES)
def test_a_game_page_teaches_every_part_and_offers_its_games(name):
    """Goal, set-up, rules, decisions, click order, tips and a FAQ with 'Can every deal
    be won?'; a play link for each game the page teaches, and for no other."""
    for lang in rules_site.LANGS:
        doc = load(name, lang)
        assert doc.ids("h2") == SECTIONS
        assert "can-win" in doc.ids("h3")
        games = doc.meta["games"].split()
        assert games == [g for g in GAMES if PAGE_OF_GAME[g] == name]
        assert [t[5:] for t in doc.links() if t.startswith("play:")] == games
        assert any(b.kind == "ol" for b in doc.blocks), "the click order is a numbered list"


def faq_answer(doc, ident="can-win"):
    """The text of the blocks under a ### heading, up to the next heading."""
    return " ".join(plain(b.spans) + " ".join(plain(i) for i in b.items)
                    for b in doc.section(ident))


def test_a_section_runs_to_the_next_heading_of_its_level():
    doc = page("## A {#a}\n\nx\n\n### Q {#q}\n\ny\n\n## B {#b}\n\nz\n")
    assert [b.kind for b in doc.section("a")] == ["p", "h3", "p"]
    assert [plain(b.spans) for b in doc.section("q")] == ["y"]
    assert [plain(b.spans) for b in doc.section("b")] == ["z"]
    assert doc.section("nothing") == ()


@pytest.mark.parametrize("name", GAME_PAGES)
def test_the_can_it_be_won_answer_publishes_the_measured_figures(name):
    """Each game's deals tried, proved winnable, proved unwinnable, undecided and budget,
    in both languages, from docs/rules/figures.json."""
    published = json.loads((DOCS / "figures.json").read_text())["games"]
    for lang in rules_site.LANGS:
        answer = faq_answer(load(name, lang))
        for game in (g for g in GAMES if PAGE_OF_GAME[g] == name):
            f = published[game]
            expected = [f["first"], f["last"], f["deals"], f["budget"], f["won"],
                        f["unwinnable"], f["undecided"]]
            for value in expected:
                assert format_number(value, lang) in answer, (game, lang, value)
        source = (DOCS / f"{name}.{lang}.md").read_text()
        section = source[source.index("{#can-win}"):]
        for game in (g for g in GAMES if PAGE_OF_GAME[g] == name):
            for field in figures.FIELDS:
                assert "{{%s.%s}}" % (game, field) in section, (game, field, lang)


def test_the_built_site_is_plain_html_with_play_links(tmp_path):
    """Every page in both languages: no script, no inline style, no other host, the
    stylesheet beside it, every relative link resolving, 'play now' choosing the game
    (with &lang=es in Spanish)."""
    written = rules_site.build(tmp_path)
    out = tmp_path / "rules"
    assert (out / "rules.css").is_file()
    for name in rules_site.PAGES:
        for lang in rules_site.LANGS:
            path = out / rules_site.file_name(name, lang)
            assert path in written
            text = path.read_text()
            assert text.startswith("<!doctype html>") and f'<html lang="{lang}">' in text
            assert "<script" not in text and "style=" not in text and "<style" not in text
            assert "http://" not in text and "https://" not in text and "{{" not in text
            assert '<link rel="stylesheet" href="rules.css">' in text
            for game in load(name, lang).meta["games"].split():
                play = f"../?game={game}" + ("&amp;lang=es" if lang == "es" else "")
                assert f'href="{play}"' in text
            for href in re.findall(r'href="([^"]+)"', text):
                if href.startswith("../") or href.startswith("#"):
                    continue
                assert (out / href).is_file(), (path.name, href)


def test_the_build_writes_the_rules_pages(server):
    """Netlify's build (scripts/build.sh, whose dist/ the browser tests serve) writes the
    rules pages: every page in both languages is served, with its stylesheet."""
    import urllib.request
    for name in rules_site.PAGES:
        for suffix in ("", ".es"):
            with urllib.request.urlopen(f"{server}/rules/{name}{suffix}.html") as reply:
                assert reply.status == 200 and b"<h1" in reply.read()
    with urllib.request.urlopen(f"{server}/rules/rules.css") as reply:
        assert reply.status == 200


def test_nothing_points_outside_the_repository():
    """README, engine and page name no path outside the repository and no source file of the rules;
    the README points to docs/rules."""
    seed = re.compile(r"\d{3}_[0-9a-f]{16}\.txt|shared/")
    paths = [ROOT / "README.md", *(ROOT / "py").rglob("*.py"), *(ROOT / "web").glob("*.*")]
    for path in paths:
        assert not seed.search(path.read_text(errors="replace")), path
    assert "docs/rules" in (ROOT / "README.md").read_text()


def test_published_figures_are_what_the_command_line_measures():
    """docs/rules/figures.json equals fresh runs of `python3 -m solitaire stats RANGE
    --game ID --budget B --json` for every game (remake it: python3 scripts/figures.py)."""
    published = json.loads((DOCS / "figures.json").read_text())["games"]
    assert set(published) == set(GAMES)
    fresh = figures.measure_all({g: (f"{f['first']}-{f['last']}", f["budget"])
                                 for g, f in published.items()})
    assert published == fresh
