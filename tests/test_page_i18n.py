"""The page in Spanish and English, and How to play for every game, in a real browser.

One page boots in a Spanish browser and is driven in place (two reloads in all: each
Pyodide boot is expensive). A Spanish page must show no English text of the catalogue.
"""

import json
import re

import pytest

from conftest import ROOT
from solitaire import GAMES
from solitaire.lang_en import ENGLISH
from solitaire.lang_es import SPANISH
from solitaire.ruledoc import figure_values, page_for, parse
from solitaire.text import params_of
from pages import boot, new_page

SHOTS = ROOT / "tests" / "screenshots"

pytest.importorskip("playwright.sync_api")

# Every visible text node under body, with its element's id chain, for the report.
VISIBLE_TEXT = """() => {
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const node = walk.currentNode, el = node.parentElement;
    const text = node.textContent.trim();
    if (text && el.checkVisibility({visibilityProperty: true}) && el.getClientRects().length)
      out.push(text);
  }
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder]'))
    if (el.checkVisibility())
      for (const a of ['aria-label', 'title', 'placeholder'])
        if (el.getAttribute(a)) out.push(el.getAttribute(a));
  return out;
}"""


def english_only():
    """English catalogue text that differs from the Spanish: whole sentences without
    params, and the longer fixed pieces of sentences with params."""
    found = set()
    for key, en in ENGLISH.items():
        if en == SPANISH[key]:
            continue
        pieces = re.split(r"\{[^{}]*\}", en) if params_of(en) else [en]
        found |= {p.strip(" .:,()") for p in pieces if len(p.strip(" .:,()")) >= (4 if not params_of(en) else 12)}
    return found


ENGLISH_ONLY = english_only()


def assert_no_english(page, where):
    shown = page.evaluate(VISIBLE_TEXT)
    bad = [(s, e) for s in shown for e in ENGLISH_ONLY
           if re.search(r"(?<!\w)" + re.escape(e) + r"(?!\w)", s)]
    assert bad == [], f"{where}: English on a Spanish page"
    return shown


def rules_doc(game_id, lang):
    figures = figure_values(json.loads((ROOT / "docs/rules/figures.json").read_text()))
    return parse((ROOT / f"docs/rules/{page_for(game_id)}.{lang}.md").read_text(), figures)


def open_rules_by_key(page, key, game_id, lang):
    page.evaluate(f"window.tabby_start(1, '{game_id}')")
    page.focus(".slot[data-pile='pile-1']")
    page.keyboard.press(key)
    doc = rules_doc(game_id, lang)
    # open, with the focus inside it, showing this game's page
    page.wait_for_function("document.getElementById('rules').open && "
                           "document.getElementById('rules').contains(document.activeElement) && "
                           f"document.getElementById('rules-title').textContent === {json.dumps(doc.title)}"
                           " && document.querySelector('#rules-body h3')", timeout=20_000)
    body = page.inner_text("#rules-body")
    h3 = [h for h in page.locator("#rules-body h3").all_inner_texts()]
    h4 = page.locator("#rules-body h4").all_inner_texts()
    want_h3 = [b for b in doc.blocks if b.kind == "h2"]
    want_h4 = [b for b in doc.blocks if b.kind == "h3"]
    assert len(h3) == len(want_h3) and len(h4) == len(want_h4) and h4, game_id
    assert "{{" not in body and "<" not in body
    fig = json.loads((ROOT / "docs/rules/figures.json").read_text())["games"]
    if game_id in fig:  # the FAQ quotes this game's measured figures
        assert str(fig[game_id]["deals"]) in body.replace("\u00a0", "").replace(".", "").replace(",", "")
    return doc


def close_rules(page):
    page.keyboard.press("Escape")
    page.wait_for_function("!document.getElementById('rules').open")


def test_spanish_page_how_to_play_for_every_game_and_switching_language(browser, server):
    page = new_page(browser, locale="es-ES")
    boot(page, server + "/?deal=3")
    assert page.evaluate("document.documentElement.lang") == "es"
    assert page.inner_text("#new-deal") == "Nueva partida"
    # the introduction, once, on the table
    assert page.is_visible("#intro")
    assert page.inner_text("#intro-title") == SPANISH["ui_intro_title"].format(game="Tabby Cat")
    assert_no_english(page, "first view")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SHOTS / "intro-es.png")
    card = page.locator(".card[role=button]").first.get_attribute("aria-label")
    # as shown, then in Spanish words, then its place in its pile (the reading group
    # around it names the column)
    assert re.fullmatch(r"(A|\d+|J|Q|K)[\u2660\u2665\u2666\u2663], (as|\d+|jota|reina|rey) de "
                        r"(picas|corazones|diamantes|tréboles), \d+ de \d+", card), card
    page.click("#intro-close")
    assert not page.is_visible("#intro")
    assert json.loads(page.evaluate("localStorage.getItem('tabbycat.prefs.v1')"))["intro_seen"]

    # How to play for every game, by F1 and by ?, Esc closes, the focus comes back
    for i, game_id in enumerate(GAMES):
        open_rules_by_key(page, "F1" if i % 2 else "?", game_id, "es")
        assert_no_english(page, f"rules of {game_id}")
        if game_id == "tabbycat":
            page.screenshot(path=SHOTS / "rules-es.png")
        close_rules(page)
        assert page.evaluate("document.activeElement.dataset.pile") == "pile-1"

    # the menu: statistics and settings in Spanish, How to play from there
    page.evaluate("window.tabby_start(1, 'tabbycat')")
    page.click("#stats")
    assert page.inner_text("#stats-title").endswith("estadísticas")
    assert_no_english(page, "menu")
    page.click("#how-to-play")
    page.wait_for_selector("#rules-body h3")
    assert_no_english(page, "rules from the menu")
    close_rules(page)
    assert page.evaluate("document.activeElement.id") == "how-to-play"

    # switch to English in the menu: the labels, the table and the rules follow
    page.select_option("#lang-select", "en")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.inner_text("#new-deal") == "New deal"
    assert page.inner_text("#stats-title") == "Tabby Cat: statistics"
    shown = page.evaluate(VISIBLE_TEXT)   # the check above is not blind: English is seen
    assert sum(1 for s in shown for e in ENGLISH_ONLY if e in s) > 10
    page.click("#stats-close")
    for game_id in ("tabbycat", "spider2", "tuxedo"):
        open_rules_by_key(page, "F1", game_id, "en")
        close_rules(page)
    assert json.loads(page.evaluate("localStorage.getItem('tabbycat.prefs.v1')"))["lang"] == "en"

    # remembered over a reload; a link's ?lang=es wins and is remembered; a bad one is ignored
    boot(page, server + "/?deal=4")
    assert page.inner_text("#new-deal") == "New deal" and not page.is_visible("#intro")
    boot(page, server + "/?deal=5&game=tabbycat&lang=es")
    assert page.inner_text("#new-deal") == "Nueva partida"
    assert page.inner_text("#deal-number") == "5"
    page.click(".slot[data-pile='stock']")
    assert_no_english(page, "after a deal")
    boot(page, server + "/?deal=6&game=tabbycat&lang=zz")
    assert page.inner_text("#new-deal") == "Nueva partida" and page.inner_text("#deal-number") == "6"
    assert page.errors == [] and all(r.startswith(server) or r.startswith("blob:") for r in page.requests)
    page.context.close()
