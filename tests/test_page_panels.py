"""The panels (the menu, Game as text, How to play, the win) never break the page: after
every panel action nothing is wider than the screen, with and without Web Share, at a
desktop's and two phones' sizes, in English and Spanish; what Share copied is confirmed
inside the panel it was asked from, and that panel stays whole on the screen.

One booted page per language and Web Share case, resized to each screen (each Pyodide
boot is expensive); the won deal is played again for each size.
"""

import json

import pytest

from solitaire.engine.position import format_line
from pages import boot, new_page, ready, settled
from strategies import winning_line

SIZES = [(1280, 800), (360, 740), (320, 640)]
WON = 7937   # a Tabby Cat deal the solver wins quickly

# the whole page within the screen's width: the document, and each element shown
TOO_WIDE = """() => {
    const w = window.innerWidth, found = [];
    if (document.documentElement.scrollWidth > w) found.push(['document', document.documentElement.scrollWidth]);
    for (const e of document.querySelectorAll('body *')) {
        if (e.getClientRects().length === 0 || e.closest('[hidden]')) continue;
        const r = e.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        if (r.right > w + 0.5) found.push([e.id || e.className || e.tagName, Math.round(r.right)]);
    }
    return found.slice(0, 8);
}"""

# a box within the screen, and whether one box lies inside another
BOX = "(s) => { const r = document.querySelector(s).getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"
WEB_SHARE = "Navigator.prototype.share = async function (data) { window.__shared = JSON.stringify(data); };"
NO_WEB_SHARE = "delete Navigator.prototype.share; delete navigator.share;"


def on_screen(page, selector):
    left, top, right, bottom = page.evaluate(BOX, selector)
    w, h = page.evaluate("[innerWidth, innerHeight]")
    assert left >= -0.5 and top >= -0.5 and right <= w + 0.5 and bottom <= h + 0.5, \
        (selector, (left, top, right, bottom), (w, h))
    return left, top, right, bottom


def inside(page, inner, outer):
    a, b = page.evaluate(BOX, inner), page.evaluate(BOX, outer)
    assert a[0] >= b[0] - 0.5 and a[1] >= b[1] - 0.5 and a[2] <= b[2] + 0.5 and a[3] <= b[3] + 0.5, (inner, a, outer, b)


def fits(page, after):
    settled(page)
    assert page.evaluate(TOO_WIDE) == [], after


@pytest.fixture(scope="module", params=[(lang, share) for lang in ("en", "es") for share in (False, True)],
                ids=lambda p: f"{p[0]}-{'webshare' if p[1] else 'clipboard'}")
def panels(request, browser, server):
    lang, share = request.param
    page = new_page(browser, permissions=["clipboard-read", "clipboard-write"])
    page.context.add_init_script(WEB_SHARE if share else NO_WEB_SHARE)
    boot(page, server + f"/?deal={WON}&game=tabbycat&lang={lang}")
    page.web_share = share
    yield page
    page.context.close()


