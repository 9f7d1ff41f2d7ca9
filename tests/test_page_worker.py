"""The solver's worker in a real browser (issue 14, item 5): at the first search (here
also at a test hook's word) a second Pyodide boots in a Web Worker from the same snapshot
and answers the searches
(Hint, the look-back, the winnable check, Winnable new deals, the daily) and, while no
search runs, rates the deals (the board's, the calendar's dailies), the same answers as
the page's own slices; a ``?daily=`` link opened at start-up is taken over by the worker
once it is up; Cancel stops it (Cancel, a move, Undo and another deal through Pyodide's
interrupt buffer, the page cross-origin isolated; the cancel message where it is not);
without a worker the page searches and rates in slices as before; a worker that cannot
use the snapshot boots normally."""

import json

import pytest

from pages import boot, new_page, ready, serve_dist, snapshot_first_visit
from solitaire import get_game
from solitaire.solver.daily import candidates, daily_deal
from solitaire.solver.hints import difficulty
from solitaire.words.messages import Message
from solitaire.solver.search import Search
from solitaire.words.text import localize

STATUS = "document.querySelector('#status').textContent"
GAME = get_game("tabbycat")


def solver(page):
    return json.loads(page.evaluate("window.tabby_solver()"))


def wait_for_worker(page):
    page.evaluate("window.tabby_start_worker()")   # (the first search would start it)
    page.wait_for_function("document.documentElement.dataset.solver === 'worker'",
                           polling=100, timeout=90_000)


def local_only(page, server):
    return [u for u in page.requests if not u.startswith(server) and not u.startswith("data:")]


@pytest.fixture(scope="module")
def page(browser, server):
    p = snapshot_first_visit(browser, server + "/?deal=5")   # its worker then boots from the snapshot too
    wait_for_worker(p)
    yield p
    p.context.close()


def hint_text(game, deal):
    """What the page's Hint says from the start of ``deal``, as the controller says it
    stepping the search in slices (CPython)."""
    line = Search(game, game.deal(deal), 300_000).run(300_000).line
    if line[0].is_deal:
        return localize(Message("hint_deal", count=len(line)), "en")
    return localize(Message("hint_move", src=line[0].src, dst=line[0].dst, count=len(line)), "en")


def test_the_worker_answers_hint_as_the_slices_would(page, server):
    page.evaluate("window.tabby_start(5, 'tabbycat')")
    before = solver(page)
    assert before["state"] == "ready"
    assert before["boot"] == "snapshot" and before["memory"] > 10_000_000
    page.click("#hint")
    page.wait_for_function(f"{STATUS}.startsWith('Hint')", polling=100, timeout=60_000)
    after = solver(page)
    assert after["answered"] == before["answered"] + 1 and after["running"] is None
    assert page.inner_text("#status") == hint_text(GAME, 5)
    assert not page.errors, page.errors
    assert page.evaluate("window.__csp") == []
    assert not local_only(page, server)


def test_after_a_hint_the_worker_searches_the_next_one_ahead(page):
    """Once the player asked for a Hint, the worker searches the next position's while
    the player thinks: Hint there answers on the click, with no search shown."""
    page.evaluate("window.tabby_start(5, 'tabbycat')")
    page.click("#hint")
    page.wait_for_function(f"{STATUS}.startsWith('Hint')", polling=100, timeout=60_000)
    first = Search(GAME, GAME.deal(5), 300_000).run(300_000).line[0]
    assert page.evaluate(f"window.tabby_play('{first}')")
    page.wait_for_function("JSON.parse(window.tabby_solver()).ahead === 'ready'", polling=100,
                           timeout=60_000)
    answered = solver(page)["answered"]
    page.click("#hint")
    assert page.locator("#search").is_hidden()
    line = Search(GAME, GAME.apply(GAME.deal(5), first), 300_000).run(300_000).line
    move = line[0]
    want = (Message("hint_deal", count=len(line)) if move.is_deal else
            Message("hint_move", src=move.src, dst=move.dst, count=len(line)))
    assert page.inner_text("#status") == localize(want, "en")
    assert page.locator(".slot.hint-target").count() >= 1
    assert solver(page)["answered"] == answered   # no search for it
    assert not page.errors, page.errors


