"""How the table feels in a real browser: space, phone controls, motion, the win, pictures.

Collected as part of test_page.py (its last line imports these tests), so that they share
its browser and server: run them with ``python3 -m pytest tests/test_page.py -k feel``.
One booted page with motion on (most page tests run with reduced motion) is resized and
reset through the page's test hooks; each Pyodide boot is expensive.
"""

import json

import pytest

from solitaire import DEAL, get_game, solve
from solitaire.engine.position import format_line
from test_page import SHOTS, boot, long_pile_line, new_page, ready

TABBY, SPIDER, TUX = get_game("tabbycat"), get_game("spider4"), get_game("tuxedo")
SIZES = [(360, 740), (390, 844), (1280, 800), (2560, 1440)]

CARD_BOXES = """() => [...document.querySelectorAll('.card[data-place]')].map(e => {
    const r = e.getBoundingClientRect();
    return {card: e.dataset.card, place: e.dataset.place, index: +e.dataset.index,
            back: e.classList.contains('back'), x: r.x, y: r.y, w: r.width, h: r.height,
            bottom: r.bottom, right: r.right};
})"""

RUNNING = """sel => document.getAnimations().filter(a => a.effect && a.effect.target
    && a.effect.target.matches(sel) && a.playState !== 'finished')
    .map(a => ({card: a.effect.target.dataset.card, end: a.effect.getComputedTiming().endTime,
                frames: JSON.stringify(a.effect.getKeyframes())}))"""


@pytest.fixture(scope="module")
def felt(browser, server):
    """One page with motion on, at 1280x800, light theme."""
    page = new_page(browser, reduced_motion="no-preference")
    boot(page, server + "/?deal=1")
    yield page
    page.context.close()


def size(page, width, height, scheme="light", motion="no-preference"):
    page.emulate_media(color_scheme=scheme, reduced_motion=motion)
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function(f"window.innerWidth === {width} && window.innerHeight === {height}")
    page.evaluate("document.querySelectorAll('.overlay, #intro').forEach(e => e.hidden = true);"
                  "window.dispatchEvent(new Event('resize'));"  # emulation may not send one
                  "document.getAnimations().forEach(a => a.finish())")


def start(page, game, deal, line=()):
    page.evaluate(f"window.tabby_start({deal}, '{game.id}')")
    if line:
        assert page.evaluate(f"window.tabby_play({json.dumps(format_line(list(line)))})")
    page.evaluate("window.dispatchEvent(new Event('resize'));"
                  "document.getAnimations().forEach(a => a.finish())")


def card_width(page):
    # any face-up card (face-down and stock cards carry no data-card): all share one size
    # (its laid-out width: a card turning over is narrowed by a transform for a moment)
    return page.eval_on_selector('.card[data-card]', "e => parseFloat(getComputedStyle(e).width)")


def assert_readable(page, game, width, height):
    """No card of one place covers another place's cards; in a fan every face-up card
    that can move shows at least its index (13 px), and one under the movable run either
    that or a sliver marked as stacked (a smaller index, the pile's count of them shown);
    the table is no wider than the screen."""
    boxes = page.evaluate(CARD_BOXES)
    stacked = set(page.evaluate("[...document.querySelectorAll('.card.stacked')].map(e => e.dataset.card)"))
    pos = game.parse(page.evaluate("window.tabby_position()"))
    places = {}
    for b in boxes:
        places.setdefault(b["place"], []).append(b)
    hull = {}
    for name, cards in places.items():
        cards.sort(key=lambda b: b["index"])
        hull[name] = (min(b["x"] for b in cards), min(b["y"] for b in cards),
                      max(b["right"] for b in cards), max(b["bottom"] for b in cards))
        if name.startswith(("pile-", "tail")):
            for under, over in zip(cards, cards[1:]):
                if under["back"]:
                    continue
                strip = over["y"] - under["y"]
                if game.lift(pos, name, under["index"]) is not None or under["card"] not in stacked:
                    assert strip >= 12.5, (name, under["card"], strip)
                else:
                    assert strip >= 0.9, (name, under["card"], strip)
    names = sorted(hull)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            if a.startswith("foundation") and b.startswith("foundation"):
                continue  # completed runs may stack, each King's index showing
            (ax, ay, ar, ab), (bx, by, br, bb) = hull[a], hull[b]
            assert ar <= bx + 0.5 or br <= ax + 0.5 or ab <= by + 0.5 or bb <= ay + 0.5, (a, b)
    assert page.evaluate("document.documentElement.scrollWidth") <= width


