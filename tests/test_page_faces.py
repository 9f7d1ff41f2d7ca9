"""Cleaner faces and places, in a real browser: a covered card shows its index strip and
nothing else, a small card has no big pip, a stack of slivers is one quiet edge, the
stock's count keeps to its corner, and every empty place says what it takes.

One booted page with reduced motion is resized and reset through the page's test hooks
(each Pyodide boot is expensive), as tests/test_page_layout.py does.
"""

import json

import pytest

from helpers import LONG_DEAL, LONG_LINE
from pages import boot, new_page, resize, settled
from solitaire.engine.position import format_line
from test_page_layout import spider_line

SCREENS = [(1280, 800), (360, 740), (320, 640)]
SMALL_CW = 40   # px: a card narrower than this has no big pip (style.css)


@pytest.fixture(scope="module")
def page(browser, server):
    page = new_page(browser)
    boot(page, server + "/?deal=1")
    yield page
    page.context.close()


def show(page, game_id, deal, line=()):
    """Start ``deal`` of ``game_id`` and play ``line``; wait for the table to settle."""
    page.evaluate(f"window.tabby_start({deal}, '{game_id}')")
    if line:
        assert page.evaluate(f"window.tabby_play({json.dumps(format_line(line))})")
    page.evaluate("document.querySelectorAll('.overlay, #intro').forEach(e => e.hidden = true)")
    settled(page)


# Each face-up card: its box, its z order, whether its big pip shows, and whether another
# card drawn over it (a higher z) reaches into its lower right quarter, where the pip is.
FACES = """() => {
  const cards = [...document.querySelectorAll('#table > .card[data-place]')].map((e) => {
    const r = e.getBoundingClientRect(), pip = e.querySelector('.pip');
    const s = pip && getComputedStyle(pip);
    return {card: e.dataset.card || null, place: e.dataset.place, z: +e.style.zIndex,
            box: [r.left, r.top, r.right, r.bottom], w: r.width,
            pip: !!pip && s.display !== 'none' && s.visibility !== 'hidden' && pip.getClientRects().length > 0};
  });
  const meet = (a, b) => Math.min(a[2], b[2]) - Math.max(a[0], b[0]) > 1 && Math.min(a[3], b[3]) - Math.max(a[1], b[1]) > 1;
  return cards.filter((c) => c.card).map((c) => {
    const [l, t, r, b] = c.box, low = [l + (r - l) / 2, t + (b - t) * 0.6, r, b];
    return {...c, covered: cards.some((o) => o !== c && o.z > c.z && meet(o.box, low))};
  });
}"""

SCENES = {
    "tabbycat": ("tabbycat", LONG_DEAL, LONG_LINE),   # a 44-card pile
    "spider4": ("spider4", 1, None),                 # all 104 cards dealt out
    "tuxedo": ("tuxedo", 1, ()),
}


@pytest.mark.parametrize("scene", list(SCENES))
@pytest.mark.parametrize("width,height", SCREENS)
def test_faces_a_covered_card_shows_its_index_only(page, scene, width, height):
    """A card with another card over its lower part shows no big pip or court frame (only
    its index strip); a card whose lower part shows has its pip, unless the cards are
    narrower than 40 px, which show their index alone."""
    game_id, deal, line = SCENES[scene]
    resize(page, width, height, "en")
    show(page, game_id, deal, spider_line() if line is None else line)
    faces = page.evaluate(FACES)
    assert faces
    shows = [(f["card"], f["place"]) for f in faces if f["covered"] and f["pip"]]
    assert not shows, shows
    top = [f for f in faces if not f["covered"]]
    assert top
    for f in top:
        assert f["pip"] == (f["w"] >= SMALL_CW), f


@pytest.mark.parametrize("width,height", SCREENS)
def test_faces_a_stack_of_slivers_is_one_quiet_edge(page, width, height):
    """Under the 17-card run of a 44-card pile the stacked cards cast no shadow of their
    own; below 8 px a sliver draws no line of its own (only the stack's first card keeps
    its outline); the stack's count shows on top of it, readable."""
    resize(page, width, height, "en")
    show(page, "tabbycat", LONG_DEAL, LONG_LINE)
    stack = page.evaluate("""() => [...document.querySelectorAll('#table > .card.stacked')].map((e) => {
        const s = getComputedStyle(e);
        return {shadow: s.boxShadow, top: s.borderTopColor, thin: e.classList.contains('thin'),
                edge: e.classList.contains('stack-edge')}; })""")
    assert len(stack) == 27
    assert all(s["shadow"] == "none" for s in stack), {s["shadow"] for s in stack}
    assert sum(s["edge"] for s in stack) == 1
    lines = [s for s in stack if s["thin"] and not s["edge"] and s["top"] != "rgba(0, 0, 0, 0)"]
    assert not lines, lines
    assert page.evaluate("""() => { const e = document.querySelector('.stack-count:not([hidden])');
        const r = e.getBoundingClientRect();
        const over = [...document.querySelectorAll('#table > .card')].filter((c) => {
          const b = c.getBoundingClientRect();
          return +c.style.zIndex > +e.style.zIndex && Math.min(b.right, r.right) - Math.max(b.left, r.left) > 1
                 && Math.min(b.bottom, r.bottom) - Math.max(b.top, r.top) > 1; });
        return e.textContent === '+27' && r.height >= 14 && over.length === 0; }""")


