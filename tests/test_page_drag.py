"""Drag and hint that say the truth, and a refusal shown where the player acted.

While a run is dragged, every place the engine would take it at is marked on what the
eye sees there (its top card, else its empty slot; the tail and the foundations too) and
no other place is; a refused drop slides back and tells why beside the card.
"""

import pytest

from pages import boot, new_page, resize, settled
from solitaire import get_game
from solitaire.engine.position import Move, parse_line

# (game, deal, player's moves from the deal, the card whose run is dragged, the kinds of
# target the run must have there: "top" a pile's top card, "empty" an empty pile, "tail",
# "foundation", "cell"). Found by random play; checked against the engine below.
CASES = [
    ("tabbycat", 2, "2>3", "pile-3", 0, {"top", "empty", "tail"}),
    ("tabbycat-relaxed", 2, "2>3", "pile-3", 0, {"top", "empty", "tail"}),
    ("manx", 2, "2>3 1>t 3>4*2 4>2 t>1", "pile-2", 0, {"top", "tail"}),
    ("tuxedo", 1, "", "pile-2", 6, {"foundation", "cell"}),
    ("tuxedo", 1, "2>f2 7>c6 2>c2 3>c7 1>2*2", "pile-3", None, {"top", "cell"}),
    ("tuxedo", 1, "6>c7 1>c3 1>c4 2>c5 4>c6 6>c1 4>c2 3>6 3>1 6>3*2 c4>2 5>c4 c3>2 6>c3 6>3 "
     "2>6*3 4>2 3>4*4 c6>3 5>c6 5>1", "pile-5", None, {"empty", "cell"}),
    ("spider1", 4, "6>8 8>7*2 3>10 7>8*2 6>4 8>7*2 6>9 6>3 2>4 10>3*2 3>5*3 deal 7>10 3>6 8>7 "
     "6>2*3", "pile-7", 5, {"top", "empty"}),
    ("spider2", 1, "6>5 6>2 4>7 9>6 7>8 deal deal 7>5 1>6 3>6 4>6 5>3*2 9>2*2 1>3 6>1 1>4 9>6 "
     "3>8*4 3>9 4>1 9>8 9>5 3>2 6>2*2 8>5 5>8 10>7 8>5 1>4 9>7 9>10", "pile-2", 12, {"top", "empty"}),
    ("spider4", 5, "deal 9>8 1>6 7>8 1>7 10>6 9>2 3>10 9>10 5>9 9>4 4>1 1>9 7>6 9>3 8>10 "
     "2>6*2 3>4 10>8 4>1 1>3 6>7*3 5>2 3>1 10>2 1>9 9>1 5>8 5>9 7>6*3 5>7 5>6", "pile-1", 5, {"top", "empty"}),
]


def reach(game, deal, line):
    """The position after ``line`` from ``deal``, auto-moves played as the page plays them."""
    pos = game.deal(deal)
    for move in parse_line(line):
        pos = game.apply(pos, move)
        while (auto := game.auto_move(pos)) is not None:
            pos = game.apply(pos, auto)
    return pos


def kind(game, pos, name):
    if name == "tail":
        return "tail"
    if name.startswith("pile-"):
        return "top" if game.get(pos, name) else "empty"
    return name.split("-")[0]


def legal_targets(game, pos, src, count):
    """The engine's legal destinations of the run of ``count`` cards on top of ``src``."""
    return {m.dst for m in game.legal_moves(pos) if m.src == src and m.count == count}


# Each place as the page draws it: whether its topmost element is marked as a target (by
# its class), the outline it shows (style, width, colour) and the table's colours under it.
MARKS = """() => {
  const out = {};
  const z = (e) => parseInt(e.style.zIndex || '0');
  for (const slot of document.querySelectorAll('#table > .slot')) {
    const name = slot.dataset.pile;
    const cards = [...document.querySelectorAll(`#table > .card[data-place="${name}"]:not(.dragging)`)];
    const top = cards.length ? cards.reduce((a, b) => (z(b) > z(a) ? b : a)) : slot;
    const s = getComputedStyle(top);
    out[name] = {marked: top.classList.contains('drop-target'), slot: top === slot,
                 outline: s.outlineStyle, width: parseFloat(s.outlineWidth), colour: s.outlineColor,
                 shadow: s.boxShadow, filter: s.filter};
  }
  return out;
}"""