def test_cancel_stops_the_workers_search_and_the_next_one_runs(page):
    """Four-suit deal 12 is not decided within 1,000,000 positions: the check runs for
    seconds in the worker. Cancel stops it, says so, and the worker takes the next
    question. (Deal 22, used before, is won in 15,842 positions since two of three
    four-suit passes weigh a face-down card three: a click could miss it.)"""
    page.evaluate("window.tabby_start(12, 'spider4')")
    page.click("#stats")
    page.click("#still-winnable")
    page.wait_for_function("!document.querySelector('#search').hidden", polling=100, timeout=30_000)
    assert solver(page)["running"] is not None
    page.click("#search-cancel")
    page.wait_for_function("document.querySelector('#search').hidden", polling=100, timeout=10_000)
    assert "cancelled" in page.inner_text("#status")
    assert solver(page)["running"] is None
    answered = solver(page)["answered"]
    page.evaluate("window.tabby_start(5, 'tabbycat')")
    page.click("#hint")
    page.wait_for_function(f"{STATUS}.startsWith('Hint')", polling=100, timeout=60_000)
    assert solver(page)["answered"] == answered + 1
    assert not page.errors, page.errors


# When the player's presses reached the page (ms since the epoch).
PRESSED = """window.__pressed = [];
document.addEventListener("pointerdown", (e) => window.__pressed.push(performance.timeOrigin + e.timeStamp), true);"""


def test_cancel_a_move_undo_and_another_deal_interrupt_the_search_at_once(page):
    """Cross-origin isolated, the page stops the worker's search through Pyodide's
    interrupt buffer: Cancel, a move (a deal from the stock), Undo and another deal each
    stop a long four-suit check mid-step, well within a generous bound of the press (the
    worker's chunks are 0.1 s; bench/cancel.py gives the figures), and the worker then
    answers the next search."""
    assert page.evaluate("crossOriginIsolated && document.documentElement.dataset.cancel") == "interrupt"
    page.evaluate(PRESSED)

    def check(deal=True):
        if deal:
            page.evaluate("window.tabby_start(12, 'spider4')")   # not decided within 1,000,000 positions
        page.click("#stats")
        page.click("#still-winnable")
        page.wait_for_function("JSON.parse(window.tabby_solver()).running !== null", polling=50, timeout=30_000)
        return solver(page)["running"]

    def stopped(job, by):
        page.wait_for_function(f"JSON.parse(window.tabby_solver()).stops.some((s) => s.id === {job})",
                               polling=20, timeout=10_000)
        stop = next(s for s in solver(page)["stops"] if s["id"] == job)
        pressed = page.evaluate("window.__pressed[window.__pressed.length - 1]")
        assert stop["how"] == "interrupt", (by, stop)
        assert 0 <= stop["at"] - pressed < 1_000, (by, stop, pressed)

    job = check()
    page.click("#search-cancel")
    stopped(job, "Cancel")
    page.wait_for_function("document.querySelector('#search').hidden", polling=50, timeout=10_000)
    assert "cancelled" in page.inner_text("#status") and solver(page)["running"] is None
    job = check()
    moves = page.evaluate("window.tabby_moves()")
    page.click('.slot[data-pile="stock"]')
    stopped(job, "a move")
    assert page.evaluate("window.tabby_moves()") != moves
    job = check(deal=False)
    page.click("#undo")
    stopped(job, "Undo")
    assert page.evaluate("window.tabby_moves()") == moves
    job = check()
    page.click("#new-deal")
    stopped(job, "another deal")
    # (a board whose Hint this page has not answered: one it has is answered without a search)
    page.evaluate("window.tabby_start(7, 'tabbycat')")
    page.wait_for_function("document.querySelector('#search').hidden", polling=50, timeout=10_000)
    answered = solver(page)["answered"]
    page.click("#hint")
    page.wait_for_function(f"{STATUS}.startsWith('Hint')", polling=100, timeout=60_000)
    assert solver(page)["answered"] == answered + 1
    assert not page.errors, page.errors


