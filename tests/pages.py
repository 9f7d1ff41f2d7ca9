"""Browser test machinery shared by the page tests and bench/startup.py: Debian's chromium
with no route to any host but the local server, pages that record errors, failed requests
and Content-Security-Policy violations, and the built site (dist/) served as Netlify does."""

import sys
from pathlib import Path

from site_server import ROOT, SiteServer

sys.path.insert(0, str(ROOT / "scripts"))
from lean_source import lean  # noqa: E402  (the build's own rewriting of the Python it ships)

CHROMIUM = "/usr/bin/chromium"
DIST = ROOT / "dist"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]
# Every page records Content-Security-Policy violations, and reports them as console errors.
CSP_WATCH = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__csp.push(e.violatedDirective + " " + e.blockedURI);
  console.error("CSP violation: " + e.violatedDirective + " " + e.blockedURI);
});
"""


def stale_files(dist: Path = DIST) -> list[str]:
    """Sources that differ from their copies in dist/ (index.html and sw.js are rewritten
    by the build, so only their being there counts)."""
    if not (dist / "index.html").exists() or not (dist / "sw.js").exists():
        return ["dist/ (not built)"]
    sources = [ROOT / "pyscript.toml", *(ROOT / "web").glob("*.*"), *(ROOT / "py" / "solitaire").rglob("*.py")]

    def built(p):      # what the build makes of a source: Python ships lean (scripts/lean_source.py)
        return lean(p.read_text()).encode() if p.suffix == ".py" else p.read_bytes()
    return [str(p.relative_to(ROOT)) for p in sources if "__pycache__" not in p.parts
            and (not (dist / p.relative_to(ROOT)).exists()
                 or (dist / p.relative_to(ROOT)).read_bytes() != built(p))]


def serve_dist(dist: Path = DIST) -> SiteServer:
    """Serve dist/, refusing a missing or stale build (run scripts/build.sh)."""
    stale = stale_files(dist)
    if stale:
        raise RuntimeError(f"dist/ is not a build of these sources ({', '.join(stale[:5])}): "
                           "run bash scripts/build.sh (scripts/test.sh does)")
    return SiteServer(dist).start()


def watch(page):
    """Record the page's requests, console errors, page errors and failed responses, and
    which requests are still under way (``page.pending``, said by a page that never gets
    ready)."""
    page.requests, page.errors, page.pending = [], [], {}

    def asked(r):
        page.requests.append(r.url)
        page.pending[r] = r.url
    page.on("request", asked)
    page.on("requestfinished", lambda r: page.pending.pop(r, None))
    page.on("requestfailed", lambda r: page.pending.pop(r, None))
    page.on("console", lambda m: m.type == "error" and page.errors.append(m.text))
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.on("response", lambda r: r.status >= 400 and page.errors.append(f"{r.status} {r.url}"))
    return page


def new_page(browser, **kw):
    """A page in a fresh context; reduced motion, so cards sit still where a test reads them.
    No service worker unless asked (service_workers="allow"): installing one copies the
    whole site (21 MB) into each context, which only the tests about it need."""
    kw.setdefault("reduced_motion", "reduce")
    kw.setdefault("service_workers", "block")
    context = browser.new_context(viewport=kw.pop("viewport", {"width": 1280, "height": 800}), **kw)
    context.add_init_script(CSP_WATCH)
    return watch(context.new_page())


def off_the_game(page, server):
    """Open a page of the site that is not the game (its icon), to set records there that
    the game will find, with no game running to save over them. The browser's own request
    for /favicon.ico, which a bare image's page makes, is answered empty: no 404 to count
    against the game, whenever it lands."""
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204))
    page.goto(server + "/web/icon.svg")


# A link too slow for a first visit's snapshot (web/interpreter.mjs's SNAPSHOT_PAYS_WITHIN,
# 1.5 s): the packed wasm (2.6 MB, web/wasm.mjs) takes about 2.7 s at 8 Mbit/s.
SLOW_LINK = (8, 20)   # Mbit/s, ms


def slow_link(page, server, mbit, latency_ms):
    """Every request of the page's context to ``server`` (the page's, its workers') comes
    over a link of ``mbit`` Mbit/s that answers ``latency_ms`` late, as over a phone's
    link: the test server paces the answers (tests/site_server.py ``Link``; a cookie names
    the link). Not Chromium's own network emulation (CDP): with it, a page's requests twice
    stayed pending for good, for no cause found (bench/network.py, which measures, still
    uses it)."""
    page.context.add_cookies([{"name": "link", "value": f"{mbit}-{latency_ms}", "url": server}])


SKIPPED = "performance.getEntriesByName('snapshot-skipped').map((m) => m.detail)[0] ?? null"
# Either mark of a first visit's choice: the snapshot unpacked, or skipped for a slow wasm.
CHOSEN = "['snapshot-ready', 'snapshot-skipped'].some((m) => performance.getEntriesByName(m).length > 0)"


# What a page shows, for a test whose page never got ready: its address, its words, how it
# started, and its service worker and caches (a page that is not the game says which it is).
DESCRIBE = """async () => {
  const sw = navigator.serviceWorker, r = sw ? await sw.getRegistration().catch(() => null) : null;
  const state = (w) => (w ? w.state : null);
  return { url: location.href, text: ((document.body ? document.body.innerText : document.documentElement.textContent) || "").slice(0, 300),
           boot: document.documentElement.dataset.boot || null, controlled: !!(sw && sw.controller),
           worker: r && { active: state(r.active), waiting: state(r.waiting), installing: state(r.installing) },
           caches: await caches.keys().catch(() => null) };
}"""


def ready(page, timeout=90_000):
    """Wait until the game is playable (body[data-ready]); if it never is, fail saying what
    the page shows instead, and the errors it recorded."""
    from playwright.sync_api import TimeoutError as Timeout
    try:
        page.wait_for_selector("body[data-ready]", timeout=timeout)
    except Timeout:
        try:  # bounded: a page stuck in a navigation answers no evaluate, ever
            shown = page.wait_for_function(DESCRIBE, timeout=10_000, polling=200).json_value()
        except Exception as e:  # a crashed, closed or stuck page answers nothing
            shown = f"(the page cannot say: {e})"
        raise AssertionError(f"the page was not ready within {timeout / 1000:g} s; it shows {shown}; "
                             f"errors: {getattr(page, 'errors', [])[-10:]}; "
                             f"requests under way: {list(getattr(page, 'pending', {}).values())[-10:]}") from None


def boot(page, url):
    """Open the game at ``url`` and wait until it is playable. The wait starts once the
    page's navigation commits (its HTML arrives), not at its load event: a playable game
    is the promise, and a page that never gets ready fails in ready() saying what it shows
    and which requests are still under way (a load event that never came said nothing)."""
    page.goto(url, wait_until="commit")
    ready(page)


def first_visit_with_snapshot(visit, tries=3):
    """What ``visit()`` opened, on a first visit that took the snapshot.

    A first visit fetches the snapshot only if the wasm came within 1.5 s
    (SNAPSHOT_PAYS_WITHIN in web/interpreter.mjs). On localhost it comes in 0.1-1 s, but
    two test workers, each with a browser booting, can hold it back longer, and then the
    page rightly starts normally: the visit a test of the snapshot's start needs did not
    happen (the link was not fast). ``visit()`` makes a first visit (a fresh context, or a
    fresh browser) and returns ``(opened, skipped, close)``: ``skipped`` is falsy when
    the visit took the snapshot, else the wasm's time in s (or why); then ``close()`` and
    the visit is made again, up to ``tries`` times in all, and the test fails with what
    each visit said."""
    seen = []
    for _ in range(tries):
        opened, skipped, close = visit()
        if not skipped:
            return opened
        seen.append(skipped)
        close()
    raise AssertionError(f"every first visit skipped the snapshot (its wasm's time in s, or why): {seen}")


def snapshot_first_visit(browser, url, prepare=None, reach=boot, skipped=None, tries=3, **kw):
    """A page in a fresh context (``new_page(browser, **kw)``, then ``prepare(page)`` if
    given) that ``reach(page, url)`` opened on a first visit that took the snapshot (see
    ``first_visit_with_snapshot``). ``skipped(page)``, if given, says whether a visit
    skipped it, for a test whose page reloads on the way."""
    def visit():
        page = new_page(browser, **kw)
        if prepare is not None:
            prepare(page)
        reach(page, url)
        page.wait_for_function(CHOSEN, timeout=90_000)
        return page, skipped(page) if skipped else page.evaluate(SKIPPED), page.context.close
    return first_visit_with_snapshot(visit, tries)


# Each place of the table as the boxes a player sees: its slot (with the stock's count
# badge and a label above it), its cards; the tucked foundations of a many-run game are one
# stack by design, so one place. Then every other box on the screen that is not the table.
PLACE_BOXES = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden";
  const tucked = document.querySelector("#table .slot.tucked") !== null;
  const key = (name) => (tucked && name.startsWith("foundation") ? "foundations" : name);
  const places = {};
  const add = (name, e) => { if (shown(e)) (places[key(name)] ||= []).push([e.className, box(e)]); };
  for (const s of document.querySelectorAll("#table > .slot")) {
    add(s.dataset.pile, s);
    for (const b of s.querySelectorAll(".badge")) add(s.dataset.pile, b);
  }
  for (const c of document.querySelectorAll("#table > .card[data-place]")) add(c.dataset.place, c);
  for (const l of document.querySelectorAll("#table > .place-label")) add("tail", l);
  const others = {};
  for (const sel of ["header.bar", ".bar .info", "#intro", "#status", "#search", "#offer"]) {
    const e = document.querySelector(sel);
    if (e && shown(e) && !e.hidden) others[sel] = box(e);
  }
  return {places, others};
}"""


