"""*Show me a win* in the page: from a mid-game position of every game, the menu's button
asks the solver (in Spider after the player accepts that the replay shows the face-down
cards), the replay viewer plays the proved line to a won board, and "play from here" a
move before the end goes on with the game, which the last move wins.

The positions are halfway along winning lines the solver finds quickly (deal 7937 in
every game but four-suit Spider, whose deal 2 is won from halfway in about 11,000
positions), so the searches take a few seconds even on a loaded machine."""

import functools
import json

import pytest

from conftest import ROOT
from pages import boot, new_page
from solitaire import get_game, solve
from solitaire.engine.position import Move, format_line
from solitaire.words.lang_en import ENGLISH

SHOTS = ROOT / "tests" / "screenshots"
DEALS = {"tabbycat": 7937, "tabbycat-relaxed": 7937, "manx": 7937, "tuxedo": 7937,
         "spider1": 7937, "spider2": 7937, "spider4": 2}


@functools.lru_cache(maxsize=None)
def midway(game_id: str) -> tuple:
    """The first half of a winning line of the game's deal."""
    game = get_game(game_id)
    line = solve(game, game.deal(DEALS[game_id]), budget=300_000).line
    assert line, game_id
    return tuple(line[:len(line) // 2])


@pytest.fixture(scope="module")
def page(browser, server):
    p = new_page(browser)
    boot(p, server + "/?deal=7937&game=tabbycat")
    yield p
    p.context.close()


def shown(page) -> dict:
    return json.loads(page.evaluate("window.tabby_shown_game()"))


def autoplay(page, game, on: bool):
    """Auto-play on or off in the menu, in a game that has automatic moves (the solver's
    line makes the foundation moves itself)."""
    if game.has_auto_moves:
        page.click("#stats")
        (page.check if on else page.uncheck)("#autoplay")
        page.click("#stats-close")


@pytest.mark.parametrize("game_id", list(DEALS))
def test_show_me_a_win_plays_a_proved_line_to_a_win(page, game_id):
    game = get_game(game_id)
    prefix = midway(game_id)
    page.evaluate(f"window.tabby_start({DEALS[game_id]}, '{game_id}')")
    autoplay(page, game, False)
    assert page.evaluate(f"window.tabby_play({json.dumps(format_line(list(prefix)))})")
    before = page.evaluate("window.tabby_position()")
    # Every step the replay shows, from the first (it plays on at once: read when the test
    # gets to it, the step depends on the machine's speed).
    page.evaluate("""() => { window.__ats = []; const r = document.getElementById('replay');
        new MutationObserver(() => window.__ats.push(r.dataset.at)).observe(
            r, {attributes: true, attributeFilter: ['data-at']}); }""")
    page.click("#stats")
    page.click("#show-win")
    if game.has_hidden:  # the replay will show the face-down cards: asked first
        page.wait_for_selector("#offer:not([hidden])")
        assert "face-down cards" in page.inner_text("#offer-text")
        assert page.locator("#search").is_hidden()
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"show-win-asks-{game_id}.png"))
        page.click("#offer-show")
    # Polled on a timer: while slices run, animation frames are few.
    page.wait_for_selector("#replay:not([hidden])", timeout=180_000)
    assert page.inner_text("#status").startswith("A win in")
    total = int(page.get_attribute("#replay-slider", "max"))
    assert total > 0 and page.evaluate("window.__ats[0]") in ("0", "1")
    page.select_option("#replay-speed", "4")
    page.wait_for_function(f"document.querySelector('#replay').dataset.at === '{total}'",
                           polling=100, timeout=120_000)
    page.wait_for_function("document.body.dataset.replay === 'paused'", polling=100)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"show-win-won-{game_id}.png"))
    end = shown(page)
    assert end["won"] and end["moves"] == len(prefix) + total
    line = end["line"].split()
    pos = game.deal(DEALS[game_id])
    for move in list(map(str, prefix)) + line:
        pos = game.apply(pos, Move.parse(move))
    assert game.is_won(pos) and game.format(pos) == end["position"]
    assert page.evaluate("window.tabby_position()") == before   # the game in progress stays
    # One step back, then play from here: the game goes on, one move from the win.
    page.click("#replay [data-replay='back']")
    page.wait_for_function(f"document.querySelector('#replay').dataset.at === '{total - 1}'",
                           polling=100)
    page.click("#replay-from-here")
    page.wait_for_selector("#replay", state="hidden")
    assert page.inner_text("#move-count") == str(len(prefix) + total - 1)
    assert page.evaluate(f"window.tabby_play({json.dumps(line[-1])})")
    page.wait_for_selector("#win:not([hidden])")
    page.keyboard.press("Escape")
    autoplay(page, game, True)
    assert not page.errors, page.errors


def test_a_win_proved_by_the_check_is_shown_without_a_second_search(page):
    """"Is this deal still winnable?" answers yes from its search; *Show me a win* then
    plays that win at once: the search panel's label is still the check's, as no search
    of its own set it (in the worker, a search always shows the panel with its label)."""
    game = get_game("tuxedo")
    prefix = midway("tuxedo")
    page.evaluate("window.tabby_start(7937, 'tuxedo')")
    autoplay(page, game, False)
    assert page.evaluate(f"window.tabby_play({json.dumps(format_line(list(prefix)))})")
    # in the solver's worker, where every search shows the panel with its label
    page.evaluate("window.tabby_start_worker() ?? 1")
    page.wait_for_function("document.documentElement.dataset.solver === 'worker'", timeout=180_000)
    label = "document.getElementById('search-label').textContent"
    page.click("#stats")
    page.click("#still-winnable")
    page.wait_for_function("document.querySelector('#status').textContent.startsWith('Yes')",
                           polling=100, timeout=180_000)
    page.wait_for_selector("#search", state="hidden")
    assert page.evaluate(label) == ENGLISH["checking_winnable"]
    page.click("#stats")
    page.click("#show-win")
    page.wait_for_selector("#replay:not([hidden])")
    assert page.inner_text("#status").startswith("A win in")
    assert page.evaluate(label) == ENGLISH["checking_winnable"]
    page.click("#replay-close")
    page.wait_for_selector("#replay", state="hidden")
    autoplay(page, game, True)
    assert not page.errors, page.errors


def test_in_spider_the_win_is_found_while_the_offer_is_read(page):
    """In Spider *Show me a win* asks first; while its offer is up, the solver's worker
    searches the win unseen, and Show then plays it with no search of its own: the search
    panel never showed (its label is still the one set before)."""
    prefix = midway("spider1")
    page.evaluate("window.tabby_start(7937, 'spider1')")
    assert page.evaluate(f"window.tabby_play({json.dumps(format_line(list(prefix)))})")
    page.evaluate("window.tabby_start_worker() ?? 1")
    page.wait_for_function("document.documentElement.dataset.solver === 'worker'", timeout=180_000)
    label = "document.getElementById('search-label').textContent"
    page.evaluate(f"{label} = 'set before'")
    page.click("#stats")
    page.click("#show-win")
    page.wait_for_selector("#offer:not([hidden])")
    page.wait_for_function("JSON.parse(window.tabby_solver()).shown === 'ready'", polling=100,
                           timeout=180_000)
    assert page.locator("#search").is_hidden() and page.locator("#replay").is_hidden()
    page.click("#offer-show")
    page.wait_for_selector("#replay:not([hidden])")
    assert page.inner_text("#status").startswith("A win in")
    assert page.evaluate(label) == "set before"
    page.click("#replay-close")
    page.wait_for_selector("#replay", state="hidden")
    assert not page.errors, page.errors
