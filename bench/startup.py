"""Page benchmark: start-up (cold and warm) against a bare loadPyodide page, the time from
a click to the updated table, and New deal with Winnable on. Prints figures; asserts nothing.

    python3 bench/startup.py [--runs 3] [--startup-only]

Start-up is measured on the built site (dist/, from scripts/build.sh, served with
netlify.toml's headers), each cold load in a fresh on-disk browser profile and the warm
load a second navigation in that profile (the service worker then serves the game, and
the page has kept the snapshot unpacked, as for a player who comes back later), then a
third (V8's code cache for the page's scripts is made on the second run and used from the
third; the targets are read on the warm load). Times
come from the page's own Performance marks, from navigation start: the board on screen
(the first paint, which web/board.js's board is part of), playable (`app-ready`), and the
phases between (runtime files downloaded; `snapshot-ready` when the snapshot is unpacked,
`pyodide-start` / `pyodide-ready` around Pyodide's start in web/interpreter.mjs, which
begins after the first paint, side by side with PyScript's own start; `interpreter-called`
when PyScript asks for Pyodide; "PyScript" is its work from the later of that call and
Python being ready; `app-start` when the game's Python begins,
`app-imported` when web/app.py's imports are done; `app-ready` after the first render).
Needs what scripts/setup.sh installs (chromium, playwright) and a build in dist/.
"""

import argparse
import gzip
import json
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "py")]

from playwright.sync_api import sync_playwright  # noqa: E402
from pages import ARGS, CHROMIUM, DIST, serve_dist  # noqa: E402

METRICS = """() => {
  const marks = Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime]));
  const paint = Object.fromEntries(performance.getEntriesByType('paint').map(p => [p.name, p.startTime]));
  const res = performance.getEntriesByType('resource').map(r => [r.name, r.responseEnd]);
  // how Python started, and for a snapshot whose bytes: "kept" (the page's own copy) or "shipped"
  const from = performance.getEntriesByName('snapshot-ready')[0]?.detail;
  const boot = document.documentElement.dataset.boot || null;
  return {marks, paint, res, boot: boot === 'snapshot' && from ? `snapshot (${from})` : boot};
}"""


def timed_load(page, url):
    t = time.perf_counter()
    page.goto(url)
    page.wait_for_selector("body[data-ready]", state="attached", timeout=120_000)
    return time.perf_counter() - t


def measure(page, url):
    """One load: its marks and phases in seconds from navigation start."""
    timed_load(page, url)
    page.wait_for_timeout(200)  # let the paint entries land
    m = page.evaluate(METRICS)
    marks, out = m["marks"], {"boot": m["boot"]}
    out["ready"] = marks["app-ready"] / 1000
    if "board-shown" in marks:
        fcp = m["paint"].get("first-contentful-paint", marks["board-shown"])
        out["board"] = max(fcp, marks["board-shown"]) / 1000
    ends = [end for name, end in m["res"] if re.search(r"(pyodide\.asm\.wasm(\.xz)?|python_stdlib\.zip|stdlib-.*\.zip|snapshot-.*\.gz)$", name)]
    if ends:
        out["downloads"] = max(ends) / 1000
    if "pyodide-start" in marks:
        # Python starts on its own, after the first paint (web/interpreter.mjs), while
        # PyScript loads: the two run side by side until PyScript asks for the interpreter.
        out["PyScript until loadPyodide"] = marks.get("interpreter-called", 0) / 1000
        if "snapshot-ready" in marks:
            out["snapshot unpacked at"] = marks["snapshot-ready"] / 1000
        out["Python start"] = (marks["pyodide-ready"] - marks["pyodide-start"]) / 1000
        out["Python ready at"] = marks["pyodide-ready"] / 1000
        out["PyScript"] = (marks["app-start"] - max(marks["pyodide-ready"], marks.get("interpreter-called", 0))) / 1000
    if "app-imported" in marks:
        out["imports"] = (marks["app-imported"] - marks["app-start"]) / 1000
        out["first render"] = (marks["app-ready"] - marks["app-imported"]) / 1000
    out["fetched"] = [name for name, _ in m["res"]]
    return out


