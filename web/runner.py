"""Where the page's searches run: in the solver's worker (``web/solver-worker.mjs``, a
second Pyodide booted from the same snapshot) once it is up, else a slice at a time
between frames on the page's thread, as before.

The controller says what runs (:meth:`solitaire.play.controller.Controller.job`); a search started
while the worker is ready is the worker's (``offload``); one started before runs in slices
until the worker is up, then the worker takes it over (see :meth:`Runner.message`). The
worker starts when a search is first asked for (Hint, a Winnable new deal, a check, the
daily; at once when the page opens on one, a ``?daily=`` link), not before: it is a second
Python, some 150 MB of the page's memory. While no search runs, the worker rates deals (the board's, then the
calendar's dailies: :meth:`solitaire.play.controller.Controller.rating_job`); before it is up, the
page rates them in slices (``Page.rate``). If the worker cannot start, or fails, the page
keeps the slices for good, and a search the worker had is run here from its start.
"""

import asyncio
import json

from pyodide.ffi import create_proxy, to_js
from pyscript import window

from dom import document, keep, nullish
from solitaire.play.answer import Answer
from solitaire.play.jobs import decode


# The worker's own scripts, checked before it starts (web/vendor/ names carry a version).
WORKER_FILES = ["./web/solver-worker.mjs", "./web/snapshot.mjs", "./web/wasm.mjs", "./web/release.mjs"]


def plain(value):
    return to_js(value, dict_converter=window.Object.fromEntries)


