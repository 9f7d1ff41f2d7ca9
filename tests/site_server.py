"""Serve a built site (dist/) the way Netlify does: every `[[headers]]` rule of netlify.toml
whose path pattern matches the request's path adds its headers (later rules override
earlier ones for the same header). Used by the browser tests, the benchmark and
scripts/serve.sh. A test may change what is deployed through ``server.deploy``.
With ``Deployment.gzip`` on (off by default; bench/network.py turns it on), every response
but an already compressed file (`.gz`) is gzip-compressed on the fly when the browser
accepts it, as a CDN does. A request carrying the cookie ``link=MBIT-MS`` (a test's slow
link: tests/pages.py ``slow_link``) is answered over a ``Link`` of that speed and latency.

    python3 tests/site_server.py dist 8000
"""

import functools
import gzip
import os
import http.cookies
import http.server
import re
import sys
import threading
import time
import tomllib
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent


def header_rules(config_path: Path = ROOT / "netlify.toml") -> list[tuple[re.Pattern, dict]]:
    """netlify.toml's header rules as (path regex, headers), in file order.

    >>> sorted(headers_for("/web/vendor/x.wasm", header_rules()))[:2]
    ['Cache-Control', 'Content-Security-Policy']
    """
    rules = []
    for rule in tomllib.loads(config_path.read_text()).get("headers", []):
        pattern = "^" + ".*".join(re.escape(part) for part in rule["for"].split("*")) + "$"
        rules.append((re.compile(pattern), dict(rule["values"])))
    return rules


def headers_for(path: str, rules) -> dict:
    """The headers Netlify sends for a request path: every matching rule, merged in order."""
    merged = {}
    for pattern, values in rules:
        if pattern.match(path):
            merged.update(values)
    return merged


# What Netlify sends for a file that no rule gives a Cache-Control: the browser may keep it,
# but asks again at each use whether it changed (so a reload never mixes in an old copy).
NETLIFY_CACHE = "public, max-age=0, must-revalidate"


class Link:
    """A link of ``mbit`` Mbit/s that answers each request ``latency_ms`` late, shared by
    every response sent over it (as a phone's link is shared by a page's requests): each
    piece of a response waits for its turn on the link."""

    def __init__(self, mbit: float, latency_ms: float):
        self.rate = mbit * 1e6 / 8    # bytes per second
        self.latency = latency_ms / 1000
        self.lock = threading.Lock()
        self.free_at = 0.0            # when the link has sent what it was given

    def send(self, size: int):
        """Wait until ``size`` more bytes have gone over the link."""
        with self.lock:
            self.free_at = max(time.monotonic(), self.free_at) + size / self.rate
            until = self.free_at
        time.sleep(max(0.0, until - time.monotonic()))


class Paced:
    """A response's writer that sends over a ``Link``, a piece at a time."""
    PIECE = 16 * 1024

    def __init__(self, raw, link: Link):
        self.raw, self.link = raw, link

    def write(self, data) -> int:
        view = memoryview(data)
        for start in range(0, len(view), self.PIECE):
            piece = view[start:start + self.PIECE]
            self.link.send(len(piece))
            self.raw.write(piece)
        return len(view)

    def flush(self):
        self.raw.flush()


