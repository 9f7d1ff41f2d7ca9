"""What is deployed: dist/ as scripts/build.sh makes it, with netlify.toml's headers, the
service worker across releases and offline, and the start-up snapshot with its fallback."""

import gzip
import hashlib
import json
import re
import shutil
import sys
import tomllib
import urllib.request
from urllib.parse import urlparse

import pytest

from conftest import ROOT
from site_server import headers_for
from pages import (DIST, SLOW_LINK, boot, new_page, off_the_game, ready, serve_dist, slow_link, snapshot_first_visit,
                   wait_until)
from solitaire import DEAL, get_game

sys.path.insert(0, str(ROOT / "scripts"))
import build_site  # noqa: E402

GAME = get_game("tabbycat")
SNAPSHOT = re.compile(r'<meta name="start-up-snapshot" content="\./(web/vendor/snapshot-[0-9a-f]{16}\.bin\.gz)"')


def precache(dist=DIST) -> dict:
    text = (dist / "sw.js").read_text()
    return json.loads(re.search(r"^const PRECACHE = (.*);$", text, re.M).group(1))


def test_build_ships_the_service_worker_and_keeps_every_file():
    """Defect 1: dist/ holds sw.js, and its list is every file of the site, the snapshot
    named by the page included (so offline the page finds everything it fetches)."""
    manifest = precache()
    listed = {f.removeprefix("./") for f in manifest["files"]}
    actual = {p.relative_to(DIST).as_posix() for p in DIST.rglob("*") if p.is_file()} - {"sw.js"}
    assert listed == actual
    config = tomllib.loads((DIST / "pyscript.toml").read_text())
    assert {src.removeprefix("./") for src in config["files"]} <= listed
    snapshot = SNAPSHOT.search((DIST / "index.html").read_text()).group(1)
    assert snapshot in listed and "index.html" in listed and "web/interpreter.mjs" in listed
    assert re.fullmatch(r"[0-9a-f]{16}", manifest["version"])


def test_the_lock_file_shipped_lists_no_package_and_keeps_its_abi():
    """The page loads no Pyodide package, so the build ships Pyodide's lock file with none
    (every start without the worker's copy fetches it); its `info`, which Pyodide checks
    against its own ABI, is the vendored one's. Every boot test starts Pyodide with it."""
    shipped = json.loads((build_site.pyodide_dir(DIST) / "pyodide-lock.json").read_text())
    vendored = json.loads((build_site.pyodide_dir(ROOT) / "pyodide-lock.json").read_text())
    assert shipped == {"info": vendored["info"], "packages": {}} and len(vendored["packages"]) > 100


def test_a_snapshot_boot_leaves_every_python_file_to_the_snapshot():
    """The page's config in the build is pyscript.toml without its files (the snapshot has
    imported the engine and holds the page's modules compiled); web/engine-files.json lists
    them all, for a normal boot."""
    page = (DIST / "index.html").read_text()
    assert 'config="./pyscript.snapshot.json"' in page
    full = tomllib.loads((DIST / "pyscript.toml").read_text())
    light = json.loads((DIST / "pyscript.snapshot.json").read_text())
    assert "files" not in light and light == {k: v for k, v in full.items() if k != "files"}
    rest = dict(json.loads((DIST / "web" / "engine-files.json").read_text()))
    assert rest == full["files"] and len(rest) > 40
    assert {"./dom.py", "./table.py"} <= set(rest.values())


def test_snapshot_name_changes_with_any_imported_file_and_the_pyodide_build(tmp_path):
    """The snapshot's name hashes the Pyodide build and every file it holds, read from
    pyscript.toml's [files]: a new or changed file, or another Pyodide, gives a new name."""
    site = tmp_path / "site"
    shutil.copytree(DIST, site, ignore=shutil.ignore_patterns("pyscript-*", "snapshot-*"))
    first = build_site.snapshot_name(site)
    engine = site / "py" / "solitaire" / "engine" / "rng.py"
    engine.write_text(engine.read_text() + "\n# changed\n")
    second = build_site.snapshot_name(site)
    extra = site / "py" / "solitaire" / "extra.py"
    extra.write_text("X = 1\n")
    toml = site / "pyscript.toml"
    toml.write_text(toml.read_text() + '"./py/solitaire/extra.py" = "./solitaire/extra.py"\n')
    third = build_site.snapshot_name(site)
    assert "solitaire.extra" in build_site.snapshot_spec(site)["modules"]
    wasm = build_site.pyodide_dir(site) / "pyodide.asm.wasm"
    wasm.write_bytes(wasm.read_bytes()[:-1] + b"\0")
    fourth = build_site.snapshot_name(site)
    assert len({first, second, third, fourth}) == 4


