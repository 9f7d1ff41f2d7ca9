"""Firefox ESR and WebKitGTK for the smoke tests of tests/test_engines.py, beside Chromium
(tests/pages.py). Each browser is Debian's (scripts/setup.sh installs them):

- Firefox ESR, headless, in a fresh profile locked down by user.js (no updates, telemetry,
  studies, safe browsing, remote settings, captive-portal or connectivity checks...), driven
  over WebDriver BiDi (the WebSocket its --remote-debugging-port opens; no extra driver);
- WebKitGTK's MiniBrowser, driven by WebKitWebDriver through Selenium, in an Xvfb display.

Both send every request for another host to a local proxy (RefusingProxy) that refuses it
and writes it down, so that a test sees any request to a host but the local server, the
browser's own included. The WebKit driver cannot read the console: the test server puts a
small script at the top of the page (watched_site) that records the page's errors, unhandled
rejections, console errors, answers of 400 or more to its fetch and Content-Security-Policy
violations in a global the tests read; its hash is added to the page's script-src in that server only (the deployed policy is
netlify.toml's, unchanged)."""

import base64
import glob
import hashlib
import json
import os
import re
import shutil
import socketserver
import subprocess
import tempfile
import threading
import time
from pathlib import Path

from pages import DIST, serve_dist

FIREFOX = "/usr/bin/firefox-esr"
WEBKIT_DRIVER = "/usr/bin/WebKitWebDriver"
XVFB = "/usr/bin/Xvfb"
MINIBROWSERS = ("/usr/lib/*/webkit2gtk-4.1/MiniBrowser", "/usr/libexec/webkit2gtk-4.1/MiniBrowser",
                "/usr/lib/*/webkit2gtk-4.0/MiniBrowser")
SETUP = "run bash scripts/setup.sh (as root, on Debian)"


def minibrowser() -> str | None:
    """WebKitGTK's MiniBrowser (Debian ships it with libwebkit2gtk, outside PATH)."""
    for pattern in MINIBROWSERS:
        found = sorted(glob.glob(pattern))
        if found:
            return found[0]
    return None


def missing_firefox() -> str | None:
    """Why the Firefox smoke test cannot run here, or None."""
    lacking = [] if shutil.which(FIREFOX) else [f"Firefox ESR ({FIREFOX}, firefox-esr)"]
    try:
        import websocket  # noqa: F401
    except ImportError:
        lacking.append("websocket-client (requirements-test.txt)")
    return f"Firefox's smoke test needs {', '.join(lacking)}: {SETUP}" if lacking else None


def missing_webkit() -> str | None:
    """Why the WebKit smoke test cannot run here, or None."""
    lacking = [name for name, there in (("WebKitWebDriver (webkit2gtk-driver)", Path(WEBKIT_DRIVER).exists()),
                                        ("MiniBrowser (libwebkit2gtk)", minibrowser() is not None),
                                        ("Xvfb (xvfb)", Path(XVFB).exists()))
               if not there]
    try:
        import selenium  # noqa: F401
    except ImportError:
        lacking.append("selenium (requirements-test.txt)")
    return f"WebKit's smoke test needs {', '.join(lacking)}: {SETUP}" if lacking else None


# -- the page, watched -----------------------------------------------------------------------

# The first script of the page in these tests: every error the page reports, in order, and
# every answer of 400 or more to the page's fetch (WebKit's resource timing has no status).
WATCH = """window.__watched = [];
(() => {
  const note = (what) => window.__watched.push(String(what).slice(0, 500));
  addEventListener("error", (e) => note("error: " + (e.message || e.target?.src || e.target?.href || e.type)), true);
  addEventListener("unhandledrejection", (e) => note("unhandled rejection: " + (e.reason?.message ?? e.reason) + " " + (e.reason?.stack ?? "")));
  document.addEventListener("securitypolicyviolation", (e) => note("CSP violation: " + e.violatedDirective + " " + e.blockedURI));
  const error = console.error;
  console.error = function (...args) { note("console.error: " + args.join(" ")); return error.apply(this, args); };
  const fetched = window.fetch;
  window.fetch = (...args) => fetched(...args).then((r) => { if (r.status >= 400) note(r.status + " " + r.url); return r; });
})();"""
PAGE_PATHS = ("/", "/index.html")


