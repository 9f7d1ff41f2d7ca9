"""Start-up over a phone network: a first visit under Chromium's own network emulation
(CDP Network.emulateNetworkConditions), every file gzip-compressed on the fly as a CDN
does (tests/site_server.py's ``gzip``), a fresh on-disk profile per load, service workers
blocked, against the bare loadPyodide page (bench/bare.html) in the same run. Then the
same on localhost: cold, warm (the browser closed and opened again on the same profile,
as a player comes back) and a reload in the same tab (service workers allowed, as
bench/startup.py), and a returning visit on slow 4G. Prints figures; asserts nothing.

    python3 bench/network.py [--runs 1] [--profiles slow4g,4g,localhost] [--dist COPY]

Per load: bytes on the wire (the sum of CDP Network.loadingFinished encodedDataLength,
what the page itself fetched until 5 s after it was ready), the board on screen (the later
of the first contentful paint and `board-shown`), playable (`body[data-ready]`, the page's
`app-ready` mark), and the peak resident size of Chromium's renderer process (read from
/proc every 50 ms, from the navigation until 5 s after ready; the renderer is the
`--type=renderer` process under this benchmark's browser with the largest peak: the
page's workers run in it). Needs what scripts/setup.sh installs and a build in dist/.
"""

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "bench"), str(ROOT / "py")]

from playwright.sync_api import sync_playwright  # noqa: E402
from pages import ARGS, CHROMIUM, serve_dist  # noqa: E402
from site_server import SiteServer  # noqa: E402
from startup import METRICS  # noqa: E402

# Throughput in bytes per second, latency in ms (Lighthouse's mobile slow 4G; a plain 4G).
NETWORKS = {
    "slow4g": {"downloadThroughput": 1.6e6 / 8, "uploadThroughput": 0.75e6 / 8, "latency": 150},
    "4g": {"downloadThroughput": 9e6 / 8, "uploadThroughput": 9e6 / 8, "latency": 60},
}


def descendants(pid: int) -> list[int]:
    """Every process under ``pid`` (from /proc's parent links)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    ppid = int(f.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry))
    out, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


def renderers() -> list[int]:
    found = []
    for pid in descendants(os.getpid()):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                if b"--type=renderer" in f.read():
                    found.append(pid)
        except OSError:
            pass
    return found


def rss(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


class MemoryWatch:
    """The peak resident size of each renderer process, read every 50 ms."""

    def __init__(self):
        self.peaks: dict[int, int] = {}
        self.running = True
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        tick = 0
        pids = []
        while self.running:
            if tick % 10 == 0:   # a new renderer (a navigation may swap it) is found within 0.5 s
                pids = renderers()
            for pid in pids:
                self.peaks[pid] = max(self.peaks.get(pid, 0), rss(pid))
            tick += 1
            time.sleep(0.05)

    def stop(self) -> int:
        self.running = False
        self.thread.join()
        return max(self.peaks.values(), default=0)


class Wire:
    """Bytes on the wire for the page's requests (CDP), by address."""

    def __init__(self, cdp):
        self.urls, self.bytes = {}, {}
        cdp.on("Network.requestWillBeSent", lambda e: self.urls.__setitem__(e["requestId"], e["request"]["url"]))
        cdp.on("Network.loadingFinished", lambda e: self.bytes.__setitem__(e["requestId"], e["encodedDataLength"]))

    def reset(self):
        self.urls.clear()
        self.bytes.clear()

    def total(self) -> int:
        return sum(self.bytes.values())

    def biggest(self, n=4):
        by = sorted(((b, self.urls.get(r, "?").rsplit("/", 1)[-1]) for r, b in self.bytes.items()), reverse=True)
        return by[:n]


def load(page, wire, url, settle=5.0):
    """One navigation: board, playable, bytes, peak renderer memory."""
    wire.reset()
    watch = MemoryWatch()
    t = time.perf_counter()
    page.goto(url, timeout=300_000)
    page.wait_for_selector("body[data-ready]", state="attached", timeout=300_000)
    wall = time.perf_counter() - t
    page.wait_for_timeout(settle * 1000)
    peak = watch.stop()
    m = page.evaluate(METRICS)
    marks = m["marks"]
    out = {"ready": marks.get("app-ready", wall * 1000) / 1000, "bytes": wire.total(), "memory": peak,
           "boot": m["boot"], "biggest": wire.biggest()}
    if "pyodide-ready" in marks:
        out["python"] = marks["pyodide-ready"] / 1000
    if "board-shown" in marks:
        fcp = m["paint"].get("first-contentful-paint", marks["board-shown"])
        out["board"] = max(fcp, marks["board-shown"]) / 1000
    return out


def context_for(p, profile, service_workers):
    context = p.chromium.launch_persistent_context(profile, executable_path=CHROMIUM, args=ARGS,
                                                   service_workers=service_workers)
    page = context.pages[0] if context.pages else context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    return context, page, cdp, Wire(cdp)


def throttle(cdp, network):
    if network:
        cdp.send("Network.emulateNetworkConditions", {"offline": False, **NETWORKS[network]})
    else:
        cdp.send("Network.emulateNetworkConditions", {"offline": False, "downloadThroughput": -1,
                                                      "uploadThroughput": -1, "latency": 0})