class Deployment:
    """What the server serves: a folder (another folder is another release, deployed whole
    at once: assign ``folder``), with per-path replacements (bytes, or None for 404);
    ``before``, if set, is called with each request's path before it is answered (a test
    deploys there, at a chosen moment of a load)."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self.before = None
        self.overrides: dict[str, bytes | None] = {}
        self.rules = header_rules()
        self.gzip = False
        self._compressed: dict[tuple, bytes] = {}
        self._links: dict[str, Link] = {}
        self._lock = threading.Lock()

    def link(self, cookie_header: str | None) -> Link | None:
        """The link a request's ``link=MBIT-MS`` cookie names (one per name, shared by
        every request that names it), or None.

        >>> d = Deployment(ROOT)
        >>> d.link("a=1; link=8-20").rate, d.link("link=8-20") is d.link("link=8-20")
        (1000000.0, True)
        >>> d.link("link=fast"), d.link("link"), d.link(None)
        (None, None, None)
        """
        if not cookie_header:
            return None
        try:
            morsel = http.cookies.SimpleCookie(cookie_header).get("link")
        except http.cookies.CookieError:
            return None
        m = re.fullmatch(r"(\d+(?:\.\d+)?)-(\d+)", morsel.value) if morsel else None
        if m is None:
            return None
        with self._lock:
            return self._links.setdefault(m.group(0), Link(float(m.group(1)), int(m.group(2))))

    def compressed(self, key: tuple, body: bytes) -> bytes:
        """``body`` gzip-compressed (level 6, a CDN's usual), kept by ``key``."""
        if key not in self._compressed:
            self._compressed[key] = gzip.compress(body, 6, mtime=0)
        return self._compressed[key]


class Handler(http.server.SimpleHTTPRequestHandler):
    deployment: Deployment

    def __init__(self, *args, deployment, **kw):
        self.deployment = deployment
        super().__init__(*args, directory=str(deployment.folder), **kw)

    def do_GET(self):
        link = self.deployment.link(self.headers.get("Cookie"))
        if link is None:
            return self.answer()
        time.sleep(link.latency)
        raw, self.wfile = self.wfile, Paced(self.wfile, link)
        try:
            self.answer()
        finally:
            self.wfile = raw

    def answer(self):
        path = unquote(urlsplit(self.path).path)
        if self.deployment.before is not None:
            self.deployment.before(path)
        self.directory = str(self.deployment.folder)
        overrides = self.deployment.overrides
        if path in overrides:
            body = overrides[path]
            if body is None:
                self.send_error(404)
                return
            self.send_body(path, body, ("override", path, len(body), hash(body)))
            return
        if self.deployment.gzip and "gzip" in self.headers.get("Accept-Encoding", ""):
            file = self.translate_path(self.path)
            if os.path.isdir(file) and path.endswith("/"):
                file = os.path.join(file, "index.html")
            if os.path.isfile(file) and not file.endswith(".gz"):
                stat = os.stat(file)
                with open(file, "rb") as f:
                    self.send_body(file, f.read(), (file, stat.st_mtime_ns, stat.st_size))
                return
        super().do_GET()

    def send_body(self, path, body, key):
        """A 200 response with ``body``, compressed if the deployment says so."""
        compress = self.deployment.gzip and "gzip" in self.headers.get("Accept-Encoding", "") \
            and not path.endswith(".gz")
        if compress:
            body = self.deployment.compressed(key, body)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path + "index.html" if path.endswith("/") else path))
        self.send_header("Content-Length", str(len(body)))
        if compress:
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        self.wfile.write(body)

    def end_headers(self):
        path = unquote(urlsplit(self.path).path)
        headers = headers_for(path, self.deployment.rules)
        headers.setdefault("Cache-Control", NETLIFY_CACHE)
        for key, value in headers.items():
            self.send_header(key, value)
        super().end_headers()

    def log_message(self, *args):
        pass


Handler.extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                          ".mjs": "text/javascript", ".js": "text/javascript",
                          ".wasm": "application/wasm", ".webmanifest": "application/manifest+json",
                          ".gz": "application/gzip"}


class Server(http.server.ThreadingHTTPServer):
    """Quiet when the browser drops a connection mid-file (a cancelled fetch, a closed
    page): that is the browser's choice, not the site's fault."""

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


class SiteServer:
    """A threaded local server for a built site; ``url`` is its base address."""

    def __init__(self, folder: Path, port: int = 0):
        self.deployment = Deployment(folder)
        handler = functools.partial(Handler, deployment=self.deployment)
        self.httpd = Server(("127.0.0.1", port), handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"

    def start(self):
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        return self

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


if __name__ == "__main__":
    site = SiteServer(Path(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 8000)
    try:
        site.httpd.serve_forever()
    except KeyboardInterrupt:
        pass
