"""Replays in the page (Chromium): a won deal replayed forward and back by keys and by
clicks, "play from here", a replay link for every game, malformed links."""

import json
from urllib.parse import quote

import pytest

from conftest import ROOT
from pages import boot, new_page, ready, settled
from solitaire import GAMES, get_game
from solitaire.engine.position import format_line
from solitaire.records import replay as R
from strategies import playout, winning_line

SHOTS = ROOT / "tests" / "screenshots"
GAME = get_game("tabbycat")
DEAL = 7937


def shown(page, game=GAME):
    return game.parse(page.evaluate("window.tabby_shown()"))


def at(page):
    return int(page.get_attribute("#replay", "data-at"))


def key(page, name, times=1):
    for _ in range(times):
        page.keyboard.press(name)


@pytest.fixture
def won(browser, server):
    """A page whose game in progress is deal 7937 played to a win, the win panel up."""
    page = new_page(browser)
    boot(page, server + f"/?deal={DEAL}&game=tabbycat")
    line = winning_line("tabbycat", DEAL)
    assert page.evaluate(f"window.tabby_play({json.dumps(format_line(line))})")
    page.wait_for_selector("#win:not([hidden])")
    positions = [GAME.deal(DEAL)]
    for move in line:
        positions.append(GAME.apply(positions[-1], move))
    yield page, line, positions
    page.context.close()


def test_a_won_deal_replays_to_the_same_board_by_keys_and_clicks(won):
    page, line, positions = won
    saved = page.evaluate("localStorage.getItem('tabbycat.game.v1')")
    page.click("#win-replay")
    page.wait_for_selector("#replay:not([hidden])")
    assert not page.is_visible("#win") and at(page) == 0 and shown(page) == positions[0]
    assert page.evaluate("location.hash") == "#replay=" + R.encode(GAME, DEAL, line)
    # keys: forward to the end, back to the start, End and Home
    page.locator("#replay-play").blur()
    for i in range(1, len(line) + 1):
        key(page, "ArrowRight")
        assert at(page) == i
        if i % 11 == 0 or i == len(line):
            assert shown(page) == positions[i]
            assert page.inner_text("#announce")  # each step said like a move
    assert GAME.is_won(shown(page)) and page.is_disabled("#replay-from-here")
    for i in range(len(line) - 1, -1, -1):
        key(page, "ArrowLeft")
        assert at(page) == i
    assert shown(page) == positions[0]
    key(page, "End")
    assert shown(page) == positions[-1]
    key(page, "Home")
    assert shown(page) == positions[0]
    # clicks: step forward, jump with the slider, step back, the ends
    for i in range(1, 8):
        page.click('#replay button[data-replay="forward"]')
        assert at(page) == i and shown(page) == positions[i]
    page.fill("#replay-slider", str(len(line) - 3))
    assert at(page) == len(line) - 3 and shown(page) == positions[-4]
    page.click('#replay button[data-replay="back"]')
    assert shown(page) == positions[-5]
    page.click('#replay button[data-replay="end"]')
    assert shown(page) == positions[-1]
    page.click('#replay button[data-replay="start"]')
    assert shown(page) == positions[0]
    # play: Space plays at the chosen speed until the end
    page.select_option("#replay-speed", "4")
    page.fill("#replay-slider", str(len(line) - 6))
    page.locator("#replay-slider").blur()
    key(page, " ")
    assert page.get_attribute("body", "data-replay") == "playing"
    page.wait_for_selector(f'#replay[data-at="{len(line)}"]')
    page.wait_for_selector('body[data-replay="paused"]')
    assert shown(page) == positions[-1]
    settled(page)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "replay-1280x800.png"))
    assert page.evaluate("localStorage.getItem('tabbycat.game.v1')") == saved
    key(page, "Escape")
    page.wait_for_selector("#replay", state="hidden")
    assert page.evaluate("location.search") == f"?deal={DEAL}&game=tabbycat"
    assert page.evaluate("location.hash") == ""
    assert page.errors == []