def first_visit(p, url, network):
    """A first visit: a fresh profile, no service worker."""
    profile = tempfile.mkdtemp(prefix="tabby-net-")
    try:
        context, page, cdp, wire = context_for(p, profile, "block")
        throttle(cdp, network)
        out = load(page, wire, url)
        context.close()
        return out
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def local_visits(p, url, game: bool):
    """On localhost (service workers allowed, as bench/startup.py): a cold visit; a reload in
    the same tab; a warm visit, the way a player comes back: the browser closed and opened
    again on the same profile (its caches, its service worker). Then for the game a
    returning visit on slow 4G, the browser opened again once more."""
    profile = tempfile.mkdtemp(prefix="tabby-net-")
    try:
        context, page, cdp, wire = context_for(p, profile, "allow")
        cold = load(page, wire, url)
        if game:
            page.wait_for_function("navigator.serviceWorker.getRegistration().then(r => r && r.active"
                                   " && r.active.state === 'activated')", timeout=300_000)
            for _ in range(300):   # the kept snapshot, as for a player back later
                if page.evaluate("caches.open('start-up-snapshot').then(c => c.keys()).then(k => k.length > 0)"):
                    break
                page.wait_for_timeout(100)
            page.wait_for_function("document.documentElement.dataset.warmedUp !== undefined", timeout=300_000)
        reload = load(page, wire, url)
        context.close()
        context, page, cdp, wire = context_for(p, profile, "allow")
        warm = load(page, wire, url)
        context.close()
        back = None
        if game:
            context, page, cdp, wire = context_for(p, profile, "allow")
            throttle(cdp, "slow4g")
            back = load(page, wire, url)
            context.close()
        return cold, warm, reload, back
    finally:
        shutil.rmtree(profile, ignore_errors=True)


def mb(n):
    return f"{n / 1e6:.2f} MB"


def line(name, rows, bare=None):
    med = lambda k: statistics.median(r[k] for r in rows if k in r)  # noqa: E731
    text = f"  {name}: playable {med('ready'):.2f} s"
    if bare:
        text += f" ({med('ready') / statistics.median(r['ready'] for r in bare):.2f}x bare)"
    if any("board" in r for r in rows):
        text += f", board on screen {med('board'):.2f} s"
    if any("python" in r for r in rows):
        text += f" (Python up at {med('python'):.2f} s)"
    text += f", {mb(med('bytes'))} on the wire, peak renderer {med('memory') / 1e6:.0f} MB"
    if bare:
        text += f" ({med('memory') / statistics.median(r['memory'] for r in bare):.2f}x)"
    text += f", boot {sorted({str(r['boot']) for r in rows})}"
    print(text)
    print("      largest: " + ", ".join(f"{n} {mb(b)}" for b, n in rows[0]["biggest"]))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--profiles", default="slow4g,4g,localhost")
    parser.add_argument("--dist", type=Path, default=None,
                        help="a copy of a build to measure (default: dist/, which must match the sources)")
    parser.add_argument("--also", type=Path, default=None,
                        help="another build, measured as a second game in the same run (A/B)")
    args = parser.parse_args()
    profiles = args.profiles.split(",")
    site = SiteServer(args.dist).start() if args.dist else serve_dist()
    site.deployment.gzip = True
    for name in ("bare.html", "bare.js"):
        site.deployment.overrides[f"/bench/{name}"] = (ROOT / "bench" / name).read_bytes()
    bare_url, game_url = site.url + "/bench/bare.html", site.url + "/"
    games = {"game": game_url}
    if args.also:
        other = SiteServer(args.also).start()
        other.deployment.gzip = True
        games[f"game ({args.also.name})"] = other.url + "/"
    rows: dict[str, list] = {}
    with sync_playwright() as p:
        for run in range(args.runs):   # interleaved, so the machine's load hits all alike
            for network in profiles:
                if network == "localhost":
                    bc, bw, br, _ = local_visits(p, bare_url, False)
                    for kind, value in (("cold", bc), ("warm", bw), ("reload", br)):
                        rows.setdefault(f"localhost {kind} bare", []).append(value)
                    for game, url in games.items():
                        gc, gw, gr, back = local_visits(p, url, True)
                        for key, value in ((f"localhost cold {game}", gc), (f"localhost warm {game}", gw),
                                           (f"localhost reload {game}", gr),
                                           (f"returning visit on slow4g {game}", back)):
                            rows.setdefault(key, []).append(value)
                else:
                    rows.setdefault(f"{network} bare", []).append(first_visit(p, bare_url, network))
                    for game, url in games.items():
                        rows.setdefault(f"{network} {game}", []).append(first_visit(p, url, network))
                print(f"run {run + 1}: {network} done", file=sys.stderr)
    for network in profiles:
        if network == "localhost":
            for kind, what in (("cold", "a first visit, service worker allowed"),
                               ("warm", "the browser closed and opened again on the same profile"),
                               ("reload", "the page loaded again in the same tab after the cold visit")):
                print(f"localhost {kind} ({what})")
                line("bare", rows[f"localhost {kind} bare"])
                for game in games:
                    line(game, rows[f"localhost {kind} {game}"], rows[f"localhost {kind} bare"])
            print("returning visit (localhost first, then slow 4G, the browser opened again)")
            for game in games:
                line(game, rows[f"returning visit on slow4g {game}"])
        else:
            print(f"{network}: first visit (fresh profile, no service worker, gzip on the fly)")
            line("bare", rows[f"{network} bare"])
            for game in games:
                line(game, rows[f"{network} {game}"], rows[f"{network} bare"])
    site.stop()


if __name__ == "__main__":
    main()