# -- space ---------------------------------------------------------------------------------

def test_feel_cards_use_the_screen_and_a_long_pile_tightens_first(felt):
    """1280x800: cards at least 90 px wide with a 30-card pile, all of it on screen; the
    size does not change while piles grow to 25 cards; 2560x1440: the table spans at
    least half the width."""
    size(felt, 1280, 800)
    start(felt, TABBY, 1)
    fresh = card_width(felt)
    n, line = long_pile_line(25)
    start(felt, TABBY, n, line)
    assert card_width(felt) == fresh  # a pile of 25 fits by its own fan alone
    n, line = long_pile_line(30)
    start(felt, TABBY, n, line[:-1])
    before = card_width(felt)
    grown = 30 - max(len(p) for p in TABBY.parse(felt.evaluate("window.tabby_position()")).piles)
    start(felt, TABBY, n, line)
    assert max(len(p) for p in TABBY.parse(felt.evaluate("window.tabby_position()")).piles) == 30
    wide = card_width(felt)
    assert wide >= 90, wide
    assert wide >= before * 0.97 ** grown  # under 3% a card: no jump
    assert max(b["bottom"] for b in felt.evaluate(CARD_BOXES)) <= 800
    assert_readable(felt, TABBY, 1280, 800)
    size(felt, 2560, 1440)
    span = felt.evaluate("""() => { const r = [...document.querySelectorAll('.slot, .card')]
        .map(e => e.getBoundingClientRect());
        return Math.max(...r.map(b => b.right)) - Math.min(...r.map(b => b.left)); }""")
    assert span >= 1280, span


def test_feel_spider_runs_stack_compactly_and_the_tail_keeps_its_label(felt):
    """Spider's eight foundations take under three quarters of the piles' row, with one
    outline (compact, yet each King's index shows whole:
    test_a_spider_column_of_33_cards_fits_the_screen; the three card widths this test once
    asked hid every suit but the last); the tail is labelled Tail, empty or not, and the
    label covers no card."""
    size(felt, 1280, 800)
    start(felt, SPIDER, 1)
    boxes = felt.eval_on_selector_all('.slot[data-pile^="foundation"]', "els => els.map(e => "
                                      "[e.getBoundingClientRect().left, e.getBoundingClientRect().right,"
                                      " getComputedStyle(e).borderTopStyle])")
    piles = felt.eval_on_selector_all('.slot[data-pile^="pile"]', "els => els.map(e => "
                                      "[e.getBoundingClientRect().left, e.getBoundingClientRect().right])")
    row = max(b[1] for b in piles) - min(b[0] for b in piles)
    assert max(b[1] for b in boxes) - min(b[0] for b in boxes) <= 0.75 * row
    assert sum(1 for b in boxes if b[2] != "none") == 1
    for n, line in ((1, ()), long_pile_line(30)):
        start(felt, TABBY, n, line)
        label = felt.locator(".place-label")
        assert label.inner_text().lower() == "tail" and label.is_visible()
        box = label.bounding_box()
        tail = felt.locator('.slot[data-pile="tail"]').bounding_box()
        assert box["y"] + box["height"] <= tail["y"] + 1 and abs(box["x"] - tail["x"]) < 1


# The game menu shows every game's whole name: as wide as a menu holding only that name.
CUT_NAMES = """() => { const menu = document.getElementById('game-select');
    return [...menu.options].filter(o => { const alone = menu.cloneNode(false);
        alone.style.cssText = 'position:absolute;width:auto;max-width:none';  // same id: same rules
        alone.append(o.cloneNode(true));
        menu.parentElement.append(alone);
        const need = alone.getBoundingClientRect().width;
        alone.remove();
        return need > menu.getBoundingClientRect().width + 0.5; }).map(o => o.textContent); }"""


