"""The page in a real browser (Debian's chromium driven by Playwright), served locally.

The browser tests run against what is deployed: dist/ as scripts/build.sh makes it
(scripts/test.sh builds it first), served with every per-path header rule of netlify.toml
(tests/site_server.py), the Content-Security-Policy included; the fixtures `site`,
`server` and `browser` are in conftest.py, `new_page` and `boot` in pages.py. Every request
the page makes must go to that server, and a Content-Security-Policy violation is a console
error. Most tests share one booted page and reset it through the page's test hooks
(window.tabby_start).
"""

import functools
import json
from urllib.parse import urlparse

import pytest

from conftest import ROOT
from pages import boot, new_page, off_the_game, overlaps, ready, settled
from solitaire import DEAL, Move, get_game, solve
from solitaire.solver.search import replay
from solitaire.engine.position import format_line

GAME = get_game("tabbycat")
SHOTS = ROOT / "tests" / "screenshots"


@pytest.fixture(scope="session")
def shared(browser, server):
    """One booted page for the tests that can reset it in place."""
    page = new_page(browser)
    boot(page, server + "/?deal=2")
    yield page
    page.context.close()


@pytest.fixture
def table(shared):
    shared.evaluate("window.tabby_start(1, 'tabbycat');"
                    "document.querySelectorAll('.overlay').forEach(e => e.hidden = true)")
    return shared


def position(page):
    return GAME.parse(page.evaluate("window.tabby_position()"))


def card_center(page, card):
    box = page.locator(f'.card[data-card="{card}"]').bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + 5  # inside the visible strip of a fanned card


def slot_center(page, name):
    box = page.locator(f'.slot[data-pile="{name}"]').bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drag(page, card, place, steps=8):
    """Drag ``card`` (and the run above it) onto ``place`` with the mouse."""
    x, y = card_center(page, card)
    pos = position(page)
    cards = GAME.get(pos, place)
    if cards:
        tx, ty = card_center(page, str(cards[-1]))
    else:
        tx, ty = slot_center(page, place)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 10, y + 10, steps=2)
    page.mouse.move(tx, ty + 4, steps=steps)
    page.mouse.up()


def play_through_ui(page, move):
    """Play one move the way a player would: click the stock, or drag the run."""
    if move.is_deal:
        page.click('.slot[data-pile="stock"]')
        return
    src = GAME.get(position(page), move.src)
    drag(page, str(src[-move.count]), move.dst)


def find_click_case(want):
    """A deal, a line into it and a pile whose top card's click goes to a target of the
    kind wanted ('suit': a same-suit pile right of another pile that takes it)."""
    for n in range(1, 60):
        pos = GAME.deal(n)
        line = solve(GAME, pos, budget=50_000).line
        played = []
        for move in line:
            for i, pile in enumerate(pos.piles):
                if not pile:
                    continue
                click = GAME.click_move(pos, f"pile-{i + 1}", len(pile) - 1)
                if click is None or click.is_deal or not click.dst.startswith("pile-"):
                    continue
                takers = [k for k, p in enumerate(pos.piles)
                          if k != i and p and GAME.why_illegal(pos, Move(f"pile-{i + 1}", f"pile-{k + 1}", 1)) is None]
                target = int(click.dst[5:]) - 1
                if want == "suit" and takers and takers[0] != target:
                    return n, played, f"pile-{i + 1}", str(pile[-1]), click
            pos = GAME.apply(pos, move)
            played.append(move)
    raise AssertionError("no case found")


# -- boot and render --------------------------------------------------------------------

def test_boots_with_no_other_host_and_renders_the_engines_deal(browser, server):
    """The page boots from the local server alone and shows the cards the engine deals."""
    page = new_page(browser)
    boot(page, server + "/?deal=7")
    pos = GAME.deal(7)
    for i, pile in enumerate(pos.piles):
        shown = page.eval_on_selector_all(
            f'.card[data-place="pile-{i + 1}"]',
            "els => els.sort((a, b) => a.dataset.index - b.dataset.index).map(e => e.dataset.card)")
        assert shown == [str(c) for c in pile]
    assert page.inner_text("#deal-number") == "7"
    assert page.locator(".slot[data-pile='stock'] .badge").inner_text() == "12"
    for name in ["pile-1", "pile-4", "tail", "stock", "foundation-1", "foundation-4"]:
        assert page.locator(f'[data-pile="{name}"]').count() == 1
    top = str(pos.piles[0][-1])
    assert page.locator(f'.card[data-card="{top}"]').get_attribute("aria-label")
    # Face-down cards tell nothing: no data-card, no face (issue 10).
    assert page.locator(".card.back").count() == len(pos.stock)
    assert page.eval_on_selector_all(".card.back", "els => els.filter(e => e.dataset.card || e.textContent"
                                     " || e.className !== 'card back').length") == 0
    hosts = {urlparse(u).netloc for u in page.requests if not u.startswith(("data:", "blob:"))}
    assert hosts == {urlparse(server).netloc}, hosts
    assert not page.errors, page.errors
    page.context.close()


# -- click to move -------------------------------------------------------------------------

def test_click_moves_to_the_same_suit_pile_first(table):
    """Click: a same-suit pile that takes the card wins over a pile to its left."""
    n, line, place, card, move = find_click_case("suit")
    table.evaluate(f"window.tabby_start({n})")
    assert table.evaluate(f"window.tabby_play({json.dumps(format_line(line))})")
    before = position(table)
    table.click(f'.card[data-card="{card}"]')
    assert position(table) == GAME.apply(before, move)


