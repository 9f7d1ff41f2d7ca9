"""Accessible play in a real browser (issue 15): axe-core over the issue's scenes in both
themes, a Tabby Cat deal won by select-then-target with keys only and with taps only
(the announcement checked after each move), and the modal panels by keyboard.

axe-core comes from npm (package.json's devDependencies, ``npm install``) and is put in
the page by the test (an init script: never from a CDN). One booted page, with touch, is
shared by every test here: each Pyodide boot is expensive.
"""

import json
import os
from pathlib import Path

import pytest

from solitaire import get_game
from solitaire.words.messages import Message
from solitaire.engine.position import format_line
from solitaire.solver.search import solve
from pages import boot, new_page, settled
from test_page import long_pile_line

ROOT = Path(__file__).resolve().parent.parent
AXE = Path(os.environ.get("AXE_JS", ROOT / "node_modules" / "axe-core" / "axe.min.js"))
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"]
TABBY = get_game("tabbycat")
DEAL = 1


@pytest.fixture(scope="module")
def page(browser, server):
    if not AXE.exists():
        pytest.fail(f"axe-core is missing ({AXE}): run npm install (package.json devDependencies)")
    page = new_page(browser, has_touch=True)
    page.context.add_init_script(path=str(AXE))
    boot(page, server + f"/?deal={DEAL}")
    yield page
    page.context.close()


def start(page, game="tabbycat", deal=DEAL, line=()):
    page.evaluate("document.querySelectorAll('.overlay').forEach(e => e.hidden = true)")
    page.evaluate(f"window.tabby_start({deal}, '{game}')")
    if line:
        assert page.evaluate(f"window.tabby_play({json.dumps(format_line(list(line)))})")


def axe(page):
    """The WCAG 2.x A/AA violations axe finds on the page: {rule: [targets]}."""
    found = page.evaluate("""async tags => {
        const r = await axe.run(document, {runOnly: {type: 'tag', values: tags},
                                           resultTypes: ['violations']});
        return r.violations.map(v => [v.id, v.nodes.slice(0, 5).map(n => n.target.join(' ')
                                      + ' :: ' + (n.failureSummary || '').slice(0, 160))]);
    }""", TAGS)
    return dict(found)


def record_a_win_and_a_loss(page, line):
    """Statistics with something in them: a won deal, then a deal left after 3 moves."""
    start(page, line=line)
    page.keyboard.press("Escape")  # the win panel
    start(page, deal=DEAL + 1, line=solve(TABBY, TABBY.deal(DEAL + 1)).line[:3])
    page.evaluate("window.tabby_start(3, 'tabbycat')")  # the deal in play counts as lost
    stats = json.loads(page.evaluate("window.tabby_stats()"))
    assert stats, stats


def test_axe_finds_no_wcag_violation_in_any_scene_in_either_theme(page):
    """The issue's scenes, light and dark: Tabby Cat at the start, after 10 moves, with
    the menu open, with the statistics open (after a win and a loss, scrolled to them),
    the win; four-suit Spider; Tuxedo; How to play, the leave-game question and the game
    as text."""
    line = solve(TABBY, TABBY.deal(DEAL)).line
    spider = get_game("spider4")

    def menu():
        start(page, line=line[:10])
        page.focus("#stats")
        page.keyboard.press("Enter")

    def statistics():
        record_a_win_and_a_loss(page, line)
        page.click("#stats")
        page.evaluate("document.getElementById('stats-title').scrollIntoView()")
        assert page.locator("#stats-list dd, #stats-list dt").count() > 0

    def rules():
        start(page)
        page.focus("#slot-pile-1")
        page.keyboard.press("?")
        page.wait_for_selector("#rules-body h3")

    def leave():
        start(page, line=line[:3])
        page.focus("#game-select")
        assert page.evaluate("document.activeElement.id") == "game-select", page.evaluate("document.activeElement.outerHTML.slice(0, 120)")
        page.keyboard.press("End")
        page.keyboard.press("Enter")
        page.wait_for_selector("#offer", state="visible")

    def game_text():
        start(page, line=line[:5])
        page.click("#stats")
        page.click("#game-text")
        page.wait_for_selector("#text-panel:not([hidden])")

    scenes = {
        "tabbycat start": lambda: start(page),
        "tabbycat after 10 moves": lambda: start(page, line=line[:10]),
        "menu open": menu,
        "statistics open": statistics,
        "won": lambda: start(page, line=line),
        "spider4": lambda: start(page, "spider4", 1, solve(spider, spider.deal(1), budget=20_000).line[:6]),
        "tuxedo": lambda: start(page, "tuxedo", 1),
        "how to play": rules,
        "leave-game question": leave,
        "game as text": game_text,
    }
    problems = {}
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        for name, scene in scenes.items():
            scene()
            settled(page)
            if name == "won":
                page.wait_for_selector("#win:not([hidden])")
            found = axe(page)
            if found:
                problems[f"{scheme}: {name}"] = found
            page.keyboard.press("Escape")
            page.evaluate("document.getElementById('rules').open && document.getElementById('rules').close()")
    page.emulate_media(color_scheme="light")
    start(page)
    assert not problems, json.dumps(problems, indent=1, ensure_ascii=False)


