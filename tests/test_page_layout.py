"""Long piles and small screens, in a real browser: the table keeps its cards large and
still while a pile grows past 40 cards (Tabby Cat) and while Spider deals all 104.

One booted page with reduced motion is resized, put into a language and reset through the
page's test hooks (each Pyodide boot is expensive). A move never moves another place; the
cards under a pile's movable run are stacked tight so the run keeps its strips.
"""

import json

import pytest

from conftest import ROOT
from pages import boot, new_page, resize, settled
from solitaire import DEAL, get_game
from solitaire.engine.position import format_line
from helpers import LONG_DEAL, LONG_LINE

SHOTS = ROOT / "tests" / "screenshots"
TABBY, SPIDER = get_game("tabbycat"), get_game("spider4")

# Every place and card as drawn, in page coordinates (scroll included).
DRAWN = """() => {
  const at = (e) => { const r = e.getBoundingClientRect();
    return {x: r.left + scrollX, y: r.top + scrollY, w: r.width, h: r.height}; };
  const slots = {};
  for (const s of document.querySelectorAll('#table > .slot')) slots[s.dataset.pile] = at(s);
  const cards = [...document.querySelectorAll('#table > .card[data-place]')].map(e => ({
    place: e.dataset.place, index: +e.dataset.index, back: e.classList.contains('back'),
    ...at(e)}));
  return {slots, cards, scrollWidth: document.documentElement.scrollWidth,
          innerWidth, cw: parseFloat(getComputedStyle(document.querySelector('#table > .card')).width)};
}"""


@pytest.fixture(scope="module")
def still(browser, server):
    page = new_page(browser)
    boot(page, server + "/?deal=1")
    yield page
    page.context.close()




def settle(page):
    """Two frames: the header's line has measured itself (a ResizeObserver) after a
    change of size or language, and the table stands where that puts it."""
    page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def movable(game, pos):
    """place -> the index of the first card of its movable run (None: nothing moves)."""
    out = {}
    for place in game.layout():
        if place.fan != "down":
            continue
        cards, down = game.get(pos, place.name), game.face_down(pos, place.name)
        first = len(cards)
        while first > down and game.lift(pos, place.name, first - 1) is not None:
            first -= 1
        out[place.name] = first if first < len(cards) else None
    return out


def check(page, game, width, height, start, notes):
    """The table now against ``start`` (the drawn table at the deal): no place moved by
    more than 2 px, the cards within 10% of their width, no sideways scroll; on a phone,
    every movable card's strip at least 24 px (unless the run alone cannot fit: noted)."""
    drawn = page.evaluate(DRAWN)
    pos = game.parse(page.evaluate("window.tabby_position()"))
    for name, box in start["slots"].items():
        now = drawn["slots"][name]
        assert abs(now["x"] - box["x"]) <= 2 and abs(now["y"] - box["y"]) <= 2, (name, box, now)
        assert abs(now["w"] - box["w"]) <= 2, (name, box, now)
    assert drawn["cw"] >= start["cw"] * 0.9, (drawn["cw"], start["cw"])
    assert drawn["scrollWidth"] <= width, drawn["scrollWidth"]
    firsts = movable(game, pos)
    by_place = {}
    for card in drawn["cards"]:
        by_place.setdefault(card["place"], []).append(card)
    for name, first in firsts.items():
        if first is None:
            continue
        cards = sorted(by_place.get(name, []), key=lambda c: c["index"])
        run = cards[first:]
        for under, over in zip(run, run[1:]):
            strip = over["y"] - under["y"]
            if width <= 600:
                if strip < 23.5:
                    notes.append((name, len(cards), len(run), strip))
                assert strip >= 23.5 or run_cannot_fit(drawn, name, run, height), (name, len(run), strip)
            else:
                assert strip >= 12.5, (name, len(run), strip)
    return drawn, pos


def run_cannot_fit(drawn, name, run, height):
    """The run alone, at 24 px strips, would end below the window."""
    top = drawn["slots"][name]["y"]
    return top + (len(run) - 1) * 24 + run[0]["h"] > height


def longest_of(game, n, line):
    pos = game.deal(n)
    for move in line:
        pos = game.apply(pos, move)
    return max(len(p) for p in pos.piles)