def test_click_on_a_card_that_cannot_move_changes_nothing(table):
    """A card with no target shakes and nothing changes."""
    table.evaluate("window.tabby_play('deal')")
    before = position(table)
    bottom = str(before.piles[1][0])  # under a dealt card: not part of the run
    assert GAME.click_move(before, "pile-2", 0) is None
    table.click(f'.card[data-card="{bottom}"]', position={"x": 10, "y": 8})
    assert position(table) == before
    assert "cannot move" in table.inner_text("#status")


def test_tail_run_comes_back_whole(table):
    """Click any card of the tail: the whole run moves."""
    table.evaluate("window.tabby_start(2)")
    pos = position(table)
    # Find a line that leaves a run of two or more in the tail.
    line = solve(GAME, pos).line
    played = []
    for move in line:
        pos = GAME.apply(pos, move)
        played.append(move)
        if len(pos.cells[0]) >= 2 and GAME.click_move(pos, "tail", 1) is not None:
            break
    table.evaluate(f"window.tabby_play({json.dumps(format_line(played))})")
    before = position(table)
    top = str(before.cells[0][-1])
    table.click(f'.card[data-card="{top}"]')
    after = position(table)
    assert after.cells[0] == () and after == GAME.apply(before, GAME.click_move(before, "tail", 1))


# -- drag and drop -------------------------------------------------------------------------

def test_drag_with_the_mouse_to_a_legal_place(table):
    """A run dragged onto a pile that takes it lands there."""
    before = position(table)  # deal 1: 7H can go on 8D
    drag(table, "7H", "pile-4")
    assert position(table) == GAME.apply(before, Move.parse("1>4"))


def test_illegal_drop_changes_nothing(table):
    """A drop where the rules refuse animates back and changes nothing."""
    before = position(table)  # deal 1: 7H cannot go on 9S
    drag(table, "7H", "pile-2")
    assert position(table) == before
    assert "Cannot drop there" in table.inner_text("#status")