# -- playing by keys only and by taps only ---------------------------------------------------

def focused(page):
    """(place, index) of the focused element of the table: index None for a place."""
    return tuple(page.evaluate("""() => {
        const e = document.activeElement;
        if (!e || !e.closest('#table')) return [null, null];
        if (e.classList.contains('slot')) return [e.dataset.pile, null];
        return [e.dataset.place || null, e.dataset.index === undefined ? null : +e.dataset.index];
    }"""))


def key_to(page, place, index=None):
    """Move the focus with arrow keys only: to ``place``, then up to its card ``index``."""
    for _ in range(40):
        here, at = focused(page)
        if here is None:
            page.keyboard.press("Tab")  # into the table from wherever focus is
            continue
        if at is not None:
            page.keyboard.press("ArrowDown")
            continue
        if here != place:
            page.keyboard.press("ArrowRight")
            continue
        break
    assert focused(page) == (place, None), (place, focused(page))
    if index is not None:
        for _ in range(60):
            if focused(page) == (place, index):
                break
            page.keyboard.press("ArrowUp")
        assert focused(page) == (place, index), (place, index, focused(page))


def expected(pos, move):
    if move.is_deal:
        return "Dealt"
    card = TABBY.get(pos, move.src)[-move.count]
    key = "said_moves" if move.count > 1 else "said_move"
    return str(Message(key, card=card, count=move.count, src=move.src, dst=move.dst))


def announced(page):
    return page.inner_text("#announce")


def position(page):
    return TABBY.parse(page.evaluate("window.tabby_position()"))


def test_a_deal_won_with_keys_only_then_the_win_panel_by_keyboard(page):
    start(page)
    page.focus("#new-deal")  # the last control before the table: Tab goes on into it
    pos = TABBY.deal(DEAL)
    line = solve(TABBY, pos).line
    for n, move in enumerate(line):
        page.evaluate("document.getElementById('announce').textContent = ''")
        if move.is_deal:
            key_to(page, "stock")
            page.keyboard.press("Enter")
        else:
            key_to(page, move.src, len(TABBY.get(pos, move.src)) - move.count)
            page.keyboard.press("Enter")  # chooses the card and those on it
            assert "chosen" in page.inner_text("#status")
            key_to(page, move.dst)
            opener = page.evaluate("document.activeElement.id")
            page.keyboard.press("Enter")
        want = expected(pos, move)
        pos = TABBY.apply(pos, move)
        assert position(page) == pos, (n, move)
        assert announced(page).startswith(want), (n, move, announced(page))
    assert "You won" in announced(page)
    assert_modal(page, "#win", opener)  # opened by the last Enter: focus goes back there
    assert not page.errors, page.errors