@pytest.mark.parametrize("width,height", [(360, 740), (390, 844), (740, 360)])
def test_feel_phone_header_is_one_row_of_large_targets(felt, width, height):
    """On a phone the header is one row at most 64 px tall; no control (the stock
    included, in Spider too) is under 44 px; Daily, Winnable and Redo are in the menu."""
    size(felt, width, height)
    for game in (TABBY, SPIDER):
        start(felt, game, 1)
        assert felt.eval_on_selector("header", "e => e.getBoundingClientRect().height") <= 64
        controls = felt.evaluate("""() => [...document.querySelectorAll(
            'header button, header select, header .toggle, .slot.stock')]
            .filter(e => e.offsetParent !== null)
            .map(e => { const r = e.getBoundingClientRect();
                        return [e.id || e.className, r.width, r.height, r.top]; })""")
        names = {c[0] for c in controls}
        assert {"game-select", "new-deal", "undo", "hint", "stats"} <= names, names
        assert not names & {"daily", "redo", "winnable-row"}, names
        for name, w, h, _ in controls:
            assert w >= 44 and h >= 44, (name, w, h)
        # every header button says what it does (New deal shows "New" when short of room)
        blank = felt.evaluate("""() => [...document.querySelectorAll('header button')]
            .filter(e => e.offsetParent !== null && ![e, ...e.querySelectorAll('*')].some(el =>
                [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())
                && el.getBoundingClientRect().width > 4))
            .map(e => e.id)""")
        assert not blank, blank
        tops = [c[3] for c in controls if c[0] not in ("slot stock", "slot-stock")]  # the stock (by class or id)
        # the game menu shows every game's whole name: as wide as a menu holding only it
        cut = felt.evaluate(CUT_NAMES)
        assert not cut, cut
        cut = felt.evaluate(f"""() => {{ const lang = document.getElementById('lang-select');
            lang.value = 'es'; lang.dispatchEvent(new Event('change'));  // longer names
            const cut = ({CUT_NAMES})();
            lang.value = ''; lang.dispatchEvent(new Event('change'));
            return cut; }}""")
        assert not cut, cut
        assert max(tops) - min(tops) < 4  # one row
        assert felt.evaluate("document.documentElement.scrollWidth") <= width
    felt.click("#stats")
    assert felt.locator("#stats-panel #redo").is_visible()
    felt.click("#stats-close")
    size(felt, 1280, 800)  # the media query's change event comes with the next frame
    felt.wait_for_selector("header #redo", state="visible", timeout=5_000)


# -- motion --------------------------------------------------------------------------------

# Every card animation the page starts, with the frame it belongs to: the table's
# data-moving (frames still to come) when it started, "last" for the last frame.
RECORD = """() => {
    if (!window.tabbyAnims) {
        const animate = Element.prototype.animate;
        Element.prototype.animate = function (...args) {
            const a = animate.apply(this, args);
            if (this.classList.contains('card')) window.tabbyAnims.push({
                card: this.dataset.card || '', t: performance.now(),
                step: document.getElementById('table').dataset.moving || 'last',
                end: a.effect.getComputedTiming().endTime,
                frames: JSON.stringify(a.effect.getKeyframes())});
            return a;
        };
    }
    window.tabbyAnims = [];
}"""
STILL = ("!document.getElementById('table').dataset.moving"
         " && !document.getAnimations().some(a => a.playState === 'running')")


def animations(page, selector=".card"):
    return page.evaluate(RUNNING, selector)


def assert_animates(page, act, cards=None):
    """``act`` starts card animations (on ``cards`` if given), each timed to end within
    250 ms (the README: under 250 ms), and they end by themselves."""
    page.evaluate("document.getAnimations().forEach(a => a.finish())")
    page.evaluate(RECORD)  # every slide started, even one a busy machine ended already
    act()
    running = page.evaluate("window.tabbyAnims")
    assert running, "nothing moved"
    assert all(a["end"] < 250 for a in running), running
    if cards is not None:
        assert set(cards) <= {a["card"] for a in running}, (cards, running)
    # They end by themselves (the timeline runs on frames: on a loaded machine a frame
    # can come late, so wait for the frames rather than a fixed time).
    page.wait_for_function("!document.getAnimations().some(a => a.playState === 'running')",
                           timeout=5_000)
    return running


def steps_of(page, act):
    """The card animations ``act`` starts, frame by frame (a list per frame shown),
    once every frame has been shown and every slide has ended."""
    page.evaluate("document.getAnimations().forEach(a => a.finish())")
    page.evaluate(RECORD)
    act()
    page.wait_for_function(STILL, timeout=10_000)
    steps = {}
    for a in page.evaluate("window.tabbyAnims"):
        steps.setdefault(a["step"], []).append(a)
    return list(steps.values())


def assert_steps(steps, *cards):
    """One frame per set of ``cards``, in order, each frame's slides including those
    cards and ending within 250 ms; a frame starts once the one before has ended."""
    assert len(steps) == len(cards), [[a["card"] for a in step] for step in steps]
    for step, want in zip(steps, cards):
        assert set(want) <= {a["card"] for a in step}, (want, step)
        assert all(a["end"] < 250 for a in step), step
    for before, after in zip(steps, steps[1:]):
        ended = min(a["t"] for a in before) + max(a["end"] for a in before)
        assert min(a["t"] for a in after) >= ended - 2, (before, after)


