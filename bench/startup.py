"""Page benchmark: start-up (cold and warm) against a bare loadPyodide page, the time from
a click to the updated table, and New deal with Winnable on. Prints figures; asserts nothing.

    python3 bench/startup.py [--runs 3]

Needs what scripts/setup.sh installs (chromium, playwright, the vendored runtime).
"""

import argparse
import functools
import http.server
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "py")]

from playwright.sync_api import sync_playwright  # noqa: E402
from test_page import ARGS, CHROMIUM, Handler  # noqa: E402


def serve():
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                            functools.partial(Handler, directory=str(ROOT)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{httpd.server_address[1]}"


def timed_load(page, url):
    t = time.perf_counter()
    page.goto(url)
    page.wait_for_selector("body[data-ready]", state="attached", timeout=120_000)
    return time.perf_counter() - t


def startup(browser, url, service_worker: bool):
    """Cold load in a fresh context, then a warm reload (after the service worker, if any)."""
    context = browser.new_context()
    page = context.new_page()
    cold = timed_load(page, url)
    if service_worker:
        page.wait_for_function("caches.keys().then(k => k.length > 0)", timeout=60_000)
        page.evaluate("navigator.serviceWorker.ready.then(() => 1)")
        page.wait_for_timeout(500)
    warm = timed_load(page, url)
    context.close()
    return cold, warm


def time_click(page, selector, done):
    """Seconds from a click on ``selector`` until the JS condition ``done`` holds."""
    t = time.perf_counter()
    page.click(selector)
    page.wait_for_function(done, timeout=120_000)
    return time.perf_counter() - t


def p90(values):
    values = sorted(values)
    return values[min(len(values) - 1, int(0.9 * len(values)))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--deals", type=int, default=10, help="Winnable new deals to time")
    args = parser.parse_args()
    base = serve()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        ours, bare = [], []
        for _ in range(args.runs):  # interleave, so machine load hits both alike
            bare.append(startup(browser, base + "/bench/bare.html", False))
            ours.append(startup(browser, base + "/?deal=1", True))
        for label, k in (("cold", 0), ("warm", 1)):
            a = statistics.median(r[k] for r in ours)
            b = statistics.median(r[k] for r in bare)
            print(f"start-up {label}: game {a:.2f} s, bare loadPyodide {b:.2f} s, ratio {a / b:.2f}")

        context = browser.new_context()
        page = context.new_page()
        timed_load(page, base + "/?deal=1")
        clicks = []
        for _ in range(12):  # deal, then undo: a click on the stock and a key
            clicks.append(page.evaluate("""() => {
                const slot = document.querySelector('.slot[data-pile="stock"]');
                const badge = slot.querySelector('.badge');
                const before = badge.textContent;
                const t = performance.now();
                const opts = {bubbles: true, pointerId: 1, pointerType: 'mouse', button: 0,
                              clientX: 5, clientY: 5};
                slot.dispatchEvent(new PointerEvent('pointerdown', opts));
                slot.dispatchEvent(new PointerEvent('pointerup', opts));
                const dt = performance.now() - t;
                if (badge.textContent === before) throw new Error('no deal');
                return dt;
            }"""))
            page.keyboard.press("u")
        print(f"click to updated table: median {statistics.median(clicks):.1f} ms, "
              f"max {max(clicks):.1f} ms over {len(clicks)} deals")

        def winnable(game):
            page.evaluate(f"window.tabby_start(1, '{game}')")
            waits = []
            for _ in range(args.deals):
                page.evaluate("document.querySelector('#status').textContent = ''")
                waits.append(time_click(page, "#new-deal",
                                        "document.querySelector('#status').textContent.includes('proved')"))
            print(f"New deal with Winnable on ({game}): median {statistics.median(waits):.2f} s, "
                  f"p90 {p90(waits):.2f} s, max {max(waits):.2f} s over {len(waits)} deals")

        for game in ("tabbycat", "spider1", "spider2"):
            winnable(game)
        page.evaluate("window.tabby_start(1, 'tabbycat')")
        daily = []
        for _ in range(5):
            page.evaluate("localStorage.removeItem('tabbycat.daily.v2'); window.tabby_start(1)")
            daily.append(time_click(page, "#daily",
                                    "document.querySelector('#deal-label').textContent.startsWith('Daily')"))
        print(f"Daily button to a playable board (uncached): median {statistics.median(daily):.2f} s, "
              f"max {max(daily):.2f} s")
        days = [f"2026-{m:02d}-{d:02d}" for m in (3, 6, 9, 12) for d in (1, 11, 21)]
        each = []
        for day in days:
            t = time.perf_counter()
            page.evaluate(f"window.tabby_daily('{day}')")
            each.append(time.perf_counter() - t)
        print(f"daily deal computed in the page for {len(days)} dates: median "
              f"{statistics.median(each):.2f} s, p90 {p90(each):.2f} s, max {max(each):.2f} s")
        for game in ("spider1", "spider2", "spider4"):
            each = []
            for day in days[::2]:
                t = time.perf_counter()
                page.evaluate(f"window.tabby_daily('{day}', '{game}')")
                each.append(time.perf_counter() - t)
            print(f"{game} daily computed in the page for {len(each)} dates: median "
                  f"{statistics.median(each):.2f} s, max {max(each):.2f} s")
        page.evaluate("window.tabby_start(3, 'tabbycat')")
        t = time.perf_counter()
        page.evaluate("window.tabby_solve()")
        print(f"solver in the page: deal 3 solved in {time.perf_counter() - t:.2f} s")
        browser.close()


if __name__ == "__main__":
    main()