def tap_at(page, place, index=None):
    """Tap a card (its visible strip) or, for a place, its top card or its outline."""
    pos = position(page)
    cards = TABBY.get(pos, place)
    down = TABBY.face_down(pos, place)
    if index is None and cards and place != "stock" and len(cards) > down:
        index = len(cards) - 1
    if index is not None and place != "stock":
        box = page.locator(f'.card[data-place="{place}"][data-index="{index}"]').bounding_box()
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + 6)
    else:
        box = page.locator(f'.slot[data-pile="{place}"]').bounding_box()
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def test_a_deal_won_with_taps_only(page):
    start(page)
    page.tap("#stats")
    page.tap("#choose-first")  # the setting: tap a card, then its place
    page.tap("#stats-close")
    assert page.locator("#stats-panel").is_hidden()
    pos = TABBY.deal(DEAL)
    for n, move in enumerate(solve(TABBY, pos).line):
        page.evaluate("document.getElementById('announce').textContent = ''")
        if move.is_deal:
            tap_at(page, "stock")
        else:
            tap_at(page, move.src, len(TABBY.get(pos, move.src)) - move.count)
            assert page.locator(".card.chosen").count() == move.count
            tap_at(page, move.dst)
        want = expected(pos, move)
        pos = TABBY.apply(pos, move)
        assert position(page) == pos, (n, move)
        assert announced(page).startswith(want), (n, move, announced(page))
    assert "You won" in announced(page)
    page.keyboard.press("Escape")
    page.tap("#stats")
    page.tap("#choose-first")
    page.tap("#stats-close")
    assert not page.errors, page.errors


# -- modal panels ---------------------------------------------------------------------------

def assert_modal(page, panel, opener):
    """Focus is inside ``panel`` on its first control, Tab and Shift+Tab never leave it,
    Esc closes it and focus is back on ``opener`` (an element id)."""
    assert page.is_visible(panel)
    first = page.evaluate(f"""() => [...document.querySelector('{panel}').querySelectorAll(
        'button, input, select, textarea, a[href], [tabindex]')].find(e => !e.disabled
        && e.tabIndex >= 0 && !e.closest('[hidden]') && e.getClientRects().length).id""")
    assert page.evaluate("document.activeElement.id") == first
    stops = page.evaluate(f"document.querySelector('{panel}').querySelectorAll('button, input, select').length")
    for key in ["Tab"] * (stops + 3) + ["Shift+Tab"] * (stops + 3):
        page.keyboard.press(key)
        assert page.evaluate(f"document.querySelector('{panel}').contains(document.activeElement)"), key
    page.keyboard.press("Escape")
    assert page.is_hidden(panel)
    assert page.evaluate("document.activeElement.id") == opener


def test_the_menu_is_modal_opens_at_its_top_and_keys_do_not_reach_the_table(page):
    start(page, line=solve(TABBY, TABBY.deal(DEAL)).line[:3])
    page.focus("#stats")
    page.keyboard.press("Enter")
    assert page.evaluate("document.querySelector('#stats-panel .panel').scrollTop") == 0
    moves = page.evaluate("window.tabby_moves()")
    for key in ("u", "n", "d", "1", "h"):  # single-key shortcuts never act behind a panel
        page.keyboard.press(key)
    assert page.evaluate("window.tabby_moves()") == moves and page.is_visible("#stats-panel")
    page.focus("#stats-close")
    page.keyboard.press("Shift+Tab")  # back to the first control, whichever it is
    page.keyboard.press("Escape")
    page.focus("#stats")
    page.keyboard.press("Enter")
    assert_modal(page, "#stats-panel", "stats")
    page.focus("#game-select")  # typing in the game menu never fires the table's keys
    page.keyboard.press("t")
    assert page.evaluate("window.tabby_moves()") == moves
    assert not page.errors, page.errors


# -- targets on a phone (2.5.8) ------------------------------------------------------------