def test_feel_every_change_animates_briefly_and_a_click_finishes_it(felt):
    """Moves, deals, undo, redo and flips each slide under 250 ms (auto-moves and a
    finished run leaving: the next test); a click during a slide finishes it and acts;
    a drag follows the pointer with no animation on the dragged cards."""
    size(felt, 1280, 800)
    start(felt, TABBY, 1)
    assert_animates(felt, lambda: felt.click('.card[data-card="7H"]'), ["7H"])  # 7H onto 8D
    assert_animates(felt, lambda: felt.click('.slot[data-pile="stock"]'))
    assert_animates(felt, lambda: felt.click("#undo"))
    assert_animates(felt, lambda: felt.click("#redo"))
    # Interrupt: a press during a deal's slide finishes it at once and acts (undo).
    felt.evaluate("document.getAnimations().forEach(a => a.finish())")
    moves = felt.evaluate("window.tabby_moves()")
    dealt = felt.evaluate("""() => {
        const opts = {bubbles: true, pointerId: 1, pointerType: 'mouse', button: 0, clientX: 5, clientY: 5};
        const stock = document.querySelector('.slot[data-pile="stock"]');
        stock.dispatchEvent(new PointerEvent('pointerdown', opts));
        stock.dispatchEvent(new PointerEvent('pointerup', opts));
        const deal = document.getAnimations().filter(a => a.playState === 'running');
        const undo = document.querySelector('#undo');
        undo.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true}));
        const finished = deal.every(a => a.playState === 'finished');
        undo.click();
        return [deal.length, finished];
    }""")
    assert dealt[0] > 0 and dealt[1], dealt
    assert felt.evaluate("window.tabby_moves()") == moves  # the deal was undone at once
    # A drag: the dragged card sits where the pointer puts it, with nothing animating it.
    start(felt, TABBY, 1)
    box = felt.locator('.card[data-card="7H"]').bounding_box()
    felt.mouse.move(box["x"] + 20, box["y"] + 8)
    felt.mouse.down()
    felt.mouse.move(box["x"] + 60, box["y"] + 108, steps=3)
    moved = felt.locator('.card[data-card="7H"]').bounding_box()
    assert abs(moved["x"] - box["x"] - 40) < 1 and abs(moved["y"] - box["y"] - 100) < 1
    assert not animations(felt, '[data-card="7H"]')
    felt.mouse.up()  # an illegal place: the card slides back, to within a pixel of its place
    felt.wait_for_function("""(box) => {
        const e = document.querySelector('.card[data-card="7H"]'), r = e.getBoundingClientRect();
        return e.getAnimations().every(a => a.playState !== 'running')
            && Math.abs(r.x - box.x) <= 1 && Math.abs(r.y - box.y) <= 1; }""", arg=box)
    back = felt.locator('.card[data-card="7H"]').bounding_box()
    assert all(abs(back[k] - box[k]) <= 1 for k in box), (back, box)
    # Spider: a flip.
    two = get_game("spider2")
    line = solve(two, two.deal(1)).line
    pos = two.deal(1)
    for k, move in enumerate(line):
        after = two.apply(pos, move)
        if move.src.startswith("pile-") and after.hidden != pos.hidden and not any(after.foundations):
            start(felt, two, 1, line[:k])
            bare = str(after.piles[int(move.src[5:]) - 1][-1])
            running = assert_animates(felt, lambda: felt.evaluate(f"window.tabby_play('{move}')"), [bare])
            assert "scaleX" in next(a["frames"] for a in running if a["card"] == bare)
            break
        pos = after


def run_leaving(game, n):
    """A prefix of a winning line of deal ``n``, the move that then finishes a run, the
    cards it moves and the run that leaves."""
    pos = game.deal(n)
    line = solve(game, pos).line
    for k, move in enumerate(line):
        after = game.apply(pos, move)
        if sum(map(len, after.foundations)) > sum(map(len, pos.foundations)):
            run = next(f for f in after.foundations if f and f not in pos.foundations)
            moved = game.get(pos, move.src)[-move.count:] if not move.is_deal else ()
            return line[:k], move, [str(c) for c in moved], [str(c) for c in run]
        pos = after
    raise AssertionError("no run leaves")