def test_hints_searched_ahead_and_stopped_at_once_leave_the_worker_up(page):
    """With Hints searched ahead, each position the player leaves stops a job the worker
    may have just begun. A stop that lands while Pyodide converts a call's arguments comes
    wrapped (a ConversionError caused by the KeyboardInterrupt): it is a stop, not a
    broken worker. 120 games started and played 5 or 25 moves at once (stops at the
    machine's own timing: read as errors, these broke the worker within 120 in each of two
    runs), then a Hint the worker answers."""
    from solitaire.engine.position import format_line
    from solitaire.solver.players import play
    page.evaluate("window.tabby_start(5, 'tabbycat')")
    page.click("#hint")   # from now on each position's Hint is searched ahead
    page.wait_for_function(f"{STATUS}.startsWith('Hint')", polling=100, timeout=60_000)
    lines = [(deal, format_line(play(GAME, GAME.deal(deal), kind, n, seed=deal)))
             for deal in (1, 2, 3) for kind in ("greedy", "random") for n in (5, 25)]
    stops = solver(page)["stops"]
    for i in range(120):
        deal, line = lines[i % len(lines)]
        page.evaluate(f"window.tabby_start({deal}, 'tabbycat')")
        assert page.evaluate(f"window.tabby_play({json.dumps(line)})")
        assert page.evaluate("document.documentElement.dataset.solver") == "worker", i
    assert solver(page)["stops"] != stops   # jobs were stopped
    page.evaluate("window.tabby_start(5, 'tabbycat')")
    page.click("#hint")
    page.wait_for_function(f"{STATUS}.startsWith('Hint')", polling=100, timeout=60_000)
    assert page.inner_text("#status") == hint_text(GAME, 5)
    assert page.evaluate("document.documentElement.dataset.solver") == "worker"
    assert not page.errors, page.errors


def test_not_isolated_the_cancel_message_stops_the_search_between_chunks(browser):
    """The site served without COOP and COEP (not cross-origin isolated: no
    SharedArrayBuffer): the page says so and its Cancel stops the worker's search by the
    message, read between the worker's chunks; the worker then answers the next search."""
    site = serve_dist()
    site.deployment.rules = [(pattern, {k: v for k, v in values.items() if not k.startswith("Cross-Origin-")})
                             for pattern, values in site.deployment.rules]
    page = new_page(browser)
    try:
        boot(page, site.url + "/?deal=5")
        wait_for_worker(page)
        assert page.evaluate("crossOriginIsolated") is False
        assert page.evaluate("[document.documentElement.dataset.cancel, document.documentElement.dataset.cancelWhy]") \
            == ["messages", "not cross-origin isolated"]
        page.evaluate(PRESSED)
        page.evaluate("window.tabby_start(12, 'spider4')")
        page.click("#stats")
        page.click("#still-winnable")
        page.wait_for_function("JSON.parse(window.tabby_solver()).running !== null", polling=50, timeout=30_000)
        job = solver(page)["running"]
        page.click("#search-cancel")
        page.wait_for_function(f"JSON.parse(window.tabby_solver()).stops.some((s) => s.id === {job})",
                               polling=20, timeout=10_000)
        stop = next(s for s in solver(page)["stops"] if s["id"] == job)
        assert stop["how"] == "message", stop
        page.wait_for_function("document.querySelector('#search').hidden", polling=50, timeout=10_000)
        answered = solver(page)["answered"]
        page.evaluate("window.tabby_start(5, 'tabbycat')")
        page.click("#hint")
        page.wait_for_function(f"{STATUS}.startsWith('Hint')", polling=100, timeout=60_000)
        assert solver(page)["answered"] == answered + 1
        assert not page.errors, page.errors
    finally:
        page.context.close()
        site.stop()