# The stock's face (its top card, or its slot when it is empty) and its count's box.
STOCK = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const slot = document.querySelector('#table > .slot.stock'), badge = slot.querySelector('.badge');
  const cards = [...document.querySelectorAll('#table > .card[data-place="stock"]')];
  const top = cards.sort((a, b) => b.style.zIndex - a.style.zIndex)[0];
  return {slot: box(slot), face: top ? box(top) : box(slot), badge: box(badge), text: badge.textContent,
          font: parseFloat(getComputedStyle(badge).fontSize)};
}"""


def area(a):
    return max(a[2] - a[0], 0) * max(a[3] - a[1], 0)


def common(a, b):
    return [max(a[0], b[0]), max(a[1], b[1]), min(a[2], b[2]), min(a[3], b[3])]


@pytest.mark.parametrize("game_id", ["tabbycat", "manx", "tabbycat-relaxed", "spider1", "spider4"])
@pytest.mark.parametrize("width,height", [(320, 640), (360, 740), (1280, 800)])
def test_faces_the_stock_count_keeps_to_its_corner(page, game_id, width, height):
    """The stock's count sits at its top right corner, over at most a corner of its face
    (30% of the face's box at most, and much less than the half a 24 px badge covered on
    a phone), over no other place, in a readable size; with two digits too."""
    from pages import overlaps
    resize(page, width, height, "en")
    show(page, game_id, 1)
    s = page.evaluate(STOCK)
    assert len(s["text"]) == (2 if game_id.startswith("tabby") or game_id == "manx" else 1), s
    face, badge, slot = s["face"], s["badge"], s["slot"]
    over = area(common(face, badge)) / area(face)
    assert over <= 0.30, s
    assert badge[2] >= slot[2] - 4 and badge[1] <= slot[1] + 4, s   # at the top right corner
    assert (badge[2] - badge[0]) <= (slot[2] - slot[0]) * 0.5, s
    assert s["font"] >= 10
    assert not [o for o in overlaps(page) if "stock" in o], overlaps(page)
    if width == 320:
        assert over <= 0.15, s


# Each slot's mark (what the place takes while empty), its size and whether it shows.
MARKS = """() => {
  const ch = parseFloat(getComputedStyle(document.getElementById('table')).getPropertyValue('--ch'));
  return {ch, slots: Object.fromEntries([...document.querySelectorAll('#table > .slot')].map((s) => {
    const m = s.querySelector('.mark'), r = m ? m.getBoundingClientRect() : null;
    const st = m && getComputedStyle(m);
    const hit = r && document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return [s.dataset.pile, m && {text: m.textContent, font: parseFloat(st.fontSize), h: r.height,
      seen: st.visibility !== 'hidden' && st.color !== 'rgba(0, 0, 0, 0)' && getComputedStyle(s).color !== 'rgba(0, 0, 0, 0)',
      clear: !!hit && (hit === m || hit === s)}];
  }))};
}"""
RANKS = "A 2 3 4 5 6 7 8 9 10 J Q K".split()


def empty_pile_line(game, number):
    """The moves of ``number``'s winning line up to the first that leaves a pile empty."""
    from strategies import winning_line
    pos, line = game.deal(number), []
    for move in winning_line(game.id, number):
        pos = game.apply(pos, move)
        line.append(move)
        if not all(pos.piles):
            return line, pos
    raise AssertionError(f"{game.id} {number}: no pile empties")


def all_game_ids():
    from solitaire import GAMES
    return sorted(GAMES)


