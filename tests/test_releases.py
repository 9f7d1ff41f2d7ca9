"""One release per load, first visit included (web/release.mjs): a release deployed while a
first visit loads never mixes into it. The test server switches from dist/ (release A) to a
changed copy of it (release B, finished as the build finishes a release) at a chosen moment
of the load; the page then ends on one release, A or B, with no loop of reloads."""

import hashlib
import json
import re
import shutil
import sys

import pytest

from conftest import ROOT
import pages
from pages import DIST, SLOW_LINK, new_page, serve_dist, slow_link, snapshot_first_visit
from solitaire import DEAL, get_game

sys.path.insert(0, str(ROOT / "scripts"))
import build_site  # noqa: E402

GAME = get_game("tabbycat")
RELEASE = "document.querySelector('meta[name=\"tabbycat-release\"]').content"
BLOCK = re.compile(r'<script type="application/json" id="release-files">(.*?)</script>', re.S)

# What release B changes: an engine file, the page's script (which then marks the page it
# runs in), How to play's text, and (in one variant) the solver's worker's script.
ENGINE = "py/solitaire/engine/rng.py"
CHANGES = {
    ENGINE: lambda text: text + "\n# release B\n",
    "web/app.py": lambda text: text.replace("\nboot()\n", '\ndocument.documentElement.dataset.appRelease = "B"\nboot()\n'),
    "docs/rules/tabbycat.en.md": lambda text: text.replace("Tabby Cat", "Released Later"),
}
WORKER = {"web/solver-worker.mjs": lambda text: text + "\n// release B\n"}


def pinned_list(dist=DIST) -> dict:
    return json.loads(BLOCK.search((dist / "index.html").read_text()).group(1))


def release_of(dist) -> str:
    return re.search(r'<meta name="tabbycat-release" content="([0-9a-f]+)">', (dist / "index.html").read_text()).group(1)


@pytest.fixture(scope="module")
def another_release(tmp_path_factory):
    """Release B, made from dist/ with some files changed (``changes``: path -> edit)."""
    made = {}

    def make(changes):
        key = tuple(sorted(changes))
        if key not in made:
            folder = tmp_path_factory.mktemp("release-b")
            shutil.rmtree(folder)
            shutil.copytree(DIST, folder)
            for path, edit in changes.items():
                text = (folder / path).read_text()
                assert edit(text) != text, path
                (folder / path).write_text(edit(text))
            build_site.finish_release(folder)
            made[key] = folder
        return made[key]
    return make


def deploy_at(site, path, folder):
    """Deploy ``folder`` as the request for ``path`` arrives (that request gets it)."""
    def before(asked):
        if asked == path:
            site.deployment.folder = folder
    site.deployment.before = before


def loads_of(page):
    """The page's loads (navigations of its main frame), as they happen."""
    loads = []
    page.on("request", lambda r: r.is_navigation_request() and r.frame == page.main_frame and loads.append(r.url))
    return loads


def open_page(page, url):
    """Navigates without waiting for the load event: a page that reloads itself onto a new
    release may do so before its first load ends, and the tests wait for the state they
    need (``ready``, a selector) with bounds sized for a throttled, busy machine."""
    page.goto(url, wait_until="commit", timeout=120_000)


def ready(page):
    pages.ready(page, 180_000)


def plays(page, deal):
    before = GAME.parse(page.evaluate("window.tabby_position()"))
    assert before == GAME.deal(deal)
    page.click('.slot[data-pile="stock"]')
    assert GAME.parse(page.evaluate("window.tabby_position()")) == GAME.apply(before, DEAL)


ENGINE_FILE = """async () => {   // the engine's file as the page's Python read it (a normal start writes them)
  const py = await (await import('/web/interpreter.mjs')).loadPyodide();
  return py.runPython("import solitaire.engine.rng as m\\nopen(m.__file__).read()");
}"""


def test_the_page_carries_the_hash_of_every_file_it_may_fetch():
    """The build writes into the page the SHA-256 (16 hex digits) of every file the page may
    fetch into itself whose name carries no version: the engine's files, the page's script
    and modules, its config, How to play's texts, the solver's worker's scripts; not the
    versioned runtime, the page itself, the service worker or the rules pages."""
    pinned = pinned_list()
    for path in ("web/app.py", "web/table.py", ENGINE, "web/engine-files.json", "pyscript.snapshot.json",
                 "docs/rules/tabbycat.en.md", "docs/rules/figures.json", "web/solver-worker.mjs",
                 "web/snapshot.mjs", "web/release.mjs"):
        assert pinned[path] == hashlib.sha256((DIST / path).read_bytes()).hexdigest()[:16], path
    assert not [p for p in pinned if p.startswith(("web/vendor/", "rules/")) or p in ("index.html", "sw.js")]
    engine = [src.removeprefix("./") for src, _ in json.loads((DIST / "web" / "engine-files.json").read_text())]
    assert set(engine) <= set(pinned)
    # in the page's head, before any script (parsed before any of them runs)
    page = (DIST / "index.html").read_text()
    assert page.index('id="release-files"') < min(page.index("<script src="), page.index('<script type="module"'))