def test_drag_with_touch(browser, server):
    """Touch drags work like the mouse (pointer events from touch input)."""
    page = new_page(browser, has_touch=True, viewport={"width": 390, "height": 844})
    boot(page, server + "/?deal=1")
    before = position(page)
    x, y = card_center(page, "7H")
    tx, ty = card_center(page, "8D")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for k in range(1, 9):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [
            {"x": x + (tx - x) * k / 8, "y": y + (ty + 4 - y) * k / 8}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.wait_for_function("window.tabby_moves() === '1>4'")
    assert position(page) == GAME.apply(before, Move.parse("1>4"))
    page.context.close()


# -- controls ----------------------------------------------------------------------------

def test_deal_undo_redo_restart(table):
    """The stock deals; undo and redo step through it; restart goes back to the deal."""
    start = position(table)
    table.click('.slot[data-pile="stock"]')
    dealt = GAME.apply(start, DEAL)
    assert position(table) == dealt
    assert table.locator(".slot[data-pile='stock'] .badge").inner_text() == "11"
    table.click("#undo")
    assert position(table) == start
    table.click("#redo")
    assert position(table) == dealt
    table.keyboard.press("u")
    assert position(table) == start
    table.keyboard.press("r")
    assert position(table) == dealt and table.evaluate("window.tabby_moves()") == "deal"
    table.click("#stats")
    table.click("#restart")
    assert position(table) == start and table.evaluate("window.tabby_moves()") == ""
    table.keyboard.press("u")   # the restart itself is undone
    assert position(table) == dealt and table.evaluate("window.tabby_moves()") == "deal"


def test_keyboard_picks_source_and_target(table):
    """1 then 4 moves pile 1 onto pile 4; D deals."""
    before = position(table)
    table.keyboard.press("1")
    table.keyboard.press("4")
    after = GAME.apply(before, Move.parse("1>4"))
    assert position(table) == after
    table.keyboard.press("d")
    assert position(table) == GAME.apply(after, DEAL)


def test_deal_number_box_and_url(table, browser, server):
    """The deal box plays any deal and puts it in the address; a link opens that deal."""
    table.click("#stats")
    table.fill("#deal-input", "12345")
    table.press("#deal-input", "Enter")
    assert position(table) == GAME.deal(12345)
    assert "deal=12345" in table.url
    table.click("#stats")
    table.fill("#deal-input", "12x")
    table.press("#deal-input", "Enter")
    assert "not a deal number" in table.inner_text("#status")
    assert position(table) == GAME.deal(12345)
    page = new_page(browser)
    boot(page, server + "/?deal=4242")
    assert position(page) == GAME.deal(4242)
    boot(page, server + "/?deal=%3Cimg%20src=x%3E")
    assert "not valid" in page.inner_text("#status")
    assert page.locator("img[src=x]").count() == 0
    page.context.close()


def test_winnable_new_deal_and_hint(table):
    """With Winnable on, New deal gives a deal the solver proves; Hint shows a legal first
    move of a winning line."""
    assert table.is_checked("#winnable")
    table.click("#new-deal")
    table.wait_for_function("document.querySelector('#status').textContent.includes('proved')",
                            timeout=60_000)
    number = int(table.inner_text("#deal-number"))
    assert solve(GAME, GAME.deal(number), budget=100_000).verdict == "won"
    table.click("#hint")
    table.wait_for_function("document.querySelector('#status').textContent.startsWith('Hint')",
                            timeout=60_000)
    pos = position(table)
    marked = table.eval_on_selector_all(".card.hint", "els => els.map(e => e.dataset.card)")
    target = table.eval_on_selector_all(".slot.hint-target", "els => els.map(e => e.dataset.pile)")
    assert len(target) == 1
    if target == ["stock"]:
        assert DEAL in GAME.legal_moves(pos)
    else:
        src = next(name for name in GAME.place_names() if marked and str(GAME.get(pos, name)[-1:][0]) == marked[-1]
                   if GAME.get(pos, name))
        assert GAME.why_illegal(pos, Move(src, target[0], len(marked))) is None


def test_hint_with_no_win_offers_to_undo_to_the_last_winnable_position(table):
    """After a blunder the solver proves the position lost; Hint says so, looks back
    through the game, and offers to undo to the position before the blunder."""
    from test_play import lost_line  # a line into deal 1 ending in a blunder proved lost
    *line, blunder = lost_line()
    before = replay(GAME, GAME.deal(1), line)
    table.evaluate(f"window.tabby_play({json.dumps(format_line(line + [blunder]))})")
    table.click("#hint")
    table.wait_for_selector("#offer:not([hidden])", timeout=60_000)
    assert "There is no winning line from here" in table.inner_text("#status")
    assert "1 move ago" in table.inner_text("#offer-text")
    table.click("#offer-yes")
    assert position(table) == before
    assert table.evaluate("window.tabby_moves()") == format_line(line)


STALLED = ("4>t 3>4 deal deal deal deal 1>4 deal 1>3 2>1 1>4*2 deal t>3 1>t deal deal deal 2>4 "
           "deal 4>3 4>1*2 4>1 4>3 1>4*3 deal")


def test_hint_where_the_solver_once_stalled_answers_or_cancels(table):
    """Issue 17: Hint from the position (Tabbycat relaxed, deal 4) on which a search once
    looped for ever, freezing the tab: the page answers, or stops at Cancel, since every
    slice it runs is bounded in positions (tests/test_termination.py counts them; how long
    the longest slice takes is a figure bench/hint.py prints, not a bound here)."""
    table.evaluate("window.tabby_start(4, 'tabbycat-relaxed')")
    assert table.evaluate(f"window.tabby_play({json.dumps(STALLED)})")
    table.click("#hint")
    if table.is_visible("#search"):  # still searching: Cancel stops it within one slice
        # (clicked from the page: the solver's worker may answer between the check above and
        # a click that first waits for the button to be visible)
        table.evaluate("document.querySelector('#search-cancel').click()")
        table.wait_for_selector("#search", state="hidden", timeout=5_000)
    else:  # answered at once: a hint, or a plain word that there is none
        status = table.inner_text("#status")
        assert status.startswith("Hint") or "no winning line" in status, status
    assert table.evaluate("window.tabby_moves()") == STALLED
    table.evaluate("window.tabby_start(1, 'tabbycat')")


def test_winning_a_whole_game_through_the_ui(table):
    """Playing the solver's line move by move (clicks and drags) ends on the win screen."""
    table.evaluate("window.tabby_start(2)")
    line = solve(GAME, GAME.deal(2)).line
    for move in line:
        play_through_ui(table, move)
    assert GAME.is_won(position(table))
    assert table.is_visible("#win")
    assert f"{len(line)} moves" in table.inner_text("#win-text")
    SHOTS.mkdir(exist_ok=True)
    table.screenshot(path=str(SHOTS / "won-1280x800.png"))
    table.click("#win-new")
    table.wait_for_function("document.querySelector('#status').textContent.includes('proved')",
                            timeout=60_000)
    assert not table.is_visible("#win")


# -- persistence and offline ----------------------------------------------------------------

def test_reload_keeps_the_game(browser, server):
    """The game in progress, with its redo list, survives a reload. A reload also makes
    room for Python as it starts, twice (web/interpreter.mjs: the page before is
    collected); a first visit has nothing to collect and does not."""
    page = new_page(browser)
    boot(page, server + "/?deal=3")
    room = "performance.getEntriesByName('room-made').length"
    assert page.evaluate(room) == 0
    page.evaluate("window.tabby_play('deal deal')")
    page.click("#undo")
    before = position(page)
    page.reload()
    ready(page)
    assert position(page) == before and page.evaluate("window.tabby_moves()") == "deal"
    assert page.evaluate(room) == 2
    page.click("#redo")
    assert len(position(page).stock) == 40
    page.context.close()


def test_corrupt_saved_game_is_set_aside(browser, server):
    """A corrupt record gives a message and a fresh game; its text is kept aside."""
    page = new_page(browser)
    # Write the record from another page of the site, so the game cannot save over it.
    off_the_game(page, server)
    page.evaluate("localStorage.setItem('tabbycat.game.v1', '{\"v\": 1, \"game\": \"tabbycat\", garbage')")
    page.goto(server + "/")
    ready(page)
    assert "could not be read" in page.inner_text("#status")
    kept = page.evaluate("Object.keys(localStorage).filter(k => k.includes('corrupt'))")
    assert len(kept) == 1
    assert page.evaluate(f"localStorage.getItem('{kept[0]}')").endswith("garbage")
    page.click('.slot[data-pile="stock"]')
    assert len(position(page).stock) == 44
    off_the_game(page, server)
    page.evaluate("localStorage.setItem('tabbycat.game.v1', JSON.stringify({v: 1, game: 'tabbycat', deal: '3', moves: ['9>9']}))")
    page.goto(server + "/")
    ready(page)
    assert "could not be read" in page.inner_text("#status")
    assert not page.errors, page.errors
    page.context.close()


# -- screenshots --------------------------------------------------------------------------

@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844), (360, 640), (2560, 1440)])
def test_screenshots_and_nothing_overflows(browser, server, width, height):
    """A game in progress, at desktop and phone sizes: saved for a person to look at, and
    the table fits the width of the screen."""
    page = new_page(browser, viewport={"width": width, "height": height})
    boot(page, server + "/?deal=2")
    line = solve(GAME, GAME.deal(2)).line
    page.evaluate(f"window.tabby_play({json.dumps(format_line(line[:40]))})")
    settled(page)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"game-{width}x{height}.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert overlaps(page) == []
    page.context.close()