@pytest.mark.parametrize("game_id", all_game_ids())
@pytest.mark.parametrize("width,height", [(1280, 800), (320, 640)])
def test_faces_every_empty_place_says_what_it_takes(page, game_id, width, height):
    """Each place the game's layout marks (``Place.takes``: a King, an Ace) shows that
    rank, at least a fifth of a card tall; a place any card may start shows none; an empty
    one's mark is in view, on top (a compact stack of foundations shows the first one's).
    With a pile emptied on the way to a win: Tuxedo's empty pile says K, Tabby Cat's and
    Spider's say nothing (any card goes). An empty marked place's name says it too."""
    from solitaire import get_game
    from solitaire.words.reading import place_name
    game = get_game(game_id)
    resize(page, width, height, "en")
    line, pos = ((), game.deal(1)) if game_id == "spider4" else empty_pile_line(game, 7937)
    auto = "(on) => { const a = document.getElementById('autoplay'); if (a.checked !== on) a.click(); }"
    page.evaluate(auto, False)   # the solver's line, with no move of the page's own
    try:
        show(page, game_id, 1 if game_id == "spider4" else 7937, line)
        assert game.format(game.parse(page.evaluate("window.tabby_position()"))) == game.format(pos)
        seen = page.evaluate(MARKS)
    finally:
        page.evaluate(auto, True)
    tucked = [p.name for p in game.layout() if p.kind == "foundation"][1:] if game.foundations > 4 else []
    for place in game.layout():
        mark = seen["slots"][place.name]
        if place.kind == "stock" or not place.takes:
            assert mark is None, (place, mark)
            continue
        assert mark["text"] == RANKS[place.takes - 1], (place, mark)
        assert mark["font"] >= 0.2 * seen["ch"] and mark["h"] >= 0.2 * seen["ch"], (place, mark, seen["ch"])
        if not game.get(pos, place.name) and place.name not in tucked:
            assert mark["seen"] and mark["clear"], (place, mark)
        if not game.get(pos, place.name):  # a screen reader hears it too
            label = page.get_attribute(f"#slot-{place.name}", "aria-label")
            assert label == str(place_name(game, pos, place.name)), label
            assert label.endswith({13: "a King starts it.", 1: "an Ace starts it."}[place.takes]), label
    emptied = [p for p in game.layout() if p.kind == "pile" and not game.get(pos, p.name)]
    assert emptied or game_id == "spider4"
    for place in emptied:
        assert (seen["slots"][place.name] or {}).get("text") == ("K" if game_id == "tuxedo" else None)


LABELS = """() => [...document.querySelectorAll('#table > .place-label')].map((e) => {
  const r = e.getBoundingClientRect(), box = (x) => { const b = x.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  const hit = [...document.querySelectorAll('#table > .slot, #table > .card')].filter((o) => {
    const b = box(o); return Math.min(b[2], r.right) - Math.max(b[0], r.left) > 1 && Math.min(b[3], r.bottom) - Math.max(b[1], r.top) > 1; });
  return {text: e.innerText, box: [r.left, r.top, r.right, r.bottom], font: parseFloat(getComputedStyle(e).fontSize),
          under: hit.map((o) => o.dataset.pile || o.dataset.place)};
})"""


@pytest.mark.parametrize("lang,words", [("en", ["TAIL", "CELLS"]), ("es", ["COLA", "CELDAS"])])
@pytest.mark.parametrize("width,height", [(1280, 800), (360, 740), (320, 640)])
def test_faces_the_tail_and_tuxedo_s_cells_are_labelled(page, lang, words, width, height):
    """Tabby Cat's tail and Tuxedo's cells carry a label in the page's language, above
    the place (the cells' over their whole row), over no card and no place."""
    from solitaire import get_game
    resize(page, width, height, lang)
    for game_id, word, first, last in (("tabbycat", words[0], "tail", "tail"),
                                       ("tuxedo", words[1], "cell-1", "cell-7")):
        show(page, game_id, 1)
        labels = page.evaluate(LABELS)
        assert [lab["text"] for lab in labels] == [word], labels
        lab = labels[0]
        assert lab["font"] >= 9 and not lab["under"], lab
        left = page.eval_on_selector(f".slot[data-pile='{first}']", "e => e.getBoundingClientRect()")
        right = page.eval_on_selector(f".slot[data-pile='{last}']", "e => e.getBoundingClientRect()")
        assert lab["box"][3] <= left["top"] + 1 and lab["box"][1] >= left["top"] - 0.3 * left["height"], (lab, left)
        middle = (lab["box"][0] + lab["box"][2]) / 2
        assert abs(middle - (left["left"] + right["right"]) / 2) <= 2, (lab, left, right)
        assert get_game(game_id)  # (the places come from the game's layout)