def test_a_deploy_during_a_normal_first_visit_reloads_once_onto_the_new_release(browser, another_release):
    """A first visit over a slow link (Python starts without the snapshot, so it fetches the
    engine's files): release B is deployed as the page asks for them. The engine file B
    changed is not the page's release: the page runs none of it and reloads, once, onto B,
    which starts normally from B's files and plays; nothing is logged as an error."""
    b = another_release(CHANGES)
    site = serve_dist()
    try:
        page = new_page(browser)
        loads = loads_of(page)
        # The reload too is a first visit over the slow link: with the wasm already in the
        # HTTP cache it would start from the snapshot, which in B, a built site with one
        # file changed, is still A's (a real release has a snapshot of its own).
        slow_link(page, site.url, *SLOW_LINK)
        cdp = page.context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
        deploy_at(site, "/web/engine-files.json", b)
        open_page(page, site.url + "/?deal=9")
        ready(page)
        assert len(loads) == 2, loads
        assert page.evaluate(RELEASE) == release_of(b) != release_of(DIST)
        assert page.evaluate("document.documentElement.dataset.boot") == "normal"
        assert page.evaluate("document.documentElement.dataset.appRelease") == "B"
        assert page.evaluate(ENGINE_FILE).endswith("# release B\n")
        plays(page, 9)
        assert len(loads) == 2, loads
        assert not page.errors, page.errors
        page.context.close()
    finally:
        site.stop()


def test_a_deploy_during_a_snapshot_first_visit_reloads_once_onto_the_new_release(browser, another_release):
    """A first visit that starts from the snapshot fetches one Python file, the page's
    script, once Python is up: release B is deployed as the page asks for it. B's script is
    not run in A's page; the page reloads, once, onto B, whose script runs, and plays."""
    b = another_release(CHANGES)
    site = serve_dist()
    try:
        def prepare(page):
            site.deployment.folder = DIST   # (a visit before may have deployed B)
            page.loads = loads_of(page)
            deploy_at(site, "/web/app.py", b)

        def reach(page, url):
            open_page(page, url)
            ready(page)

        def skipped(page):   # the first load started normally: it fetched the engine's files
            return [u for u in page.requests if "/py/solitaire/" in u][:1]
        page = snapshot_first_visit(browser, site.url + "/?deal=9", prepare, reach, skipped)
        loads = page.loads
        assert len(loads) == 2, loads
        assert page.evaluate(RELEASE) == release_of(b)
        assert page.evaluate("document.documentElement.dataset.boot") == "snapshot"
        assert page.evaluate("document.documentElement.dataset.appRelease") == "B"
        plays(page, 9)
        assert len(loads) == 2, loads
        assert not page.errors, page.errors
        page.context.close()
    finally:
        site.stop()


def test_a_deploy_between_the_page_and_its_scripts_reloads_once_onto_the_new_release(browser, another_release):
    """Release B changes only web/boot.js (which then marks the page it runs in), deployed
    as the page asks for that script: the browser runs B's script in A's page, and every
    file the page fetches itself is A's; but the page reads back what the browser ran
    before its Python gets any file, finds B's script, and reloads, once, onto B, before
    the game is ready (so nothing was saved)."""
    b = another_release({"web/boot.js": lambda text: text + '\ndocument.documentElement.dataset.bootRelease = "B";\n'})
    site = serve_dist()
    try:
        page = new_page(browser)
        loads = loads_of(page)
        deploy_at(site, "/web/boot.js", b)
        open_page(page, site.url + "/?deal=9")
        ready(page)
        assert len(loads) == 2, loads
        assert page.evaluate(RELEASE) == release_of(b)
        assert page.evaluate("document.documentElement.dataset.bootRelease") == "B"
        plays(page, 9)
        assert len(loads) == 2, loads
        assert not page.errors, page.errors
        page.context.close()
    finally:
        site.stop()