TARGETS = """() => {
    // Each face-up card's own target: the part of it no later card of its place covers
    // (a fanned card's strip, a stack's top card), and what a tap at its middle reaches.
    // Only a stack's top card is a target (a foundation, a cell): the rest lie under it.
    const cards = [...document.querySelectorAll('.card[data-place]:not(.back)')];
    const top = {};
    for (const c of cards) top[c.dataset.place] = Math.max(top[c.dataset.place] ?? -1, +c.dataset.index);
    return cards.filter(c => /^(pile|tail)/.test(c.dataset.place) || +c.dataset.index === top[c.dataset.place])
                .map(c => {
        const r = c.getBoundingClientRect();
        const over = cards.filter(o => o.dataset.place === c.dataset.place
                                       && +o.dataset.index > +c.dataset.index)
                          .map(o => o.getBoundingClientRect().top);
        const h = over.length ? Math.min(...over) - r.top : r.height;
        const hit = h > 0 ? document.elementFromPoint(r.left + r.width / 2, r.top + h / 2) : null;
        return {card: c.dataset.card, place: c.dataset.place, w: r.width, h: h,
                hit: !!hit && c.contains(hit), bottom: r.bottom};
    });
}"""


def autoplay(page, on):
    """The setting Auto-play to foundations, through the menu."""
    page.click("#stats")
    if page.is_checked("#autoplay") != on:
        page.click("#autoplay")
    page.click("#stats-close")


def targets(page, game, deal, line=()):
    """The targets of the cards a player can pick up (web/geometry.py stacks the cards
    under a pile's movable run tight: a tap there moves nothing) and of each stack's top."""
    start(page, game, deal, line)
    page.evaluate("window.dispatchEvent(new Event('resize'))")
    settled(page)
    rules = get_game(game)
    pos = rules.parse(page.evaluate("window.tabby_position()"))
    movable = {str(card) for place in rules.layout() if place.fan == "down"
               for i, card in enumerate(rules.get(pos, place.name))
               if rules.lift(pos, place.name, i) is not None}
    return [t for t in page.evaluate(TARGETS)
            if t["card"] in movable or not t["place"].startswith(("pile", "tail"))]


def test_every_card_that_moves_is_a_target_of_24_px_on_a_phone_and_44_where_there_is_room(page):
    """At 360x740 every face-up card a player can pick up shows a strip at least 24 px
    tall and wide that a tap reaches, in Tabby Cat after 10 moves and with a pile of 22
    cards, and in Tuxedo and four-suit Spider; where the height allows (Tuxedo's deal,
    Tabby Cat after 10 moves) each strip is 44 px; all of it on the screen."""
    page.set_viewport_size({"width": 360, "height": 740})
    page.wait_for_function("window.innerWidth === 360")
    if page.is_visible("#intro"):  # the first-time note, put away as a player does
        page.click("#intro-close")
    try:
        spider, tux = get_game("spider4"), get_game("tuxedo")
        n, long_line = long_pile_line(22)
        scenes = {
            "tabbycat after 10 moves": ("tabbycat", DEAL, solve(TABBY, TABBY.deal(DEAL)).line[:10], 44),
            "tabbycat, a pile of 22": ("tabbycat", n, long_line, 24),
            "tuxedo": ("tuxedo", 1, (), 44),
            "tuxedo after 20 moves": ("tuxedo", 1, solve(tux, tux.deal(1)).line[:20], 24),
            "spider4": ("spider4", 1, solve(spider, spider.deal(1), budget=20_000).line[:12], 24),
        }
        for name, (game, deal, line, least) in scenes.items():
            if game == "tuxedo" and line:  # the solver's line replays with no auto-play
                start(page, game, deal)
                autoplay(page, False)
            found = targets(page, game, deal, line)
            assert len(found) >= 4, name
            # the translate()s are rounded to 0.1 px: a 44 px fan may measure 43.9
            small = [(t["card"], t["place"], round(t["h"], 1)) for t in found
                     if t["h"] < least - 0.15 or t["w"] < 24]
            assert not small, (name, small)
            assert all(t["hit"] for t in found), (name, [t["card"] for t in found if not t["hit"]])
            assert max(t["bottom"] for t in found) <= 740, name
    finally:
        start(page, "tuxedo", 1)
        autoplay(page, True)
        page.set_viewport_size({"width": 1280, "height": 800})
        page.wait_for_function("window.innerWidth === 1280")
        start(page)