def test_the_replay_bar_fits_a_phone_in_the_dark(browser, server):
    page = new_page(browser, viewport={"width": 320, "height": 640}, color_scheme="dark")
    text = R.encode(GAME, DEAL, winning_line("tabbycat", DEAL))
    boot(page, server + "/#replay=" + text)
    page.wait_for_selector("#replay:not([hidden])")
    key(page, "End")
    settled(page)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 320
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "replay-320-dark.png"), full_page=True)
    page.context.close()


def test_play_from_here_gives_a_normal_game(won):
    page, line, positions = won
    page.click("#win-replay")
    page.wait_for_selector("#replay:not([hidden])")
    page.fill("#replay-slider", "20")
    page.click("#replay-from-here")
    page.wait_for_selector("#replay", state="hidden")
    assert page.evaluate("window.tabby_moves()") == format_line(line[:20])
    assert GAME.parse(page.evaluate("window.tabby_position()")) == positions[20]
    assert page.evaluate("location.search") == f"?deal={DEAL}&game=tabbycat"
    saved = json.loads(page.evaluate("localStorage.getItem('tabbycat.game.v1')"))
    assert saved["moves"] == format_line(line[:20]).split()
    assert page.evaluate(f"window.tabby_play({json.dumps(str(line[20]))})")  # playable
    stats = json.loads(page.evaluate("window.tabby_summary('tabbycat')"))
    assert (stats["played"], stats["won"]) == (1, 1)  # the replayed win, once
    page.evaluate("window.tabby_start(5)")   # the game from here, left: a game of its own
    stats = json.loads(page.evaluate("window.tabby_summary('tabbycat')"))
    assert (stats["played"], stats["won"]) == (2, 1)
    page.click("#stats")
    assert page.locator("#stats-recent li").count() == 2
    page.click("#stats-recent li:nth-child(2) button")  # the win, from the statistics
    page.wait_for_selector("#replay:not([hidden])")
    assert not page.is_visible("#stats-panel")
    key(page, "End")
    assert shown(page) == positions[-1]
    assert page.errors == []


def a_game(game_id):
    """A legal game of ``game_id``: a deal and 40 moves."""
    game = get_game(game_id)
    number = 1000 + len(game_id)
    _, moves = playout(game, game.deal(number), 7, 40, 70)
    return game, number, moves


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_replay_link_round_trips_through_the_address(browser, server, game_id):
    """A game's replay link opens the replay; the page's address is that link again, and
    the page's own share link for the game is the same text."""
    game, number, moves = a_game(game_id)
    text = R.encode(game, number, moves)
    page = new_page(browser)
    boot(page, server + "/#replay=" + text)
    page.wait_for_selector("#replay:not([hidden])")
    assert page.evaluate("location.hash") == "#replay=" + text
    assert shown(page, game) == game.deal(number)
    key(page, "End")
    end = game.deal(number)
    for move in moves:
        end = game.apply(end, move)
    assert shown(page, game) == end and at(page) == len(moves)
    page.reload()
    ready(page)
    page.wait_for_selector("#replay:not([hidden])")
    assert shown(page, game) == game.deal(number)
    page.click('#replay button[data-replay="end"]')
    page.click("#replay-from-here")  # the game from its last move: its own link is the same
    page.wait_for_selector("#replay", state="hidden")
    assert page.evaluate("window.tabby_moves()") == format_line(moves)
    assert page.evaluate("window.tabby_replay_link()") == "#replay=" + text
    assert page.errors == []
    page.context.close()


MALFORMED = [
    "", "tabbycat", "tabbycat.5", "tabbycat.5.2", "klondike.5.2.AA", "tabbycat.0.2.AA",
    "tabbycat.18446744073709551616.1.A", "tabbycat.5.3.FG", "tabbycat.5.2.F", "tabbycat.5.2.Fg",
    "tabbycat.5.1.AAAA", "tabbycat.5.1.f", "tabbycat.2099-01-01.5.0.", "tabbycat.2026-02-30.5.0.",
    "tabbycat.2026-06-01.5.0.", "TABBYCAT.5.1.A", "tabbycat.5.1.%3Cb%3Ex%3C/b%3E",
    "tabbycat.5.1.A" + "A" * 4000, "manx.5.2.A A", "spider4.1.1.gggggggggB",
]


