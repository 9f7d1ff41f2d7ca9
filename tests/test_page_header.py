"""The line under a phone's header (deal, moves, time, runs; docs/layout.md): when it takes
two rows the table starts below both, so no word of it lies over a place (Tuxedo in
Spanish at 320 px wrapped by a fraction of a pixel once, and was printed over the cells);
and the cards are as large on a first visit as after a reload, in either language (a
Spanish first visit once laid the table out before its line wrapped)."""

import pytest

from pages import boot, new_page, overlaps, settled

# The card width of the first-visit board as first drawn (before Python is up), read by
# the page itself the moment it was drawn (a test cannot ask in time).
FIRST_BOARD = """
window.__first = null;
new MutationObserver((records, observer) => {
  const table = document.getElementById('table');
  if (!table || !table.querySelector('.preview')) return;
  observer.disconnect();
  window.__first = parseFloat(table.style.getPropertyValue('--cw'));
}).observe(document, { childList: true, subtree: true });
"""


def card_width(page):
    settled(page)
    return page.evaluate("parseFloat(document.getElementById('table').style.getPropertyValue('--cw'))")


def line_above_the_table(page):
    """The line under the header ends above every place and card, and overlaps() (which
    counts the line) finds nothing."""
    line = page.eval_on_selector(".bar .info", "e => e.getBoundingClientRect().bottom")
    top = page.evaluate("Math.min(...[...document.querySelectorAll('#table > .slot, #table > .card, #table > .place-label')]"
                        ".map(e => e.getBoundingClientRect().top))")
    assert line <= top + 0.5, (line, top)
    assert overlaps(page) == []


@pytest.mark.parametrize("lang", ["es", "en"])
def test_tuxedo_s_line_under_the_header_never_lies_over_its_cells_at_320(browser, server, lang):
    page = new_page(browser, viewport={"width": 320, "height": 640})
    boot(page, server + f"/?game=tuxedo&lang={lang}")
    settled(page)
    page.evaluate("document.getElementById('intro').hidden = true")
    line_above_the_table(page)
    # the line's parts all in one row, or the page knows it takes two
    rows = page.evaluate("""() => new Set([...document.querySelectorAll('.bar .info > *')]
        .filter(e => e.getClientRects().length).map(e => Math.round(e.getBoundingClientRect().top))).size""")
    assert (rows > 1) == page.evaluate("document.body.classList.contains('info-wraps')"), rows
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("width,height", [(320, 640), (360, 640), (375, 667)])
def test_a_first_visit_deals_the_cards_a_reload_does(browser, server, width, height, lang):
    page = new_page(browser, viewport={"width": width, "height": height})
    page.add_init_script(FIRST_BOARD)
    boot(page, server + f"/?lang={lang}")   # a first visit: the build's deal 1, drawn at once
    first = card_width(page)
    assert page.evaluate("window.__first") == pytest.approx(first, abs=0.05), "the first board's cards"
    page.evaluate("document.getElementById('intro-close').click()")
    line_above_the_table(page)
    page.reload()
    boot(page, page.url)
    assert card_width(page) == pytest.approx(first, abs=0.05), (width, height, lang)
    line_above_the_table(page)
    assert page.errors == []
    page.context.close()


# The rating's word and its outline: the room above the word and below it.
RATING_ROOM = """() => { const e = document.getElementById('deal-rating'), r = document.createRange();
  r.selectNodeContents(e);
  const word = r.getBoundingClientRect(), box = e.getBoundingClientRect();
  return [word.top - box.top, box.bottom - word.bottom]; }"""


@pytest.mark.parametrize("width,height", [(1280, 800), (800, 400), (360, 740)])
def test_the_deal_s_difficulty_sits_in_the_middle_of_its_outline(browser, server, width, height):
    """The difficulty's outline is as tall as the line it stands in; its word is centred in
    it, clear of the outline (on a wide screen the word once sat on the outline's top edge)."""
    page = new_page(browser, viewport={"width": width, "height": height})
    boot(page, server + "/?deal=7&game=tuxedo")
    page.wait_for_selector("#deal-rating:not([hidden])")
    settled(page)
    above, below = page.evaluate(RATING_ROOM)
    assert above >= 0.5 and below >= 0.5, (above, below)
    assert abs(above - below) <= 2, (above, below)
    assert page.errors == []
    page.context.close()