def watched_site(dist: Path = DIST):
    """dist/ served as Netlify does (tests/site_server.py), but for the page itself: WATCH is
    its first script, and the page's Content-Security-Policy allows that one script by its
    hash. The page is the file the service worker keeps, so the offline page has it too."""
    server = serve_dist(dist)
    page = (dist / "index.html").read_text()
    charset = re.search(r"<meta charset=[^>]*>", page)
    assert charset, "dist/index.html has no <meta charset>"
    watched = page[:charset.end()] + f"\n  <script>{WATCH}</script>" + page[charset.end():]
    for path in PAGE_PATHS:
        server.deployment.overrides[path] = watched.encode()
    digest = base64.b64encode(hashlib.sha256(WATCH.encode()).digest()).decode()
    deployment = server.deployment
    csp = [values for pattern, values in deployment.rules
           if pattern.match("/") and "Content-Security-Policy" in values][-1]["Content-Security-Policy"]
    assert "script-src 'self'" in csp, csp
    csp = csp.replace("script-src 'self'", f"script-src 'self' 'sha256-{digest}'", 1)
    deployment.rules = [*deployment.rules,
                        (re.compile("^/(index\\.html)?$"), {"Content-Security-Policy": csp})]
    return server


# -- a proxy that lets nothing out -----------------------------------------------------------

class RefusingProxy:
    """A local HTTP proxy that answers every request with 403 and keeps its first line
    ("CONNECT host:443 HTTP/1.1", "GET http://host/ HTTP/1.1"): what the browser tried to
    reach outside the local server (which it reaches directly)."""

    def __init__(self):
        self.asked: list[str] = []
        asked = self.asked

        class Refuse(socketserver.BaseRequestHandler):
            def handle(self):
                self.request.settimeout(5)
                try:
                    head = self.request.recv(4096).split(b"\r\n", 1)[0]
                    asked.append(head.decode("latin-1"))
                    self.request.sendall(b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                except OSError:
                    pass

        socketserver.ThreadingTCPServer.daemon_threads = True
        self.server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Refuse)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


# -- Firefox over WebDriver BiDi -------------------------------------------------------------