def test_twenty_malformed_replay_links_each_get_a_message_and_a_playable_board(browser, server):
    assert len(MALFORMED) == 20
    page = new_page(browser)
    for i, text in enumerate(MALFORMED):
        if i % 5 == 0:  # opened as a page (a quarter), else as a new fragment of the open page
            page.goto("about:blank")
            boot(page, server + "/?deal=3#replay=" + text)
        else:
            page.evaluate("(t) => { location.hash = '#replay=' + t; }", text)
        page.wait_for_function("document.querySelector('#status').textContent.includes('replay link')")
        status = page.inner_text("#status")
        assert "cannot be shown" in status, (text, status)
        assert page.evaluate("document.querySelector('#status').children.length") == 0
        assert not page.is_visible("#replay")
        board = GAME.parse(page.evaluate("window.tabby_position()"))
        move = GAME.legal_moves(board)[0]
        assert page.evaluate(f"window.tabby_play('{move}')")   # a board to play
        page.evaluate("document.querySelector('#status').textContent = ''")
    assert page.errors == []
    page.context.close()


def test_a_replay_plays_with_motion_on(browser, server):
    """With motion, each step slides its cards (a finished run leaving apart, as in play)
    and the replay still ends on the won board, the win cascade never shown for it."""
    line = winning_line("tabbycat", DEAL)
    page = new_page(browser, reduced_motion="no-preference")
    boot(page, server + "/#replay=" + R.encode(GAME, DEAL, line))
    page.wait_for_selector("#replay:not([hidden])")
    page.fill("#replay-slider", str(len(line) - 12))
    page.select_option("#replay-speed", "4")
    page.click("#replay-play")
    page.wait_for_selector(f'#replay[data-at="{len(line)}"]', timeout=60_000)
    page.wait_for_selector('body[data-replay="paused"]')
    settled(page)
    assert shown(page) == GAME.parse(GAME.format(replay_end(line)))
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "replay-motion-end.png"))
    assert not page.is_visible("#win") and page.errors == []
    page.context.close()


def replay_end(line):
    pos = GAME.deal(DEAL)
    for move in line:
        pos = GAME.apply(pos, move)
    return pos


# Counts every cascade animation started on the page and every time the body takes the
# cascade class, from now on (the cascade's animations carry the id "cascade").
WATCH_CASCADE = """() => {
    window.tabbyCascades = 0;
    new MutationObserver(() => {
        if (document.body.classList.contains('cascade')) window.tabbyCascades += 1;
    }).observe(document.body, {attributes: true, attributeFilter: ['class']});
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (...args) {
        const anim = animate.apply(this, args);
        queueMicrotask(() => { if (anim.id === 'cascade') window.tabbyCascades += 1; });
        return anim;
    };
}"""
# Nothing moves on the page: no animation running or waiting to run, no cascade class
STILL_NOW = """() => ({running: document.getAnimations().filter(a => a.playState !== 'finished').length,
                       cascade: document.body.classList.contains('cascade')})"""
TWO_FRAMES = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"


def assert_still(page):
    """Nothing moves right now, and still nothing two frames later."""
    assert page.evaluate(STILL_NOW) == {"running": 0, "cascade": False}
    page.evaluate(TWO_FRAMES)
    assert page.evaluate(STILL_NOW) == {"running": 0, "cascade": False}


def test_closing_the_replay_of_a_won_game_starts_nothing_and_the_next_tap_acts(browser, server):
    """With motion, on a phone: the won game's replay, stepped to the end (no cascade
    there either) and back, then closed: nothing animates, the body is not cascading,
    and the next tap opens the menu."""
    page = new_page(browser, reduced_motion="no-preference", has_touch=True,
                    viewport={"width": 360, "height": 740})
    boot(page, server + f"/?deal={DEAL}&game=tabbycat")
    line = winning_line("tabbycat", DEAL)
    assert page.evaluate(f"window.tabby_play({json.dumps(format_line(line))})")
    page.wait_for_selector("#win:not([hidden])")
    settled(page)
    page.evaluate(WATCH_CASCADE)
    page.tap("#win-replay")
    page.wait_for_selector("#replay:not([hidden])")
    page.tap('#replay button[data-replay="end"]')
    assert at(page) == len(line) and GAME.is_won(shown(page))
    for _ in range(3):
        page.tap('#replay button[data-replay="back"]')
    assert at(page) == len(line) - 3
    settled(page)
    page.tap("#replay-close")
    assert page.is_hidden("#replay") and GAME.is_won(shown(page))
    assert_still(page)
    assert page.evaluate("window.tabbyCascades") == 0
    page.tap("#stats")
    page.wait_for_selector("#stats-panel:not([hidden])")
    assert page.errors == []
    page.context.close()


