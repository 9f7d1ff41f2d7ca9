"""The site as an installed app: the manifest, the raster icons the build makes from
web/icon.svg (read from their PNG headers and pixels), the apple-touch-icon, the install
sheet's screenshots, Chromium's own verdict that the page is installable, and the
manifest's shortcuts opening their game, offline too, as an installed app opens them."""

import json
import re
import struct
import tempfile
import zlib
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest

from pages import ARGS, CHROMIUM, DIST, boot, ready, watch, wait_until
from site_server import ROOT
from solitaire.engine.games import GAMES
from solitaire.records.readers import read_query

MANIFEST = "web/manifest.webmanifest"
BASE = "https://tabbycat.invalid/"   # any origin: where the manifest's addresses point, from the site's root
HEX = re.compile(r"#[0-9a-f]{6}")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def manifest() -> dict:
    return json.loads((DIST / MANIFEST).read_text())


def resolve(address: str) -> str:
    return urljoin(BASE + MANIFEST, address)


def png(data: bytes) -> tuple[int, int, list[list[tuple]]]:
    """A PNG's width, height and rows of pixels (RGBA tuples): 8-bit RGB or RGBA, not
    interlaced, as resvg writes them; anything else fails the test."""
    assert data[:8] == PNG_SIGNATURE, "not a PNG"
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and interlace == 0, header
    channels = 4 if colour == 6 else 3
    raw, stride = zlib.decompress(idat), width * channels
    rows, prior = [], bytearray(stride)
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b, c = prior[i], prior[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[x:x + channels]) + ((255,) if channels == 3 else ())
                     for x in range(0, stride, channels)])
        prior = line
    return width, height, rows


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_SIGNATURE and data[12:16] == b"IHDR", "not a PNG"
    return struct.unpack(">II", data[16:24])


