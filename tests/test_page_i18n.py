"""The page in Spanish and English, and How to play for every game, in a real browser.

One page boots in a Spanish browser and is driven in place (two reloads in all: each
Pyodide boot is expensive). A Spanish page must show no English text of the catalogue.
"""

import json
import re

import pytest

from conftest import ROOT
from solitaire import GAMES
from solitaire.words.lang_en import ENGLISH
from solitaire.words.lang_es import SPANISH
from solitaire.words.ruledoc import figure_values, page_for, parse
from solitaire.words.text import params_of
from pages import boot, new_page, overlaps

SHOTS = ROOT / "tests" / "screenshots"

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
# Any of them as whole words (one pattern: a text matches it if and only if it holds one).
ANY_ENGLISH = re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, sorted(ENGLISH_ONLY))) + r")(?!\w)")


def assert_no_english(page, where):
    shown = page.evaluate(VISIBLE_TEXT)
    bad = [(s, e) for s in shown if ANY_ENGLISH.search(s) for e in ENGLISH_ONLY
           if re.search(r"(?<!\w)" + re.escape(e) + r"(?!\w)", s)]
    assert bad == [], f"{where}: English on a Spanish page"
    return shown


def rules_doc(game_id, lang):
    figures = figure_values(json.loads((ROOT / "docs/rules/figures.json").read_text()))
    return parse((ROOT / f"docs/rules/{page_for(game_id)}.{lang}.md").read_text(), figures)


def headings(doc, kind):
    return ["".join(span.text for span in b.spans) for b in doc.blocks if b.kind == kind]


def open_rules_by_key(page, key, game_id, lang):
    """Open How to play by a key on the table of ``game_id`` and check it is that game's
    page in ``lang``: its title, every heading in order, its play link, the figures."""
    page.evaluate(f"window.tabby_start(1, '{game_id}')")
    page.focus(".slot[data-pile='pile-1']")
    page.keyboard.press(key)
    doc = rules_doc(game_id, lang)
    assert game_id in doc.meta["games"].split() and doc.meta["lang"] == lang
    # open, with the focus inside it, showing this game's page
    page.wait_for_function("document.getElementById('rules').open && "
                           "document.getElementById('rules').contains(document.activeElement) && "
                           f"document.getElementById('rules-title').textContent === {json.dumps(doc.title)}"
                           " && document.querySelector('#rules-body h3')", timeout=20_000)
    body = page.inner_text("#rules-body")
    h3 = page.locator("#rules-body h3").all_inner_texts()
    h4 = page.locator("#rules-body h4").all_inner_texts()
    assert h3 == headings(doc, "h2") and h4 == headings(doc, "h3") and h4, (game_id, lang)
    assert page.locator(f"#rules-body a[data-target='play:{game_id}']").count() == 1, game_id
    assert page.evaluate("document.documentElement.lang") == lang
    assert "{{" not in body and "<" not in body
    fig = json.loads((ROOT / "docs/rules/figures.json").read_text())["games"]
    if game_id in fig:  # the FAQ quotes this game's measured figures
        assert str(fig[game_id]["deals"]) in body.replace("\u00a0", "").replace(".", "").replace(",", "")
    return doc


def intro_lines(game_id, cat):
    return cat["intro_" + page_for(game_id).replace("-", "_")].split("\n")


def check_intro(page, game_id, cat, name):
    """The introduction speaks of this game, in this language, clear of the key help."""
    page.wait_for_function(
        f"document.getElementById('intro-title').textContent === {json.dumps(cat['ui_intro_title'].format(game=name))}")
    assert page.locator("#intro-body p").all_inner_texts() == intro_lines(game_id, cat)
    # both read at once: the page may still be writing the note
    intro, keys = page.evaluate("""() => [document.getElementById('intro'), document.querySelector('footer.keys p')]
      .map((e) => e && e.getClientRects().length ? e.getBoundingClientRect().toJSON() : null)""")
    if keys is not None:  # (the note is over the key help, in the page's flow)
        assert intro["bottom"] <= keys["top"], f"{game_id}: the introduction covers the key help"
    assert overlaps(page) == [], f"{game_id}: the introduction covers the table"