def test_closing_a_replay_by_esc_or_play_from_here_starts_nothing_and_the_next_tap_moves(browser, server):
    """A won line shown as a replay over the same deal unplayed, with motion: Esc after
    the end and back, and "Play from here" at a move, each leave a still table (no
    slide, no cascade), and the next tap on a card moves it."""
    line = winning_line("tabbycat", DEAL)
    text = R.encode(GAME, DEAL, line)
    page = new_page(browser, reduced_motion="no-preference", has_touch=True,
                    viewport={"width": 360, "height": 740})
    boot(page, server + f"/?deal={DEAL}&game=tabbycat#replay=" + text)
    page.wait_for_selector("#replay:not([hidden])")
    page.evaluate(WATCH_CASCADE)

    def tap_a_move():
        """Tap the top card of a pile that has a move: the game takes one more move."""
        pos = GAME.parse(page.evaluate("window.tabby_position()"))
        move = next(m for m in GAME.legal_moves(pos)
                    if not m.is_deal and m.count == 1 and m.src.startswith("pile"))
        before = len(page.evaluate("window.tabby_moves()").split())
        page.tap(f'.card[data-card="{GAME.get(pos, move.src)[-1]}"]')
        assert len(page.evaluate("window.tabby_moves()").split()) == before + 1

    page.locator("#replay-play").blur()
    key(page, "End")
    key(page, "ArrowLeft", 4)
    assert at(page) == len(line) - 4
    settled(page)
    key(page, "Escape")
    assert page.is_hidden("#replay") and shown(page) == GAME.deal(DEAL)
    assert_still(page)
    tap_a_move()
    settled(page)
    page.evaluate("(t) => { location.hash = '#replay=' + t; }", text)
    page.wait_for_selector("#replay:not([hidden])")
    page.tap('#replay button[data-replay="end"]')
    for _ in range(5):
        page.tap('#replay button[data-replay="back"]')
    settled(page)
    page.tap("#replay-from-here")
    assert page.is_hidden("#replay")
    assert page.evaluate("window.tabby_moves()") == format_line(line[:-5])
    assert_still(page)
    tap_a_move()
    assert page.evaluate("window.tabbyCascades") == 0
    assert page.errors == []
    page.context.close()


# Every control of the replay bar, as its box.
REPLAY_BOXES = """() => [...document.querySelectorAll('#replay button, #replay input, #replay select, #replay output')]
    .map((e) => { const r = e.getBoundingClientRect(); return [e.id || e.textContent, r.left, r.top, r.width, r.height]; })"""


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("width,height", [(1280, 800), (1024, 768), (360, 740)])
def test_play_and_pause_never_move_the_replay_bar(won, width, height, lang):
    """Play turns its ▶ into ❚❚: no control of the bar moves, so a second click where the
    first was pauses (on a wide screen ❚❚ once made its button wider, the bar wrapped
    to a second row and every control moved; the second click fell on ◁)."""
    page = won[0]
    page.set_viewport_size({"width": width, "height": height})
    if lang != "en":
        page.evaluate(f"""() => {{ const menu = document.getElementById('lang-select');
            menu.value = '{lang}'; menu.dispatchEvent(new Event('change')); }}""")
    page.click("#win-replay")
    page.wait_for_selector("#replay:not([hidden])")
    settled(page)
    still = page.evaluate(REPLAY_BOXES)
    page.click("#replay-play")
    page.wait_for_selector("#replay-play[aria-pressed='true']")
    settled(page)
    assert page.evaluate(REPLAY_BOXES) == still
    page.click("#replay-play")   # where the first click was: it pauses
    page.wait_for_selector("#replay-play[aria-pressed='false']")
    settled(page)
    assert page.evaluate(REPLAY_BOXES) == still
    assert page.errors == []