def press_and_drag(page, card, dx=30, dy=40):
    """Press on ``card``'s visible strip and move the mouse past the drag threshold."""
    box = page.locator(f'#table > .card[data-card="{card}"]').bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + 5
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + dx / 4, y + dy / 4, steps=2)
    page.mouse.move(x + dx, y + dy, steps=3)
    return x, y


def center_of(page, name, pos, game):
    """The middle of what the eye sees of place ``name``: its top card's strip, else its slot."""
    cards = game.get(pos, name)
    if cards and game.face_down(pos, name) < len(cards):
        box = page.locator(f'#table > .card[data-card="{cards[-1]}"]').bounding_box()
        return box["x"] + box["width"] / 2, box["y"] + 8
    box = page.locator(f'#table > .slot[data-pile="{name}"]').bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


@pytest.fixture(scope="module")
def drag_page(browser, server):
    page = new_page(browser)
    boot(page, server + "/?deal=1&lang=en")
    yield page
    page.context.close()


@pytest.mark.parametrize("case", CASES, ids=[f"{c[0]}-{c[3]}-{c[4]}" for c in CASES])
def test_drag_marks_every_legal_target_and_no_other(drag_page, case):
    """A real mouse drag of a run with several legal targets: the places drawn as targets
    (a class on the topmost element there, and a visible outline on it) are exactly the
    engine's legal destinations for that run; the rest are neither marked nor ringed, and
    dimmed. Then a drop on an illegal place changes nothing and the marks go."""
    game_id, deal, line, src, index, kinds = case
    game = get_game(game_id)
    pos = reach(game, deal, line)
    cards = game.get(pos, src)
    index = len(cards) - 1 if index is None else index
    count = game.lift(pos, src, index)
    assert count, (game_id, src, index)
    want = legal_targets(game, pos, src, count)
    assert {kind(game, pos, n) for n in want} >= kinds, (game_id, sorted(want))  # the case still holds
    page = drag_page
    page.evaluate(f"window.tabby_start({deal}, '{game_id}');"
                  "document.querySelectorAll('.overlay').forEach(e => e.hidden = true)")
    if line:
        assert page.evaluate(f"window.tabby_play('{line}')")
    assert game.parse(page.evaluate("window.tabby_position()")) == pos
    settled(page)
    press_and_drag(page, str(cards[index]))
    page.wait_for_selector("#table.drag-on")
    marks = page.evaluate(MARKS)
    shown = {name for name, m in marks.items() if m["marked"]}
    ringed = {name for name, m in marks.items() if m["outline"] != "none" and m["width"] >= 2}
    assert shown == want, (game_id, sorted(shown), sorted(want))
    assert ringed == want, (game_id, sorted(ringed), sorted(want))
    assert {kind(game, pos, n) for n in shown} >= kinds
    for name in set(marks) - want - {src}:  # no other place looks like a target: dimmed, no ring
        assert marks[name]["filter"] != "none", (name, marks[name])
    # an illegal drop: a place that is neither the source nor a target
    illegal = next(n for n in (p.name for p in game.layout())
                   if n not in want and n != src and n != "stock" and kind(game, pos, n) in ("top", "empty", "cell", "tail")
                   and not (n.startswith("foundation") and game_id.startswith("spider")))
    x, y = center_of(page, illegal, pos, game)
    page.mouse.move(x, y + 4, steps=4)
    page.mouse.up()
    settled(page)
    assert game.parse(page.evaluate("window.tabby_position()")) == pos
    assert page.locator("#table .drop-target").count() == 0
    assert page.locator("#table.drag-on").count() == 0


# -- a refusal said beside the card ------------------------------------------------------