# -- the game menu (3.2.2) ------------------------------------------------------------------

def test_the_game_menu_changes_game_only_on_an_explicit_choice_and_asks_first(page):
    """Arrows on the game menu only show a game and say how to play it (Esc puts the
    menu back); Enter plays it. With a move made it asks first: Keep playing keeps the
    game and its moves, Leave it switches and counts the game as lost."""
    start(page)
    page.focus("#game-select")
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.body.dataset.game") == "tabbycat"
    shown = page.input_value("#game-select")
    assert shown != "tabbycat"
    assert "Enter" in page.inner_text("#status")
    page.keyboard.press("Escape")
    assert page.input_value("#game-select") == "tabbycat"
    assert page.evaluate("document.body.dataset.game") == "tabbycat"
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    second = page.input_value("#game-select")
    page.keyboard.press("Enter")  # no move made: nothing to lose, the game changes
    assert page.evaluate("document.body.dataset.game") == second
    page.select_option("#game-select", "tabbycat")  # a choice from the open list
    assert page.evaluate("document.body.dataset.game") == "tabbycat"

    line = solve(TABBY, TABBY.deal(DEAL)).line[:3]
    start(page, line=line)
    moves = page.evaluate("window.tabby_moves()")
    page.focus("#game-select")
    page.keyboard.press("End")  # the last game, shown only
    page.keyboard.press("Enter")
    page.wait_for_selector("#offer", state="visible")
    assert "in progress" in page.inner_text("#offer-text")
    assert page.evaluate("document.activeElement.closest('#offer') !== null")
    page.focus("#offer-stay")
    page.keyboard.press("Enter")
    assert page.evaluate("document.body.dataset.game") == "tabbycat"
    assert page.input_value("#game-select") == "tabbycat"
    assert page.evaluate("window.tabby_moves()") == moves
    page.focus("#game-select")
    page.keyboard.press("End")
    last = page.input_value("#game-select")
    page.keyboard.press("Enter")
    page.focus("#offer-leave\\:" + last)
    page.keyboard.press("Enter")
    assert page.evaluate("document.body.dataset.game") == last
    assert not page.errors, page.errors


# -- every dialog by keyboard ---------------------------------------------------------------

def test_every_dialog_by_keyboard_keeps_focus_inside_closes_on_esc_and_gives_focus_back(page):
    """The menu (its statistics are in it), How to play from the table and from the
    menu, and the leave-game question: each opened by keyboard, Tab and Shift+Tab stay
    inside the modal ones, Esc closes each and focus is back on its opener. (The win
    panel: test_a_deal_won_with_keys_only_then_the_win_panel_by_keyboard.)"""
    start(page, line=solve(TABBY, TABBY.deal(DEAL)).line[:3])
    page.focus("#stats")
    page.keyboard.press("Enter")
    assert_modal(page, "#stats-panel", "stats")

    page.focus("#slot-pile-2")
    page.keyboard.press("?")
    page.wait_for_selector("#rules-body h3")
    assert page.evaluate("document.getElementById('rules').open")
    assert_modal(page, "#rules", "slot-pile-2")

    page.focus("#stats")
    page.keyboard.press("Enter")
    page.wait_for_selector("#stats-panel", state="visible")
    page.focus("#how-to-play")
    # (each step checked: were How to play never to open, the failure says which step went wrong)
    assert page.evaluate("document.activeElement.id") == "how-to-play"
    page.keyboard.press("Enter")
    page.wait_for_function("document.getElementById('rules').open")
    page.wait_for_selector("#rules-body h3")
    assert_modal(page, "#rules", "how-to-play")  # back in the menu, which stays open
    assert page.is_visible("#stats-panel")
    page.keyboard.press("Escape")
    assert page.is_hidden("#stats-panel")
    assert page.evaluate("document.activeElement.id") == "stats"

    moves = page.evaluate("window.tabby_moves()")
    page.focus("#game-select")
    page.keyboard.press("End")
    page.keyboard.press("Enter")  # a move was made: the question, focus on its first answer
    page.wait_for_selector("#offer", state="visible")
    assert page.evaluate("document.activeElement.closest('#offer') !== null")
    page.keyboard.press("Escape")  # the answer that changes nothing: keep playing
    assert page.is_hidden("#offer")
    assert page.evaluate("document.activeElement.id") == "game-select"
    assert page.evaluate("document.body.dataset.game") == "tabbycat"
    assert page.input_value("#game-select") == "tabbycat"
    assert page.evaluate("window.tabby_moves()") == moves
    assert not page.errors, page.errors


