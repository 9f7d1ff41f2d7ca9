"""The line under a phone's header (deal, moves, time, runs; docs/layout.md): when it takes
two rows the table starts below both, so no word of it lies over a place (Tuxedo in
Spanish at 320 px wrapped by a fraction of a pixel once, and was printed over the cells)."""

import pytest

from pages import boot, new_page, overlaps, settled


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