def auto_moving():
    """A Tuxedo deal, a move after which auto-play moves a card, and both cards."""
    for n in range(1, 200):
        pos = TUX.deal(n)
        for move in TUX.legal_moves(pos):
            after = TUX.apply(pos, move)
            auto = TUX.auto_move(after)
            if auto is not None and not move.dst.startswith("foundation"):
                return n, move, str(TUX.get(pos, move.src)[-1]), str(TUX.get(after, auto.src)[-1])
    raise AssertionError("no auto-move")


def test_feel_a_finished_run_leaves_and_an_auto_move_slides_each_as_a_step(felt):
    """Motion per step: a move that finishes a run shows the cards arriving, then the
    run leaving (Spider and Tabby Cat); a Tuxedo move, then its auto-move to a
    foundation; each step slides and ends within 250 ms, one after the other."""
    size(felt, 1280, 800)
    for game, n in ((get_game("spider2"), 1), (TABBY, 2)):
        before, move, moved, run = run_leaving(game, n)
        start(felt, game, n, before)
        steps = steps_of(felt, lambda: felt.evaluate(f"window.tabby_play('{move}')"))
        assert_steps(steps, moved, run)
        # the last step leaves the table as the engine has it: the run on a foundation
        assert felt.eval_on_selector(f'.card[data-card="{run[0]}"]', "e => e.dataset.place").startswith("foundation")
    n, move, card, auto = auto_moving()
    start(felt, TUX, n)
    steps = steps_of(felt, lambda: felt.evaluate(f"window.tabby_play('{move}')"))
    assert_steps(steps[:2], [card], [auto])  # more auto-moves may follow, each a step
    assert_steps(steps, *([[card], [auto]] + [[]] * (len(steps) - 2)))


def test_feel_a_click_during_the_steps_finishes_them_at_once_and_acts(felt):
    """A press while a run is still to leave: every step is done at once (the run on
    its foundation, nothing moving) and the click then acts (Undo takes the move back)."""
    size(felt, 1280, 800)
    game = get_game("spider2")
    before, move, moved, run = run_leaving(game, 1)
    start(felt, game, 1, before)
    moves = felt.evaluate("window.tabby_moves()")
    got = felt.evaluate(f"""() => {{
        window.tabby_play('{move}');
        const table = document.getElementById('table');
        const waiting = table.dataset.moving;
        const undo = document.querySelector('#undo');
        undo.dispatchEvent(new PointerEvent('pointerdown', {{bubbles: true}}));
        const still = !table.dataset.moving && document.getAnimations().every(
            a => a.playState === 'finished');
        const place = document.querySelector('.card[data-card="{run[0]}"]').dataset.place;
        undo.click();
        return [waiting, still, place];
    }}""")
    assert got[0] == "1" and got[1], got
    assert got[2].startswith("foundation"), got
    assert felt.evaluate("window.tabby_moves()") == moves  # the click acted: undone
    felt.wait_for_function(STILL, timeout=10_000)


# The duration of every card animation the page starts from now on (kept even if a busy
# machine ended it before the test reads it).
RECORD_DURATIONS = """() => {
    if (!window.tabbyDurations) {
        const animate = Element.prototype.animate;
        Element.prototype.animate = function (...args) {
            const a = animate.apply(this, args);
            if (this.classList.contains('card')) window.tabbyDurations.push(a.effect.getTiming().duration);
            return a;
        };
    }
    window.tabbyDurations = [];
}"""
SHAKE_MS = """() => {
    const card = document.querySelector('.card[data-card]');
    card.classList.add('shake');
    const style = getComputedStyle(card);
    const ms = style.animationName === 'none' ? 0 : parseFloat(style.animationDuration) * 1000;
    card.classList.remove('shake');
    return Math.round(ms);
}"""


def choose_motion(page, value):
    page.click("#stats")
    page.select_option("#motion-select", value)
    page.click("#stats-close")


def slide_durations(page):
    """The durations of the card animations a move (7H of deal 1 onto pile 4) starts,
    once it and its undo are done."""
    page.evaluate(RECORD_DURATIONS)
    page.click('.card[data-card="7H"]')
    assert page.evaluate("window.tabby_moves()") == "1>4"
    durations = page.evaluate("window.tabbyDurations")
    page.wait_for_function(STILL, timeout=10_000)
    page.click("#undo")
    page.wait_for_function(STILL, timeout=10_000)
    assert page.evaluate("window.tabby_moves()") == ""
    return sorted(set(durations))