def test_focus_moved_before_the_rules_close_event_stays_where_it_was_put(page):
    """How to play's dialog gets its close event a task after it closed: focus moved in
    between (a player quick on the keys, or a busy page) stays where it was put, and is
    not sent back to the dialog's opener (it was, and Enter on the menu's button then
    chose a pile instead of opening the menu)."""
    start(page, line=solve(TABBY, TABBY.deal(DEAL)).line[:3])
    page.focus("#slot-pile-2")
    page.keyboard.press("?")
    page.wait_for_selector("#rules-body h3")
    page.evaluate("""() => new Promise((done) => {
        const dialog = document.getElementById('rules');
        dialog.addEventListener('close', () => setTimeout(done, 0), {once: true});  // after the page's own
        dialog.close();
        document.getElementById('stats').focus();
    })""")
    assert page.evaluate("document.activeElement.id") == "stats"
    page.keyboard.press("Enter")
    assert page.is_visible("#stats-panel")
    page.keyboard.press("Escape")
    assert page.is_hidden("#stats-panel")
    assert not page.errors, page.errors


# -- a card turned face down again ----------------------------------------------------------

def test_a_card_turned_face_down_by_undo_tells_nothing_of_its_face(page):
    """Spider: a move lays a card bare, undo turns it face down again: its element (kept
    for the next time) leaves the accessibility tree with no name, role or face, and its
    column's name says how many cards are face down."""
    from solitaire.words.reading import card_name, place_name
    spider = get_game("spider4")
    pos = spider.deal(1)
    move = next(m for m in spider.legal_moves(pos) if not m.is_deal
                and spider.face_down(spider.apply(pos, m), m.src) < spider.face_down(pos, m.src))
    line, after, src = [move], spider.apply(pos, move), move.src
    bare = spider.get(after, src)[-1]
    start(page, "spider4", 1, line)
    node = page.evaluate(f"""() => {{ const e = [...document.querySelectorAll(
        '.card[data-place="{src}"]:not(.back)')].find(e => +e.dataset.index === {len(spider.get(after, src)) - 1});
        return [e.id, e.getAttribute('aria-label')]; }}""")
    cards = spider.get(after, src)
    assert node[1] == str(card_name(bare, len(cards) - 1, len(cards))), node
    page.focus("#undo")
    page.keyboard.press("Enter")
    assert spider.parse(page.evaluate("window.tabby_position()")) == pos
    state = page.evaluate(f"""() => {{ const e = document.getElementById('{node[0]}');
        return {{hidden: e.getAttribute('aria-hidden'), label: e.getAttribute('aria-label'),
                 role: e.getAttribute('role'), card: e.dataset.card || null, text: e.textContent,
                 back: e.classList.contains('back'), tab: e.getAttribute('tabindex')}}; }}""")
    assert state == {"hidden": "true", "label": None, "role": None, "card": None, "text": "",
                     "back": True, "tab": None}, state
    tree = page.locator("#table").aria_snapshot()
    assert node[1] not in tree
    label = page.get_attribute(f"#slot-{src}", "aria-label")
    assert label == str(place_name(spider, pos, src)), label
    assert f"{spider.face_down(pos, src)} face down" in label
    start(page)