def webp_size(data: bytes) -> tuple[int, int]:
    """A WebP file's width and height, from its header (VP8X, VP8 or VP8L)."""
    assert data[:4] == b"RIFF" and data[8:12] == b"WEBP", "not a WebP"
    kind = data[12:16]
    if kind == b"VP8X":
        return int.from_bytes(data[24:27], "little") + 1, int.from_bytes(data[27:30], "little") + 1
    if kind == b"VP8 ":
        return int.from_bytes(data[26:28], "little") & 0x3FFF, int.from_bytes(data[28:30], "little") & 0x3FFF
    assert kind == b"VP8L", kind
    bits = int.from_bytes(data[21:25], "little")
    return (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1


def site_file(address: str) -> Path:
    """The file of dist/ that an address of the manifest names."""
    return DIST / urlsplit(resolve(address)).path.lstrip("/")


# -- the manifest and its files, as built ------------------------------------------------------

def test_the_manifest_has_what_an_install_asks_for(site):
    """id, start_url and scope on the site's root (the page, as it is asked for), a
    standalone window, names, a description, colours, and its start inside its scope."""
    m = manifest()
    assert m["name"] == "Tabby Cat Solitaire" and 0 < len(m["short_name"]) <= 12
    assert len(m["description"]) > 40 and m["display"] == "standalone"
    assert resolve(m["start_url"]) == resolve(m["scope"]) == BASE
    assert urljoin(resolve(m["start_url"]), m["id"]) == BASE
    assert HEX.fullmatch(m["theme_color"]) and HEX.fullmatch(m["background_color"])
    assert (DIST / MANIFEST).read_bytes() == (ROOT / MANIFEST).read_bytes()
    page = (DIST / "index.html").read_text()
    assert '<link rel="manifest" href="./web/manifest.webmanifest">' in page


def test_the_icons_are_pngs_of_the_sizes_they_claim(site):
    """A 192 and a 512 px icon of purpose "any", a separate maskable one: each file a PNG
    whose header gives the size the manifest says."""
    icons = manifest()["icons"]
    raster = [i for i in icons if i["type"] == "image/png"]
    for icon in raster:
        width, height = png_size(site_file(icon["src"]).read_bytes())
        assert icon["sizes"] == f"{width}x{height}", icon
    anys = {i["sizes"] for i in raster if i.get("purpose", "any") == "any"}
    assert {"192x192", "512x512"} <= anys
    maskable = [i for i in raster if i.get("purpose") == "maskable"]
    assert maskable and all(int(i["sizes"].split("x")[0]) >= 512 for i in maskable)
    assert all(i.get("purpose", "any") in ("any", "maskable") for i in icons)   # never both in one


def test_the_maskable_icon_keeps_its_artwork_inside_the_safe_zone(site):
    """Every pixel outside the central circle of 80% of the side (the safe zone a
    launcher's mask keeps) is the background, opaque; the artwork is inside it, and there."""
    for icon in (i for i in manifest()["icons"] if i.get("purpose") == "maskable"):
        width, height, rows = png(site_file(icon["src"]).read_bytes())
        background = rows[0][0]
        assert background[3] == 255
        centre, radius = (width / 2, height / 2), 0.4 * width
        outside = [(x, y) for y in range(height) for x in range(width)
                   if ((x + 0.5 - centre[0]) ** 2 + (y + 0.5 - centre[1]) ** 2) ** 0.5 > radius
                   and rows[y][x] != background]
        assert not outside, f"{icon['src']}: {len(outside)} pixels of artwork outside the safe zone, e.g. {outside[:3]}"
        inside = sum(rows[y][x] != background for y in range(height) for x in range(width))
        assert inside > 0.1 * width * height, "the artwork is missing"


def test_the_apple_touch_icon_is_180_px_and_opaque_and_every_page_links_it(site):
    """iOS takes the apple-touch-icon over the manifest's icons: 180x180, no pixel less
    than opaque (it shows transparency as black). The page and each rules page link it."""
    icon = DIST / "web" / "icons" / "apple-touch-icon.png"
    width, height, rows = png(icon.read_bytes())
    assert (width, height) == (180, 180)
    assert min(p[3] for row in rows for p in row) == 255
    assert '<link rel="apple-touch-icon" href="./web/icons/apple-touch-icon.png">' in (DIST / "index.html").read_text()
    rules = sorted((DIST / "rules").glob("*.html"))
    assert rules
    for page in rules:
        assert '<link rel="apple-touch-icon" href="../web/icons/apple-touch-icon.png">' in page.read_text(), page.name


def test_the_icons_come_from_the_one_drawing(site):
    """web/icon.svg is the only drawing: the tile and its artwork, with the ids the build
    reads; the 512 px icon is that tile (its corners rounded off, transparent)."""
    drawing = (ROOT / "web" / "icon.svg").read_text()
    assert '<rect id="background"' in drawing and '<g id="artwork">' in drawing
    assert sorted(p.name for p in (ROOT / "web").glob("*.svg")) == ["icon.svg"]
    width, _, rows = png((DIST / "web" / "icons" / "icon-512.png").read_bytes())
    assert rows[0][0][3] == 0 and rows[width // 2][width // 2][3] == 255


def test_the_screenshots_are_a_wide_and_a_narrow_one_of_their_sizes(site):
    """The richer install sheet wants a wide and a narrow screenshot: each file a WebP of
    the size claimed, between 320 and 3840 px, its long side at most 2.3 times the short."""
    shots = manifest()["screenshots"]
    assert {s["form_factor"] for s in shots} == {"wide", "narrow"}
    for shot in shots:
        assert shot["type"] == "image/webp" and shot["label"]
        width, height = webp_size(site_file(shot["src"]).read_bytes())
        assert shot["sizes"] == f"{width}x{height}"
        assert 320 <= min(width, height) and max(width, height) <= 3840 and max(width, height) <= 2.3 * min(width, height)
        assert (width > height) == (shot["form_factor"] == "wide")


def test_the_shortcuts_name_the_daily_and_a_new_deal_in_addresses_the_page_reads(site):
    """Two shortcuts, inside the scope, whose addresses the page's one reader takes as
    today's daily and a new deal (tests/test_play.py plays them in the controller)."""
    shortcuts = manifest()["shortcuts"]
    assert len(shortcuts) == 2
    asked = []
    for shortcut in shortcuts:
        url = resolve(shortcut["url"])
        assert url.startswith(BASE) and urlsplit(url).path == "/" and shortcut["name"]
        q = read_query("?" + urlsplit(url).query, GAMES)
        assert not q.problems, shortcut
        asked.append((q.daily, q.new))
        for icon in shortcut.get("icons", []):
            assert site_file(icon["src"]).is_file()
    assert asked == [("today", False), (None, True)]


def test_the_service_worker_keeps_the_manifest_and_its_files(site):
    """Installed, the app opens offline: the worker's list holds the page, the manifest
    and every file it names."""
    text = (DIST / "sw.js").read_text()
    listed = set(json.loads(re.search(r"^const PRECACHE = (.*);$", text, re.M).group(1))["files"])
    m = manifest()
    named = [i["src"] for i in m["icons"]] + [s["src"] for s in m["screenshots"]]
    named += [i["src"] for s in m["shortcuts"] for i in s.get("icons", [])]
    needed = {"./index.html", "./" + MANIFEST} | {"./" + site_file(a).relative_to(DIST).as_posix() for a in named}
    assert needed <= listed, needed - listed


# -- in the browser ----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def profile(site, browser):
    """Chromium with a profile on disk (it offers no install in an incognito context,
    which the browser's new contexts are), with the page open."""
    with tempfile.TemporaryDirectory() as folder:
        context = browser.browser_type.launch_persistent_context(
            folder, executable_path=CHROMIUM, args=ARGS, headless=True, reduced_motion="reduce",
            viewport={"width": 1280, "height": 800})
        context.add_init_script("window.__csp = []; document.addEventListener('securitypolicyviolation', "
                                "(e) => { window.__csp.push(e.violatedDirective); console.error('CSP violation'); });")
        page = watch(context.pages[0] if context.pages else context.new_page())
        boot(page, site.url + "/")
        yield page
        context.close()


def test_chromium_finds_the_page_installable(profile):
    """Chromium's own check (CDP's Page.getInstallabilityErrors) finds nothing missing,
    and reads the manifest with no error; the same check does object to a manifest
    without its icons, so it is awake."""
    page = profile
    cdp = page.context.new_cdp_session(page)
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    read = cdp.send("Page.getAppManifest")
    assert read["url"].endswith("/" + MANIFEST) and read["errors"] == []
    bare = {k: v for k, v in manifest().items() if k != "icons"}
    page.route("**/" + MANIFEST, lambda r: r.fulfill(status=200, body=json.dumps(bare),
                                                      content_type="application/manifest+json"))
    try:
        page.reload()
        ready(page)
        errors = page.context.new_cdp_session(page).send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors, "a manifest without icons passed"
    finally:
        page.unroute("**/" + MANIFEST)
        page.reload()
        ready(page)
    assert not page.errors, page.errors


# The theme-color the browser takes now (the metas whose media match), and the header's colour.
THEME = """() => {
    const meta = [...document.querySelectorAll('meta[name="theme-color"]')].filter((m) => matchMedia(m.media).matches);
    return [meta.map((m) => m.content), getComputedStyle(document.documentElement).getPropertyValue('--bar').trim()];
}"""


def test_the_theme_colour_follows_the_header_in_each_theme(profile):
    """The browser's bar (an installed app's title bar) takes the page's header colour,
    light or dark as the system's theme gives, or as the player chose against it; the
    manifest's is the light one."""
    page = profile
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        got = page.evaluate(THEME)
        assert got[0] == [got[1]], (scheme, got)
        if scheme == "light":
            assert manifest()["theme_color"] == got[1]
        # a theme the player chose, against the system's: the bar follows the page
        other = "dark" if scheme == "light" else "light"
        page.evaluate("(theme) => { document.documentElement.dataset.theme = theme; }", other)
        chosen = page.evaluate(THEME)
        assert chosen[0] == [chosen[1]] and chosen[1] != got[1], (scheme, other, chosen)
        page.evaluate("() => { delete document.documentElement.dataset.theme; }")
        page.wait_for_function(f"() => document.querySelector('meta[name=theme-color][media*={scheme}]').content === {got[1]!r}")
    page.emulate_media(color_scheme="light")


TODAY = """() => { const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`; }"""


def test_the_shortcuts_open_their_game_offline(profile, site):
    """Once the service worker keeps the site, the browser offline: the start page, then
    each shortcut's address, open to a playable game with no failed request; the new
    deal's is a new board (its number in the address), the daily's today's daily."""
    page = profile
    page.evaluate("navigator.serviceWorker.ready.then(() => 1)")
    wait_until(page, "async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated'",
               timeout_ms=90_000)
    page.reload()
    ready(page)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    before = page.evaluate("location.search")
    shortcuts = {s["short_name"]: urljoin(site.url + "/" + MANIFEST, s["url"]) for s in manifest()["shortcuts"]}
    page.context.set_offline(True)
    failed = []   # (a request a navigation of the test cut short, aborted, is not one the network failed)
    page.on("requestfailed", lambda r: r.failure != "net::ERR_ABORTED" and failed.append(f"{r.url} {r.failure}"))
    try:
        page.errors.clear()
        boot(page, urljoin(site.url + "/" + MANIFEST, manifest()["start_url"]))
        boot(page, shortcuts["New deal"])
        deal = wait_until(page, "async () => /^\\?deal=\\d+&game=tabbycat$/.test(location.search) && location.search",
                          timeout_ms=120_000)
        assert deal != before and page.evaluate("document.getElementById('deal-number').textContent") == deal.split("=")[1].split("&")[0]
        boot(page, shortcuts["Daily"])
        today = page.evaluate(TODAY)
        wait_until(page, f"async () => location.search === '?daily={today}&game=tabbycat'", timeout_ms=120_000)
        assert page.evaluate("document.getElementById('deal-number').textContent") == today
    finally:
        page.context.set_offline(False)
    assert not failed, failed
    assert not page.errors, page.errors
    assert page.evaluate("window.__csp") == []