def test_feel_card_motion_is_slow_normal_fast_or_off_and_survives_a_reload(browser, server):
    """The menu's *Card motion* scales every slide (180 ms normal, 360 slow, 90 fast) and
    the shake and the win's cascade, or turns them off; the choice survives a reload. Left to the system, motion
    is off under prefers-reduced-motion (the choice says "Off (system)"), and a choice
    made there overrides it."""
    page = new_page(browser, reduced_motion="no-preference")
    boot(page, server + "/?deal=1&game=tabbycat")
    page.evaluate("document.getElementById('intro').hidden = true")
    assert page.eval_on_selector("#motion-select", "e => [e.value, e.options[0].textContent]") == [
        "", "Normal (system)"]
    assert slide_durations(page) == [180] and page.evaluate(SHAKE_MS) == 260
    for value, ms, shake in (("slow", 360, 520), ("fast", 90, 130), ("normal", 180, 260), ("off", None, 0)):
        choose_motion(page, value)
        assert slide_durations(page) == ([ms] if ms else []), value
        assert page.evaluate(SHAKE_MS) == shake, value
    page.reload()
    ready(page)
    page.evaluate("document.getElementById('intro').hidden = true")
    assert page.eval_on_selector("#motion-select", "e => e.value") == "off"
    assert slide_durations(page) == []
    choose_motion(page, "fast")
    page.reload()
    ready(page)
    page.evaluate("document.getElementById('intro').hidden = true")
    assert slide_durations(page) == [90]
    line = solve(TABBY, TABBY.deal(2)).line  # the win's cascade too: 700 ms a card, x 0.5
    page.evaluate(f"window.tabby_start(2, 'tabbycat')")
    assert page.evaluate(f"window.tabby_play({json.dumps(format_line(list(line[:-1])))})")
    page.wait_for_function(STILL, timeout=10_000)
    page.evaluate(RECORD_DURATIONS)
    page.evaluate(f"window.tabby_play('{line[-1]}')")
    page.wait_for_function(STILL, timeout=10_000)  # every step shown, the cascade down
    assert page.is_visible("#win")
    assert sorted(set(page.evaluate("window.tabbyDurations"))) == [90, 350]
    page.keyboard.press("Escape")
    page.evaluate("window.tabby_start(1, 'tabbycat')")
    page.wait_for_function(STILL, timeout=10_000)
    choose_motion(page, "")  # the system's, which asks for reduced motion: off
    page.emulate_media(reduced_motion="reduce")
    page.wait_for_function("document.getElementById('motion-select').options[0].textContent === 'Off (system)'")
    assert slide_durations(page) == [] and page.evaluate(SHAKE_MS) == 0
    choose_motion(page, "normal")  # a choice overrides the system's
    assert slide_durations(page) == [180] and page.evaluate(SHAKE_MS) == 260
    assert page.errors == []
    page.context.close()


def test_feel_reduced_motion_turns_it_off(felt):
    """Under prefers-reduced-motion nothing slides: cards are where they go at once."""
    size(felt, 1280, 800, motion="reduce")
    start(felt, TABBY, 1)
    felt.click('.card[data-card="7H"]')
    felt.click('.slot[data-pile="stock"]')
    felt.click("#undo")
    assert felt.evaluate("window.tabby_moves()") == "1>4"
    assert not felt.evaluate("document.getAnimations().length")
    game = get_game("spider2")  # a run leaving: no steps either, the run is off at once
    before, move, moved, run = run_leaving(game, 1)
    start(felt, game, 1, before)
    felt.evaluate(f"window.tabby_play('{move}')")
    assert not felt.evaluate("document.getAnimations().length")
    assert felt.evaluate("document.getElementById('table').dataset.moving") is None
    assert felt.eval_on_selector(f'.card[data-card="{run[0]}"]', "e => e.dataset.place").startswith("foundation")
    size(felt, 1280, 800)