@functools.lru_cache
def long_pile_line(size):
    """A deal and a prefix of its solver line after which the longest pile has ``size`` cards."""
    for n in range(1, 100):
        pos, line = GAME.deal(n), []
        for move in solve(GAME, pos).line:
            pos = GAME.apply(pos, move)
            line.append(move)
            if max(len(p) for p in pos.piles) == size:
                return n, line
    raise AssertionError(f"no line builds a pile of {size}")


@pytest.mark.parametrize("width,height", [(360, 640), (390, 844), (1280, 800)])
def test_a_pile_of_25_cards_fits_the_screen(browser, server, width, height):
    """A solver's line that builds a pile of exactly 25 cards: the pile fits the screen."""
    n, line = long_pile_line(25)
    page = new_page(browser, viewport={"width": width, "height": height})
    boot(page, server + f"/?deal={n}")
    page.evaluate(f"window.tabby_play({json.dumps(format_line(line))})")
    assert max(len(p) for p in position(page).piles) == 25
    assert_fits(page, ".card:not(.back)", width, height, f"long-{width}x{height}.png")


def assert_fits(page, cards, width, height, shot):
    """The cards matching ``cards`` end within the screen's height, nothing is wider than
    the screen, nothing covers a card or a place (the first-time note is still up: a fresh
    profile); a screenshot for a person to look at; the page closed."""
    boxes = page.eval_on_selector_all(cards, "els => els.map(e => e.getBoundingClientRect().bottom)")
    assert max(boxes) <= height
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.is_visible("#intro")
    page.screenshot(path=str(SHOTS / shot))
    assert overlaps(page) == []
    page.context.close()


# -- daily deal, sharing, statistics ----------------------------------------------------

RATING_MOVES = """(words) => {
  const pill = document.getElementById('deal-rating'), kept = [pill.hidden, pill.textContent];
  const boxes = () => [...document.querySelectorAll('.info > *, .info b')].map((e) => {
    const b = e.getBoundingClientRect(); return [b.x, b.y, b.width, b.height]; });
  const moved = [];
  for (const word of words) {
    pill.hidden = true; pill.textContent = '';
    const before = JSON.stringify(boxes());
    pill.textContent = word; pill.hidden = false;
    if (JSON.stringify(boxes()) !== before) moved.push(word);
  }
  [pill.hidden, pill.textContent] = kept;
  return moved;
}"""


def test_the_rating_arriving_moves_nothing_in_its_line(table):
    """The board's rating comes a moment after the board: its room is kept from the start,
    so no rating word of either language moves anything in the line (a layout shift)."""
    from solitaire.play.questions import RATINGS
    from solitaire.words.text import CATALOGUES
    words = [cat[f"rating_{r}"] for cat in CATALOGUES.values() for r in RATINGS]
    for width in (1280, 390, 320):
        table.set_viewport_size({"width": width, "height": 800})
        assert table.evaluate(RATING_MOVES, words) == [], width
    table.set_viewport_size({"width": 1280, "height": 800})


def test_daily_in_the_page_matches_cpython(table):
    """The page (Pyodide) computes the same daily deals as CPython."""
    from solitaire.solver.daily import daily_deal
    for day in ["2026-01-01", "2026-11-30", "2027-01-01", "2031-07-04"]:
        assert int(table.evaluate(f"window.tabby_daily('{day}')")) == daily_deal(day)
    for game_id in ("spider1", "spider2", "spider4"):  # each Spider has its own
        day = "2026-12-01"
        assert int(table.evaluate(f"window.tabby_daily('{day}', '{game_id}')")) == daily_deal(day, game_id)


def test_daily_button_shows_todays_board_marked_with_the_date(table):
    """Daily starts the day's deal, marked with the date, in the address too."""
    import datetime
    from solitaire.solver.daily import daily_deal
    table.click("#daily")
    table.wait_for_function("document.querySelector('#deal-label').textContent.startsWith('Daily')",
                            timeout=60_000)
    day = table.inner_text("#deal-number")
    assert abs((datetime.date.fromisoformat(day) - datetime.date.today()).days) <= 1
    assert position(table) == GAME.deal(daily_deal(day))
    assert f"daily={day}" in table.url


def test_share_link_opens_the_same_board(browser, server):
    """Share copies a link (no navigator.share here); the link opens the same board."""
    page = new_page(browser, permissions=["clipboard-read", "clipboard-write"])
    boot(page, server + "/?deal=777")
    page.evaluate("delete Navigator.prototype.share")
    page.click("#stats")
    page.click("#share")
    page.wait_for_selector("#menu-shared:not([hidden])")   # said in the menu, not under the table
    assert page.inner_text("#menu-shared-said").startswith("Copied")
    link = page.evaluate("navigator.clipboard.readText()")
    assert page.input_value("#menu-shared-text") == link
    assert link.endswith("?deal=777&game=tabbycat")
    other = new_page(browser)
    boot(other, link)
    assert position(other) == GAME.deal(777)
    room = "performance.getEntriesByName('room-made').length"
    assert other.evaluate(room) == 0   # the tab's first page: nothing before it to collect
    boot(other, server + "/?daily=2026-11-29&game=tabbycat")
    assert other.evaluate(room) == 2   # the game again in its tab (web/interpreter.mjs)
    from solitaire.solver.daily import daily_deal
    assert position(other) == GAME.deal(daily_deal("2026-11-29"))
    assert "Daily" in other.inner_text("#deal-label")
    other.context.close()
    page.context.close()