def close_rules(page):
    page.keyboard.press("Escape")
    page.wait_for_function("!document.getElementById('rules').open")


def test_spanish_page_how_to_play_for_every_game_and_switching_language(browser, server):
    page = new_page(browser, locale="es-ES")
    boot(page, server + "/?deal=3")
    assert page.evaluate("document.documentElement.lang") == "es"
    assert page.inner_text("#new-deal") == "Nueva partida"
    # the introduction, once, on the table: the game's own, in Spanish, for every game
    assert page.is_visible("#intro")
    check_intro(page, "tabbycat", SPANISH, "Tabby Cat")
    assert_no_english(page, "first view")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SHOTS / "intro-es.png")
    for game_id, game in GAMES.items():
        page.evaluate(f"window.tabby_start(1, '{game_id}')")
        check_intro(page, game_id, SPANISH, SPANISH[f"game_{game_id}"])
        assert_no_english(page, f"introduction of {game_id}")
    page.evaluate("window.tabby_start(3, 'tabbycat')")
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

    # the win, in Spanish
    page.evaluate("window.tabby_start(1, 'tabbycat')")
    page.evaluate("window.tabby_play(window.tabby_solve())")
    page.wait_for_selector("#win:not([hidden])")
    assert "{" not in page.inner_text("#win-text")
    assert_no_english(page, "win")
    page.click("#win-new")
    page.wait_for_selector("#win", state="hidden")

    # the menu: statistics (with the game just won) and settings in Spanish, How to play from there
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
    for i, game_id in enumerate(GAMES):
        open_rules_by_key(page, "F1" if i % 2 else "?", game_id, "en")
        close_rules(page)
    assert json.loads(page.evaluate("localStorage.getItem('tabbycat.prefs.v1')"))["lang"] == "en"

    # remembered over a reload; a link's ?lang=es wins and is remembered; a bad one is ignored
    boot(page, server + "/?deal=4")
    assert page.inner_text("#new-deal") == "New deal" and not page.is_visible("#intro")
    # the introduction in English, for every game (shown again for the test)
    page.evaluate("localStorage.setItem('tabbycat.prefs.v1', JSON.stringify("
                  "{...JSON.parse(localStorage.getItem('tabbycat.prefs.v1')), intro_seen: false}))")
    boot(page, server + "/?deal=4")
    for game_id, game in GAMES.items():
        page.evaluate(f"window.tabby_start(1, '{game_id}')")
        check_intro(page, game_id, ENGLISH, game.name)
    page.set_viewport_size({"width": 900, "height": 640})   # a smaller window: still clear
    check_intro(page, game_id, ENGLISH, game.name)
    page.click("#stats")
    page.select_option("#lang-select", "es")   # it follows the language too
    page.click("#stats-close")
    check_intro(page, game_id, SPANISH, SPANISH[f"game_{game_id}"])
    page.click("#intro-close")
    # records that cannot be read: the reasons are said in Spanish too
    page.evaluate("localStorage.setItem('tabbycat.stats.v2', JSON.stringify({v: 9}));"
                  "localStorage.setItem('tabbycat.prefs.v1', '{\"winnable\": \"yes\"}')")
    boot(page, server + "/?deal=5&game=tabbycat&lang=es")
    status = page.inner_text("#status")
    assert SPANISH["rec_stats_newer"].format(schema=9) in status, status
    assert SPANISH["rec_setting_not_bool"].format(name="winnable") in status, status
    assert_no_english(page, "unreadable records")
    assert page.inner_text("#new-deal") == "Nueva partida"
    assert page.inner_text("#deal-number") == "5"
    page.click(".slot[data-pile='stock']")
    assert_no_english(page, "after a deal")
    boot(page, server + "/?deal=6&game=tabbycat&lang=zz")
    assert page.inner_text("#new-deal") == "Nueva partida" and page.inner_text("#deal-number") == "6"
    assert page.errors == [] and all(r.startswith(server) or r.startswith("blob:") for r in page.requests)
    page.context.close()