def test_feel_a_win_cascades_then_the_summary_and_a_click_skips(felt):
    """Winning: the last move's steps, then the cards cascade, the summary waits for
    them; a click shows it at once (and does nothing else). The summary gives the time,
    the moves, the streak, today's daily, and the next steps: New deal (focused),
    Share, and today's daily while it is not won."""
    size(felt, 1280, 800)
    line = solve(TABBY, TABBY.deal(2)).line
    start(felt, TABBY, 2, line[:-1])
    felt.evaluate(f"window.tabby_play('{line[-1]}')")
    assert felt.evaluate("document.body.classList.contains('cascade')")
    felt.wait_for_function("new Set(document.getAnimations().filter(a => a.playState === 'running'"
                           " && a.effect.target.matches('.card')).map(a => a.effect.target)).size === 52",
                           timeout=10_000)
    running = animations(felt)
    assert len({a["card"] for a in running}) == 52 and max(a["end"] for a in running) <= 1600
    assert felt.eval_on_selector("#win .panel", "e => +getComputedStyle(e).opacity") < 0.5
    assert felt.evaluate("document.activeElement.id") == "win-new"  # the next step first
    felt.evaluate("document.getAnimations().forEach(a => { a.pause(); a.currentTime = 600; })")
    felt.screenshot(path=str(SHOTS / "feel-win-cascade-1280x800.png"))  # held mid-cascade
    felt.mouse.click(5, 400)
    assert not animations(felt)
    assert felt.eval_on_selector("#win .panel", "e => +getComputedStyle(e).opacity") == 1
    assert felt.is_visible("#win") and "moves" in felt.inner_text("#win-text")
    facts = felt.inner_text("#win-facts")
    moves = len(felt.evaluate("window.tabby_moves()").split())
    assert "Time: " in facts and f"Moves: {moves}" in facts, facts
    assert "Streak: " in facts and "Today's daily: not played yet" in facts, facts
    for button in ("#win-new", "#win-share", "#win-daily"):
        assert felt.is_visible(button), button
    felt.screenshot(path=str(SHOTS / "feel-win-1280x800.png"))
    # A click before the cascade has begun (the last move's steps still showing)
    # skips it all too: the summary at once, and the click does nothing else.
    start(felt, TABBY, 2, line[:-1])
    moves = felt.evaluate("window.tabby_moves()")
    waiting = felt.evaluate(f"""() => {{
        window.tabby_play('{line[-1]}');
        const waiting = document.getElementById('table').dataset.moving;
        const under = document.elementFromPoint(640, 400);  // where the panel's buttons are
        const opts = {{bubbles: true, clientX: 640, clientY: 400}};
        under.dispatchEvent(new PointerEvent('pointerdown', opts));
        under.dispatchEvent(new PointerEvent('pointerup', opts));
        under.dispatchEvent(new MouseEvent('click', opts));
        return waiting;
    }}""")
    assert waiting == "1"
    assert not animations(felt) and felt.is_visible("#win")
    assert felt.eval_on_selector("#win .panel", "e => +getComputedStyle(e).opacity") == 1
    assert felt.evaluate("window.tabby_moves()") == f"{moves} {line[-1]}".strip()
    for width, height in ((360, 740), (390, 844)):  # the summary on a phone
        size(felt, width, height)
        felt.evaluate("document.getElementById('win').hidden = false")
        felt.screenshot(path=str(SHOTS / f"feel-win-{width}x{height}.png"))
    size(felt, 1280, 800)


# From the winning move on, frame by frame (requestAnimationFrame) until every foundation's
# cards have begun their cascade: the card on top at each foundation's centre, for each
# foundation none of whose cards has begun yet (a card still sliding there is looked
# through: it is on its way, not on the foundation). Read from the cards' z-order, since
# the win panel makes the table inert to hit tests.
WIN_FRAMES = """async (move) => {
    const names = [...document.querySelectorAll('.slot.foundation')].map(s => s.dataset.pile);
    window.tabby_play(move);
    const cards = [...document.querySelectorAll('#table .card')];
    const samples = [], begun = new Set(), cascade = new Set();  // kept once finished too
    for (let frame = 0; frame < 600; frame++) {
        const anims = document.getAnimations();
        anims.filter(a => a.id === 'cascade').forEach(a => cascade.add(a));
        for (const a of cascade)
            if (a.playState === 'finished' || a.currentTime >= a.effect.getTiming().delay)
                begun.add(a.effect.target.dataset.place);
        const sliding = new Set(anims.filter(a => a.id !== 'cascade' && a.playState === 'running'
                                                  && a.effect && a.effect.target)
                                     .map(a => a.effect.target));
        const tops = {};
        for (const name of names.filter(n => !begun.has(n))) {
            const r = document.querySelector(`.slot[data-pile="${name}"]`).getBoundingClientRect();
            const x = r.x + r.width / 2, y = r.y + r.height / 2;
            let top = null, topZ = -Infinity;  // painted last: the highest z-index, then the
            for (const e of cards) {           // later in the document (siblings, one context)
                const b = e.getBoundingClientRect();
                if (sliding.has(e) || x < b.left || x > b.right || y < b.top || y > b.bottom) continue;
                const z = +getComputedStyle(e).zIndex || 0;
                if (z >= topZ) { top = e; topZ = z; }
            }
            tops[name] = top ? (top.dataset.card || 'face down') : null;
        }
        samples.push({cascade: cascade.size, begun: begun.size, tops});
        if (begun.size === names.length) break;
        await new Promise(r => requestAnimationFrame(r));
    }
    return samples;
}"""