@pytest.mark.parametrize("query,msg", [
    ("?daily=2027-02-30", "not valid"), ("?daily=<b>x</b>", "not valid"),
    ("?daily=2099-12-31", "not out yet"), ("?deal=99999999999999999999999", "not valid"),
    ("?deal=5&game=chess", "no game called"),
])
def test_malformed_links_give_a_message_and_a_board(browser, server, query, msg):
    """A bad date, deal number or game name: a clear message and a playable board."""
    page = new_page(browser)
    boot(page, server + "/" + query)
    assert msg in page.inner_text("#status")
    assert page.locator(".card:not(.back)").count() >= 4
    assert page.eval_on_selector("#status", "e => e.children.length") == 0  # text, never HTML
    assert not page.errors, page.errors
    page.context.close()


def test_statistics_after_a_win_and_a_loss_and_export_import(browser, server, tmp_path):
    """A win and a loss update the counts; export then import gives the same statistics."""
    page = new_page(browser, accept_downloads=True)
    boot(page, server + "/?deal=2")
    page.evaluate("window.tabby_play(window.tabby_solve())")
    assert page.is_visible("#win")
    page.evaluate("window.tabby_start(5)")
    page.click('.slot[data-pile="stock"]')
    page.evaluate("window.tabby_start(6)")  # leaving a played game counts as a loss
    stats = json.loads(page.evaluate("window.tabby_summary('tabbycat')"))
    assert (stats["played"], stats["won"], stats["streak"], stats["best_streak"]) == (2, 1, 0, 1)
    page.click("#stats")
    assert "50%" in page.inner_text("#stats-list")
    with page.expect_download() as download:
        page.click("#stats-export")
    path = tmp_path / "stats.json"
    download.value.save_as(path)
    exported = json.loads(path.read_text())
    assert exported == json.loads(page.evaluate("window.tabby_stats()"))
    page.evaluate("localStorage.clear()")
    page.reload()
    ready(page)
    page.click("#stats")
    page.set_input_files("#stats-import", str(path))
    page.wait_for_selector("#panel-offer:not([hidden])")  # the file is shown before it counts
    assert "Tabby Cat: 2 played, 1 won" in page.inner_text("#panel-offer-text")
    page.click("#panel-offer-merge")
    page.wait_for_function("document.querySelector('#status').textContent.includes('imported')")
    assert json.loads(page.evaluate("window.tabby_stats()")) == exported
    page.screenshot(path=str(SHOTS / "stats-1280x800.png"))
    page.context.close()


def test_corrupt_or_newer_statistics_are_kept_aside(browser, server):
    """A damaged or newer-schema record is never overwritten silently."""
    page = new_page(browser)
    off_the_game(page, server)
    newer = '{"v": 9, "games": {}}'
    page.evaluate(f"localStorage.setItem('tabbycat.stats.v1', '{newer}')")
    page.goto(server + "/?deal=3")
    ready(page)
    assert "statistics could not be read" in page.inner_text("#status")
    assert "newer version" in page.inner_text("#status")
    kept = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('tabbycat.stats.v1.corrupt'))")
    assert len(kept) == 1 and page.evaluate(f"localStorage.getItem('{kept[0]}')") == newer
    page.context.close()


# -- the other games ----------------------------------------------------------------------

@pytest.mark.parametrize("game_id", ["tabbycat-relaxed", "manx", "tuxedo"])
def test_each_game_renders_moves_and_undoes(browser, server, game_id):
    """A link opens the game; its deal renders as the engine deals it; a click moves;
    undo takes it back."""
    game = get_game(game_id)
    page = new_page(browser)
    boot(page, server + f"/?game={game_id}&deal=3")
    assert page.input_value("#game-select") == game_id
    pos = game.deal(3)
    assert game.parse(page.evaluate("window.tabby_position()")) == pos
    for i, pile in enumerate(pos.piles):
        shown = page.eval_on_selector_all(
            f'.card[data-place="pile-{i + 1}"]',
            "els => els.sort((a, b) => a.dataset.index - b.dataset.index).map(e => e.dataset.card)")
        assert shown == [str(c) for c in pile]
    move = next((game.click_move(pos, f"pile-{i + 1}", len(p) - 1), str(p[-1]))
                for i, p in enumerate(pos.piles) if game.click_move(pos, f"pile-{i + 1}", len(p) - 1))
    page.click(f'.card[data-card="{move[1]}"]')
    after = game.parse(page.evaluate("window.tabby_position()"))
    expected = game.apply(pos, move[0])
    while game.has_auto_moves and game.auto_move(expected):  # Auto-play is on by default
        expected = game.apply(expected, game.auto_move(expected))
    assert after == expected
    while page.evaluate("window.tabby_moves()"):
        page.click("#undo")
    assert game.parse(page.evaluate("window.tabby_position()")) == pos
    page.screenshot(path=str(SHOTS / f"{game_id}-1280x800.png"))
    assert not page.errors, page.errors
    page.context.close()