LOADING = """() => ({lang: document.documentElement.lang,
  text: document.getElementById('loading-text').textContent,
  label: document.getElementById('loading').getAttribute('aria-label')})"""


@pytest.mark.parametrize("locale,query,pref,lang", [
    ("es-ES", "", None, "es"), ("en-US", "?lang=es", None, "es"), ("en-US", "", "es", "es"),
    ("es-ES", "?lang=en", None, "en"), ("es-ES", "", "en", "en"), ("en-GB", "?lang=zz", None, "en"),
    ("en-US", "?lang=es", "en", "es")])
def test_the_loading_screen_speaks_the_chosen_language(browser, server, locale, query, pref, lang):
    """Before Python is up (here it never comes: PyScript is not served), web/boot.js picks
    the language as the page does (?lang=, the remembered choice, the browser's) and shows
    the catalogue's words the build wrote into the page."""
    page = new_page(browser, locale=locale)
    page.route("**/core.js", lambda route: route.abort())
    page.route("**/*.bin.gz", lambda route: route.abort())
    if pref is not None:
        page.context.add_init_script(
            f"localStorage.setItem('tabbycat.prefs.v1', JSON.stringify({{lang: '{pref}'}}))")
    page.goto(server + "/" + query)
    page.wait_for_function("document.getElementById('loading-bar').style.width !== ''")
    shown = page.evaluate(LOADING)
    cat = SPANISH if lang == "es" else ENGLISH
    words = {v for k, v in cat.items() if k.startswith("boot_")}
    assert shown["lang"] == lang and shown["text"] in words and shown["label"] == cat["boot_label"], shown
    page.context.close()


BEFORE_PYTHON = """() => ({lang: document.documentElement.lang, title: document.title,
  newDeal: document.querySelector('#new-deal .word').textContent,
  hintTitle: document.getElementById('hint').title,
  intro: document.getElementById('intro').hidden ? null
    : [document.getElementById('intro-title').textContent,
       ...[...document.querySelectorAll('#intro-body p')].map((p) => p.textContent)],
  board: !!document.querySelector('#table .preview')})"""


@pytest.mark.parametrize("locale,seen", [("es-ES", False), ("en-US", False), ("es-ES", True)])
def test_a_first_visit_shows_its_words_and_introduction_before_python(browser, server, locale, seen):
    """Before Python is up (here it never comes: PyScript is not served), web/board.js has
    put the page's markup into the player's language and, unless the player has dismissed
    it before, shown the introduction of the game on the board, with the catalogue's words
    the build wrote into the page (what web/howto.py writes there once Python is up)."""
    page = new_page(browser, locale=locale)
    page.route("**/core.js", lambda route: route.abort())
    page.route("**/pyodide.asm.wasm*", lambda route: route.abort())   # the wasm, or packed
    if seen:
        page.context.add_init_script("localStorage.setItem('tabbycat.prefs.v1', JSON.stringify({intro_seen: true}))")
    page.goto(server + "/")
    page.wait_for_function("performance.getEntriesByName('board-shown').length > 0")
    shown = page.evaluate(BEFORE_PYTHON)
    cat = SPANISH if locale == "es-ES" else ENGLISH
    intro = None if seen else [cat["ui_intro_title"].format(game="Tabby Cat"), *cat["intro_tabbycat"].split("\n")]
    assert shown == {"lang": locale[:2], "title": cat["ui_site"], "newDeal": cat["ui_new_deal"],
                     "hintTitle": cat["ui_hint_key"], "intro": intro, "board": True}, shown
    page.context.close()