def test_the_look_back_and_the_daily_in_the_worker(page):
    """A lost position: the worker's look-back offers the undo (searched ahead, as the
    player has asked for a Hint); the daily of a day not cached is computed in the worker
    and is the published deal."""
    from test_play import lost_line  # the blunder the solver proves lost
    from solitaire.engine.position import format_line
    page.evaluate("window.tabby_start(1, 'tabbycat')")
    page.click("#hint")   # from now on each position's Hint is searched ahead
    page.wait_for_function(f"{STATUS}.startsWith('Hint')", polling=100, timeout=60_000)
    assert page.evaluate(f"window.tabby_play({json.dumps(format_line(lost_line()))})")
    page.wait_for_function("JSON.parse(window.tabby_solver()).ahead === 'ready'", polling=100,
                           timeout=60_000)
    answered = solver(page)["answered"]
    page.click("#hint")
    page.wait_for_selector("#offer:not([hidden])", timeout=60_000)
    assert "1 move ago" in page.inner_text("#offer-text")
    page.click("#offer-no")
    assert solver(page)["answered"] == answered   # the worker's look-back, searched ahead
    page.evaluate("window.tabby_tables_off('daily')")   # today is in the site's daily table
    page.click("#daily")   # today's daily, not cached in this fresh profile
    page.wait_for_function(f"{STATUS}.startsWith('The daily deal of')",
                           polling=100, timeout=90_000)
    day = page.inner_text("#deal-number")
    assert page.evaluate("window.tabby_position()") == GAME.format(
        GAME.deal(daily_deal(day, "tabbycat")))
    assert solver(page)["answered"] == answered + 1
    assert not page.errors, page.errors


def test_the_worker_rates_the_board_and_the_calendars_dailies(page):
    """With the worker up, the difficulty beside the deal number and on the calendar's
    dailies comes from the worker (its count of ratings goes up), and is the rating the
    slices give (``difficulty``)."""
    rated = solver(page)["rated"]
    for game_id, deal in (("tabbycat", 11), ("spider1", 4)):
        page.evaluate(f"window.tabby_start({deal}, '{game_id}')")
        page.wait_for_function(f"window.tabby_rating() === '{difficulty(get_game(game_id), deal)}'",
                               polling=100, timeout=60_000)
        assert page.inner_text("#deal-rating") == difficulty(get_game(game_id), deal)
    assert solver(page)["rated"] >= rated + 2
    rated = solver(page)["rated"]
    page.evaluate("window.tabby_start(1, 'tabbycat')")
    day = page.evaluate("(() => { const d = new Date(); d.setDate(1); "
                        "return d.toLocaleDateString('en-CA'); })()")
    number = list(candidates(day, "tabbycat"))[1]   # one of the day's, rated nowhere yet
    page.evaluate(f"localStorage.setItem('tabbycat.daily.v2', '{json.dumps({f'tabbycat:{day}': number})}')")
    page.click("#stats")
    button = f"#calendar button[data-date='{day}']"
    page.wait_for_selector(f"{button}[data-rating]", timeout=60_000)
    assert page.get_attribute(button, "data-rating") == difficulty(GAME, number)
    assert solver(page)["rated"] > rated
    page.click("#stats-close")
    assert not page.errors, page.errors


def test_a_daily_link_at_start_is_taken_over_by_the_worker(browser, server):
    """``?daily=`` opens on a search before the worker is up: the page starts the worker
    at once and, once it is up, the worker runs the search (the page's thread stops
    slicing it). Four-suit 2026-11-25 takes 192,181 positions (its fourth candidate is
    the first proved): some ten seconds in slices, longer than the worker's boot."""
    page = new_page(browser)
    page.goto(server + "/?daily=2026-11-25&game=spider4")
    ready(page, 120_000)
    assert page.inner_text("#status").startswith("The daily deal of 2026-11-25")
    spider4 = get_game("spider4")
    assert page.evaluate("window.tabby_position()") == spider4.format(
        spider4.deal(daily_deal("2026-11-25", "spider4")))
    facts = solver(page)
    assert facts["state"] == "ready" and facts["answered"] == 1, facts
    assert page.evaluate("performance.getEntriesByName('solver-worker-ready').length") == 1
    assert not page.errors, page.errors
    page.context.close()