def test_game_menu_switches_game_and_keeps_statistics_apart(browser, server):
    """The menu deals a (winnable) board of the chosen game; statistics are per game."""
    page = new_page(browser)
    boot(page, server + "/?deal=1")
    page.click('.slot[data-pile="stock"]')
    page.select_option("#game-select", "tuxedo")
    # a game in progress: the menu asks before leaving it (issue 15), and the table stays
    page.wait_for_selector("#offer:not([hidden])")
    assert "Leave it for Tuxedo" in page.inner_text("#offer-text") and "game=tuxedo" not in page.url
    page.click("#offer-actions button >> text=Leave it")
    page.wait_for_function("document.querySelector('#status').textContent.includes('proved')",
                           timeout=60_000)
    assert "game=tuxedo" in page.url and page.locator('.slot[data-pile="cell-7"]').count() == 1
    assert page.locator('.slot[data-pile="tail"]').count() == 0
    number = int(page.inner_text("#deal-number"))
    assert solve(get_game("tuxedo"), get_game("tuxedo").deal(number), budget=100_000).verdict == "won"
    played = lambda g: json.loads(page.evaluate(f"window.tabby_summary('{g}')"))["played"]
    assert played("tabbycat") == 1 and played("tuxedo") == 0
    page.context.close()


def test_tuxedo_autoplay_moves_safe_cards_each_undoable(browser, server):
    """With Auto-play on, cards that can go to a foundation go, each as a move of its own."""
    tux = get_game("tuxedo")
    n = next(n for n in range(1, 200) if any(
        tux.auto_move(tux.apply(tux.deal(n), m)) for m in tux.legal_moves(tux.deal(n))
        if not m.dst.startswith("foundation")))
    pos = tux.deal(n)
    move = next(m for m in tux.legal_moves(pos)
                if not m.dst.startswith("foundation") and tux.auto_move(tux.apply(pos, m)))
    page = new_page(browser)
    boot(page, server + f"/?game=tuxedo&deal={n}")
    page.evaluate(f"window.tabby_play('{move}')")
    moves = page.evaluate("window.tabby_moves()").split()
    assert moves[0] == str(move) and len(moves) >= 2
    assert all(m.split(">")[1].startswith("f") for m in moves[1:])
    page.click("#undo")
    assert len(page.evaluate("window.tabby_moves()").split()) == len(moves) - 1
    page.context.close()


def test_four_colour_deck(browser, server):
    """The four-colour option paints diamonds blue and clubs green, in every game."""
    # A deal whose four face-up cards are one of each suit (stock cards show no face).
    n = next(n for n in range(1, 500) if {c.suit for p in GAME.deal(n).piles for c in p} == set("SHDC"))
    top = {c.suit: str(c) for p in GAME.deal(n).piles for c in p}
    page = new_page(browser)
    boot(page, server + f"/?deal={n}")
    page.click("#stats")
    page.check("#four-colour")
    page.click("#stats-close")
    colour = lambda card: page.eval_on_selector(f'.card[data-card="{card}"]', "e => getComputedStyle(e).color")
    assert colour(top["D"]) != colour(top["H"]) and colour(top["C"]) != colour(top["S"])
    page.reload()
    ready(page)
    assert colour(top["D"]) != colour(top["H"])
    page.context.close()


# -- Spider ---------------------------------------------------------------------------------

SPIDER = get_game("spider2")


def spider_position(page):
    return SPIDER.parse(page.evaluate("window.tabby_position()"))


def test_spider_renders_backs_moves_by_click_key_and_deal(browser, server):
    """Spider (two suits): the deal as the engine deals it, face-down cards as backs, a
    click, the keys 1 then 0 (the tenth column), a deal from the stock, and undo."""
    page = new_page(browser, viewport={"width": 360, "height": 640})
    boot(page, server + "/?game=spider2&deal=1")
    start = SPIDER.deal(1)
    assert spider_position(page) == start
    assert page.locator('.card.back[data-place^="pile-"]').count() == 44
    assert page.locator('.card.back[data-place="stock"]').count() == 50
    assert page.locator('.card[data-place^="pile-"]:not(.back)').count() == 10
    assert page.inner_text('.slot[data-pile="stock"] .badge') == "5"
    assert page.inner_text("#runs-info") == "Runs 0/8"
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "spider2-360x640.png"))
    top = str(start.piles[2][-1])
    page.click(f'.card[data-card="{top}"]')
    after = SPIDER.apply(start, SPIDER.click_move(start, "pile-3", len(start.piles[2]) - 1))
    assert spider_position(page) == after
    assert page.locator('.card.back[data-place^="pile-"]').count() == 43  # pile 3's card turned
    page.keyboard.press("1")
    page.keyboard.press("0")
    after = SPIDER.apply(after, Move.parse("1>10"))
    assert spider_position(page) == after
    page.click('.slot[data-pile="stock"]')
    assert spider_position(page) == SPIDER.apply(after, DEAL)
    assert page.inner_text('.slot[data-pile="stock"] .badge') == "4"
    for _ in range(3):
        page.click("#undo")
    assert spider_position(page) == start
    assert not page.errors, page.errors
    page.context.close()