def firefox_prefs(proxy_port: int) -> dict:
    """A profile that contacts no host on its own, and sends any request for a host but the
    loopback one to the refusing proxy (Firefox never proxies 127.0.0.1)."""
    return {
        # the proxy: everything not loopback
        "network.proxy.type": 1, "network.proxy.http": "127.0.0.1", "network.proxy.http_port": proxy_port,
        "network.proxy.ssl": "127.0.0.1", "network.proxy.ssl_port": proxy_port,
        "network.proxy.share_proxy_settings": True, "network.proxy.allow_hijacking_localhost": False,
        # updates, add-ons, studies and experiments
        "app.update.disabledForTesting": True, "app.update.auto": False, "app.update.checkInstallTime": False,
        "app.normandy.enabled": False, "app.normandy.api_url": "", "app.shield.optoutstudies.enabled": False,
        "messaging-system.rsexperimentloader.enabled": False, "nimbus.rollouts.enabled": False,
        "extensions.update.enabled": False, "extensions.update.autoUpdateDefault": False,
        "extensions.getAddons.cache.enabled": False, "extensions.blocklist.enabled": False,
        "extensions.systemAddon.update.enabled": False, "extensions.systemAddon.update.url": "",
        "extensions.pocket.enabled": False, "browser.search.update": False,
        "media.gmp-manager.url": "", "media.gmp-manager.chromium-update-url": "",
        "media.gmp-manager.updateEnabled": False, "media.gmp-provider.enabled": False,
        "media.gmp-gmpopenh264.enabled": False, "media.gmp-widevinecdm.enabled": False,
        "media.gmp-widevinecdm.allow-chromium-update": False, "media.eme.enabled": False,
        # telemetry and reports
        "datareporting.healthreport.uploadEnabled": False, "datareporting.policy.dataSubmissionEnabled": False,
        "datareporting.usage.uploadEnabled": False,
        "toolkit.telemetry.enabled": False, "toolkit.telemetry.unified": False, "toolkit.telemetry.server": "",
        "toolkit.telemetry.archive.enabled": False, "browser.ping-centre.telemetry": False,
        "browser.crashReports.unsubmittedCheck.autoSubmit2": False, "breakpad.reportURL": "",
        # safe browsing, tracking lists, remote settings and what they feed
        "browser.safebrowsing.malware.enabled": False, "browser.safebrowsing.phishing.enabled": False,
        "browser.safebrowsing.blockedURIs.enabled": False, "browser.safebrowsing.downloads.enabled": False,
        "browser.safebrowsing.downloads.remote.enabled": False, "browser.safebrowsing.passwords.enabled": False,
        "browser.safebrowsing.provider.google.updateURL": "", "browser.safebrowsing.provider.google4.updateURL": "",
        "browser.safebrowsing.provider.mozilla.updateURL": "", "browser.safebrowsing.update.enabled": False,
        "privacy.trackingprotection.enabled": False, "privacy.trackingprotection.pbmode.enabled": False,
        "security.remote_settings.crlite_filters.enabled": False,
        "security.remote_settings.intermediates.enabled": False, "security.OCSP.enabled": 0,
        "browser.translations.enable": False, "browser.ml.enable": False,
        "browser.urlbar.quicksuggest.enabled": False, "browser.topsites.contile.enabled": False,
        "browser.region.update.enabled": False, "browser.region.network.url": "", "geo.provider.network.url": "",
        # connectivity, DNS, prefetching
        "network.captive-portal-service.enabled": False, "network.connectivity-service.enabled": False,
        "network.trr.mode": 5, "doh-rollout.disable-heuristics": True,
        "network.dns.disablePrefetch": True, "network.prefetch-next": False,
        "network.http.speculative-parallel-limit": 0, "network.predictor.enabled": False,
        "dom.push.connection.enabled": False, "dom.push.serverURL": "",
        "identity.fxaccounts.enabled": False, "services.sync.enabled": False,
        # a quiet start on a blank page
        "browser.shell.checkDefaultBrowser": False, "browser.startup.page": 0,
        "browser.startup.homepage": "about:blank", "browser.startup.homepage_override.mstone": "ignore",
        "startup.homepage_welcome_url": "about:blank", "startup.homepage_welcome_url.additional": "",
        "browser.newtabpage.enabled": False, "browser.newtabpage.activity-stream.feeds.system.topstories": False,
        "browser.newtabpage.activity-stream.feeds.topsites": False,
        "browser.newtabpage.activity-stream.feeds.snippets": False,
        "browser.aboutwelcome.enabled": False, "trailhead.firstrun.didSeeAboutWelcome": True,
        "browser.sessionstore.resume_from_crash": False,
        "ui.prefersReducedMotion": 1,
    }


class BiDiError(RuntimeError):
    pass