def shared(page, where, panel, link="?deal="):
    """Share acted in ``panel``: Web Share got the link, else the panel says it was copied,
    in its own box, with the text in a field that holds the link (with ``link`` in it)."""
    if page.web_share:
        page.wait_for_function("window.__shared !== undefined")
        data = json.loads(page.evaluate("window.__shared"))
        page.evaluate("delete window.__shared")
        assert data["url"].startswith("http") and link in data["url"], data
        assert page.locator(f"#{where}-shared").is_hidden()
        return
    page.wait_for_selector(f"#{where}-shared:not([hidden])")
    page.wait_for_function("([s, link]) => document.querySelector(s).value.includes(link)",
                           arg=[f"#{where}-shared-text", link])
    text = page.input_value(f"#{where}-shared-text")
    assert "http" in text and page.evaluate("navigator.clipboard.readText()") == text
    inside(page, f"#{where}-shared", f"{panel} .panel")
    inside(page, f"#{where}-shared-text", f"{panel} .panel")
    assert page.evaluate(f"document.querySelector('#{where}-shared-text').readOnly")
    on_screen(page, f"{panel} .panel")
    assert page.locator("#status").inner_text() == ""


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_panel_action_widens_the_page(panels, size):
    page = panels
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.evaluate(f"window.tabby_start({WON})")
    page.evaluate("document.querySelector('#status').textContent = ''")
    fits(page, "the table")
    # the menu: open, Share, close
    page.click("#stats")
    page.wait_for_selector("#stats-panel:not([hidden])")
    fits(page, "menu open")
    on_screen(page, "#stats-panel .panel")
    page.click("#share")
    shared(page, "menu", "#stats-panel")
    fits(page, "menu Share")
    page.keyboard.press("Escape")
    page.wait_for_selector("#stats-panel", state="hidden")
    fits(page, "menu closed")
    # Game as text
    page.click("#stats")
    page.click("#game-text")
    page.wait_for_selector("#text-panel:not([hidden])")
    fits(page, "Game as text")
    on_screen(page, "#text-panel .panel")
    page.click("#text-close")
    fits(page, "Game as text closed")
    # How to play
    page.click("#stats")
    page.click("#how-to-play")
    page.wait_for_function("document.querySelector('#rules').open && document.querySelector('#rules-body h3')")
    fits(page, "How to play")
    on_screen(page, "#rules")
    page.click("#rules-close")
    fits(page, "How to play closed")
    page.keyboard.press("Escape")   # the menu it was opened from
    page.wait_for_selector("#stats-panel", state="hidden")
    # the win: Share result, Share replay
    line = format_line(winning_line("tabbycat", WON))
    assert page.evaluate(f"window.tabby_play({json.dumps(line)})")
    page.wait_for_selector("#win:not([hidden])")
    fits(page, "win")
    on_screen(page, "#win .panel")
    page.click("#win-share")
    shared(page, "win", "#win")
    fits(page, "Share result")
    page.click("#win-share-replay")
    shared(page, "win", "#win", link="#replay=")
    fits(page, "Share replay")
    if not page.web_share:
        assert "#replay=" in page.input_value("#win-shared-text")
    # How to play after a share (it opened cut off once)
    page.keyboard.press("Escape")
    page.wait_for_selector("#win", state="hidden")
    fits(page, "win closed")
    page.keyboard.press("F1")
    page.wait_for_function("document.querySelector('#rules').open && document.querySelector('#rules-body h3')")
    on_screen(page, "#rules")
    fits(page, "How to play after sharing")
    page.click("#rules-close")
    assert not page.errors, page.errors


# -- panels on a phone: a tap on the backdrop closes, Close at the top, no key hints -------

PHONE = {"width": 360, "height": 740}
KEY_HINT = r"\bEsc\b|\((?:[A-Z]|Home|End|Left|Right|Space|Inicio|Fin|Izquierda|Derecha|Espacio)\)|Ctrl\+|\bF1\b"
# every text shown and every title or label of an element shown, with a key named in it
KEY_HINTS = """(pattern) => {
    const re = new RegExp(pattern), found = [];
    if (re.test(document.body.innerText)) found.push(document.body.innerText.match(new RegExp('.{0,40}(' + pattern + ').{0,20}'))[0]);
    for (const e of document.querySelectorAll('[title], [aria-label]')) {
        if (e.getClientRects().length === 0 || e.closest('[hidden]')) continue;
        for (const a of ['title', 'aria-label']) {
            const v = e.getAttribute(a);
            if (v && re.test(v)) found.push(`${e.id || e.tagName} ${a}: ${v}`);
        }
    }
    return found;
}"""


@pytest.fixture(scope="module", params=["en", "es"])
def phone(request, browser, server):
    page = new_page(browser, viewport=PHONE, has_touch=True, is_mobile=True)
    boot(page, server + f"/?deal={WON}&game=tabbycat&lang={request.param}")
    yield page
    page.context.close()


def tap(page, x, y):
    page.touchscreen.tap(x, y)
    settled(page)


def tap_inside(page, selector):
    """A tap on the box's own text (its heading or first paragraph), not on a control."""
    left, top, right, bottom = page.evaluate(BOX, selector)
    tap(page, left + 6, top + 6)


