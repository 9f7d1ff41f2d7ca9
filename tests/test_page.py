"""The page in a real browser (Debian's chromium driven by Playwright), served locally.

The test server sends the headers netlify.toml gives (the Content-Security-Policy
included), and every request the page makes must go to that server.
"""

import functools
import http.server
import threading
import tomllib
from pathlib import Path
from urllib.parse import urlparse

import pytest

from conftest import ROOT

playwright_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = "/usr/bin/chromium"
SHOTS = ROOT / "tests" / "screenshots"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]


def netlify_headers() -> dict:
    config = tomllib.loads((ROOT / "netlify.toml").read_text())
    return next(h["values"] for h in config["headers"] if h["for"] == "/*")


class Handler(http.server.SimpleHTTPRequestHandler):
    extra = netlify_headers()

    def end_headers(self):
        for k, v in self.extra.items():
            self.send_header(k, v)
        super().end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture(scope="session")
def server():
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0),
                                            functools.partial(Handler, directory=str(ROOT)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail("Debian's chromium is missing: run scripts/setup.sh")
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser, server):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.requests = []
    page.errors = []
    page.on("request", lambda r: page.requests.append(r.url))
    page.on("console", lambda m: m.type == "error" and page.errors.append(m.text))
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    yield page
    context.close()


def boot(page, url):
    page.goto(url)
    page.wait_for_selector("body[data-ready]", timeout=90_000)


def test_page_boots_offline_runtime_and_shows_the_engines_deal(page, server):
    """The page boots PyScript from web/vendor, shows the deal CPython deals, and asks
    nothing of any host but the local server."""
    from solitaire import get_game
    boot(page, server + "/?deal=2")
    assert page.inner_text("#board").strip() == get_game("tabbycat").format(
        get_game("tabbycat").deal(2)).strip()
    assert page.inner_text("#status") == "Deal 2"
    hosts = {urlparse(u).netloc for u in page.requests if not u.startswith(("data:", "blob:"))}
    assert hosts == {urlparse(server).netloc}, hosts
    assert not page.errors, page.errors
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "placeholder-1280x800.png"))


def test_a_bad_deal_number_in_the_url_gives_a_message_and_a_board(page, server):
    """?deal=<garbage> never gives a blank page."""
    boot(page, server + "/?deal=%3Cb%3Ex")
    assert "not valid" in page.inner_text("#status")
    assert page.inner_text("#board").startswith("pile-1: 7H")