class Firefox:
    """Headless Firefox ESR in a fresh profile, one WebDriver BiDi session, one tab."""

    def __init__(self, proxy_port: int, timeout: float = 120):
        import websocket  # websocket-client (requirements-test.txt)
        self.root = Path(tempfile.mkdtemp(prefix="firefox-"))
        self.profile = self.root / "profile"
        self.profile.mkdir()
        (self.profile / "user.js").write_text("".join(
            f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in firefox_prefs(proxy_port).items()))
        self.log = open(self.root / "firefox.log", "w+b")
        self.process = subprocess.Popen(
            [FIREFOX, "--headless", "--no-remote", "--remote-debugging-port=0",
             "--profile", str(self.profile), "about:blank"],
            stdout=self.log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            # MOZ_DISABLE_NONLOCAL_CONNECTIONS: Mozilla's test mode, where Firefox opens no
            # connection to a host but a local one, and its remote settings take the remote
            # agent's dummy address (so they sync from nowhere)
            env={**os.environ, "MOZ_CRASHREPORTER_DISABLE": "1", "MOZ_DISABLE_NONLOCAL_CONNECTIONS": "1"})
        self.events: list[dict] = []
        self.next_id = 0
        try:
            address = self._address(timeout)
            # No Origin header: the remote agent refuses a WebSocket that sends one.
            self.socket = websocket.create_connection(address + "/session", suppress_origin=True,
                                                      timeout=timeout)
            self.command("session.new", {"capabilities": {}})
            self.command("session.subscribe", {"events": ["log.entryAdded", "network.beforeRequestSent",
                                                          "network.responseCompleted", "network.fetchError"]})
            self.context = self.command("browsingContext.getTree", {})["contexts"][0]["context"]
        except BaseException:
            self.close()
            raise

    def _address(self, timeout):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.log.seek(0)
            found = re.search(rb"WebDriver BiDi listening on (ws://\S+)", self.log.read())
            if found:
                return found.group(1).decode()
            if self.process.poll() is not None:
                break
            time.sleep(0.1)
        self.log.seek(0)
        raise RuntimeError(f"Firefox opened no WebDriver BiDi socket: {self.log.read()[-2000:]!r}")

    def command(self, method: str, params: dict, timeout: float = 120):
        self.next_id += 1
        ask = self.next_id
        self.socket.settimeout(timeout)
        self.socket.send(json.dumps({"id": ask, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("type") == "event":
                self.events.append(message)
            elif message.get("id") == ask:
                if message.get("type") == "error":
                    raise BiDiError(f"{method}: {message.get('error')}: {message.get('message')}")
                return message["result"]

    # the page

    def goto(self, url: str):
        self.command("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"})

    def reload(self):
        self.poll()
        mark = len(self.events)
        self.command("browsingContext.reload", {"context": self.context, "wait": "complete"})
        # What the page asked before the reload's own request for the page (events come in
        # order): a request of those still going is cut off by the reload.
        starts = [(i, e) for i, e in enumerate(self.events) if e["method"] == "network.beforeRequestSent"]
        reload_at = next(i for i, e in starts if i >= mark and e["params"].get("navigation")
                         and e["params"].get("context") == self.context)
        self.left_behind = {e["params"]["request"]["request"] for i, e in starts if i < reload_at}

    def evaluate(self, expression: str):
        """The value of a JavaScript expression (awaited) in the page, through JSON."""
        result = self.command("script.evaluate", {
            "expression": f"(async () => JSON.stringify(await ({expression})))()",
            "target": {"context": self.context}, "awaitPromise": True, "resultOwnership": "none"})
        if result["type"] == "exception":
            raise BiDiError(f"{expression}: {result['exceptionDetails'].get('text')}")
        value = result["result"].get("value")
        return None if value is None else json.loads(value)

    def click(self, selector: str):
        """A real click (the browser's input actions) at the middle of the element."""
        found = self.command("script.evaluate", {
            "expression": f"document.querySelector({json.dumps(selector)})",
            "target": {"context": self.context}, "awaitPromise": False, "resultOwnership": "root"})
        node = found["result"]
        assert node.get("type") == "node", f"no {selector} on the page"
        origin = {"type": "element", "element": {"sharedId": node["sharedId"]}}
        self.command("input.performActions", {"context": self.context, "actions": [{
            "type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
            "actions": [{"type": "pointerMove", "x": 0, "y": 0, "origin": origin},
                        {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]}]})
        self.command("input.releaseActions", {"context": self.context})

    # what the browser saw

    def poll(self):
        """Take in the events that arrived meanwhile (a quick script call reads them)."""
        self.command("script.evaluate", {"expression": "0", "target": {"context": self.context},
                                         "awaitPromise": False})

    def requests(self) -> list[str]:
        return [e["params"]["request"]["url"] for e in self.events if e["method"] == "network.beforeRequestSent"]

    def errors(self) -> list[str]:
        """Console errors and uncaught exceptions (the log), failed requests, and answers
        of 400 or more. A request of the page before a reload that the reload cut off
        (NS_BINDING_ABORTED: the page's warm-up frame, say) is the navigation's doing, not an error."""
        out = []
        left_behind = getattr(self, "left_behind", set())
        for e in self.events:
            p = e["params"]
            if e["method"] == "log.entryAdded" and p.get("level") == "error":
                out.append(f"{p.get('type')}: {p.get('text')}")
            elif e["method"] == "network.fetchError":
                if p["request"]["request"] in left_behind and p.get("errorText") == "NS_BINDING_ABORTED":
                    continue
                out.append(f"failed: {p['request']['url']}: {p.get('errorText')}")
            elif e["method"] == "network.responseCompleted" and p["response"]["status"] >= 400:
                out.append(f"{p['response']['status']} {p['request']['url']}")
        return out

    def close(self):
        try:
            if getattr(self, "socket", None) is not None:
                try:
                    self.command("browser.close", {}, timeout=20)
                except Exception:  # noqa: BLE001 (closing: the process is ended below anyway)
                    pass
                self.socket.close()
        finally:
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            self.log.close()
            shutil.rmtree(self.root, ignore_errors=True)


# -- WebKit through WebKitWebDriver ----------------------------------------------------------

class Xvfb:
    """A virtual X display of its own (-displayfd picks a free number; -noreset keeps the
    server up when its last client, a browser, leaves)."""

    def __init__(self, timeout: float = 30):
        read, write = os.pipe()
        self.process = subprocess.Popen(
            [XVFB, "-displayfd", str(write), "-noreset", "-nolisten", "tcp", "-screen", "0", "1280x900x24"],
            pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()   # written once the display is up
        if not number:
            self.stop()
            raise RuntimeError("Xvfb did not start")
        self.display = ":" + number

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class WebKit:
    """WebKitGTK's MiniBrowser in automation mode, through Selenium and WebKitWebDriver."""

    def __init__(self, display: str, proxy_port: int):
        from selenium import webdriver
        from selenium.webdriver.webkitgtk.options import Options
        from selenium.webdriver.webkitgtk.service import Service
        options = Options()
        options.binary_location = minibrowser()
        options.add_argument("--automation")
        options.add_argument(f"--proxy=http://127.0.0.1:{proxy_port}")
        options.add_argument("--ignore-host=127.0.0.1")
        service = Service(executable_path=WEBKIT_DRIVER,
                          env={**os.environ, "DISPLAY": display, "SE_AVOID_STATS": "true"})
        self.driver = webdriver.WebKitGTK(options=options, service=service)
        self.driver.set_window_size(1280, 800)
        self.driver.set_script_timeout(120)

    def goto(self, url: str):
        self.driver.get(url)

    def reload(self):
        self.driver.refresh()

    def evaluate(self, expression: str):
        """The value of a JavaScript expression (awaited) in the page, through JSON."""
        out = json.loads(self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            f"(async () => JSON.stringify({{value: await ({expression})}}))()"
            ".then(done, (e) => done(JSON.stringify({thrown: String(e)})));"))
        if "thrown" in out:
            raise RuntimeError(f"{expression}: {out['thrown']}")
        return out.get("value")

    def click(self, selector: str):
        from selenium.webdriver.common.by import By
        self.driver.find_element(By.CSS_SELECTOR, selector).click()

    def close(self):
        self.driver.quit()
