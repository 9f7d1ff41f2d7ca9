"""From Cancel to the stopped search in the solver's worker: the interrupt buffer against
the messages (issue 50, item 3).

    python3 bench/cancel.py [--cancels 12] [--paths interrupt,messages]

On the built site (dist/), in chromium: a four-suit check of Spider deal 12 (not decided
within the check's budget, so it runs until stopped) is started in the worker, and after
a pause (0.2 s, then 0.1 s longer each time, so the press lands anywhere in the worker's
0.1 s chunks) Cancel is clicked with the mouse. The time runs from the press reaching the page (the event's
timeStamp) to the moment the worker's Python stopped (the worker's own clock at its
"stopped" message; both clocks count from the epoch).

- *interrupt*: the site served as deployed, cross-origin isolated (netlify.toml's COOP and
  COEP): the page writes SIGINT into Pyodide's interrupt buffer, shared with the worker,
  and Python stops mid-chunk;
- *messages*: the same site served without the two headers (not isolated: no
  SharedArrayBuffer), as before them: the cancel message is read between chunks.

Prints figures; asserts nothing. Needs what scripts/setup.sh installs.
"""

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "py"), str(ROOT / "bench")]

from playwright.sync_api import sync_playwright  # noqa: E402
from pages import ARGS, CHROMIUM, serve_dist  # noqa: E402
from table_clicks import p90  # noqa: E402

BUSY = 12   # a four-suit deal the check does not decide within its budget
PRESSED = """window.__pressed = [];
document.addEventListener("pointerdown", (e) => window.__pressed.push(performance.timeOrigin + e.timeStamp), true);"""
ISOLATION = ("Cross-Origin-Opener-Policy", "Cross-Origin-Embedder-Policy")


def solver(page):
    return json.loads(page.evaluate("window.tabby_solver()"))


def run(browser, site, path, cancels):
    rules = site.deployment.rules
    if path == "messages":
        site.deployment.rules = [(p, {k: v for k, v in values.items() if k not in ISOLATION})
                                 for p, values in rules]
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce",
                                      service_workers="block")
        page = context.new_page()
        page.add_init_script(PRESSED)
        page.goto(site.url + "/?deal=1")
        page.wait_for_selector("body[data-ready]", timeout=120_000)
        page.evaluate("window.tabby_start_worker()")
        page.wait_for_function("document.documentElement.dataset.solver === 'worker'", timeout=120_000)
        how = page.evaluate("document.documentElement.dataset.cancel")
        assert how == path, f"the page stops its searches by {how}, not {path}"
        ms, stopped = [], []
        for k in range(cancels):
            page.evaluate(f"window.tabby_start({BUSY}, 'spider4')")
            page.click("#stats")
            page.click("#still-winnable")
            page.wait_for_function("JSON.parse(window.tabby_solver()).running !== null", polling=20)
            job = solver(page)["running"]
            page.wait_for_timeout(200 + 100 * k)
            page.click("#search-cancel")
            page.wait_for_function(f"JSON.parse(window.tabby_solver()).stops.some((s) => s.id === {job})",
                                   polling=20)
            stop = next(s for s in solver(page)["stops"] if s["id"] == job)
            ms.append(stop["at"] - page.evaluate("window.__pressed[window.__pressed.length - 1]"))
            stopped.append(stop["how"])
        print(f"{path:9} ({how}, {len(ms)} cancels): press to stopped search median {statistics.median(ms):6.1f} ms, "
              f"p90 {p90(ms):6.1f}, max {max(ms):6.1f}, min {min(ms):6.1f}")
        context.close()
    finally:
        site.deployment.rules = rules


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cancels", type=int, default=12)
    parser.add_argument("--paths", default="interrupt,messages")
    args = parser.parse_args()
    site = serve_dist()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for path in args.paths.split(","):
            run(browser, site, path, args.cancels)
        browser.close()
    site.stop()


if __name__ == "__main__":
    main()