def test_the_worker_starts_at_the_first_search_and_takes_it_over(browser, server):
    """No second Python before it is needed: a page where nothing was searched has not
    asked for the worker's script (the page rates the board's deal in slices meanwhile);
    the first search (a check of four-suit deal 12, which runs for long) starts the
    worker, and the search begun in slices moves to it once it is up."""
    page = new_page(browser)
    boot(page, server + "/?deal=5")
    page.wait_for_function(f"window.tabby_rating() === '{difficulty(GAME, 5)}'", polling=100, timeout=60_000)
    page.wait_for_timeout(1000)  # a window for what must not happen (not a wait for a state)
    assert solver(page)["state"] == "off"
    assert not [u for u in page.requests if u.endswith("/solver-worker.mjs")]
    assert page.evaluate("document.documentElement.dataset.solver") is None
    page.evaluate("window.tabby_start(12, 'spider4')")
    page.click("#stats")
    page.click("#still-winnable")
    page.wait_for_function("document.documentElement.dataset.solver === 'worker'", polling=100, timeout=90_000)
    page.wait_for_function("JSON.parse(window.tabby_solver()).running !== null", polling=100, timeout=30_000)
    assert not page.evaluate("document.querySelector('#search').hidden")   # still the same check
    page.click("#search-cancel")
    page.wait_for_function("document.querySelector('#search').hidden", polling=100, timeout=10_000)
    assert [u for u in page.requests if u.endswith("/solver-worker.mjs")]
    assert not page.errors, page.errors
    page.context.close()


def test_a_player_who_has_asked_for_a_hint_has_the_first_one_searched_ahead(browser, server):
    """The ``hint_used`` setting, stored at a player's first Hint: a page opened with it
    starts the worker once the game is playable, with no search asked, and the worker
    searches the first position's Hint; Hint then answers on the click, with no search.
    The menu's switch (``hint_ahead``) turns that searching ahead off and on."""
    page = new_page(browser)
    page.context.add_init_script("localStorage.setItem('tabbycat.prefs.v1',"
                                 " JSON.stringify({hint_used: true, intro_seen: true}))")
    boot(page, server + "/?deal=5")
    page.wait_for_function("JSON.parse(window.tabby_solver()).ahead === 'ready'", polling=100,
                           timeout=120_000)
    assert page.evaluate("document.documentElement.dataset.solver") == "worker"
    answered = solver(page)["answered"]
    page.click("#hint")
    assert page.locator("#search").is_hidden()
    assert page.inner_text("#status") == hint_text(GAME, 5)
    assert solver(page)["answered"] == answered   # no search for it
    # The menu's switch, off: stored, and the next position is not searched ahead.
    page.click("#stats")
    assert page.is_checked("#hint-ahead")
    page.uncheck("#hint-ahead")
    page.click("#stats-close")
    stored = page.evaluate("JSON.parse(localStorage.getItem('tabbycat.prefs.v1'))")
    assert stored["hint_ahead"] is False and stored["hint_used"] is True
    page.evaluate("window.tabby_play(window.tabby_hint())")
    assert solver(page)["ahead"] is None
    page.click("#stats")   # on again: searched ahead
    page.check("#hint-ahead")
    page.click("#stats-close")
    page.wait_for_function("JSON.parse(window.tabby_solver()).ahead === 'ready'", polling=100,
                           timeout=120_000)
    assert not page.errors, page.errors
    page.context.close()


def test_without_a_worker_the_page_searches_in_slices(browser, server):
    """The worker's script cannot be had: the page says so in the console and
    searches and rates in slices, with the same answers."""
    page = new_page(browser)
    page.route("**/solver-worker.mjs", lambda route: route.fulfill(status=404))
    boot(page, server + "/?deal=5")
    page.click("#hint")   # the first search asks for the worker, which cannot start
    page.wait_for_function("document.documentElement.dataset.solver === 'slices'",
                           polling=100, timeout=30_000)
    page.wait_for_function(f"{STATUS}.startsWith('Hint')", polling=100, timeout=60_000)
    assert page.inner_text("#status") == hint_text(GAME, 5)
    assert solver(page)["answered"] == 0 and solver(page)["state"] == "failed"
    page.wait_for_function(f"window.tabby_rating() === '{difficulty(GAME, 5)}'",
                           polling=100, timeout=60_000)
    assert solver(page)["rated"] == 0
    assert not [e for e in page.errors if "worker" not in e.lower() and "404" not in e], page.errors
    page.context.close()