def test_spider_refuses_a_deal_with_an_empty_column_and_a_run_leaves(browser, server):
    """Along a solver's line: the stock refuses to deal onto an empty column, saying so;
    later a run completed by a drag leaves for a foundation and the card it laid bare
    turns face up."""
    start = SPIDER.deal(1)
    line = solve(SPIDER, start).line
    positions = [start]
    for move in line:
        positions.append(SPIDER.apply(positions[-1], move))
    empty = next(i for i, p in enumerate(positions) if not all(p.piles) and p.stock)
    done = next(i for i, p in enumerate(positions) if any(p.foundations))
    page = new_page(browser, viewport={"width": 1280, "height": 800})
    boot(page, server + "/?game=spider2&deal=1")
    page.evaluate(f"window.tabby_play({json.dumps(format_line(line[:empty]))})")
    page.click('.slot[data-pile="stock"]')
    assert "fill the empty columns first" in page.inner_text("#status")
    assert spider_position(page) == positions[empty]
    page.evaluate(f"window.tabby_play({json.dumps(format_line(line[empty:done - 1]))})")
    move = line[done - 1]
    before = positions[done - 1]
    card = str(SPIDER.get(before, move.src)[-move.count])
    x, y = card_center(page, card)
    tx, ty = card_center(page, str(SPIDER.get(before, move.dst)[-1]))
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 10, y + 10, steps=2)
    page.mouse.move(tx, ty + 4, steps=8)
    page.mouse.up()
    after = spider_position(page)
    assert after == positions[done] and sum(len(f) for f in after.foundations) == 13
    assert page.inner_text("#runs-info") == "Runs 1/8"
    king = str(next(f for f in after.foundations if f)[0])
    assert page.locator(f'.card[data-card="{king}"]').get_attribute("data-place").startswith("foundation")
    i = int(move.src[5:]) - 1
    if after.piles[i]:  # the card laid bare in the source column is face up
        bare = str(after.piles[i][-1])
        assert "back" not in page.locator(f'.card[data-card="{bare}"]').get_attribute("class")
    page.screenshot(path=str(SHOTS / "spider2-run-1280x800.png"))
    assert not page.errors, page.errors
    page.context.close()


# The page draws New deal's candidates from crypto.getRandomValues: pinned here to one
# value, every candidate is deal FAST_FOUR (a four-suit deal the solver proves within
# its first try), so the test does not wait on a random deal's search.
FAST_FOUR = 17
PIN_RANDOM = """(() => {
  const real = crypto.getRandomValues.bind(crypto);
  crypto.getRandomValues = (a) => {
    if (a instanceof Uint32Array && a.length === 1) { a[0] = %d; return a; }
    return real(a);
  };
})();""" % (FAST_FOUR - 1)


def test_spider_winnable_for_one_and_four_suits(browser, server):
    """The menu deals a proved board in one suit and in four: the toggle is on for both,
    and each deal dealt is one the solver wins within the game's Winnable budget."""
    page = new_page(browser)
    page.context.add_init_script(PIN_RANDOM)
    boot(page, server + "/?deal=1")
    # The search's path: the site's winnable table (loaded once the game is playable) is
    # left out, so New deal proves the pinned random deal as it does past the table's end.
    page.wait_for_function("JSON.parse(window.tabby_tables()).loaded.winnable")
    page.evaluate("window.tabby_tables_off('winnable')")
    for game_id in ("spider1", "spider4"):
        page.evaluate("document.querySelector('#status').textContent = ''")  # a fresh message
        page.select_option("#game-select", game_id)
        page.wait_for_function(f"location.search.includes('game={game_id}')")
        page.wait_for_function(f"document.querySelector('#status').textContent.includes("
                               f"'Deal {FAST_FOUR}: the solver proved')", timeout=90_000)
        game = get_game(game_id)
        number = int(page.inner_text("#deal-number"))
        assert number == FAST_FOUR
        assert solve(game, game.deal(number), budget=game.winnable_budget).verdict == "won"
        assert page.is_checked("#winnable")
        assert "off" not in (page.get_attribute("#winnable-row", "class") or "")
    assert not page.errors, page.errors
    page.context.close()


@pytest.mark.parametrize("width,height", [(360, 640), (1280, 800)])
def test_a_spider_column_of_33_cards_fits_the_screen(browser, server, width, height):
    """Along a solver's line, two-suit deal 2 builds a column of 33 cards: it fits."""
    pos, line = SPIDER.deal(2), []
    for move in solve(SPIDER, SPIDER.deal(2)).line:
        pos = SPIDER.apply(pos, move)
        line.append(move)
        if max(len(p) for p in pos.piles) == 33:
            break
    page = new_page(browser, viewport={"width": width, "height": height})
    boot(page, server + "/?game=spider2&deal=2")
    page.evaluate(f"window.tabby_play({json.dumps(format_line(line))})")
    assert max(len(p) for p in spider_position(page).piles) == 33
    settled(page)
    shown = page.evaluate(RUN_INDEXES_SHOWN)
    assert len(shown) == sum(1 for f in spider_position(page).foundations if f) >= 2
    assert all(whole for _, whole, _ in shown), shown
    assert_fits(page, ".card", width, height, f"spider2-long-{width}x{height}.png")