def toast_beside(page, card_box, width, height):
    """The toast shows the status line's words, whole inside the screen, within 1.5 card
    heights of the box of the card acted on; the screen reader hears the status line
    once (the toast is hidden from it)."""
    page.wait_for_selector("#toast:not([hidden])")
    settled(page)
    toast = page.locator("#toast").bounding_box()
    text = page.inner_text("#toast")
    assert text and text == page.inner_text("#status"), (text, page.inner_text("#status"))
    assert page.get_attribute("#toast", "aria-hidden") == "true"
    assert toast["x"] >= 0 and toast["y"] >= 0, toast
    assert toast["x"] + toast["width"] <= width and toast["y"] + toast["height"] <= height, (toast, width, height)
    gap_x = max(card_box["x"] - (toast["x"] + toast["width"]), toast["x"] - (card_box["x"] + card_box["width"]), 0)
    gap_y = max(card_box["y"] - (toast["y"] + toast["height"]), toast["y"] - (card_box["y"] + card_box["height"]), 0)
    assert max(gap_x, gap_y) <= 1.5 * card_box["height"], (toast, card_box)
    return text


def card_box(page, card):
    return page.locator(f'#table > .card[data-card="{card}"]').bounding_box()


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("width,height", [(1280, 800), (360, 740), (320, 640)])
def test_a_refused_move_says_why_beside_the_card_inside_the_screen(drag_page, width, height, lang):
    """With a 44-card pile reaching down the screen: a refused drop of its top card (at the
    foot of the screen) slides back, shakes and says why in a toast beside that card,
    whole inside the screen; a refused click on a card that cannot move, and a refused
    key move, say it beside theirs. The next action takes the toast away."""
    from helpers import LONG_DEAL, LONG_LINE
    from solitaire.engine.position import format_line
    game = get_game("tabbycat")
    pos = game.deal(LONG_DEAL)
    for move in LONG_LINE:
        pos = game.apply(pos, move)
    page = drag_page
    resize(page, width, height, lang)
    page.evaluate(f"window.tabby_start({LONG_DEAL}, 'tabbycat')")
    assert page.evaluate(f"window.tabby_play('{format_line(LONG_LINE)}')")
    settled(page)
    assert game.parse(page.evaluate("window.tabby_position()")) == pos
    long_pile = max(("pile-1", "pile-2", "pile-3", "pile-4"), key=lambda n: len(game.get(pos, n)))
    top = str(game.get(pos, long_pile)[-1])
    assert page.locator(f'#table > .card[data-card="{top}"]').bounding_box()["y"] > height / 2
    # a refused drop of the long pile's top card
    illegal = next(n for n in ("pile-1", "pile-2", "pile-3", "pile-4")
                   if n != long_pile and game.why_illegal(pos, Move(long_pile, n, 1)) is not None)
    x, y = press_and_drag(page, top)
    tx, ty = center_of(page, illegal, pos, game)
    page.mouse.move(tx, ty + 4, steps=4)
    page.mouse.up()
    page.wait_for_selector(f'#table > .card.shake[data-card="{top}"]', state="attached")
    said = toast_beside(page, card_box(page, top), width, height)
    assert game.parse(page.evaluate("window.tabby_position()")) == pos
    page.keyboard.press("Escape")  # the next action
    page.wait_for_selector("#toast", state="hidden")
    # a refused click on a card that cannot move
    still = next(n for n in ("pile-1", "pile-2", "pile-3", "pile-4")
                 if game.get(pos, n) and game.click_move(pos, n, len(game.get(pos, n)) - 1) is None)
    card = str(game.get(pos, still)[-1])
    box = card_box(page, card)
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + 6)
    assert toast_beside(page, card_box(page, card), width, height) != said
    # a refused key move: that card's pile, then a pile that takes none of it
    page.mouse.click(2, height - 2)  # the next action (on no card)
    page.wait_for_selector("#toast", state="hidden")
    cards = game.get(pos, still)
    none_fits = next(n for n in ("pile-1", "pile-2", "pile-3", "pile-4") if n != still and all(
        game.why_illegal(pos, Move(still, n, k)) is not None for k in range(1, len(cards) + 1)))
    page.keyboard.press(still[-1])
    page.keyboard.press(none_fits[-1])
    toast_beside(page, card_box(page, card), width, height)
    assert game.parse(page.evaluate("window.tabby_position()")) == pos