def test_headers_follow_every_matching_netlify_rule(site):
    """netlify.toml: the policy everywhere (frame-ancestors, a Permissions-Policy, no
    allowance the page does not need), immutable runtime files, a page checked each visit."""
    def headers(path):
        with urllib.request.urlopen(site.url + path) as r:
            return r.headers
    page = headers("/")
    csp = page["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in csp and page["Permissions-Policy"]
    assert "'unsafe-eval'" in csp
    for dropped in ("'wasm-unsafe-eval'", "'unsafe-inline'", "blob:"):
        assert dropped not in csp
    for path in ("/", "/index.html", "/sw.js"):
        assert headers(path)["Cache-Control"] == "no-cache", path
    snapshot = "/" + SNAPSHOT.search((DIST / "index.html").read_text()).group(1)
    for path in (snapshot, "/web/vendor/pyodide-314.0.7/pyodide.asm.wasm"):
        got = headers(path)
        assert "immutable" in got["Cache-Control"] and got["Content-Security-Policy"] == csp
    # the warm-up page (web/boot.js frames it): the same policy, framed by the site only
    warmup = headers("/web/warmup.html")["Content-Security-Policy"]
    assert warmup == csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'")


ISOLATION = {"Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp",
             "Cross-Origin-Resource-Policy": "same-origin"}


def test_every_path_is_cross_origin_isolated(site):
    """COOP and COEP (and CORP) on every path netlify.toml names and every file of the
    built site, as Netlify's rules give them and as the test server sends them."""
    rules = site.deployment.rules
    named = [rule["for"].replace("*", "x") for rule in tomllib.loads((ROOT / "netlify.toml").read_text())["headers"]]
    files = ["/" + str(f.relative_to(DIST)) for f in DIST.rglob("*") if f.is_file()]
    assert len(files) > 100
    for path in [*named, *files]:
        got = headers_for(path, rules)
        assert {k: got.get(k) for k in ISOLATION} == ISOLATION, path
    for path in ("/", "/index.html", "/sw.js", "/web/warmup.html", "/rules/tabbycat.html", "/web/solver-worker.mjs",
                 "/web/vendor/pyodide-314.0.7/pyodide.asm.wasm", "/web/app.py"):
        with urllib.request.urlopen(site.url + path) as r:
            assert {k: r.headers[k] for k in ISOLATION} == ISOLATION, path


# -- the service worker ----------------------------------------------------------------------

def controlled(page):
    """Wait until the worker is active, then navigate again so it controls the page."""
    page.evaluate("navigator.serviceWorker.ready.then(() => 1)")
    page.wait_for_function("navigator.serviceWorker.getRegistration().then(r => r && r.active && r.active.state === 'activated')",
                           timeout=90_000)
    page.reload()
    ready(page)
    assert page.evaluate("navigator.serviceWorker.controller !== null")


def test_offline_reload_boots_from_the_snapshot_and_plays_with_no_error(browser, server):
    """Defects 1 and 3: after one visit the site reloads offline from the worker's cache,
    through the snapshot, with no failed request (no 503 for an uncached file), no
    Content-Security-Policy violation, and plays."""
    page = new_page(browser, service_workers="allow")
    boot(page, server + "/?deal=6")
    controlled(page)
    # (the solver's worker, started here as by a first search: let it finish its downloads,
    # which the reload below would otherwise cut off, as any navigation does)
    page.evaluate("window.tabby_start_worker()")
    page.wait_for_function("document.documentElement.dataset.solver === 'worker'", timeout=90_000)
    page.context.set_offline(True)
    page.errors.clear()
    failed = []
    page.on("requestfailed", lambda r: failed.append(r.url))
    page.on("response", lambda r: r.status >= 400 and failed.append(f"{r.status} {r.url}"))
    page.reload()
    ready(page)
    assert page.evaluate("document.documentElement.dataset.boot") == "snapshot"
    assert page.evaluate("crossOriginIsolated")   # the page the service worker kept keeps its headers
    before = GAME.parse(page.evaluate("window.tabby_position()"))
    page.click('.slot[data-pile="stock"]')
    assert GAME.parse(page.evaluate("window.tabby_position()")) == GAME.apply(before, DEAL)
    # The solver's worker boots offline too, from the same cached snapshot, and answers.
    page.evaluate("window.tabby_start_worker()")
    page.wait_for_function("document.documentElement.dataset.solver === 'worker'", timeout=90_000)
    page.click("#hint")
    page.wait_for_function("document.querySelector('#status').textContent.startsWith('Hint')",
                           timeout=60_000)
    assert json.loads(page.evaluate("window.tabby_solver()"))["answered"] == 1
    page.wait_for_load_state("networkidle")  # any request still on its way has landed
    assert not failed, failed
    assert not page.errors, page.errors
    assert page.evaluate("window.__csp") == []
    page.context.close()


def said(page):
    """Every console message of the page and its workers but the debug and info ones, every
    page error, and every issue Chromium's DevTools would list (a deprecation among
    them, such as SharedArrayBuffer on a page that is not cross-origin isolated)."""
    out = []
    page.on("console", lambda m: m.type not in ("debug", "info", "log") and out.append(f"{m.type}: {m.text}"))
    page.on("worker", lambda w: w.on("console", lambda m: m.type not in ("debug", "info", "log")
                                     and out.append(f"worker {m.type}: {m.text}")))
    page.on("pageerror", lambda e: out.append(f"page error: {e}"))
    cdp = page.context.new_cdp_session(page)
    cdp.on("Audits.issueAdded", lambda e: out.append(f"issue: {json.dumps(e['issue'])[:400]}"))
    cdp.send("Audits.enable")
    return out


def test_a_first_visit_and_an_offline_one_are_isolated_and_say_nothing(browser, server):
    """Cross-origin isolated (netlify.toml), and not one warning, error or DevTools issue
    (deprecations included) on a first visit, its solver's worker at work and the service
    worker installed and the warm-up frame run, nor on the offline visit after it."""
    page = new_page(browser, service_workers="allow")
    messages = said(page)
    boot(page, server + "/?deal=6")
    assert page.evaluate("crossOriginIsolated && typeof SharedArrayBuffer === 'function'")
    page.evaluate("window.tabby_start_worker()")   # (as a first search does)
    page.wait_for_function("document.documentElement.dataset.solver === 'worker'", timeout=90_000)
    page.click("#hint")
    page.wait_for_function("document.querySelector('#status').textContent.startsWith('Hint')", timeout=90_000)
    page.wait_for_function("document.documentElement.dataset.warmedUp !== undefined", timeout=120_000)
    assert messages == []
    page.context.set_offline(True)
    page.reload()
    ready(page)
    assert page.evaluate("navigator.serviceWorker.controller !== null && crossOriginIsolated")
    page.click("#hint")
    page.wait_for_function("document.querySelector('#status').textContent.startsWith('Hint')", timeout=90_000)
    assert messages == []
    assert not page.errors, page.errors
    page.context.close()


SHARING = """async () => {
  const { sharingSmallModules } = await import('/web/interpreter.mjs');   // the page's own instance
  const Native = WebAssembly.Module;
  // the smallest module with a type (() -> ()), and one a byte longer ((i32) -> ()): the sizes emscripten makes
  const small = Uint8Array.of(0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0);
  const other = Uint8Array.of(0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 1, 127, 0);
  const unshare = sharingSmallModules(14);
  const a = new WebAssembly.Module(small), b = new WebAssembly.Module(Uint8Array.from(small));
  const c = new WebAssembly.Module(other), d = new WebAssembly.Module(other);
  let thrown = null;
  try { new WebAssembly.Module(Uint8Array.of(1, 2, 3)); } catch (e) { thrown = e.constructor.name; }
  const out = { same: a === b, bigNotShared: c !== d, isModule: a instanceof WebAssembly.Module && a instanceof Native,
                exportsOk: Array.isArray(WebAssembly.Module.exports(a)), thrown,
                instances: new WebAssembly.Instance(a) !== new WebAssembly.Instance(b) };
  unshare();
  out.restored = WebAssembly.Module === Native;
  return out;
}"""


def test_small_wasm_modules_are_compiled_once_while_pyodide_sets_up(browser, server):
    """web/interpreter.mjs's sharingSmallModules: while Pyodide sets up, the same small
    module bytes give the same compiled module (each instantiated apart), larger ones and
    bad ones behave as ever, and the native constructor is back afterwards (also after the
    page's start)."""
    page = new_page(browser)
    boot(page, server + "/?deal=2")
    assert page.evaluate("WebAssembly.Module.name") == "Module"   # the start put it back
    assert page.evaluate(SHARING) == {"same": True, "bigNotShared": True, "isModule": True, "exportsOk": True,
                                      "thrown": "CompileError", "instances": True, "restored": True}
    page.context.close()


WARMED_UP = ("pyodide.mjs", "snapshot.mjs", "pyodide.asm.mjs", "core.js")


def test_a_first_visit_runs_the_big_scripts_once_from_the_worker_s_cache(browser, server):
    """web/boot.js: a page that came from the network, once its worker is active and the
    player has left it alone for 3 s, loads web/warmup.html in a hidden frame, which runs
    Pyodide's and PyScript's modules from the worker's cache (so the browser keeps their
    compiled code for the next visit), then drops the frame; the game still plays. A page
    the worker served does not."""
    page = new_page(browser, service_workers="allow")
    frames, served = [], {}
    page.on("frameattached", lambda f: frames.append(f))

    def response(r):
        if r.frame.url.endswith("/web/warmup.html"):
            served[r.url.rsplit("/", 1)[-1]] = r.from_service_worker
    page.on("response", response)
    boot(page, server + "/?deal=5")
    assert page.evaluate(PAGE_WASM_READS) == [0, 1]   # a first visit: the packed copy
    # The wasm unpacked, the xz decoder's instance is let go (web/wasm.mjs's dropDecoder).
    assert page.evaluate("""import('/web/vendor/xz-decompress-0.2.3/xz-decompress.mjs')
        .then(({ XzReadableStream: X }) => [X._moduleInstance ?? null, X._moduleInstancePromise ?? null])""") == [None, None]
    page.evaluate("navigator.serviceWorker.ready.then(() => 1)")
    for _ in range(12):   # the player at work: no warm-up (its task would be felt) until 3 s go by without
        page.mouse.wheel(0, 10)
        page.wait_for_timeout(500)  # the player's pace (the scenario, not a wait for a state)
    assert frames == []
    page.wait_for_function("document.documentElement.dataset.warmedUp !== undefined", timeout=90_000)
    assert [urlparse(f.url).path for f in frames] == ["/web/warmup.html"]
    assert page.frames == [page.main_frame]            # dropped once done
    core = next(name for name in served if re.fullmatch(r"core-\w+\.js", name))
    for name in (*WARMED_UP, core, "warmup.mjs"):
        assert served.get(name) is True, (name, served)  # from the worker's cache
    assert "pyodide.asm.wasm" not in served             # Pyodide's start stops before its wasm
    before = GAME.parse(page.evaluate("window.tabby_position()"))
    page.click('.slot[data-pile="stock"]')
    assert GAME.parse(page.evaluate("window.tabby_position()")) == GAME.apply(before, DEAL)
    frames.clear()
    page.reload()
    ready(page)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    # The worker unpacked the packed copy as it installed (sw.js): the page it serves reads
    # the wasm itself, the build's bytes, from its cache, and not the packed copy.
    assert page.evaluate(PAGE_WASM_READS) == [1, 0]
    wasm = (build_site.pyodide_dir(DIST) / "pyodide.asm.wasm").read_bytes()
    assert page.evaluate(WORKER_WASM) == ["application/wasm", hashlib.sha256(wasm).hexdigest()]
    page.wait_for_timeout(5000)  # a window for what must not happen: past a warm-up's 3 s of quiet and an idle turn
    assert frames == [] and page.evaluate("document.documentElement.dataset.warmedUp") is None
    assert not page.errors, page.errors
    assert page.evaluate("window.__csp") == []
    page.context.close()


UPDATE = """async () => {
  const r = await navigator.serviceWorker.getRegistration();
  try { await r.update(); } catch (e) { return "update failed: " + e; }
  const w = r.installing || r.waiting;
  if (!w) return "no new worker";
  if (w.state !== "installing") return w.state;
  return await new Promise((done) => w.addEventListener("statechange", () => {
    if (w.state === "installed" || w.state === "redundant") done(w.state);
  }));
}"""


def release(deployment, tag, extra=None):
    """Deploy a new version on the test server: a new sw.js (new version), and marked files."""
    worker = (DIST / "sw.js").read_text()
    version = precache()["version"]
    deployment.overrides["/sw.js"] = worker.replace(f'"version": "{version}"', f'"version": "{version}-{tag}"').encode()
    deployment.overrides.update(extra or {})


# The service worker's caches, one per release (the page's kept snapshot has a cache of its own).
RELEASES = "caches.keys().then((names) => names.filter((n) => n.startsWith('tabbycat-')))"


def test_a_new_version_waits_for_the_next_navigation_and_a_failed_one_changes_nothing(browser):
    """Defect 2: a new release installs beside the running one and never serves a page
    that is open (or loading); it takes over, whole, at the next navigation. A release
    whose install fails leaves the old version serving."""
    site = serve_dist()  # an origin of its own: its own service worker
    try:
        page = new_page(browser, service_workers="allow")
        boot(page, site.url + "/?deal=5")
        controlled(page)
        first = page.evaluate("navigator.serviceWorker.controller.scriptURL")
        board_js = page.evaluate("fetch('./web/board.js').then(r => r.text())")

        # A release with a file that cannot be fetched: its install fails, nothing changes.
        release(site.deployment, "broken", {"/web/board.js": None})
        assert page.evaluate(UPDATE) == "redundant"
        assert len(page.evaluate(RELEASES)) == 1
        assert page.evaluate("fetch('./web/board.js').then(r => r.text())") == board_js
        site.deployment.overrides.clear()

        # A good release: installed and waiting; the open page still gets the old files.
        boot_js = (DIST / "web" / "boot.js").read_text() + '\ndocument.documentElement.dataset.release = "3";\n'
        index = (DIST / "index.html").read_text().replace("<head>", '<head>\n  <meta name="release" content="3">')
        release(site.deployment, "3", {"/web/boot.js": boot_js.encode(), "/index.html": index.encode(),
                                       "/": index.encode()})
        assert page.evaluate(UPDATE) == "installed"
        wait_until(page, "async () => !!(await navigator.serviceWorker.getRegistration()).waiting")
        assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == first
        assert page.evaluate("navigator.serviceWorker.getRegistration().then(r => !!r.waiting)")
        assert page.evaluate("fetch('./web/boot.js').then(r => r.text())") == (DIST / "web" / "boot.js").read_text()
        page.wait_for_selector("#update", timeout=10_000)  # "A new version is ready"
        assert page.evaluate("window.tabby_position()")   # and the game goes on

        # The next navigation: the new version, all of it, offline too. The old version's
        # page for the hand-over reloads once the new one has taken over, and fails nothing.
        page.context.set_offline(True)
        page.errors.clear()
        page.click("#update")
        ready(page)
        page.wait_for_function("document.documentElement.dataset.release === '3'", timeout=30_000)
        assert page.locator('meta[name="release"]').count() == 1
        assert page.evaluate(RELEASES) == [f"tabbycat-{precache()['version']}-3"]
        assert not page.errors, page.errors
        assert page.evaluate("window.__csp") == []
        page.context.close()
    finally:
        site.stop()


BUSY = """() => { window.__busy = setInterval(() => dispatchEvent(new WheelEvent("wheel")), 300); }"""


def test_a_new_version_waiting_when_the_warm_up_frame_loads_never_takes_over_the_open_tab(browser):
    """A deploy lands during a first visit: the new worker installs and waits while the page
    (claimed by its own release's worker) is still to load its warm-up frame. The frame's
    navigation is not the tab's: the new worker keeps waiting, the old release's cache stays,
    and How to play and the stylesheet still come from the page's own release."""
    site = serve_dist()  # an origin of its own: its own service worker
    try:
        page = new_page(browser, service_workers="allow")
        boot(page, site.url + "/?deal=5")
        page.evaluate(BUSY)   # the player at work: the warm-up waits for 3 s of quiet (web/boot.js)
        page.wait_for_function("document.documentElement.dataset.releasePin === 'claimed'", timeout=90_000)
        version = precache()["version"]
        rules = "/docs/rules/tabbycat.en.md"
        theirs = (DIST / rules[1:]).read_text().replace("Tabby Cat", "Released Later")
        release(site.deployment, "late", {rules: theirs.encode()})
        assert page.evaluate(UPDATE) == "installed"
        assert page.evaluate("document.documentElement.dataset.warmedUp") is None   # still to come
        page.evaluate("clearInterval(window.__busy)")
        page.wait_for_function("document.documentElement.dataset.warmedUp !== undefined", timeout=90_000)
        assert page.evaluate("navigator.serviceWorker.getRegistration().then(r => !!r.waiting)")
        assert sorted(page.evaluate(RELEASES)) == sorted([f"tabbycat-{version}", f"tabbycat-{version}-late"])
        css = page.evaluate("fetch('./web/style.css').then(async (r) => [r.status, await r.text()])")
        assert css == [200, (DIST / "web" / "style.css").read_text()]
        page.keyboard.press("?")
        page.wait_for_function("document.querySelector('#rules-body').textContent.includes('Tabby Cat')")
        assert "Released Later" not in page.inner_text("#rules-body")
        assert not page.errors, page.errors
        page.context.close()
    finally:
        site.stop()


# -- the snapshot ------------------------------------------------------------------------------

def flip_build_id(raw: bytes) -> bytes:
    """The same snapshot claiming another Pyodide build (its id sits at bytes 16-48)."""
    data = bytearray(build_site.unsparse(gzip.decompress(raw)))
    data[16] ^= 1
    return gzip.compress(build_site.sparse(bytes(data)), compresslevel=1)


def test_the_snapshot_ships_its_memory_less_the_wasm_s_own_data():
    """The build XORs the snapshot's memory with the wasm's data segments (the page already
    downloads them, and web/snapshot.mjs XORs them back): the same XOR undoes it, and
    bytes Python never changed ship as zeros, and blocks of zeros not at all."""
    name = SNAPSHOT.search((DIST / "index.html").read_text()).group(1)
    packed = gzip.decompress((DIST / name).read_bytes())
    shipped = build_site.unsparse(packed)
    assert build_site.sparse(shipped) == packed and len(packed) < len(shipped) // 2
    wasm = (build_site.pyodide_dir(DIST) / "pyodide.asm.wasm").read_bytes()
    segments = build_site.wasm_data(wasm)
    assert sum(len(d) for _, d in segments) > 1_000_000
    restored = build_site.against_wasm(shipped, segments)
    assert build_site.against_wasm(restored, segments) == shipped
    assert restored[:48] == shipped[:48]  # the header (magic, build id) is never touched
    base = int.from_bytes(shipped[4:8], "little")
    offset, data = max(segments, key=lambda s: len(s[1]))
    assert restored[base + offset:base + offset + len(data)] != shipped[base + offset:base + offset + len(data)]
    assert shipped[base + offset:base + offset + len(data)].count(0) > len(data) // 2


# The wasm in the service worker's cache: its type and SHA-256.
WORKER_WASM = """async () => {
  const name = (await caches.keys()).find((n) => n.startsWith('tabbycat-'));
  const found = await (await caches.open(name)).match('/web/vendor/pyodide-314.0.7/pyodide.asm.wasm');
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', await found.arrayBuffer()));
  return [found.headers.get('content-type'), Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')];
}"""
# The page's reads of the wasm (its Resource Timing): [the wasm itself, its packed copy].
PAGE_WASM_READS = """['/pyodide.asm.wasm', '/pyodide.asm.wasm.xz'].map((end) =>
  performance.getEntriesByType('resource').filter((e) => e.name.endsWith(end)).length)"""


@pytest.mark.parametrize("how", ["another build", "missing"])
def test_a_refused_or_missing_snapshot_falls_back_to_a_normal_boot(browser, server, how):
    """A snapshot of another Pyodide build is refused, and one that cannot be fetched is
    skipped: either way Python starts normally and the game plays."""
    name = SNAPSHOT.search((DIST / "index.html").read_text()).group(1)
    bad = flip_build_id((DIST / name).read_bytes()) if how == "another build" else None
    page = snapshot_first_visit(browser, server + "/?deal=9", prepare=lambda page: page.route(
        "**/snapshot-*.bin.gz", lambda route: route.fulfill(status=200, body=bad) if bad else route.fulfill(status=404)))
    assert any(urlparse(u).path == "/" + name for u in page.requests)   # asked for, and refused
    assert page.evaluate("document.documentElement.dataset.boot") == "normal"
    # the page's own requests (its Resource Timing: the solver's worker, which may be
    # booting by now, fetches the wasm for itself): the packed copy once, never the wasm
    assert page.evaluate(PAGE_WASM_READS) == [0, 1]
    before = GAME.parse(page.evaluate("window.tabby_position()"))
    assert before == GAME.deal(9)
    page.click('.slot[data-pile="stock"]')
    assert GAME.parse(page.evaluate("window.tabby_position()")) == GAME.apply(before, DEAL)
    errors = [e for e in page.errors if "snapshot" not in e]
    if how == "missing":  # the browser's own line for the 404 above names no file
        errors = [e for e in errors if not e.startswith("Failed to load resource: the server responded with a status of 404")]
    assert not errors, errors
    page.context.close()


@pytest.mark.parametrize("how", ["missing", "corrupt"])
def test_a_first_visit_without_its_packed_wasm_reads_the_wasm_itself(browser, server, how):
    """A packed copy of the wasm the host cannot give (404), or that does not unpack, is no
    dead end (web/wasm.mjs): the page reads the wasm itself, Python starts, the game plays."""
    packed = (build_site.pyodide_dir(DIST) / "pyodide.asm.wasm.xz").read_bytes()
    page = new_page(browser)
    page.route("**/pyodide.asm.wasm.xz", lambda route: route.fulfill(status=404) if how == "missing"
               else route.fulfill(status=200, body=packed[:100_000] + bytes(len(packed) - 100_000)))
    boot(page, server + "/?deal=9")
    reads = page.evaluate(PAGE_WASM_READS)
    assert reads[1] == 1 and reads[0] >= 1, reads
    before = GAME.parse(page.evaluate("window.tabby_position()"))
    assert before == GAME.deal(9)
    page.click('.slot[data-pile="stock"]')
    assert GAME.parse(page.evaluate("window.tabby_position()")) == GAME.apply(before, DEAL)
    # the browser's own line for the 404 names no file
    errors = [e for e in page.errors if not e.startswith("Failed to load resource: the server responded with a status of 404")
              and not e.startswith("404 ")]
    assert not errors, errors
    page.context.close()


def test_a_snapshot_boot_fetches_no_python_file_but_the_page_s_script(browser, server):
    """The snapshot holds the engine imported and the page's modules compiled
    (scripts/precompiled.py): PyScript fetches only the page's own script."""
    page = snapshot_first_visit(browser, server + "/?deal=9")
    assert page.evaluate("document.documentElement.dataset.boot") == "snapshot"
    assert [u.rsplit("/", 1)[-1] for u in page.requests if urlparse(u).path.endswith(".py")] == ["app.py"]
    # and the wasm once, packed (web/wasm.mjs): the page's request, which Pyodide
    # instantiates (not its own too); never the 9.6 MB file itself
    assert page.evaluate(PAGE_WASM_READS) == [0, 1]
    assert not [u for u in page.requests if u.endswith("/pyodide.asm.wasm")]
    assert GAME.parse(page.evaluate("window.tabby_position()")) == GAME.deal(9)
    assert not page.errors, page.errors
    page.context.close()


KEPT_NOTE = "tabbycat.snapshot-kept.v1"   # web/snapshot.mjs's note of a kept copy
KEPT = """() => caches.open('start-up-snapshot').then((c) => c.keys()).then((k) => k.map((r) => r.url))"""
SNAPSHOT_FROM = "performance.getEntriesByName('snapshot-ready').map((m) => m.detail)[0]"


def kept_copies(page, want):
    """The kept snapshot's addresses, once there are `want` of them (the page keeps it
    about a second after it is ready, and drops a refused one without waiting)."""
    wait_until(page, f"async (want) => (await ({KEPT})()).length === want", want)
    return page.evaluate(KEPT)


def test_the_unpacked_snapshot_is_kept_for_the_next_start_and_dropped_if_refused(browser, server):
    """After a start from the shipped file, the page keeps the snapshot unpacked (Cache
    Storage, named after the shipped file) and the next start uses it; a kept copy that
    Pyodide refuses is dropped, and that start is a normal one."""
    page = snapshot_first_visit(browser, server + "/?deal=9")
    assert page.evaluate(SNAPSHOT_FROM) == "shipped"
    name = SNAPSHOT.search((DIST / "index.html").read_text()).group(1)
    assert kept_copies(page, 1) == [f"{server}/{name}?kept"]
    # noted, so that the next start keeps no second handle on the wasm's bytes
    assert page.evaluate(f"localStorage.getItem('{KEPT_NOTE}')") == f"{server}/{name}?kept"
    boot(page, server + "/?deal=9")
    assert page.evaluate(SNAPSHOT_FROM) == "kept"
    assert page.evaluate("document.documentElement.dataset.boot") == "snapshot"
    assert GAME.parse(page.evaluate("window.tabby_position()")) == GAME.deal(9)
    page.evaluate("""async () => {   // the kept copy, claiming another Pyodide build
        const cache = await caches.open('start-up-snapshot');
        const [key] = await cache.keys();
        const bytes = new Uint8Array(await (await cache.match(key)).arrayBuffer());
        // Kept without its zero blocks: a table of runs, then their bytes; the memory's
        // byte 16 is in the first run, which begins at 0 (the snapshot's header).
        const runs = new DataView(bytes.buffer);
        if (runs.getUint32(8, true) !== 0) throw new Error("the first run does not begin at 0");
        bytes[8 + 8 * runs.getUint32(4, true) + 16] ^= 1;
        await cache.put(key, new Response(bytes));
    }""")
    boot(page, server + "/?deal=9")
    assert page.evaluate(SNAPSHOT_FROM) == "kept"
    assert page.evaluate("document.documentElement.dataset.boot") == "normal"
    assert GAME.parse(page.evaluate("window.tabby_position()")) == GAME.deal(9)
    kept_copies(page, 0)
    assert page.evaluate(f"localStorage.getItem('{KEPT_NOTE}')") is None
    assert not [e for e in page.errors if "snapshot" not in e], page.errors
    page.context.close()


def test_the_page_keeps_the_snapshot_in_the_build_s_sparse_form(browser, server):
    """web/snapshot.mjs's `sparse` (the kept copy's form) writes what the build's `sparse`
    writes, and its `unsparse` puts the zeros back, on bytes with zero blocks at the start,
    inside, at the end and in a last short block; `sparseParts` (what the page streams
    into Cache Storage) are those bytes in pieces, and `unsparseStream` (how the kept copy
    is read) gives what `unsparse` gives from them in pieces of any size, and refuses them
    cut short or with a byte too many."""
    page = new_page(browser)
    page.goto(server + "/?deal=9")
    block = 4096
    cases = [bytes(3 * block) + b"x" + bytes(block) + b"yz" * block + bytes(2 * block + 5),
             b"a" * (block + 7), bytes(block * 2), b"", bytes(block - 1) + b"q" + bytes(block)]
    for data in cases:
        got = page.evaluate("""async (data) => {
            const { sparse, sparseParts, unsparse, unsparseStream } = await import('/web/snapshot.mjs');
            const bytes = new Uint8Array(data);
            const packed = sparse(bytes);
            const back = unsparse(packed);
            const same = (a) => a.length === bytes.length && a.every((b, k) => b === bytes[k]);
            const parts = sparseParts(bytes, 4096, 1000).flatMap((p) => Array.from(p));
            const streamed = [];
            const inPieces = (b, size) => new ReadableStream({ start(c) {
                for (let at = 0; at < b.length; at += size) c.enqueue(b.slice(at, at + size));
                c.close();
            } });
            for (const size of [1, 7, 4096, 1 << 20]) streamed.push(same(await unsparseStream(inPieces(packed, size))));
            const refused = async (b) => unsparseStream(inPieces(b, 5)).then(() => false, () => true);
            const extra = new Uint8Array(packed.length + 1);
            extra.set(packed);
            return [Array.from(packed), same(back), parts.every((b, k) => b === packed[k]) && parts.length === packed.length,
                    streamed, await refused(packed.subarray(0, packed.length - 1)), await refused(extra)];
        }""", list(data))
        assert bytes(got[0]) == build_site.sparse(data) and got[1] and got[2], data[:16]
        assert got[3] == [True] * 4 and got[4] and got[5], (got[3:], data[:16])
    assert not page.errors, page.errors
    page.context.close()


def test_the_restore_writes_only_what_is_not_zero_and_clears_the_rest(browser, server):
    """web/snapshot.mjs's `restoringWritten`: Pyodide's restore, given bytes that `unsparse`
    made, gets only their header (its checks, no memory), and the heap ends up holding
    the snapshot's memory exactly: its runs written, and what the heap held elsewhere
    (here something in every byte) cleared, up to the snapshot's end and no further.
    Bytes `unsparse` did not make are restored as Pyodide does, whole."""
    page = new_page(browser)
    page.goto(server + "/?deal=9")
    got = page.evaluate("""async () => {
        const { sparse, unsparse, restoringWritten } = await import('/web/snapshot.mjs');
        const block = 4096, start = 48, total = start + 10 * block + 100;
        const snapshot = new Uint8Array(total);
        new DataView(snapshot.buffer).setUint32(4, start, true);
        snapshot[0] = 7;
        snapshot.fill(1, 2 * block, 3 * block);
        snapshot.fill(9, 5 * block + 10, 5 * block + 20);
        snapshot.fill(3, total - 100);
        const run = (bytes) => {
            const heap = new Uint8Array(total - start + 4 * block).fill(0xee);
            const given = [];
            const module = { HEAPU8: heap, API: { restoreSnapshot(t) {
                given.push(t.length);
                heap.set(t.subarray(new DataView(t.buffer, t.byteOffset).getUint32(4, true)));
                return "header read";
            } } };
            restoringWritten(module);
            const answer = module.API.restoreSnapshot(bytes);
            const memory = snapshot.subarray(start);
            return { answer, given,
                     same: memory.every((b, k) => b === heap[k]),
                     beyond: heap.subarray(memory.length).every((b) => b === 0xee) };
        };
        return [run(unsparse(sparse(snapshot))), run(snapshot.slice())];
    }""")
    total = 48 + 10 * 4096 + 100
    assert got[0] == {"answer": "header read", "given": [48], "same": True, "beyond": True}, got[0]
    assert got[1] == {"answer": "header read", "given": [total], "same": True, "beyond": True}, got[1]
    assert not page.errors, page.errors
    page.context.close()


def test_a_malformed_kept_snapshot_is_set_aside(browser, server):
    """A kept copy that is not what the page keeps (cut short here) is not used: that start
    unpacks the shipped file, as a first one does (the note of a kept copy misled it, so it
    reads the wasm's bytes again), and keeps a good copy again."""
    page = snapshot_first_visit(browser, server + "/?deal=9")
    kept_copies(page, 1)
    page.evaluate("""async () => {
        const cache = await caches.open('start-up-snapshot');
        const [key] = await cache.keys();
        const bytes = new Uint8Array(await (await cache.match(key)).arrayBuffer());
        await cache.put(key, new Response(bytes.slice(0, 100000)));
    }""")
    boot(page, server + "/?deal=9")
    assert page.evaluate(SNAPSHOT_FROM) == "shipped"
    assert page.evaluate("document.documentElement.dataset.boot") == "snapshot"
    assert GAME.parse(page.evaluate("window.tabby_position()")) == GAME.deal(9)
    size = """() => caches.open('start-up-snapshot').then(async (c) => {
        const [key] = await c.keys();
        return key ? (await (await c.match(key)).arrayBuffer()).byteLength : 0; })"""
    wait_until(page, f"async () => (await ({size})()) > 1_000_000")  # kept again about a second after the game is ready
    boot(page, server + "/?deal=9")
    assert page.evaluate(SNAPSHOT_FROM) == "kept"
    assert not page.errors, page.errors
    page.context.close()


STDLIB = re.compile(r'<meta name="start-up-stdlib" content="\./(web/vendor/stdlib-[0-9a-f]{16}\.zip)">')


def test_a_first_visit_over_a_slow_link_starts_python_without_the_snapshot(browser, server):
    """A first visit (no service worker, no kept copy) whose wasm came slowly (here packed,
    2.6 MB at 8 Mbit/s, about 2.7 s: over 1.5 s) never asks for the snapshot, which would cost more
    on such a link than it saves: Python starts normally from the page's smaller
    standard-library archive (never Pyodide's whole one), whose modules it loads as
    bytecode (it compiles none of them), the engine's files are written, the game plays,
    and the solver's worker (started here as by a first search) boots normally too,
    without the snapshot."""
    page = new_page(browser)
    slow_link(page, server, *SLOW_LINK)
    boot(page, server + "/?deal=9")
    assert page.evaluate("document.documentElement.dataset.boot") == "normal"
    assert page.evaluate("performance.getEntriesByName('snapshot-skipped')[0].detail") > 1.5
    assert page.evaluate(STDLIB_ORIGINS) == ["pyc"]
    stdlib = STDLIB.search((DIST / "index.html").read_text()).group(1)
    assert GAME.parse(page.evaluate("window.tabby_position()")) == GAME.deal(9)
    page.click('.slot[data-pile="stock"]')
    assert GAME.parse(page.evaluate("window.tabby_position()")) == GAME.apply(GAME.deal(9), DEAL)
    page.evaluate("window.tabby_start_worker()")
    page.wait_for_function("document.documentElement.dataset.solver === 'worker'", timeout=180_000)
    assert json.loads(page.evaluate("window.tabby_solver()"))["boot"] == "normal"
    paths = [urlparse(u).path for u in page.requests]
    assert not [p for p in paths if "snapshot-" in p or p.endswith("/python_stdlib.zip")], paths
    assert "/" + stdlib in paths
    # the wasm packed, read once by the page, and never the wasm itself (the worker reads
    # the packed copy too, from the HTTP cache)
    assert page.evaluate(PAGE_WASM_READS) == [0, 1]
    assert not [p for p in paths if p.endswith("/pyodide.asm.wasm")], paths
    assert not page.errors, page.errors
    page.context.close()


# How the page's Python got the modules it read from the standard-library archive: the
# suffix of each one's file (not the finder for the rest, a source the build writes; the
# frozen modules are not read from it).
STDLIB_ORIGINS = """async () => {
  const py = await (await import('/web/interpreter.mjs')).loadPyodide();   // the page's interpreter
  return py.runPython(`
import sys, zipimport
sorted({m.__file__.rsplit('.', 1)[1] for n, m in list(sys.modules.items())
        if isinstance(getattr(m, '__loader__', None), zipimport.zipimporter) and n != '_stdlib_rest'})`).toJs();
}"""


IMPORT_MORE = """async () => {
  const py = await (await import('/web/interpreter.mjs')).loadPyodide();   // the page's interpreter
  return py.runPython(`
import sys
before = [p for p in sys.path if p.endswith('.zip')]
import fractions, html.parser
str(fractions.Fraction(1, 3)) + ' ' + html.parser.__name__ + ' ' + str(len(before))`);
}"""


def test_the_page_mounts_a_smaller_standard_library_and_the_rest_on_demand(browser, server):
    """The build's archive holds only the standard library's files that the page's imports
    read (and the finder for the rest); every start mounts it in place of Pyodide's whole
    python_stdlib.zip. An import of anything else from the standard library (a module,
    and a part of a package the small archive has) fetches the whole archive once and
    works (the solver's worker mounts the same archive and finder). The page names the
    archive and asks for it once the board is painted, once: its request (a preload) is
    the one Pyodide's start reads."""
    import zipfile
    stdlib = STDLIB.search((DIST / "index.html").read_text()).group(1)
    small = zipfile.ZipFile(DIST / stdlib).namelist()
    whole = zipfile.ZipFile(build_site.pyodide_dir(DIST) / "python_stdlib.zip").namelist()
    assert "_stdlib_rest.py" in small and "fractions.pyc" not in small
    assert "html/__init__.pyc" in small and "html/parser.pyc" not in small
    # the standard library's files as bytecode (scripts/stdlib_bytecode.py), no sources
    compiled = {n.removesuffix("c") for n in small if n.endswith(".pyc")}
    assert set(small) - {"_stdlib_rest.py"} == {n + "c" for n in compiled}
    assert compiled < set(whole) and len(small) < len(whole) // 2
    assert (DIST / stdlib).stat().st_size < 1_000_000
    page = snapshot_first_visit(browser, server + "/?deal=9")
    assert page.evaluate("document.documentElement.dataset.boot") == "snapshot"
    assert not [u for u in page.requests if u.endswith("/python_stdlib.zip")]
    assert sum(urlparse(u).path == "/" + stdlib for u in page.requests) == 1
    assert page.evaluate(f"""() => {{
        const paint = performance.getEntriesByName('first-paint')[0].startTime;
        const reads = performance.getEntriesByType('resource').filter((e) => e.name.endsWith('/{stdlib}'));
        return reads.length === 1 && reads[0].startTime >= paint;
    }}""")
    assert page.evaluate(IMPORT_MORE) == "1/3 html.parser 1"
    assert page.evaluate("window.__csp") == [] and not page.errors, page.errors
    assert sum(u.endswith("/python_stdlib.zip") for u in page.requests) == 1
    page.context.close()


def test_the_finder_for_the_rest_of_the_standard_library():
    """scripts/stdlib_rest.py's own examples (CPython)."""
    import doctest
    import importlib.util
    spec = importlib.util.spec_from_file_location("stdlib_rest", ROOT / "scripts" / "stdlib_rest.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert doctest.testmod(module).failed == 0


def test_the_standard_library_s_bytecode_loads_from_an_archive_and_runs(tmp_path):
    """scripts/stdlib_bytecode.py (here with CPython's own bytecode): a module compiled so,
    alone in a zip, is imported by zipimport and runs; without docstrings or asserts (as
    -OO), and a traceback through it names the function's first line."""
    import doctest
    import traceback
    import zipfile
    import stdlib_bytecode
    assert doctest.testmod(stdlib_bytecode).failed == 0
    source = b'"""Doc."""\ndef half(x):\n    """Half."""\n    assert x\n    y = x // 2\n    return 1 / y\n'
    archive = tmp_path / "lib.zip"
    stdlib_bytecode.compile_archive_from({"kit/__init__.py": b"", "kit/mod.py": source}, archive)
    assert zipfile.ZipFile(archive).namelist() == ["kit/__init__.pyc", "kit/mod.pyc"]
    sys.path.insert(0, str(archive))
    try:
        import kit.mod
        assert kit.mod.__file__.endswith("mod.pyc") and kit.mod.half(4) == 0.5
        assert kit.mod.__doc__ is None and kit.mod.half.__doc__ is None
        with pytest.raises(ZeroDivisionError) as raised:
            kit.mod.half(0)          # the assert is gone, as with -OO
        assert traceback.extract_tb(raised.value.__traceback__)[-1].lineno == 2
    finally:
        sys.path.remove(str(archive))
        for name in ("kit", "kit.mod"):
            sys.modules.pop(name, None)


def test_python_gets_ready_without_waiting_for_pyscript(browser, server):
    """web/interpreter.mjs prepares Python just after the first paint, beside PyScript's
    own start: with PyScript's main chunk refused, the snapshot is still fetched and
    unpacked and Pyodide's start begun (after the first visit's board is drawn); only the
    restore waits for PyScript's call."""
    page = snapshot_first_visit(browser, server + "/", reach=lambda page, url: page.goto(url),
                                prepare=lambda page: page.route("**/pyscript-*/core-*.js", lambda route: route.abort()))
    page.wait_for_function("performance.getEntriesByName('snapshot-ready').length > 0", timeout=90_000)
    page.wait_for_timeout(500)  # a window for what must not happen (not a wait for a state)
    marks = dict(page.evaluate("performance.getEntriesByType('mark').map((m) => [m.name, m.startTime])"))
    assert marks["board-shown"] < marks["pyodide-start"]
    assert "interpreter-called" not in marks and "pyodide-ready" not in marks
    assert page.evaluate("document.documentElement.dataset.boot") is None
    page.context.close()


# -- a board at once ---------------------------------------------------------------------------

SHIFTS = """
window.__shifts = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__shifts.push([e.value, e.startTime,
    (e.sources || []).map((s) => s.node ? (s.node.id || s.node.className || s.node.nodeName) : "?")]);
}).observe({ type: "layout-shift", buffered: true });
"""
# Face-up cards by their index text ("7♥"): the preview's, or the live table's.
RECTS = """(sel) => Object.fromEntries([...document.querySelectorAll(sel)].map((c) =>
  [c.querySelector('.idx').textContent, (r => [r.x, r.y, r.width, r.height])(c.getBoundingClientRect())]))"""
PREVIEW = "#table .preview .card:not(.back)"
LIVE = "#table > .card:not(.back)"   # every face-up card: the piles', the tail's, the foundations'


# What the preview showed, read by the page itself the moment it was drawn (a test cannot
# ask in time: with everything cached, the game may be up before the next command).
PREVIEW_WATCH = """
window.__preview = null;
new MutationObserver((records, observer) => {
  if (!document.querySelector('#table .preview')) return;
  observer.disconnect();
  window.__preview = {
    ready: document.body.dataset.ready || null,
    inert: getComputedStyle(document.getElementById('table')).pointerEvents,
    filter: getComputedStyle(document.getElementById('table')).filter,
    veil: getComputedStyle(document.querySelector('#table .preview .card'), '::after').backgroundColor,
    moves: document.getElementById('move-count').textContent,
    deal: document.getElementById('deal-number').textContent,
    images: document.querySelectorAll('header img').length,
    backs: document.querySelectorAll('#table .preview .card.back').length,
    cards: (""" + RECTS + """)(""" + json.dumps(PREVIEW) + """),
  };
}).observe(document, { childList: true, subtree: true });
"""


def shown_before_ready(page):
    """The preview's face-up cards and header as first drawn; the page was then inert and
    greyed, by a veil painted into each card rather than a filter over the table (which the
    compositor redraws at every frame the browser draws while the page loads); the live
    table has no veil."""
    ready(page)
    seen = page.evaluate("window.__preview")
    assert seen is not None and seen.pop("ready") is None, "the board came only with the game"
    assert seen.pop("inert") == "none"
    assert seen.pop("filter") == "none"
    assert seen.pop("veil") not in ("", "transparent", "rgba(0, 0, 0, 0)")
    assert page.evaluate("getComputedStyle(document.querySelector('#table > .card'), '::after').content") == "none"
    return seen


def assert_same_places(preview, live):
    assert preview.keys() == live.keys()
    for face, box in preview.items():
        assert all(abs(a - b) <= 1 for a, b in zip(box, live[face])), (face, box, live[face])


def test_a_board_at_once_then_live_in_place_with_no_layout_shift(browser, server):
    """Issue 11: before Python is up the page shows a board, inert (the build's deal 1 on
    a first visit, then the table last seen), and the live table takes its place with no
    layout shift; a stored record is data, drawn as text, never markup."""
    page = new_page(browser)
    page.context.add_init_script(SHIFTS + PREVIEW_WATCH)
    page.goto(server + "/")
    seen = shown_before_ready(page)  # a first visit: the build's deal 1
    assert (seen["deal"], seen["moves"]) == ("1", "0")
    assert set(seen["cards"]) == deal_one_faces()
    # Of the stock's 48 cards, stacked on one spot, only the top is drawn (each card is a
    # layer to paint and raster before the first paint).
    assert seen["backs"] == 1
    assert_same_places(seen["cards"], page.evaluate(RECTS, LIVE))
    assert page.evaluate("window.__shifts") == []
    line = " ".join(str(m) for m in build_line(6))
    assert page.evaluate(f"window.tabby_play('{line}')")
    page.wait_for_function("""() => {  // the copy is taken a moment after the save
        const kept = JSON.parse(localStorage.getItem('tabbycat.board.v1') || 'null');
        return kept && kept.moves === document.querySelector('#move-count').textContent.trim(); }""")
    moves = page.inner_text("#move-count")
    page.reload()
    seen = shown_before_ready(page)
    again = seen["cards"]
    assert seen["moves"] == moves
    assert_same_places(again, page.evaluate(RECTS, LIVE))
    assert page.evaluate("window.__shifts") == []

    hostile = json.loads(page.evaluate("localStorage.getItem('tabbycat.board.v1')"))
    hostile["deal"] = "<img src=x>"
    off_the_game(page, server)
    page.evaluate("(v) => localStorage.setItem('tabbycat.board.v1', v)", json.dumps(hostile))
    page.goto(server + "/")
    seen = shown_before_ready(page)
    assert seen["deal"] == "<img src=x>" and seen["images"] == 1  # text; the logo is the one image
    assert not page.errors, page.errors
    page.context.close()


def deal_one_faces():
    """The face-up cards of deal 1, as the table prints their index."""
    pos = GAME.deal(1)
    return {face_text(c) for p in GAME.layout() for i, c in enumerate(GAME.get(pos, p.name))
            if i >= GAME.face_down(pos, p.name)}


@pytest.mark.parametrize("size", [(390, 844), (844, 390), (1920, 1080)])
def test_the_first_visit_board_lands_where_the_game_puts_it(browser, server, size):
    """On a phone, a landscape phone and a large screen too (other sizes, other branches of
    the layout rule): the build's board and the live table agree card by card."""
    page = new_page(browser, viewport={"width": size[0], "height": size[1]})
    page.context.add_init_script(SHIFTS + PREVIEW_WATCH)
    page.goto(server + "/")
    seen = shown_before_ready(page)
    live = page.evaluate(RECTS, "#table > .card:not(.back)")
    assert seen["cards"] and set(seen["cards"]) <= set(live)
    assert_same_places(seen["cards"], {k: live[k] for k in seen["cards"]})
    assert page.evaluate("window.__shifts") == []
    page.context.close()


def face_text(card):
    """A card's index as the table prints it: '7♥', '10♠'."""
    rank = "A 2 3 4 5 6 7 8 9 10 J Q K".split()[card.rank - 1]
    return rank + {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}[card.suit]


def build_line(n):
    """The first ``n`` moves of a winning line for deal 1."""
    from solitaire import solve
    return solve(GAME, GAME.deal(1), budget=50_000).line[:n]


# -- one release per load, first visit included ------------------------------------------------

def first_visit_until_the_worker_answers(site, page):
    boot(page, site.url + "/?deal=5")
    assert page.evaluate("navigator.serviceWorker.controller") is None  # a first visit
    page.wait_for_function("document.documentElement.dataset.releasePin !== undefined", timeout=120_000)
    return page.evaluate("document.documentElement.dataset.releasePin")


def how_to_play_text(page):
    page.evaluate("document.getElementById('how-to-play').click()")
    page.wait_for_function("!document.querySelector('#rules-body').textContent.includes('…') && "
                           "document.querySelector('#rules-body').textContent.length > 200", timeout=30_000)
    return page.inner_text("#rules-body")


def test_a_deploy_during_a_first_visit_leaves_the_page_on_its_own_release(browser):
    """A first visit: once the worker (of the page's release) is active it takes the page
    over, so a release deployed afterwards never reaches the open page: How to play's text
    comes from the release the page started with."""
    site = serve_dist()
    try:
        page = new_page(browser, service_workers="allow")
        assert first_visit_until_the_worker_answers(site, page) == "claimed"
        assert page.evaluate("navigator.serviceWorker.controller") is not None
        rules = (DIST / "docs" / "rules" / "tabbycat.en.md").read_text()
        release(site.deployment, "later", {
            "/docs/rules/tabbycat.en.md": rules.replace("Tabby Cat", "Released Later").encode()})
        text = how_to_play_text(page)
        assert "Tabby Cat" in text and "Released Later" not in text
        assert page.locator("#update").count() == 0
        assert not page.errors, page.errors
        page.context.close()
    finally:
        site.stop()


def test_a_deploy_before_the_worker_installs_is_told_and_the_reload_is_one_release(browser):
    """A release deployed while a first visit loads, before its worker installs: the worker
    is of the other release, so it does not take the page over; the page says a new version
    is ready, and the reload is all of the new release."""
    site = serve_dist()
    try:
        page = new_page(browser, service_workers="allow")
        version = precache()["version"]

        def deploy(response):  # right after the page itself arrived
            if response.request.resource_type == "document" and not site.deployment.overrides:
                index = (DIST / "index.html").read_text().replace(version, f"{version}-later")
                release(site.deployment, "later", {"/index.html": index.encode(), "/": index.encode()})
        page.on("response", deploy)
        assert first_visit_until_the_worker_answers(site, page) == "mixed"
        page.wait_for_selector("#update", timeout=10_000)
        assert page.evaluate("window.tabby_position()")  # the game goes on
        page.click("#update")
        ready(page)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30_000)
        meta = page.evaluate("document.querySelector('meta[name=\"tabbycat-release\"]').content")
        assert meta == f"{version}-later"
        assert page.evaluate(RELEASES) == [f"tabbycat-{version}-later"]
        page.context.close()
    finally:
        site.stop()