def overlaps(page) -> list:
    """What covers what on the table: pairs of boxes of two different places (a card of
    one pile on another's, the stock's badge on a foundation), and the page's other parts
    (the header and the line under it, the first-time note, the messages) over any card
    or slot. Empty when each
    thing a player needs to see is clear (1 px of rounding allowed)."""
    seen = page.evaluate(PLACE_BOXES)

    def meet(a, b):
        return min(a[2], b[2]) - max(a[0], b[0]) > 1 and min(a[3], b[3]) - max(a[1], b[1]) > 1

    found = []
    names = sorted(seen["places"])
    for i, p in enumerate(names):
        for q in names[i + 1:]:
            found += [(p, a[0], q, b[0]) for a in seen["places"][p] for b in seen["places"][q]
                      if meet(a[1], b[1])]
    for other, box in seen["others"].items():
        found += [(other, p, kind) for p in names for kind, b in seen["places"][p] if meet(box, b)]
    return found


def settled(page):
    """Wait for the state a measurement needs: no frame of a move still to show (the
    table's ``data-moving``), no animation running on the page, then two frames drawn (so
    layout and paint have caught up with the last change)."""
    page.wait_for_function("() => !document.querySelector('#table[data-moving]')"
                           " && document.getAnimations().every(a => a.playState !== 'running')")
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def resize(page, width, height, lang, close_panels=True):
    """The page at ``width`` x ``height`` in ``lang`` (the menu's language select), with its
    panels and the first-time note put away unless ``close_panels`` is false; settled."""
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function(f"window.innerWidth === {width} && window.innerHeight === {height}")
    close = "document.querySelectorAll('.overlay, #intro').forEach(e => e.hidden = true);" if close_panels else ""
    page.evaluate(f"""() => {{ const menu = document.getElementById('lang-select');
        if (menu.value !== '{lang}') {{ menu.value = '{lang}'; menu.dispatchEvent(new Event('change')); }}
        {close}
        window.dispatchEvent(new Event('resize')); }}""")
    settled(page)


def wait_until(page, predicate: str, arg=None, timeout_ms: int = 30_000):
    """Wait until the page function ``predicate`` (``async (arg) => ...``, for what only a
    promise tells: caches, the storage) gives a truthy value, checked in the page after
    each task; that value, or an AssertionError naming the predicate when ``timeout_ms``
    passes first (a limit on a wait, not a measurement)."""
    value = page.evaluate(f"""async ([arg, limit]) => {{
        const predicate = {predicate};
        const end = performance.now() + limit;
        for (;;) {{
            const value = await predicate(arg);
            if (value || performance.now() > end) return value || null;
            await new Promise((r) => setTimeout(r, 20));
        }}
    }}""", [arg, timeout_ms])
    assert value, f"still not true after {timeout_ms} ms: {predicate}"
    return value