def tap_backdrop(page, box):
    """A tap on the dimmed page beside ``box``, at the screen's top or bottom edge."""
    left, top, right, bottom = page.evaluate(BOX, box)
    w, h = page.evaluate("[innerWidth, innerHeight]")
    assert top > 4 or bottom < h - 4, (box, top, bottom)
    tap(page, w / 2, 2 if top > 4 else h - 2)


def test_a_tap_on_the_backdrop_closes_each_panel_and_a_tap_inside_does_not(phone):
    page = phone
    page.evaluate(f"window.tabby_start({WON})")
    # the menu
    page.tap("#stats")
    page.wait_for_selector("#stats-panel:not([hidden])")
    tap_inside(page, "#stats-panel .panel")
    assert page.is_visible("#stats-panel")
    tap_backdrop(page, "#stats-panel .panel")
    assert page.is_hidden("#stats-panel")
    assert page.evaluate("document.activeElement.id") == "stats"
    # How to play (a <dialog>), opened from the menu: a tap outside closes it, not the menu
    page.tap("#stats")
    page.tap("#how-to-play")
    page.wait_for_function("document.querySelector('#rules').open && document.querySelector('#rules-body h3')")
    tap_inside(page, "#rules")
    assert page.evaluate("document.querySelector('#rules').open")
    tap_backdrop(page, "#rules")
    assert not page.evaluate("document.querySelector('#rules').open")
    assert page.evaluate("document.activeElement.id") == "how-to-play" and page.is_visible("#stats-panel")
    tap_backdrop(page, "#stats-panel .panel")
    assert page.is_hidden("#stats-panel")
    # Game as text
    page.tap("#stats")
    page.tap("#game-text")
    page.wait_for_selector("#text-panel:not([hidden])")
    tap_inside(page, "#text-panel .panel")
    assert page.is_visible("#text-panel")
    tap_backdrop(page, "#text-panel .panel")
    assert page.is_hidden("#text-panel")
    assert page.evaluate("document.activeElement.id") == "stats"
    # the win
    page.evaluate("document.querySelector('#hint').focus()")
    assert page.evaluate(f"window.tabby_play({json.dumps(format_line(winning_line('tabbycat', WON)))})")
    page.wait_for_selector("#win:not([hidden])")
    settled(page)
    tap_inside(page, "#win .panel")
    assert page.is_visible("#win")
    tap_backdrop(page, "#win .panel")
    assert page.is_hidden("#win")
    assert page.evaluate("document.activeElement.id") == "hint"
    assert not page.errors, page.errors


def test_no_key_hints_on_a_touch_screen(phone):
    page = phone
    page.evaluate(f"window.tabby_start({WON})")
    settled(page)
    assert page.evaluate(KEY_HINTS, KEY_HINT) == [], "the table"
    page.tap("#stats")
    page.wait_for_selector("#stats-panel:not([hidden])")
    assert page.evaluate(KEY_HINTS, KEY_HINT) == [], "the menu"
    page.tap("#stats-close")
    assert page.evaluate(f"window.tabby_play({json.dumps(format_line(winning_line('tabbycat', WON)))})")
    page.wait_for_selector("#win:not([hidden])")
    assert page.evaluate(KEY_HINTS, KEY_HINT) == [], "the win"
    page.tap("#win-replay")
    page.wait_for_selector("#replay:not([hidden])")
    settled(page)
    assert page.evaluate(KEY_HINTS, KEY_HINT) == [], "the replay"
    assert page.inner_text("#replay-close") in ("Close", "Cerrar")
    page.tap("#replay-close")
    page.wait_for_selector("#replay", state="hidden")
    assert not page.errors, page.errors


def test_a_desktop_keeps_its_key_hints(browser, server):
    page = new_page(browser)
    boot(page, server + f"/?deal={WON}&game=tabbycat")
    assert page.get_attribute("#hint", "title") == "Hint (H)"
    assert page.get_attribute("#new-deal", "title") == "New deal (N)"
    assert "Esc" in page.inner_text("footer.keys")
    assert page.inner_text("#replay-close") == "Close (Esc)"
    page.context.close()