@pytest.mark.parametrize("game_id, deal, width, height", [("tabbycat", 2, 1280, 800),
                                                          ("spider1", 1, 360, 740)])
def test_feel_the_cascade_starts_from_the_kings(felt, game_id, deal, width, height):
    """From the winning move until its cards leave, each foundation (each completed run)
    shows its King on top, as it lay on the table: the cascade starts clean."""
    game = get_game(game_id)
    size(felt, width, height)
    line = solve(game, game.deal(deal)).line
    start(felt, game, deal, line[:-1])
    samples = felt.evaluate(WIN_FRAMES, str(line[-1]))
    assert samples[-1]["begun"] == game.foundations, samples[-1]
    assert any(s["cascade"] and s["begun"] < game.foundations for s in samples)  # seen starting
    before = game.apply(game.deal(deal), line[0])
    for move in line[1:-1]:
        before = game.apply(before, move)
    full = {p.name for p in game.layout() if p.kind == "foundation" and game.get(before, p.name)}
    assert full and all(samples[0]["tops"][name].startswith("K") for name in full), samples[0]
    for sample in samples:  # every foundation not yet begun shows a King (or, while its
        for name, top in sample["tops"].items():  # run is still on its way, nothing yet)
            assert top is None or top.startswith("K"), (name, sample)
    felt.mouse.click(5, 5)  # skips to the summary (the next deal closes it)
    felt.wait_for_function(STILL, timeout=10_000)
    size(felt, 1280, 800)


# -- pictures ------------------------------------------------------------------------------

def scenes():
    """Tabby Cat with a long pile and a full tail, Spider four suits after some deals,
    Tuxedo under way."""
    n, line = long_pile_line(25)
    pos = TABBY.deal(n)
    for k, move in enumerate(line):
        pos = TABBY.apply(pos, move)
    tabby = (TABBY, n, line)
    for n in range(1, 60):  # a line that fills the tail with a long run
        pos, played = TABBY.deal(n), []
        for move in solve(TABBY, pos).line:
            pos = TABBY.apply(pos, move)
            played.append(move)
            if len(pos.cells[0]) >= 6 and max(map(len, pos.piles)) >= 18:
                tabby = (TABBY, n, played)
                break
        else:
            continue
        break
    spider_line, pos, seen = [], SPIDER.deal(1), set()
    while len(pos.stock) > 20:  # a few moves the engine allows, then a deal, three times
        for _ in range(4):
            move = next((m for m in SPIDER.legal_moves(pos) if not m.is_deal
                         and SPIDER.apply(pos, m) not in seen), None)
            if move is None:
                break
            pos = SPIDER.apply(pos, move)
            seen.add(pos)
            spider_line.append(move)
        assert SPIDER.why_illegal(pos, DEAL) is None
        pos = SPIDER.apply(pos, DEAL)
        spider_line.append(DEAL)
    tux_line = solve(TUX, TUX.deal(3)).line[:25]
    return {"tabbycat": tabby, "spider4": (SPIDER, 1, spider_line), "tuxedo": (TUX, 3, tux_line)}


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_feel_pictures_at_four_sizes(felt, scheme):
    """Each scene at each size, in this theme: saved for a person to look at, and no
    card covers another place's cards or a fanned card's index."""
    SHOTS.mkdir(exist_ok=True)
    for name, (game, n, line) in scenes().items():
        for width, height in SIZES:
            size(felt, width, height, scheme)
            felt.evaluate(f"window.tabby_start({n}, '{game.id}')")
            for move in line:  # Tuxedo's auto-play may already have made a move
                felt.evaluate(f"window.tabby_play('{move}')")
            felt.evaluate("document.getElementById('status').textContent = '';"
                          "window.dispatchEvent(new Event('resize'));"
                          "document.getAnimations().forEach(a => a.finish())")
            felt.screenshot(path=str(SHOTS / f"feel-{name}-{width}x{height}-{scheme}.png"))
            assert_readable(felt, game, width, height)
    size(felt, 1280, 800)


__all__ = ["felt"] + [n for n in list(globals()) if n.startswith("test_feel_")]
