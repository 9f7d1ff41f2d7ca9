"""Table benchmark: the time from a click to the updated table, with motion on and off.

    python3 bench/table_clicks.py [--clicks 12]

For each kind of click (a card moved by a click, a deal from the stock, Undo), in Tabby
Cat and in four-suit Spider (104 cards): the time the click's handler takes (the table
re-rendered, its slides started), and the time to the next painted frame. Prints
figures; asserts nothing. Needs what scripts/setup.sh installs.
"""

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "py"), str(ROOT / "bench")]

from playwright.sync_api import sync_playwright  # noqa: E402
from solitaire import get_game  # noqa: E402
from startup import serve, timed_load  # noqa: E402
from test_page import ARGS, CHROMIUM  # noqa: E402

CLICK = """async ([selector, undo]) => {
    const target = document.querySelector(selector);
    const opts = {bubbles: true, pointerId: 1, pointerType: 'mouse', button: 0,
                  clientX: 5, clientY: 5};
    document.getAnimations().forEach(a => a.finish());
    const before = window.tabby_moves();
    const t = performance.now();
    if (undo) {
        target.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true}));
        target.click();
    } else {
        target.dispatchEvent(new PointerEvent('pointerdown', opts));
        target.dispatchEvent(new PointerEvent('pointerup', opts));
    }
    const handled = performance.now() - t;
    const sliding = document.getAnimations().filter(a => a.playState === 'running').length;
    await new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
    const framed = performance.now() - t;
    if (window.tabby_moves() === before) throw new Error('nothing happened: ' + selector);
    return [handled, framed, sliding];
}"""


def measure(page, game, deal, card, rounds):
    """Per kind of click: (handled ms list, framed ms list, slides started)."""
    out = {"card": [], "deal": [], "undo": []}
    for _ in range(rounds):
        page.evaluate(f"window.tabby_start({deal}, '{game}')")
        for kind, selector in (("card", f'.card[data-card="{card}"]'),
                               ("deal", '.slot[data-pile="stock"]'), ("undo", "#undo")):
            out[kind].append(page.evaluate(CLICK, [selector, kind == "undo"]))
    return out


def movable_card(game_id, deal):
    """A top card that a click moves in this deal."""
    game = get_game(game_id)
    pos = game.deal(deal)
    for i, pile in enumerate(pos.piles):
        if pile and game.click_move(pos, f"pile-{i + 1}", len(pile) - 1) is not None:
            return str(pile[-1])
    raise AssertionError(f"no click moves a card in {game_id} deal {deal}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--clicks", type=int, default=12)
    args = parser.parse_args()
    base = serve()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for motion in ("no-preference", "reduce"):
            context = browser.new_context(viewport={"width": 1280, "height": 800},
                                          reduced_motion=motion)
            page = context.new_page()
            timed_load(page, base + "/?deal=1")
            for game, deal in (("tabbycat", 1), ("spider4", 1)):
                card = movable_card(game, deal)
                figures = measure(page, game, deal, card, args.clicks)
                for kind, rows in figures.items():
                    handled = [r[0] for r in rows]
                    framed = [r[1] for r in rows]
                    print(f"{game:9} {kind:4} motion {motion:13}: handler median "
                          f"{statistics.median(handled):5.1f} ms, max {max(handled):5.1f} ms; "
                          f"to next frame median {statistics.median(framed):5.1f} ms, max "
                          f"{max(framed):5.1f} ms; slides started {min(r[2] for r in rows)}"
                          f"-{max(r[2] for r in rows)}")
            context.close()
        browser.close()


if __name__ == "__main__":
    main()