def test_a_worker_without_the_snapshot_boots_normally_and_answers(browser, server):
    page = snapshot_first_visit(browser, server + "/?deal=5", prepare=lambda page: page.route(
        "**/snapshot-*.bin.gz", lambda route: route.fulfill(status=404)))   # asked for, and missing
    wait_for_worker(page)
    assert solver(page)["boot"] == "normal"
    page.click("#hint")
    page.wait_for_function(f"{STATUS}.startsWith('Hint')", polling=100, timeout=60_000)
    assert solver(page)["answered"] == 1
    errors = [e for e in page.errors if "snapshot" not in e and "status of 404" not in e]
    assert not errors, errors
    assert not local_only(page, server)
    page.context.close()


# -- answers from the site's tables (scripts/tables.py, web/tables/) --------------------------

def tables_loaded(page):
    page.wait_for_function("(() => { const t = JSON.parse(window.tabby_tables()).loaded;"
                           " return t.winnable === true && t.daily === true; })()",
                           polling=100, timeout=60_000)


def table_deals(game_id):
    from test_tables import WINNABLE
    return {n for r in ("easy", "medium", "hard") for n in WINNABLE[game_id][r]}


def test_new_deal_with_winnable_answers_from_the_table_online_and_offline(browser, server):
    """Once the game is playable the page loads the winnable table; New deal then deals
    one of its deals (each once) with no search: the solver's worker is never asked for.
    Offline (the service worker's copy of the site) the same."""
    from test_deploy import controlled
    page = new_page(browser, service_workers="allow")
    boot(page, server + "/?deal=6&game=manx")
    controlled(page)
    for offline in (False, True):
        if offline:
            page.context.set_offline(True)
            page.reload()
            ready(page)
        tables_loaded(page)
        got = []
        for _ in range(3):
            before = page.inner_text("#deal-number")
            page.click("#new-deal")
            page.wait_for_function(f"document.querySelector('#deal-number').textContent !== '{before}'",
                                   polling=100, timeout=10_000)
            assert "proved" in page.inner_text("#status")
            got.append(int(page.inner_text("#deal-number")))
        assert set(got) <= table_deals("manx") and len(set(got)) == 3, got
        assert solver(page)["state"] == "off"       # no search ran, so no worker
        assert not [u for u in page.requests if u.endswith("/solver-worker.mjs")]
    assert not page.errors, page.errors
    page.context.close()


def test_the_daily_from_the_table_is_the_one_the_page_computes(browser, server):
    """A date in the daily table is dealt from it, with no search; the same date in a
    page whose tables are left out is computed (the frozen checker's search) to the same deal."""
    day, game_id = "2026-11-20", "tuxedo"
    deals = []
    for tables in (True, False):
        page = new_page(browser)
        boot(page, server + f"/?deal=1&game={game_id}")
        if tables:
            tables_loaded(page)
        else:
            page.evaluate("window.tabby_tables_off('daily')")
        page.evaluate(f"window.tabby_daily_start('{day}', '{game_id}')")
        page.wait_for_function(f"(() => {{ const d = JSON.parse(window.tabby_deal());"
                               f" return d.daily === '{day}' && !d.busy; }})()",
                               polling=100, timeout=120_000)
        assert page.inner_text("#status").startswith(f"The daily deal of {day}")
        deals.append(json.loads(page.evaluate("window.tabby_deal()"))["deal"])
        if tables:   # no search: the worker was never needed
            assert solver(page)["state"] == "off", solver(page)
        assert not page.errors, page.errors
        page.context.close()
    assert deals[0] == deals[1] == daily_deal(day, game_id)