@pytest.mark.parametrize("size", [(360, 740), (320, 640)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_menus_close_is_at_its_top_on_a_phone(browser, server, size, lang):
    page = new_page(browser, viewport={"width": size[0], "height": size[1]}, has_touch=True, is_mobile=True)
    boot(page, server + f"/?deal={WON}&game=tabbycat&lang={lang}")
    page.tap("#stats")
    page.wait_for_selector("#stats-panel:not([hidden])")
    settled(page)
    on_screen(page, "#stats-close")
    assert page.evaluate(BOX, "#stats-close")[1] < size[1] / 4   # at the top, not at the end
    # it stays there as the menu scrolls to its end
    page.evaluate("document.querySelector('#stats-panel .panel').scrollTop = 1e6")
    settled(page)
    on_screen(page, "#stats-close")
    x0, y0, x1, y1 = page.evaluate(BOX, "#stats-close")
    assert page.evaluate(f"document.elementFromPoint({(x0 + x1) / 2}, {(y0 + y1) / 2}).id") == "stats-close"
    page.tap("#stats-close")
    assert page.is_hidden("#stats-panel")
    assert not page.errors, page.errors
    page.context.close()


# -- the menu and the win panel look finished ---------------------------------------------

EDGES = """() => {
    const shown = (s) => [...document.querySelectorAll(s)].filter(e => e.getClientRects().length && !e.closest('[hidden]'))
                                                          .map(e => { const r = e.getBoundingClientRect(); return [r.left, r.right]; });
    return {actions: shown('#stats-panel .menu-row > *'), settings: shown('#stats-panel .settings > *'),
            files: shown('#stats-panel .menu-files > *')};
}"""


@pytest.mark.parametrize("size", [(1280, 800), (360, 740)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_menu_is_one_aligned_column(browser, server, size, lang):
    page = new_page(browser, viewport={"width": size[0], "height": size[1]})
    boot(page, server + f"/?deal={WON}&game=tabbycat&lang={lang}")
    assert page.evaluate(f"window.tabby_play({json.dumps(format_line(winning_line('tabbycat', WON)))})")
    page.wait_for_selector("#win:not([hidden])")
    page.keyboard.press("Escape")
    page.click("#stats")
    page.wait_for_selector("#stats-panel:not([hidden])")
    settled(page)
    edges = page.evaluate(EDGES)
    left = min(x for x, _ in edges["actions"])
    right = max(x for _, x in edges["actions"])
    columns = sorted({round(x) for x, _ in edges["actions"]})
    assert len(columns) == 2, edges["actions"]   # two to a row, each row's two at the same places
    assert len(edges["settings"]) >= 6
    for x0, x1 in edges["settings"]:   # each setting a whole row
        assert abs(x0 - left) <= 1 and abs(x1 - right) <= 1, (x0, x1, left, right)
    for x0, x1 in edges["files"]:      # Export and Import in the actions' two columns
        assert min(abs(x0 - c) for c in columns) <= 1, (x0, columns)
    assert abs(min(x for x, _ in edges["files"]) - left) <= 1 and abs(max(x for _, x in edges["files"]) - right) <= 1
    # the chart fills its box: the svg as wide as the box, the latest bar at its right end
    box = page.evaluate(BOX, "#stats-chart")
    chart = page.evaluate(BOX, "#stats-chart svg")
    assert abs((chart[2] - chart[0]) - (box[2] - box[0])) <= 2, (chart, box)
    bars = page.eval_on_selector_all("#stats-chart rect", "els => els.map(e => e.getBoundingClientRect().right)")
    assert bars and abs(max(bars) - box[2]) <= (box[2] - box[0]) / 60 + 1, (bars, box)
    # Import looks as live as Export
    look = "(s) => { const c = getComputedStyle(document.querySelector(s)); return [c.opacity, c.borderTopColor, c.backgroundColor, c.color]; }"
    assert page.evaluate(look, "#stats-panel label.button-like") == page.evaluate(look, "#stats-export")
    page.keyboard.press("Escape")
    assert not page.errors, page.errors
    page.context.close()


@pytest.mark.parametrize("size", [(1280, 800), (320, 640)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_win_panel_has_one_primary_action_the_next_deal_focused(browser, server, size):
    page = new_page(browser, viewport={"width": size[0], "height": size[1]})
    boot(page, server + f"/?deal={WON}&game=tabbycat")
    assert page.evaluate(f"window.tabby_play({json.dumps(format_line(winning_line('tabbycat', WON)))})")
    page.wait_for_selector("#win:not([hidden])")
    settled(page)
    assert page.eval_on_selector_all("#win .primary", "els => els.map(e => e.id)") == ["win-new"]
    assert page.evaluate("document.activeElement.id") == "win-new"
    on_screen(page, "#win .panel")
    # the rest are secondary: smaller than the primary one
    size_of = "(s) => parseFloat(getComputedStyle(document.querySelector(s)).fontSize)"
    for other in ("#win-share", "#win-share-replay", "#win-replay"):
        assert page.evaluate(size_of, other) < page.evaluate(size_of, "#win-new")
    page.click("#win-new")
    page.wait_for_selector("#win", state="hidden")
    assert not page.errors, page.errors
    page.context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_menus_theme_button_turns_the_page_from_the_systems_theme(browser, server, scheme):
    """A first visit follows the system's theme (no theme chosen yet); the menu's theme
    button then turns the page to the other one, pressed exactly when the page is dark,
    and back, and the choice outlives a reload. (A click on it once did nothing while the
    theme was the system's: the page failed reading a theme it had not been given.)"""
    page = new_page(browser, color_scheme=scheme)
    boot(page, server + "/?deal=1")
    ink = "getComputedStyle(document.body).color"   # dark by day, light by night
    system = page.evaluate(ink)
    pressed = "document.getElementById('theme').getAttribute('aria-pressed')"
    assert page.evaluate(pressed) == ("true" if scheme == "dark" else "false")
    other = "light" if scheme == "dark" else "dark"
    page.click("#stats")
    page.wait_for_selector("#stats-panel:not([hidden])")
    page.click("#theme")
    page.wait_for_function(f"document.documentElement.dataset.theme === '{other}'")
    assert page.evaluate(pressed) == ("true" if other == "dark" else "false")
    settled(page)
    assert page.evaluate(ink) != system
    page.click("#stats-close")
    page.reload(wait_until="commit")
    ready(page)
    assert page.evaluate("document.documentElement.dataset.theme") == other
    assert page.evaluate(pressed) == ("true" if other == "dark" else "false")
    page.click("#stats")
    page.wait_for_selector("#stats-panel:not([hidden])")
    page.click("#theme")
    page.wait_for_function(f"document.documentElement.dataset.theme === '{scheme}'")
    assert page.evaluate(pressed) == ("true" if scheme == "dark" else "false")
    assert page.errors == []
    page.context.close()


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_panels_scrollbars_take_the_themes_colours(browser, server, theme):
    """The menu and the rules scroll on a phone; their scrollbars (and the page's) are drawn
    in the theme's colours, the thumb in the muted ink on the bar's colour. (Firefox drew a
    white track beside the dark theme's menu.)"""
    page = new_page(browser, viewport={"width": 360, "height": 740}, color_scheme=theme)
    boot(page, server + "/?deal=1")
    colours = page.evaluate("""() => { const probe = document.createElement('i');
        document.body.append(probe);
        const colour = (v) => { probe.style.color = `var(${v})`; return getComputedStyle(probe).color; };
        const out = colour('--muted') + ' ' + colour('--bar');
        probe.remove();
        return out; }""")
    page.click("#stats")
    page.wait_for_selector("#stats-panel:not([hidden])")
    menu = "#stats-panel .panel"
    assert page.eval_on_selector(menu, "e => e.scrollHeight > e.clientHeight")   # it scrolls
    assert page.eval_on_selector(menu, "e => getComputedStyle(e).scrollbarColor") == colours
    assert page.evaluate("getComputedStyle(document.documentElement).scrollbarColor") == colours
    page.click("#how-to-play")
    page.wait_for_selector("#rules[open]")
    assert page.eval_on_selector("#rules", "e => getComputedStyle(e).scrollbarColor") == colours
    assert page.errors == []
    page.context.close()