def test_a_deploy_that_changes_no_file_the_load_still_needs_leaves_the_page_on_its_own_release(
        browser, another_release):
    """Release B changes only How to play's text, deployed as the page asks for its script:
    the page's files are all still its own, so it stays on A with no reload and plays.
    How to play's text, asked for later, is B's: refused, never shown, and the page offers
    the reload (the game, saved at every move, is not reloaded under the player's hands)."""
    b = another_release({"docs/rules/tabbycat.en.md": CHANGES["docs/rules/tabbycat.en.md"]})
    site = serve_dist()
    try:
        page = new_page(browser)
        loads = loads_of(page)
        deploy_at(site, "/web/app.py", b)
        open_page(page, site.url + "/?deal=9")
        ready(page)
        assert page.evaluate(RELEASE) == release_of(DIST)
        assert page.evaluate("document.documentElement.dataset.appRelease") is None
        plays(page, 9)
        assert page.locator("#update").count() == 0
        page.evaluate("document.getElementById('how-to-play').click()")
        page.wait_for_selector("#update", timeout=30_000)
        assert page.evaluate("document.documentElement.dataset.releaseCheck") == "refused"
        assert page.evaluate("document.documentElement.dataset.releaseFile") == "docs/rules/tabbycat.en.md"
        page.wait_for_function("!document.querySelector('#rules-body').textContent.includes('\u2026')")
        assert "Released Later" not in page.inner_text("#rules-body")
        assert len(loads) == 1, loads
        assert not page.errors, page.errors
        page.context.close()
    finally:
        site.stop()


def test_a_search_after_a_deploy_never_runs_the_new_engine_in_the_worker(browser, another_release):
    """A first visit that started normally, then release B is deployed (an engine file
    changed), then the first search: the solver's worker, booting normally, fetches the
    engine's files and finds B's; it refuses them and tells the page, which offers the
    reload and searches in slices with its own engine. The hint is given."""
    b = another_release(CHANGES)
    site = serve_dist()
    try:
        page = new_page(browser)
        slow_link(page, site.url, *SLOW_LINK)
        open_page(page, site.url + "/?deal=9")
        ready(page)
        assert page.evaluate("document.documentElement.dataset.boot") == "normal"
        site.deployment.folder = b
        page.evaluate("window.tabby_start_worker()")   # as a first search does
        page.wait_for_function("document.documentElement.dataset.solver === 'slices'", timeout=180_000)
        assert page.evaluate("document.documentElement.dataset.releaseFile") == ENGINE
        assert json.loads(page.evaluate("window.tabby_solver()"))["state"] == "failed"
        page.click("#hint")
        page.wait_for_function("document.querySelector('#status').textContent.startsWith('Hint')", timeout=120_000)
        assert page.locator("#update").count() == 1
        assert page.evaluate(RELEASE) == release_of(DIST)
        assert not page.errors, page.errors
        page.context.close()
    finally:
        site.stop()


def test_the_worker_s_own_scripts_of_another_release_are_never_started(browser, another_release):
    """After a first visit started from the snapshot, release B changes the solver's
    worker's script: the page checks the worker's scripts before telling the worker to
    boot, so B's is stopped unbooted (no Python, no search, no message to the page); the
    searches stay in slices, and the page offers the reload."""
    b = another_release({**CHANGES, **WORKER})
    site = serve_dist()
    try:
        page = new_page(browser)
        open_page(page, site.url + "/?deal=9")
        ready(page)
        site.deployment.folder = b
        page.evaluate("window.tabby_start_worker()")
        page.wait_for_function("document.documentElement.dataset.solver === 'slices'", timeout=60_000)
        assert page.evaluate("document.documentElement.dataset.releaseFile") == "web/solver-worker.mjs"
        facts = json.loads(page.evaluate("window.tabby_solver()"))
        assert (facts["state"], facts["boot"]) == ("failed", None)
        # stopped: the page terminated it as it went to slices; the browser tells Playwright
        # a moment later (on a busy machine, after the wait above has returned), so wait
        # for each worker's close (the sync API takes no event between these two lines)
        for worker in page.workers:
            worker.wait_for_event("close", timeout=30_000)
        assert page.workers == []
        assert page.locator("#update").count() == 1
        page.click("#hint")
        page.wait_for_function("document.querySelector('#status').textContent.startsWith('Hint')", timeout=120_000)
        assert not page.errors, page.errors
        page.context.close()
    finally:
        site.stop()


def test_a_release_that_keeps_mismatching_reloads_only_once(browser):
    """A server that keeps answering a file the page's release does not list (as a stale
    copy somewhere would): the page reloads once, then, meeting it again on the same
    release, refuses it and offers the reload instead of reloading again."""
    site = serve_dist()
    try:
        app = (DIST / "web" / "app.py").read_text()
        site.deployment.overrides["/web/app.py"] = (app + "\n# another release\n").encode()
        page = new_page(browser)
        loads = loads_of(page)
        open_page(page, site.url + "/?deal=9")
        page.wait_for_selector("#update", timeout=120_000)
        assert page.evaluate("document.documentElement.dataset.releaseCheck") == "refused"
        assert page.evaluate("document.documentElement.dataset.releaseFile") == "web/app.py"
        assert len(loads) == 2, loads
        assert page.evaluate("document.body.dataset.ready") is None   # nothing of it ran
        page.context.close()
    finally:
        site.stop()