class Runner:
    """One page's searches: the worker when ready, else slices."""

    def __init__(self, page):
        self.page = page
        self.state = "off"       # "off" (not started), "booting", "ready", "failed"
        self.worker = None
        self.running = None      # the id of the job the worker runs
        self.rating = None       # the rating job the worker runs (a dict), if any
        self.rated = 0           # ratings the worker answered
        self.stepping = False    # the slices run
        self.answered = 0        # jobs the worker answered
        self.memory = 0          # the worker's WebAssembly memory, bytes (last reported)
        self.boot = None         # how the worker booted: "snapshot" or "normal"

    # -- the worker ----------------------------------------------------------------------

    def start_worker(self, *_):
        """Start the worker (once: at the first search)."""
        if self.state != "off":
            return
        self.state = "booting"
        # The start-up snapshot (if the page booted from it: a first visit over a slow link
        # did not, and has not downloaded it) and the smaller standard-library archive
        named = nullish(document.querySelector('meta[name="start-up-snapshot"]'))
        snapshot = None
        if named is not None and document.documentElement.dataset.boot == "snapshot":
            snapshot = str(window.URL.new(named.content, document.baseURI).href)
        stdlib = nullish(document.querySelector('link[rel="preload"][data-stdlib]'))
        asyncio.ensure_future(self.boot_worker(snapshot, str(stdlib.href) if stdlib is not None else None))

    async def boot_worker(self, snapshot, stdlib):
        """Start the worker, and boot it once its scripts are checked to be of the page's
        release (web/release.mjs: on a first visit they come from the network, which may
        serve a release deployed since the page opened; the worker's own request for them
        goes out at the same moment, and until it is told to boot it does nothing); it
        checks the engine's files it fetches with the page's list. Of another release: the
        worker is stopped unbooted, and the searches stay in slices, here."""
        release = nullish(getattr(window, "tabbyRelease", None))
        try:
            if nullish(getattr(window, "Worker", None)) is None:
                raise RuntimeError("no Web Workers here")
            checked = release.check(plain(WORKER_FILES)) if release is not None else None
            self.worker = window.Worker.new("./web/solver-worker.mjs", plain({"type": "module"}))
            self.worker.onmessage = keep(create_proxy(self.message))
            self.worker.onerror = keep(create_proxy(
                lambda e: self.fail(str(nullish(getattr(e, "message", None)) or "error"))))
            if checked is not None and not await checked:
                raise RuntimeError("the worker's scripts are not of this page's release")
            # the wasm packed where no service worker serves the page (web/wasm.mjs)
            workers = nullish(getattr(window.navigator, "serviceWorker", None))
            packed = workers is None or nullish(workers.controller) is None
            self.worker.postMessage(plain({"type": "boot", "snapshot": snapshot, "stdlib": stdlib, "packed": packed,
                                           "files": release.list() if release is not None else None}))
        except Exception as e:  # noqa: BLE001 (any failure leaves the slices)
            self.fail(str(e))

    def message(self, event):
        data = event.data
        kind = str(data.type)
        if kind == "ready":
            self.state, self.boot = "ready", str(data.boot)
            self.memory = int(data.memory)
            self.page.ctl.offload = True
            document.documentElement.dataset.solver = "worker"
            window.performance.mark("solver-worker-ready")
            self.page.do(self.page.ctl.hand_over())  # a search begun in slices moves here
        elif kind == "report":
            self.report(int(data.id), json.loads(str(data.data)), int(data.memory))
        elif kind == "release":  # a file of another release: refused, the reload offered
            window.tabbyRelease.changed(str(data.path))
        elif kind == "csp":  # the tests watch the console for violations
            window.console.error("CSP violation in the solver's worker: " + str(data.what))
        elif kind == "failed":
            self.fail(str(data.why))

    def fail(self, why: str):
        """The worker could not start, or broke: searches go back to slices for good."""
        if self.state == "failed":
            return
        window.console.warn("The solver's worker stopped; searching on the page instead: " + why)
        self.state, self.running, self.rating = "failed", None, None
        self.page.ctl.offload = False
        document.documentElement.dataset.solver = "slices"
        if self.worker is not None:
            self.worker.terminate()
        self.page.ctl.local()
        self.page.do(Answer())   # the search, and the ratings, go on in slices here

    def report(self, job_id: int, out: dict, memory: int):
        rating = self.rating
        if rating is not None and job_id == rating["id"]:
            if out.get("error"):  # never for the controller's own jobs: not asked again
                self.fail("a rating: " + str(out["error"]))
            elif out["done"]:
                self.rating = None
                self.rated += 1
                self.page.do(self.page.ctl.rated(rating, decode(out.get("value"))))
            return
        if job_id != self.running:
            return  # a job given up (cancelled, its board gone)
        if out["done"]:
            self.running = None
            self.answered += 0 if out.get("error") else 1
            self.memory = memory or self.memory
        ans = self.page.ctl.remote(job_id, [decode(i) for i in out["items"]], out["done"],
                                   decode(out.get("value")), out.get("error"))
        self.page.do(ans)

    # -- both ------------------------------------------------------------------------------

    def ensure(self):
        """After every answer: give the worker the search started for it, tell it to
        stop one no longer wanted, or step a search here."""
        ctl = self.page.ctl
        job = ctl.job()
        remote = job is not None and job.get("remote")
        if self.running is not None and (not remote or job["id"] != self.running):
            self.worker.postMessage(plain({"type": "cancel", "id": self.running}))
            self.running = None
        if self.rating is not None and ctl.task is not None:  # the player's search first
            self.worker.postMessage(plain({"type": "cancel", "id": self.rating["id"]}))
            self.rating = None
        if ctl.task is None:
            return
        if self.state == "off":   # the first search: the worker boots, and takes it over once up
            self.start_worker()
        if remote:
            if self.running is None and self.state == "ready":
                self.running = job["id"]
                self.worker.postMessage(plain({"type": "job", "id": job["id"],
                                               "job": json.dumps(job)}))
        elif not self.stepping:
            asyncio.ensure_future(self.slices())

    def rate(self):
        """While no search runs, the worker rates the next deal wanted (the board's
        first: a rating under way for another deal gives way to it)."""
        ctl = self.page.ctl
        if self.state != "ready" or ctl.task is not None:
            return
        job = ctl.rating_job()
        if job is None and self.rating is not None:
            return   # a proof under way (or a rating) ends first
        if job is None:
            job = ctl.proving_job()   # few proved deals left for New deal: prove more
        if job is None:
            return
        running = self.rating
        if running is not None:
            if (running["game"], running.get("deal")) == (job["game"], job.get("deal")):
                return
            self.worker.postMessage(plain({"type": "cancel", "id": running["id"]}))
        self.rating = job
        self.worker.postMessage(plain({"type": "job", "id": job["id"], "job": json.dumps(job)}))

    async def slices(self):
        """Step the controller's search a slice at a time, yielding to the browser."""
        ctl = self.page.ctl
        self.stepping = True
        try:
            while ctl.task is not None and not (ctl.job() or {}).get("remote"):
                self.page.do(ctl.step())
                await asyncio.sleep(0)
        finally:
            self.stepping = False
        self.page.do(Answer())

    def facts(self) -> str:
        """For the tests and benchmarks: where searches run, and the worker's figures."""
        return json.dumps({"state": self.state, "boot": self.boot, "answered": self.answered,
                           "memory": self.memory, "running": self.running, "rated": self.rated,
                           "rating": None if self.rating is None else self.rating.get("deal")})