def test_spiders_refused_deal_says_why_beside_the_stock(drag_page):
    """Spider refuses to deal while a column is empty: D (or a click on the stock) says so
    beside the stock, at 360x740 in Spanish."""
    game_id, deal, line = CASES[6][:3]
    game = get_game(game_id)
    pos = reach(game, deal, line)
    assert any(not game.get(pos, f"pile-{k}") for k in range(1, 11))
    page = drag_page
    resize(page, 360, 740, "es")
    page.evaluate(f"window.tabby_start({deal}, '{game_id}')")
    assert page.evaluate(f"window.tabby_play('{line}')")
    settled(page)
    page.keyboard.press("d")
    stock = page.locator('#table > .slot[data-pile="stock"]').bounding_box()
    toast_beside(page, stock, 360, 740)
    page.mouse.click(stock["x"] + stock["width"] / 2, stock["y"] + stock["height"] / 2)
    toast_beside(page, stock, 360, 740)
    assert game.parse(page.evaluate("window.tabby_position()")) == pos


# -- Hint: from and to told apart by shape ---------------------------------------------------

HINT_MARKS = """() => {
  const look = (e) => { const s = getComputedStyle(e), a = getComputedStyle(e, '::after');
    const r = e.getBoundingClientRect();
    return {cls: e.className, outline: s.outlineStyle, ring: s.boxShadow, badge: a.content,
            round: a.borderTopLeftRadius, badge_bg: a.backgroundColor, badge_ink: a.color,
            badge_w: parseFloat(a.width), top: r.top, left: r.left, right: r.right}; };
  const from = document.querySelector('#table > .card.hint-from');
  const slot = document.querySelector('#table > .slot.hint-target');
  const name = slot && slot.dataset.pile;
  const z = (e) => parseInt(e.style.zIndex || '0');
  const cards = [...document.querySelectorAll(`#table > .card[data-place="${name}"]`)];
  const top = cards.length ? cards.reduce((a, b) => (z(b) > z(a) ? b : a)) : slot;
  return {from: from && look(from), fromPlace: from && from.dataset.place, to: name, top: top && look(top),
          topIsTarget: !!top && top.classList.contains('hint-target'),
          status: document.getElementById('status').textContent};
}"""


@pytest.mark.parametrize("width,height,scheme", [(1280, 800, "light"), (320, 640, "dark")])
def test_hint_tells_from_and_to_apart_by_shape(drag_page, width, height, scheme):
    """After H, the card to move is ringed solid and badged with a round arrow; the card it
    goes on (what the eye sees of the target place) is ringed dashed and badged with a
    square arrow: they differ in shape, not in colour only. The status line, which a
    screen reader hears, names the source, then the target."""
    from test_page_layout import contrast
    page = drag_page
    page.emulate_media(color_scheme=scheme)
    resize(page, width, height, "en")
    page.evaluate("window.tabby_start(1, 'tabbycat')")  # deal 1: a winning line starts 4>2 (8D on 9S)
    settled(page)
    page.keyboard.press("h")
    page.wait_for_selector("#table > .card.hint-from", timeout=60_000)
    settled(page)
    m = page.evaluate(HINT_MARKS)
    page.emulate_media(color_scheme="light")
    game = get_game("tabbycat")
    pos = game.parse(page.evaluate("window.tabby_position()"))
    assert game.get(pos, m["to"]), m  # the target has cards: the mark is on its top card
    assert m["topIsTarget"], m
    src, dst = m["fromPlace"], m["to"]
    assert game.why_illegal(pos, Move(src, dst, 1)) is None
    f, t = m["from"], m["top"]
    assert f["outline"] != "dashed" and "rgb" in f["ring"], f   # from: a solid ring
    assert t["outline"] == "dashed", t                          # to: a dashed ring
    assert f["badge"] not in ("none", "normal", "") and t["badge"] not in ("none", "normal", "")
    assert f["badge"] != t["badge"] and f["round"] != t["round"], (f, t)  # other arrow, other shape
    for mark in (f, t):  # the badge shows at 320 px (14 px at least), 3:1 on its ground
        assert mark["badge_w"] >= 14 and contrast(mark["badge_ink"], mark["badge_bg"]) >= 3, mark
    said = m["status"]
    assert said.startswith("Hint") and said.index(src[-1]) < said.index(dst[-1]), said
