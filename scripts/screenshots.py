"""The manifest's screenshots (web/screenshots/), which a browser's install sheet shows: the
built site (dist/, as tests/site_server.py serves it) in Debian's chromium, a game of Tabby
Cat a dozen moves into deal 7937, light theme, English; wide at 1280x800 and narrow as a
phone of 360x740 at twice its pixels (720x1480), WebP. Run after scripts/build.sh, then
build again so dist/ carries them (tests/test_install.py checks their sizes against the
manifest):

    python3 scripts/screenshots.py
"""

import base64
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "py")]

from pages import ARGS, CHROMIUM, boot, new_page, serve_dist, settled  # noqa: E402
from solitaire import get_game, solve  # noqa: E402
from solitaire.engine.position import format_line  # noqa: E402

DEAL, MOVES = 7937, 12
SHOTS = {"wide": ({"width": 1280, "height": 800}, 1), "narrow": ({"width": 360, "height": 740}, 2)}
OUT = ROOT / "web" / "screenshots"


def webp_size(data: bytes) -> str:
    """A WebP file's width x height, from its header (VP8X, VP8 or VP8L)."""
    kind = data[12:16]
    if kind == b"VP8X":
        w, h = int.from_bytes(data[24:27], "little") + 1, int.from_bytes(data[27:30], "little") + 1
    elif kind == b"VP8 ":
        w, h = int.from_bytes(data[26:28], "little") & 0x3FFF, int.from_bytes(data[28:30], "little") & 0x3FFF
    else:
        bits = int.from_bytes(data[21:25], "little")
        w, h = (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1
    return f"{w}x{h}"


def main():
    from playwright.sync_api import sync_playwright
    game = get_game("tabbycat")
    line = format_line(solve(game, game.deal(DEAL), budget=30_000).line[:MOVES])
    OUT.mkdir(exist_ok=True)
    server = serve_dist()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for name, (viewport, scale) in SHOTS.items():
                page = new_page(browser, viewport=viewport, device_scale_factor=scale,
                                color_scheme="light", is_mobile=scale > 1, has_touch=scale > 1)
                boot(page, f"{server.url}/?deal={DEAL}&game=tabbycat&lang=en")
                page.evaluate("document.querySelectorAll('.overlay, #intro').forEach(e => e.hidden = true)")
                assert page.evaluate(f"window.tabby_play({line!r})"), "the moves were refused"
                settled(page)
                cdp = page.context.new_cdp_session(page)
                clip = {"x": 0, "y": 0, **viewport, "scale": scale}   # at the device's pixels
                shot = cdp.send("Page.captureScreenshot", {"format": "webp", "quality": 80, "clip": clip})
                data = base64.b64decode(shot["data"])
                (OUT / f"{name}.webp").write_bytes(data)
                print(f"web/screenshots/{name}.webp: {webp_size(data)}, {len(data) / 1024:.0f} kB")
                page.context.close()
            browser.close()
    finally:
        server.stop()


if __name__ == "__main__":
    main()
