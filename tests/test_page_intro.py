"""The first visit's first minute: the first-time introduction lies whole under the table
and above the dock, its Got it reachable with no scroll, on a desktop and a phone, in
either language, in every game (the table's room ends above it when both would not fit:
web/geometry.py's fit_note); and the board drawn before Python is up speaks the page's
language from the first paint, as it does once Python is."""

import pytest

from pages import boot, new_page, overlaps, ready, settled
from solitaire import GAMES
from solitaire.words.lang_en import ENGLISH
from solitaire.words.lang_es import SPANISH

SIZES = [(1280, 800), (1366, 768), (1440, 900), (360, 740), (320, 640)]

WHERE = """() => {
  const box = (id) => document.getElementById(id).getBoundingClientRect();
  const b = box('intro-close'), n = box('intro'), d = box('dock');
  return {close: [b.left, b.top, b.right, b.bottom], note: [n.top, n.bottom], dock: d.top,
          scroll: scrollY, w: innerWidth, h: innerHeight};
}"""


def assert_note_in_view(page, what):
    """The note and its Got it inside the window and above the dock, nothing scrolled,
    and the note over no card or place."""
    at = page.evaluate(WHERE)
    left, top, right, bottom = at["close"]
    assert at["scroll"] == 0, (what, at)
    assert 0 <= left and right <= at["w"] and 0 <= top, (what, at)
    assert bottom <= at["dock"] and bottom <= at["h"], (what, at)
    assert at["note"][1] <= at["dock"] + 0.5, (what, at)
    assert overlaps(page) == [], what


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("width,height", SIZES)
def test_a_first_visit_s_got_it_lies_above_the_dock(browser, server, width, height, lang):
    page = new_page(browser, viewport={"width": width, "height": height})
    boot(page, server + f"/?lang={lang}")
    settled(page)
    assert page.is_visible("#intro")
    assert_note_in_view(page, (width, height, lang))
    cw = page.evaluate("getComputedStyle(document.getElementById('table')).getPropertyValue('--cw')")
    page.click("#intro-close")   # a real click: the pointer reaches it where it lies
    page.wait_for_selector("#intro", state="hidden")
    settled(page)
    # put away, it moved no card
    assert page.evaluate("getComputedStyle(document.getElementById('table')).getPropertyValue('--cw')") == cw
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("width,height", [(1366, 768), (320, 640)])
def test_every_game_s_first_visit_shows_its_note_above_the_dock(browser, server, width, height, lang):
    for game in GAMES:
        page = new_page(browser, viewport={"width": width, "height": height})
        boot(page, server + f"/?game={game}&lang={lang}")
        settled(page)
        page.wait_for_function(f"document.getElementById('intro-title').textContent.includes("
                               f"{(SPANISH if lang == 'es' else ENGLISH)[f'game_{game}']!r})")
        assert_note_in_view(page, (game, width, height, lang))
        assert page.errors == []
        page.context.close()


EARLY = """() => ({deal: document.querySelector('#deal-label > span').textContent,
  labels: [...document.querySelectorAll('#table > .preview > .place-label')].map((e) => e.textContent),
  title: document.getElementById('intro-title').textContent,
  board: !!document.querySelector('#table > .preview'), ready: !!document.body.dataset.ready})"""

LIVE = """() => ({deal: document.querySelector('#deal-label > span').textContent,
  labels: [...document.querySelectorAll('#table > .place-label')].map((e) => e.textContent),
  title: document.getElementById('intro-title').textContent})"""


@pytest.mark.parametrize("width,height", [(1280, 800), (360, 740)])
def test_the_board_before_python_speaks_spanish(browser, server, width, height):
    """A first visit with ?lang=es: the board drawn before Python starts (Python's start
    is held back until it has been read) says "Partida" and "Cola", as the live table then
    does, never "Deal" or "Tail"."""
    page = new_page(browser, viewport={"width": width, "height": height})
    held = []
    page.route("**/core.js", lambda route: held.append(route))   # PyScript's start waits here
    page.goto(server + "/?lang=es", wait_until="commit")
    page.wait_for_function("performance.getEntriesByName('board-shown').length > 0")
    page.wait_for_function("document.getElementById('intro-title').textContent !== ''")
    early = page.evaluate(EARLY)
    title = SPANISH["ui_intro_title"].format(game="Tabby Cat")
    assert early == {"deal": SPANISH["deal_label"], "labels": [SPANISH["slot_tail"]], "title": title,
                     "board": True, "ready": False}, early
    assert held, "PyScript's start was never asked for"
    for route in held:
        route.continue_()
    ready(page)
    settled(page)
    live = page.evaluate(LIVE)
    assert live == {"deal": SPANISH["deal_label"], "labels": [SPANISH["slot_tail"]], "title": title}, live
    assert page.errors == []
    page.context.close()


# The build's board as laid out last before Python is up (board.js, a deferred script, has
# run by DOMContentLoaded), with the room it left above the dock.
BEFORE_PYTHON = """
window.__first = null;
addEventListener('DOMContentLoaded', () => {
  const table = document.getElementById('table');
  window.__first = {board: !!table.querySelector('.preview'), ready: !!document.body.dataset.ready,
                    cw: parseFloat(table.style.getPropertyValue('--cw'))};
});
"""


@pytest.mark.parametrize("width,height", [(1280, 640), (1024, 600), (390, 600)])
def test_the_build_s_board_cuts_its_room_for_the_note_as_the_live_table_does(browser, server, width, height):
    """Short windows, where Tabby Cat's deal and the note do not both fit the room: the
    board drawn before Python (web/board.js's steps) has the live table's cards, with no
    layout shift, and the note lies above the dock."""
    from test_deploy import SHIFTS
    page = new_page(browser, viewport={"width": width, "height": height})
    page.add_init_script(SHIFTS + BEFORE_PYTHON)
    boot(page, server + "/?lang=en")
    settled(page)
    live = page.evaluate("parseFloat(document.getElementById('table').style.getPropertyValue('--cw'))")
    first = page.evaluate("window.__first")
    assert first["board"] and first["cw"] == pytest.approx(live, abs=0.05), (first, live)
    assert_note_in_view(page, (width, height))
    assert page.evaluate("window.__shifts") == []
    assert page.errors == []
    page.context.close()
