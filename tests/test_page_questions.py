"""The page's questions (issue 14, items 6 and 7) in a real browser: Spider's Hint from
what the player sees, "Is this deal still winnable?" in the menu, the difficulty beside
the deal number and on the calendar's dailies, and New deal asking for a difficulty."""

import json

import pytest

from pages import boot, new_page
from solitaire import get_game
from solitaire.solver.daily import candidates
from solitaire.solver.hints import difficulty

STATUS = "document.querySelector('#status').textContent"


@pytest.fixture(scope="module")
def page(browser, server):
    p = new_page(browser)
    boot(p, server + "/?deal=3&game=spider1")
    yield p
    p.context.close()


def test_spiders_hint_is_a_guess_from_what_is_seen_and_the_check_knows(page):
    """Hint in one-suit Spider says it comes from what the player sees; the menu's
    separate question answers with full knowledge and marks no move."""
    page.evaluate("window.tabby_start(3, 'spider1')")
    page.click("#hint")
    page.wait_for_function(f"{STATUS}.startsWith('Hint:') || {STATUS}.startsWith('No hint')",
                           polling=100, timeout=90_000)
    status = page.inner_text("#status")
    assert "what you can see" in status, status
    if status.startswith("Hint:"):
        assert "guesses at the face-down cards" in status
        assert page.locator(".slot.hint-target").count() == 1
    page.evaluate("window.tabby_start(3, 'spider1')")   # the same board, no hint marked
    page.click("#stats")
    label = page.inner_text("#still-winnable")
    assert label == "Is this deal still winnable?"
    page.click("#still-winnable")
    assert page.locator("#stats-panel").is_hidden()
    page.wait_for_function(f"{STATUS}.startsWith('Yes')", polling=100, timeout=90_000)
    assert "knowing every card" in page.inner_text("#status")
    assert page.locator(".slot.hint-target").count() == 0
    assert not page.errors, page.errors


def check_and_cancel(page, where):
    """A check of a four-suit board takes a while: the progress shows, the search runs
    ``where`` it should (the solver's worker, or slices on the page's thread: the page
    says which in ``<html data-solver>``, the runner what it gave the worker), Cancel
    stops it and says so, and the board is untouched. Deal 12 is not decided within
    Hint's budget (120 slices of 2,500 positions; 3 s in CPython), so Cancel comes in
    time; deals 7 and 22, used before, are proved in a few slices, a second or two in
    the page, which a click could miss. The page's CPU runs 4 times slower (DevTools'
    throttling, as on a slow phone): on a loaded machine the test's own round trips
    are slow too, and the whole check could otherwise end before the click."""
    page.evaluate("window.tabby_start_worker()")   # (the first search would start it)
    page.wait_for_function(f"document.documentElement.dataset.solver === '{where}'",
                           polling=100, timeout=90_000)
    page.evaluate("window.tabby_start(12, 'spider4')")
    before = page.evaluate("window.tabby_position()")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    page.click("#stats")
    page.click("#still-winnable")
    # Polled on a timer: while slices run, animation frames (Playwright's default) are few.
    page.wait_for_function("!document.querySelector('#search').hidden", polling=100, timeout=30_000)
    assert "Checking" in page.inner_text("#search-label")
    running = json.loads(page.evaluate("window.tabby_solver()"))["running"]
    assert (running is not None) == (where == "worker")
    # A real click, without Playwright's wait for the button to hold still over animation
    # frames: while slices run frames are few, and that wait could outlast the check.
    page.click("#search-cancel", force=True)
    page.wait_for_function("document.querySelector('#search').hidden", polling=100, timeout=10_000)
    assert "cancelled" in page.inner_text("#status")
    assert json.loads(page.evaluate("window.tabby_solver()"))["running"] is None
    assert page.evaluate("window.tabby_position()") == before
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    cdp.detach()


def test_a_long_check_in_the_worker_shows_progress_and_cancel_stops_it(page):
    check_and_cancel(page, "worker")
    assert not page.errors, page.errors


def test_a_long_check_in_slices_shows_progress_and_cancel_stops_it(browser, server):
    """The same without the solver's worker (its script refused): slices on the page."""
    p = new_page(browser)
    p.route("**/solver-worker.mjs", lambda route: route.fulfill(status=404))
    boot(p, server + "/?deal=3&game=spider1")
    check_and_cancel(p, "slices")
    assert not [e for e in p.errors if "worker" not in e.lower() and "404" not in e], p.errors
    p.context.close()


def test_the_rating_shows_beside_the_deal_number(page):
    for game_id, deal in (("tabbycat", 5), ("spider1", 3)):
        page.evaluate(f"window.tabby_start({deal}, '{game_id}')")
        page.wait_for_selector("#deal-rating:not([hidden])", timeout=60_000)
        want = difficulty(get_game(game_id), deal)
        assert page.inner_text("#deal-rating") == want
        assert page.evaluate("window.tabby_rating()") == want
    assert page.get_attribute("#deal-rating", "title").startswith("Difficulty")


def test_new_deal_asks_for_a_difficulty(page):
    page.evaluate("window.tabby_start(1, 'tabbycat')")
    page.click("#stats")
    page.select_option("#difficulty-select", "hard")
    page.click("#stats-close")
    page.click("#new-deal")
    page.wait_for_function(f"{STATUS}.includes('rated hard')", polling=100, timeout=120_000)
    number = int(page.inner_text("#deal-number"))
    assert difficulty(get_game("tabbycat"), number) == "hard"
    assert page.inner_text("#deal-rating") == "hard"
    assert "proved" in page.inner_text("#status")
    assert json.loads(page.evaluate("localStorage.getItem('tabbycat.prefs.v1')"))["difficulty"] == "hard"
    page.click("#stats")
    page.select_option("#difficulty-select", "")
    page.click("#stats-close")
    assert not page.errors, page.errors


def test_the_calendar_marks_each_daily_played_here_with_its_rating(page):
    """A daily opened here (its deal in the daily cache) gets its rating on its day,
    rated in the background once the calendar shows it."""
    page.evaluate("window.tabby_start(1, 'tabbycat')")
    day = page.evaluate("(() => { const d = new Date(); d.setDate(1); "
                        "return d.toLocaleDateString('en-CA'); })()")
    number = next(candidates(day, "tabbycat"))
    page.evaluate(f"localStorage.setItem('tabbycat.daily.v2', '{json.dumps({f'tabbycat:{day}': number})}')")
    page.click("#stats")
    button = f"#calendar button[data-date='{day}']"
    page.wait_for_selector(f"{button}[data-rating]", timeout=60_000)
    want = difficulty(get_game("tabbycat"), number)
    assert page.get_attribute(button, "data-rating") == want
    assert page.get_attribute(button, "aria-label").endswith(want)
    page.click("#stats-close")
    assert not page.errors, page.errors