# Each completed run's place, with whether the index (rank and suit) of the card it shows
# shows whole: the same card of that place on top at every corner of that card's index (a
# run's cards lie in one box; which of them is on top, the highest in z-order, is the
# page's choice; their indexes differ in width, "K" against "10", and the order of the
# cards in the document is no guide), and the card on top at each corner.
RUN_INDEXES_SHOWN = """() => {
  const idx = {}, z = {};
  for (const c of document.querySelectorAll('#table > .card[data-place^="foundation"]')) {
    const level = +getComputedStyle(c).zIndex || 0;
    if (!(level < z[c.dataset.place])) {
      z[c.dataset.place] = level;
      idx[c.dataset.place] = c.querySelector('.idx').getBoundingClientRect();
    }
  }
  const over = (x, y) => document.elementsFromPoint(x, y).find((e) => e.classList.contains('card'));
  return Object.entries(idx).map(([place, r]) => {
    const seen = [[r.left + 1, r.top + 1], [r.right - 1, r.top + 1], [r.left + 1, r.bottom - 1],
                  [r.right - 1, r.bottom - 1]].map(([x, y]) => over(x, y));
    return [place, seen.every((c) => c && c === seen[0] && c.dataset.place === place), seen.map((c) => c ? c.dataset.place + '/' + c.dataset.index + '/' + c.dataset.card : null)];
  });
}"""


# -- issue 10: data from outside never stops the page, never becomes markup ------------------

def test_deep_records_and_a_deal_in_another_script_never_stop_the_page(browser, server):
    """Defects 8 and 9: 100,000-deep JSON in the saved game, the statistics and the
    settings, a clock of NaN, and '?deal=²': the page starts, says so, and plays."""
    page = new_page(browser)
    off_the_game(page, server)
    page.evaluate("""() => {
        const deep = '['.repeat(100000) + ']'.repeat(100000);
        for (const k of ['tabbycat.game.v1', 'tabbycat.stats.v2', 'tabbycat.prefs.v1'])
            localStorage.setItem(k, deep);
    }""")
    boot(page, server + "/?deal=%C2%B2")
    status = page.inner_text("#status")
    assert "saved game could not be read" in status and "statistics could not be read" in status
    assert "settings could not be read" in status and "deal number in the address is not valid" in status
    kept = page.evaluate("Object.keys(localStorage).filter(k => k.includes('.corrupt.')).length")
    assert kept == 3
    page.click('.slot[data-pile="stock"]')
    assert len(position(page).stock) == 44
    page.evaluate("localStorage.setItem('tabbycat.game.v1', '{\"v\": 1, \"game\": \"tabbycat\", "
                  "\"deal\": \"3\", \"moves\": [], \"elapsed\": NaN}')")
    boot(page, server + "/?deal=%E2%91%A0")
    assert "saved game could not be read" in page.inner_text("#status")
    assert position(page) == GAME.deal(1)
    assert not page.errors, page.errors
    page.context.close()


PAYLOADS = ['<img src=x onerror="document.title=1">', '<a href="//x">x</a>', "<style>*{}</style>",
            '</title></rect><svg onload="x"><b>']


def test_imported_html_never_becomes_markup(table, tmp_path):
    """Defect 10: a statistics file with HTML in its fields adds no element to the page;
    a good file's chart is built from data (bars with text titles)."""
    count = "document.querySelectorAll('*').length"
    good = {"v": 2, "epoch": 0, "base": {}, "results": [
        {"id": f"i{i}", "game": "tabbycat", "won": i % 2 == 0, "moves": 50 + i, "seconds": 100,
         "day": "2026-11-2" + str(i), "daily": None, "t": i} for i in range(3)]}
    table.click("#stats")
    for i, payload in enumerate(PAYLOADS):
        bad = json.loads(json.dumps(good))
        bad["results"][0]["day" if i % 2 else "id"] = payload
        bad["base"] = {payload: {"played": 1}} if i == 3 else {}
        path = tmp_path / f"bad{i}.json"
        path.write_text(json.dumps(bad))
        before = table.evaluate(count)
        table.set_input_files("#stats-import", str(path))
        table.wait_for_function("document.querySelector('#status').textContent.includes('not a statistics export')")
        assert table.evaluate(count) == before
        table.evaluate("document.querySelector('#status').textContent = ''")
    path = tmp_path / "good.json"
    path.write_text(json.dumps(good))
    table.set_input_files("#stats-import", str(path))
    table.wait_for_selector("#panel-offer:not([hidden])")
    table.click("#panel-offer-merge")
    table.wait_for_function("document.querySelector('#status').textContent.includes('imported')")
    assert table.locator("#stats-chart svg rect").count() >= 3
    titles = table.eval_on_selector_all("#stats-chart title", "els => els.map(e => e.textContent)")
    assert "2026-11-20: won, 50 moves" in titles
    # oldest first, the latest bar at the right end of the chart (under "latest"), each a
    # 30th of its width (the chart's last 30 results: records/stats.py CHART)
    bars = table.eval_on_selector_all("#stats-chart rect", "els => els.map(e => [+e.getAttribute('x'), +e.getAttribute('width')])")
    assert [round(x) for x, _ in bars[-3:]] == [271, 281, 291] and bars[-1][1] == 8
    assert table.locator("#stats-chart img, #stats-chart a, #stats-chart style").count() == 0


def test_two_tabs_hear_each_other(browser, server):
    """Defect 12, in the browser: the storage event reaches the other tab, which follows
    the game played in the first (it had no move of its own)."""
    first = new_page(browser)
    boot(first, server + "/?deal=3")
    second = first.context.new_page()
    second.errors = []
    second.on("pageerror", lambda e: second.errors.append(str(e)))
    boot(second, server + "/")
    assert position(second) == GAME.deal(3)
    first.click('.slot[data-pile="stock"]')
    second.wait_for_function("document.querySelector('#status').textContent.includes('another tab')")
    assert position(second) == GAME.apply(GAME.deal(3), DEAL)
    assert not second.errors and not first.errors, (first.errors, second.errors)
    first.context.close()


# The table-feel tests share this module's browser and server (one Playwright per run).
from table_feel import *  # noqa: E402,F401,F403