def startup(p, url, service_worker: bool, block_snapshot=False):
    """Cold load in a fresh on-disk profile, then a warm load (a second navigation in it,
    once its service worker, if any, is active and the first visit has done its work
    after ready: the kept snapshot, the scripts' warm-up), then a third. The third shows
    what is left of the browser's own warming (V8 keeps the compiled code of a script
    the page itself runs from the worker's cache, boot.js and interpreter.mjs, from its
    second run and uses it from the third). The targets are read on the warm load."""
    profile = tempfile.mkdtemp(prefix="tabby-bench-")
    try:
        context = p.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=ARGS,
            service_workers="block" if block_snapshot else "allow")
        page = context.pages[0] if context.pages else context.new_page()
        if block_snapshot:  # today's start: a normal boot, the HTTP cache for the warm load
            page.route("**/snapshot-*.bin.gz", lambda route: route.abort())
        cold = measure(page, url)
        if service_worker and not block_snapshot:
            page.wait_for_function("navigator.serviceWorker.getRegistration().then(r => r && r.active"
                                   " && r.active.state === 'activated')", timeout=120_000)
            for _ in range(300):  # and the snapshot kept unpacked (web/snapshot.mjs), as for a player back later
                if page.evaluate("caches.open('start-up-snapshot').then(c => c.keys()).then(k => k.length > 0)"):
                    break
                page.wait_for_timeout(100)
            # and the page's scripts run once from the worker's cache (web/warmup.mjs)
            page.wait_for_function("document.documentElement.dataset.warmedUp !== undefined", timeout=120_000)
        warm = measure(page, url)
        page.wait_for_timeout(1000)
        again = measure(page, url)  # a third visit: V8 now has its code cache for the page's scripts
        context.close()
        return cold, warm, again
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def first_visit_download(fetched):
    """Bytes a first visit downloads, compressed: what the page fetches, and what the
    service worker then keeps (every file of the site but one it unpacks from its packed
    copy, the wasm: sw.js), each gzip-compressed (as the host sends text; the snapshot and
    the packed wasm are shipped compressed already)."""
    def size(rel):
        data = (DIST / rel).read_bytes()
        return len(data) if rel.endswith((".gz", ".xz")) else len(gzip.compress(data, 6))
    page_files = {re.sub(r"^https?://[^/]+/", "", u).split("?")[0] or "index.html" for u in fetched}
    page_files = {f for f in page_files if (DIST / f).is_file()} | {"index.html"}
    worker = re.search(r"^const PRECACHE = (.*);$", (DIST / "sw.js").read_text(), re.M)
    every = {f.removeprefix("./") for f in json.loads(worker.group(1))["files"]} | {"sw.js"}
    every -= {f.removesuffix(".xz") for f in every if f.endswith(".xz")}   # unpacked, not fetched
    return sum(map(size, page_files)), sum(map(size, every | page_files))


def report_startup(series):
    """Medians per kind of load, and ratios to the bare page."""
    med = lambda rows, k: statistics.median(r[k] for r in rows if k in r)  # noqa: E731
    for label, k in (("cold", 0), ("warm", 1), ("third visit", 2)):
        bare = med([r[k] for r in series["bare"]], "ready")
        for name, rows in series.items():
            loads = [r[k] for r in rows]
            if name == "bare":
                print(f"{label} bare loadPyodide: ready {bare:.2f} s")
                continue
            ready = med(loads, "ready")
            line = f"{label} {name}: playable {ready:.2f} s (ratio {ready / bare:.2f})"
            if any("board" in r for r in loads):
                line += f", board on screen {med(loads, 'board'):.2f} s"
            print(line + f"; boot {sorted({str(r['boot']) for r in loads})}")
            phases = [p for p in ("downloads", "snapshot unpacked at", "Python start", "Python ready at",
                                  "PyScript until loadPyodide", "PyScript", "imports", "first render")
                      if any(p in r for r in loads)]
            print("    phases: " + ", ".join(f"{p} {med(loads, p):.2f} s" for p in phases))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--deals", type=int, default=10, help="Winnable new deals to time")
    parser.add_argument("--startup-only", action="store_true")
    args = parser.parse_args()
    site = serve_dist()
    for name in ("bare.html", "bare.js"):  # the bare page beside the built site, same server
        site.deployment.overrides[f"/bench/{name}"] = (ROOT / "bench" / name).read_bytes()
    base = site.url
    with sync_playwright() as p:
        series = {"bare": [], "game (snapshot)": [], "game (snapshot blocked)": []}
        for _ in range(args.runs):  # interleave, so machine load hits all alike
            series["bare"].append(startup(p, base + "/bench/bare.html", False))
            series["game (snapshot)"].append(startup(p, base + "/", True))
            series["game (snapshot blocked)"].append(startup(p, base + "/", True, block_snapshot=True))
        report_startup(series)
        page_bytes, all_bytes = first_visit_download(series["game (snapshot)"][0][0]["fetched"])
        print(f"first visit download (gzip): the page's own fetches {page_bytes / 1e6:.1f} MB; "
              f"with everything the service worker keeps {all_bytes / 1e6:.1f} MB")
        if args.startup_only:
            return
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        run_interactions(browser, base, args)
        browser.close()


def time_click(page, selector, done):
    """Seconds from a click on ``selector`` until the JS condition ``done`` holds."""
    t = time.perf_counter()
    page.click(selector)
    page.wait_for_function(done, timeout=120_000)
    return time.perf_counter() - t


def p90(values):
    values = sorted(values)
    return values[min(len(values) - 1, int(0.9 * len(values)))]


def run_interactions(browser, base, args):
    """Clicks, Winnable new deals, dailies and the solver on one booted page."""
    context = browser.new_context()
    page = context.new_page()
    timed_load(page, base + "/?deal=1")
    clicks = []
    for _ in range(12):  # deal, then undo: a click on the stock and a key
        clicks.append(page.evaluate("""() => {
            const slot = document.querySelector('.slot[data-pile="stock"]');
            const badge = slot.querySelector('.badge');
            const before = badge.textContent;
            document.getAnimations().forEach(a => a.finish());  // the last undo's slides: not this click's
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
    print(f"click to updated table (handler and re-render, slides started, not run): median "
          f"{statistics.median(clicks):.1f} ms, max {max(clicks):.1f} ms over {len(clicks)} deals "
          f"(bench/table_clicks.py has more kinds, motion on and off)")

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


if __name__ == "__main__":
    main()