def play_watching(page, game, n, line, width, height, shot):
    """Start deal ``n``, play ``line`` a few moves at a time, checking the table as it
    goes; the longest pile it reached and the notes of runs too long for 24 px strips."""
    page.evaluate(f"window.tabby_start({n}, '{game.id}')")
    settle(page)
    start = page.evaluate(DRAWN)
    notes, longest = [], 0
    for k in range(0, len(line), 8):
        assert page.evaluate(f"window.tabby_play({json.dumps(format_line(line[k:k + 8]))})")
        drawn, pos = check(page, game, width, height, start, notes)
        longest = max(longest, max(len(p) for p in pos.piles))
    # every face-up card keeps its name for a screen reader, stacked tight or not
    unnamed = page.evaluate("""() => [...document.querySelectorAll('#table > .card[data-card]')]
        .filter(e => !e.getAttribute('aria-label') || e.getAttribute('aria-hidden') === 'true')
        .map(e => e.dataset.card)""")
    assert not unnamed, unnamed
    page.evaluate("document.getElementById('status').textContent = ''")
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / shot), full_page=True)
    return longest, notes, start["cw"], drawn["cw"]


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("width,height", [(1280, 800), (360, 740)])
def test_layout_a_tabby_cat_pile_of_44_keeps_the_table_still(still, width, height, lang):
    resize(still, width, height, lang)
    longest, notes, cw0, cw1 = play_watching(still, TABBY, LONG_DEAL, LONG_LINE, width, height,
                                             f"layout-tabbycat-44-{width}x{height}-{lang}.png")
    assert longest >= 40
    # the cards under the 17-card run of the 44-card pile: stacked tight, their count shown
    pos = TABBY.parse(still.evaluate("window.tabby_position()"))
    first = movable(TABBY, pos)["pile-4"]
    assert still.evaluate("document.querySelectorAll('#table > .card.stacked').length") == first
    assert still.inner_text(".stack-count:not([hidden])") == f"+{first}"
    # a stacked card shows whole on focus, and under a long press (the move stays put)
    key = str(pos.piles[3][first // 2])
    card = f'#table > .card[data-card="{key}"]'
    still.focus(card)
    assert still.evaluate(f"""() => {{ const e = document.querySelector('{card}');
        const r = e.getBoundingClientRect();
        return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === e
               || e.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)); }}""")
    still.evaluate("document.activeElement.blur()")
    box = still.locator(card).bounding_box()
    moves = still.evaluate("window.tabby_moves()")
    still.mouse.move(box["x"] + box["width"] / 2, box["y"] + 1)
    still.mouse.down()
    still.wait_for_selector('#table > .card.stacked.peek[data-place="pile-4"]', timeout=3_000)  # (slivers: it or one beside it)
    still.screenshot(path=str(SHOTS / f"layout-peek-{width}x{height}-{lang}.png"))
    still.mouse.up()
    assert not still.locator(".card.peek").count()
    assert still.evaluate("window.tabby_moves()") == moves
    print(f"tabbycat {width}x{height} {lang}: card {cw0:.1f} -> {cw1:.1f} px, longest pile {longest}",
          "runs too long for 24 px strips:", notes or "none")


def spider_line():
    """Spider (four suits), deal 1: legal moves (each making the longest pile it can, up
    to a dozen between deals) and a deal, until all 104 cards are out."""
    line, pos, seen = [], SPIDER.deal(1), set()
    while pos.stock:
        for _ in range(12):
            moves = [m for m in SPIDER.legal_moves(pos) if not m.is_deal and SPIDER.apply(pos, m) not in seen]
            if not moves:
                break
            move = max(moves, key=lambda m: max(len(p) for p in SPIDER.apply(pos, m).piles))
            pos = SPIDER.apply(pos, move)
            seen.add(pos)
            line.append(move)
        assert SPIDER.why_illegal(pos, DEAL) is None
        pos = SPIDER.apply(pos, DEAL)
        line.append(DEAL)
    return line


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("width,height", [(1280, 800), (360, 740)])
def test_layout_spider_deals_all_104_cards_and_keeps_the_table_still(still, width, height, lang):
    resize(still, width, height, lang)
    line = spider_line()
    assert line.count(DEAL) == 5
    assert longest_of(SPIDER, 1, line) >= 30
    longest, notes, cw0, cw1 = play_watching(still, SPIDER, 1, line, width, height,
                                             f"layout-spider4-104-{width}x{height}-{lang}.png")
    print(f"spider4 {width}x{height} {lang}: card {cw0:.1f} -> {cw1:.1f} px, longest pile {longest}",
          "runs too long for 24 px strips:", notes or "none")


# -- every language fits ---------------------------------------------------------------------

# What of the page under ``root`` is cut or off screen: each visible text's box must lie
# on screen and inside every box of its ancestors that clips; each select must be as wide
# as its chosen option needs; each control on screen. An entry per fault.
CUT = """(root) => {
  const bad = [], W = innerWidth;
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const name = (e) => e.id || e.className || e.tagName;
  const clips = (e) => { const s = getComputedStyle(e);
    return s.overflowX !== 'visible' || s.overflowY !== 'visible'; };
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const node = walk.currentNode, el = node.parentElement;
    if (!node.textContent.trim() || !shown(el) || el.closest('.sr-only, option, select')) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      if (r.width < 1) continue;
      if (r.left < -0.5 || r.right > W + 0.5) bad.push(['off screen', node.textContent.trim(), r.left, r.right]);
      for (let a = el; a && a !== document.body; a = a.parentElement) {
        if (!clips(a)) continue;
        const b = a.getBoundingClientRect();
        if (b.width <= 2) break;  // a word kept for screen readers only (1 px, clipped)
        if (r.left < b.left - 0.5 || r.right > b.right + 0.5)
          bad.push(['cut', node.textContent.trim(), name(a), r.left, r.right, b.left, b.right]);
      }
    }
  }
  for (const s of root.querySelectorAll('select')) {
    if (!shown(s) || !s.selectedOptions[0]) continue;
    const alone = s.cloneNode(false);  // same id and classes: the same rules
    alone.style.cssText = 'position:absolute;width:auto;max-width:none;min-width:0';
    alone.append(s.selectedOptions[0].cloneNode(true));
    s.parentElement.append(alone);
    const need = alone.getBoundingClientRect().width;
    alone.remove();
    if (need > s.getBoundingClientRect().width + 0.5) bad.push(['select cut', s.id, need, s.getBoundingClientRect().width]);
  }
  for (const e of root.querySelectorAll('button, select, input, label, h2, h3, p, dl')) {
    if (!shown(e)) continue;
    const r = e.getBoundingClientRect();
    if (r.width && !e.closest('.sr-only') && (r.left < -0.5 || r.right > W + 0.5)) bad.push(['control off screen', name(e), r.left, r.right]);
  }
  return bad;
}"""


def faults(page, selector):
    found = page.evaluate(f"() => ({CUT})(document.querySelector({json.dumps(selector)}))")
    if page.evaluate("document.documentElement.scrollWidth") > page.viewport_size["width"]:
        found.append(["sideways scroll", page.evaluate("document.documentElement.scrollWidth")])
    return found


@pytest.mark.parametrize("lang", ["en", "es"])
def test_layout_every_game_fits_320_px_in_both_languages(still, lang):
    """At 320x640, for every game: the header (with a daily's date, 999 moves and a clock
    past ten minutes), the menu, How to play and the win's summary show every word, with
    no sideways scroll."""
    from solitaire import GAMES
    resize(still, 320, 640, lang)
    for game_id in sorted(GAMES):
        still.evaluate(f"window.tabby_start(1, '{game_id}')")
        still.evaluate("document.getElementById('daily').click()")  # a daily: its date in the line
        still.wait_for_function("/-/.test(document.getElementById('deal-number').textContent)")
        still.evaluate("document.getElementById('move-count').textContent = '999';"
                       "document.getElementById('clock').textContent = '59:59';"
                       "document.querySelectorAll('.overlay, #intro').forEach(e => e.hidden = true)")
        settled(still)  # the line's fit (a ResizeObserver) runs before the next frame is drawn
        assert faults(still, "header") == [], (game_id, lang)
        assert faults(still, "main") == [], (game_id, lang)
        # the line under the header ends above the table
        line = still.eval_on_selector(".bar .info", "e => e.getBoundingClientRect().bottom")
        table = still.eval_on_selector("#table", "e => e.getBoundingClientRect().top")
        assert line <= table + 0.5, (game_id, lang, line, table)
        still.click("#stats")
        assert faults(still, "#stats-panel") == [], (game_id, lang)
        if game_id == "tabbycat":
            still.screenshot(path=str(SHOTS / f"layout-menu-320-{lang}.png"))
        still.click("#stats-close")
        still.evaluate("document.getElementById('win').hidden = false")
        assert faults(still, "#win") == [], (game_id, lang)
        still.evaluate("document.getElementById('win').hidden = true")
        still.focus(".slot[data-pile='pile-1']")
        still.keyboard.press("?")
        still.wait_for_function("document.getElementById('rules').open"
                                " && document.querySelector('#rules-body h3')", timeout=20_000)
        assert faults(still, "#rules") == [], (game_id, lang)
        if game_id == "spider4":
            still.screenshot(path=str(SHOTS / f"layout-rules-320-{lang}.png"))
        still.keyboard.press("Escape")
        still.wait_for_function("!document.getElementById('rules').open")
    still.screenshot(path=str(SHOTS / f"layout-header-320-{lang}.png"))


# -- both themes: rings, badges and controls (WCAG 2.2 AA, 1.4.11: 3:1) ----------------------

COLOURS = """() => {
  const probe = document.createElement('i');
  document.body.append(probe);
  const rgb = (css) => { probe.style.color = ''; probe.style.color = css; return getComputedStyle(probe).color; };
  const out = {};
  for (const v of ['focus', 'hint', 'card', 'table', 'table-2', 'bar', 'line'])
    out[v] = rgb(`var(--${v})`);
  const back = document.querySelector('#table > .card.back');
  out.back = back ? getComputedStyle(back).backgroundColor : rgb('#d9954a');
  const badge = document.querySelector('.slot.stock:not(.empty) .badge');
  if (badge) {
    out.badge = getComputedStyle(badge).backgroundColor;
    out.badge_ink = getComputedStyle(badge).color;
  }
  const card = document.querySelector('#table > .card[data-card]');
  card.focus({focusVisible: true});
  out.card_ring = getComputedStyle(card).outlineColor;
  out.card_face = getComputedStyle(card).backgroundColor;
  card.blur();
  out.controls = [...document.querySelectorAll('header button, header select, #stats-panel button, #stats-panel select, #stats-panel input:not(.sr-only):not([type=checkbox])')]
    .filter(e => e.getClientRects().length)
    .map(e => { const s = getComputedStyle(e);
      let under = e.parentElement;
      while (under && ['rgba(0, 0, 0, 0)', 'transparent'].includes(getComputedStyle(under).backgroundColor)) under = under.parentElement;
      return {id: e.id || e.tagName, border: s.borderTopColor, width: parseFloat(s.borderTopWidth),
              under: under ? getComputedStyle(under).backgroundColor : rgb('var(--bar)'),
              appearance: s.appearance, h: e.getBoundingClientRect().height, select: e.tagName === 'SELECT'}; });
  probe.remove();
  return out;
}"""


def rgb(css):
    """'rgb(r, g, b)', 'rgba(r, g, b, a)' or 'color(srgb r g b)' as three 0-255 numbers."""
    import re
    nums = [float(x) for x in re.findall(r"[\d.]+", css)]
    if css.startswith("color("):
        return [n * 255 for n in nums[:3]]
    return nums[:3]


def contrast(a, b):
    def lum(c):
        c = [v / 255 for v in rgb(c)]
        c = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in c]
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_layout_rings_badges_and_controls_meet_3_to_1_in_both_themes(still, scheme):
    """In the system's light or dark theme: the focus ring and the hint ring are 3:1 on a
    card face and on the table; the stock's count 3:1 on the card back (its text 4.5:1);
    every control's outline 3:1 on what lies under it (the checkboxes are drawn by the
    browser in the page's accent colour); the selects drawn as the page's
    controls, at least 24 px tall; the theme button pressed exactly when the page is dark."""
    resize(still, 1280, 800, "en")
    still.emulate_media(color_scheme=scheme)
    still.evaluate("window.tabby_start(1, 'tabbycat')")
    still.keyboard.press("Shift")  # a key: a focus given next shows its ring (:focus-visible)
    c = still.evaluate(COLOURS)
    still.click("#stats")
    c["controls"] = still.evaluate(COLOURS)["controls"]  # the menu's too
    still.click("#stats-close")
    still.emulate_media(color_scheme="light")
    bad = []
    for ring in ("focus", "hint"):
        for ground in ("card", "table", "table-2"):
            if contrast(c[ring], c[ground]) < 3:
                bad.append((ring, ground, round(contrast(c[ring], c[ground]), 2)))
    for ground in ("card_face", "table", "table-2"):
        if contrast(c["card_ring"], c[ground]) < 3:
            bad.append(("a focused card's ring", ground, round(contrast(c["card_ring"], c[ground]), 2)))
    if contrast(c["badge"], c["back"]) < 3 or contrast(c["badge_ink"], c["badge"]) < 4.5:
        bad.append(("stock count", c["badge"], c["back"], c["badge_ink"]))
    for k in c["controls"]:
        if k["width"] < 1 or contrast(k["border"], k["under"]) < 3:
            bad.append((k["id"], k["border"], k["under"], round(contrast(k["border"], k["under"]), 2)))
        if k["select"] and (k["appearance"] != "none" or k["h"] < 24):
            bad.append((k["id"], "a select not styled", k["appearance"], k["h"]))
    # (the system's change of theme reaches the page as an event: wait for it)
    still.emulate_media(color_scheme=scheme)
    still.wait_for_function("document.getElementById('theme').getAttribute('aria-pressed') === "
                            + ("'true'" if scheme == "dark" else "'false'"), timeout=5_000)
    still.emulate_media(color_scheme="light")
    assert not bad, bad


def test_layout_a_past_daily_from_the_calendar_leaves_the_focus_on_the_table(still):
    """Choosing a past day in the calendar closes the menu and puts the focus on the new
    board's first place, not on the page's body."""
    resize(still, 1280, 800, "en")
    still.evaluate("window.tabby_start(1, 'tabbycat')")
    still.click("#stats")
    still.focus("#calendar button[data-date]:not([disabled])")
    still.keyboard.press("Enter")
    still.wait_for_function("document.getElementById('stats-panel').hidden")
    assert still.evaluate("document.activeElement.closest('#table') !== null"), \
        still.evaluate("document.activeElement.outerHTML.slice(0, 80)")
