"""Smoke tests in Firefox ESR and WebKitGTK (the rest of the browser suite is Chromium's):
in each, the built site (dist/, served with netlify.toml's headers) boots from the start-up
snapshot, is cross-origin isolated, starts the solver's worker (its searches stopped
through Pyodide's interrupt buffer where SharedArrayBuffer is there), plays a move by a
click, shows no error, asks no host but the local server, and
after that first visit reloads and plays with the server gone (the service worker).
tests/engines.py has the machinery; a missing browser fails, with what to install."""

import time

import pytest

import engines
from pages import SKIPPED, first_visit_with_snapshot

# Selenium's own use of an API it deprecates (the WebKit driver's connection).
pytestmark = [pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning"),
              pytest.mark.browser]

READY = "document.body.dataset.ready !== undefined"
ACTIVE = ("navigator.serviceWorker.getRegistration()"
          ".then((r) => !!(r && r.active && r.active.state === 'activated'))")
BOOT = "document.documentElement.dataset.boot"
# Cross-origin isolated (netlify.toml's COOP and COEP): shared memory for the solver's
# worker's interrupt buffer.
ISOLATED = "window.crossOriginIsolated === true"
MOVES = "document.getElementById('move-count').textContent"
# The page's own record of its errors (engines.WATCH, put there by the test server).
WATCHED = "window.__watched ?? ['the watching script did not run']"
# What the page fetched itself (its navigation and resources), by address.
FETCHED = ("[...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')]"
           ".map((e) => e.name)")

# The page's scrollbar colours, and the theme's muted ink on its bar colour.
SCROLLBARS = "getComputedStyle(document.documentElement).scrollbarColor"
THEME_SCROLLBARS = """(() => { const probe = document.createElement('i'); document.body.append(probe);
  const colour = (v) => { probe.style.color = `var(${v})`; return getComputedStyle(probe).color; };
  const out = colour('--muted') + ' ' + colour('--bar'); probe.remove(); return out; })()"""


def wait(browser, expression, timeout=180):
    end = time.monotonic() + timeout
    while True:
        value = browser.evaluate(expression)
        if value:
            return value
        assert time.monotonic() < end, f"not true after {timeout} s: {expression}"
        time.sleep(0.25)


def play_a_move(browser):
    """Deal from the stock by a click: the move counter goes up by one."""
    before = int(browser.evaluate(MOVES))
    browser.click('.slot[data-pile="stock"]')
    wait(browser, f"{MOVES} !== {str(before)!r}", 30)
    assert int(browser.evaluate(MOVES)) == before + 1


def local_only(addresses, site):
    return [a for a in addresses if not a.startswith((site.url + "/", "blob:", "data:", "about:"))]


def first_visit(start, site):
    """A browser, from ``start()``, that opened the site on a first visit that took the
    snapshot; made again in a fresh browser when a busy machine held the wasm back
    (tests/pages.py's first_visit_with_snapshot)."""
    def visit():
        browser = start()
        try:
            browser.goto(site.url + "/?deal=6")
            wait(browser, READY)
            return browser, browser.evaluate(SKIPPED), browser.close
        except BaseException:
            browser.close()
            raise
    return first_visit_with_snapshot(visit)


def smoke(browser, site, proxy, errors, cancel):
    """The smoke test itself, for any browser with goto/reload/evaluate/click, after its
    first visit (``first_visit``); `errors()` reads what the page (and, where it can, the
    browser itself) reported; ``cancel`` is how the solver's worker's searches stop there
    (``<html data-cancel>``)."""
    assert browser.evaluate(BOOT) == "snapshot"
    assert browser.evaluate(ISOLATED) is True
    play_a_move(browser)
    wait(browser, ACTIVE)
    # the solver's worker (as a first search starts it): its searches stop through
    # Pyodide's interrupt buffer in memory shared with the page; WebKitGTK, isolated,
    # has no SharedArrayBuffer (nor sends a shared WebAssembly memory's buffer to a
    # worker), so there the cancel messages stop them
    browser.evaluate("window.tabby_start_worker() ?? 1")
    wait(browser, "document.documentElement.dataset.solver !== undefined")
    assert browser.evaluate("document.documentElement.dataset.solver") == "worker"
    assert browser.evaluate("document.documentElement.dataset.cancel") == cancel
    if cancel == "messages":
        assert browser.evaluate("document.documentElement.dataset.cancelWhy") == "no SharedArrayBuffer"
    assert errors() == []
    assert local_only(browser.evaluate(FETCHED), site) == []

    site.stop()   # offline: the local server refuses every connection
    browser.reload()
    wait(browser, READY)
    assert browser.evaluate("navigator.serviceWorker.controller !== null")
    assert browser.evaluate(BOOT) == "snapshot"
    assert browser.evaluate(ISOLATED) is True   # the document the service worker kept keeps its headers
    # room for Python is made on a reload in Chromium only (web/interpreter.mjs)
    assert browser.evaluate("performance.getEntriesByName('room-made').length") == 0
    play_a_move(browser)
    time.sleep(0.5)
    assert errors() == []
    assert local_only(browser.evaluate(FETCHED), site) == []
    assert proxy.asked == [], f"the browser asked other hosts: {proxy.asked}"


@pytest.fixture
def proxy():
    p = engines.RefusingProxy()
    yield p
    p.stop()


@pytest.fixture
def watched(site):
    """dist/ served by a server of this test's own (it is stopped halfway), the page
    watched (engines.watched_site). Asks for `site` so that a stale build fails as there."""
    server = engines.watched_site()
    yield server
    try:
        server.stop()
    except OSError:
        pass


def test_firefox_boots_from_the_snapshot_plays_and_works_offline(watched, proxy):
    missing = engines.missing_firefox()
    if missing:
        pytest.fail(missing)
    firefox = first_visit(lambda: engines.Firefox(proxy.port), watched)
    try:
        def errors():
            firefox.poll()
            return firefox.errors() + (firefox.evaluate(WATCHED) or [])

        smoke(firefox, watched, proxy, errors, "interrupt")
        assert local_only(firefox.requests(), watched) == []
        # its scrollbars in the theme's colours (it drew a white track beside the dark
        # theme's menu); WebKitGTK has no scrollbar-color
        assert firefox.evaluate(SCROLLBARS) == firefox.evaluate(THEME_SCROLLBARS)
    finally:
        firefox.close()


@pytest.fixture(scope="module")
def display():
    missing = engines.missing_webkit()
    if missing:
        pytest.fail(missing)
    x = engines.Xvfb()
    yield x.display
    x.stop()


def test_webkit_boots_from_the_snapshot_plays_and_works_offline(display, watched, proxy):
    webkit = first_visit(lambda: engines.WebKit(display, proxy.port), watched)
    try:
        smoke(webkit, watched, proxy, lambda: webkit.evaluate(WATCHED) or [], "messages")
    finally:
        webkit.close()
