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

Stopping a search in the worker (Cancel, a move, Undo, another deal, a rating giving way):
where the page is cross-origin isolated (netlify.toml's headers), the page and the worker
share two Int32 (``shared_ints``): the page writes there the job it wants run, and 2 into
Pyodide's interrupt buffer, so the worker's Python stops the search mid-step
(``web/solver-worker.mjs``); the cancel message goes too. Elsewhere the message alone
stops it, between the worker's chunks. ``<html data-cancel>`` says which
(``interrupt`` or ``messages``; ``data-cancel-why`` why not the first), and
:meth:`Runner.facts` the last stops' times.
"""

import asyncio
import json

from pyodide.ffi import create_proxy, to_js
from pyscript import window

from dom import document, keep, nullish
from solitaire.play.answer import Answer
from solitaire.play.jobs import AHEAD, HINTS, decode


# The worker's own scripts, checked before it starts (web/vendor/ names carry a version).
WORKER_FILES = ["./web/solver-worker.mjs", "./web/snapshot.mjs", "./web/wasm.mjs", "./web/release.mjs"]


def plain(value):
    return to_js(value, dict_converter=window.Object.fromEntries)


def shared_ints():
    """Two Int32 in memory the worker can share, and None; else None and why not (the
    page not cross-origin isolated; or isolated, but without ``SharedArrayBuffer``, as in
    WebKitGTK 2.50)."""
    if not nullish(getattr(window, "crossOriginIsolated", None)):
        return None, "not cross-origin isolated"
    if nullish(getattr(window, "SharedArrayBuffer", None)) is None:
        return None, "no SharedArrayBuffer"
    return window.Int32Array.new(window.SharedArrayBuffer.new(8)), None


def same_search(a: dict, b: dict) -> bool:
    """Two jobs that ask the same question of the same position (a rating and a proof of
    one deal count as one: the first goes on)."""
    if a.get("kind") in AHEAD or b.get("kind") in AHEAD:
        return all(a.get(k) == b.get(k) for k in ("kind", "game", "deal", "moves", "budget"))
    return (a["game"], a.get("deal")) == (b["game"], b.get("deal"))


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
        self.shared = None       # the Int32 shared with the worker, if any (shared_ints)
        self.why = None          # else why not
        self.cancel = None       # how a search is stopped: "interrupt" or "messages"
        self.cancelled = {}      # job id -> when the page stopped it (ms since the epoch)
        self.stops = []          # the last stops: how, ms from the page's word to the stop, when

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
        named = nullish(document.querySelector('meta[name="start-up-stdlib"]'))
        stdlib = str(window.URL.new(named.content, document.baseURI).href) if named is not None else None
        asyncio.ensure_future(self.boot_worker(snapshot, stdlib))

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
            message = {"type": "boot", "snapshot": snapshot, "stdlib": stdlib, "packed": packed,
                       "files": release.list() if release is not None else None}
            self.shared, self.why = shared_ints()
            try:
                self.worker.postMessage(plain({**message, "interrupt": self.shared}))
            except Exception:  # noqa: BLE001 (shared memory refused: the messages stop the searches)
                self.shared, self.why = None, "shared memory not sent"
                self.worker.postMessage(plain(message))
        except Exception as e:  # noqa: BLE001 (any failure leaves the slices)
            self.fail(str(e))

    def message(self, event):
        data = event.data
        kind = str(data.type)
        if kind == "ready":
            self.state, self.boot = "ready", str(data.boot)
            self.memory = int(data.memory)
            self.cancel = "interrupt" if data.interrupt else "messages"
            document.documentElement.dataset.cancel = self.cancel
            if self.why is not None:   # why not the interrupt buffer
                document.documentElement.dataset.cancelWhy = self.why
            self.page.ctl.offload = True
            document.documentElement.dataset.solver = "worker"
            window.performance.mark("solver-worker-ready")
            self.page.do(self.page.ctl.hand_over())  # a search begun in slices moves here
        elif kind == "report":
            self.report(int(data.id), json.loads(str(data.data)), int(data.memory))
        elif kind == "stopped":
            self.stopped(int(data.id), str(data.how), float(data.at))
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

    def post(self, job: dict):
        """Give the worker ``job`` (it replaces any job running there)."""
        if self.shared is not None:
            window.Atomics.store(self.shared, 1, job["id"])
        self.worker.postMessage(plain({"type": "job", "id": job["id"], "job": json.dumps(job)}))

    def stop(self, job_id: int):
        """Stop the worker's job ``job_id``: through the interrupt buffer where there is
        one (at once, mid-step), and by a message (between the worker's chunks)."""
        self.cancelled[job_id] = float(window.performance.timeOrigin + window.performance.now())
        while len(self.cancelled) > 16:
            del self.cancelled[next(iter(self.cancelled))]
        if self.shared is not None:
            window.Atomics.compareExchange(self.shared, 1, job_id, 0)
            window.Atomics.store(self.shared, 0, 2)   # SIGINT
        self.worker.postMessage(plain({"type": "cancel", "id": job_id}))

    def stopped(self, job_id: int, how: str, at: float):
        """The worker stopped a job before its end (for the tests and bench/cancel.py)."""
        asked = self.cancelled.pop(job_id, None)
        if asked is not None:
            self.stops = [*self.stops[-7:], {"id": job_id, "how": how, "ms": round(at - asked, 1), "at": at}]

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
            self.stop(self.running)
            self.running = None
        if (self.rating is not None and self.rating["kind"] in AHEAD and ctl.task is None
                and not ctl.ahead_wanted(self.rating)):
            self.stop(self.rating["id"])   # searched ahead for a position left since (or an offer declined)
            self.rating = None
        if self.rating is not None and ctl.task is not None:  # the player's search first
            if (remote and self.running is None and self.rating["kind"] in AHEAD
                    and same_search(self.rating, job)):
                # asked for where it is being searched ahead: that search is the answer
                job["id"] = self.running = self.rating["id"]
            else:
                self.stop(self.rating["id"])
            self.rating = None
        if ctl.task is None:
            return
        if self.state == "off":   # the first search: the worker boots, and takes it over once up
            self.start_worker()
        if remote:
            if self.running is None and self.state == "ready":
                self.running = job["id"]
                self.post(job)
        elif not self.stepping:
            asyncio.ensure_future(self.slices())

    def rate(self):
        """While no search runs, the worker rates the next deal wanted (the board's
        first: a rating under way for another deal gives way to it), then searches the
        next Hint ahead (once the player asked for one in this game), then proves fresh
        deals for New deal."""
        ctl = self.page.ctl
        if self.state != "ready" or ctl.task is not None:
            return
        job = ctl.rating_job()
        if job is None and self.rating is not None:
            return   # a proof under way (or a rating, or the next Hint) ends first
        if job is None:
            job = ctl.ahead_job()
        if job is None:
            job = ctl.proving_job()   # few proved deals left for New deal: prove more
        if job is None:
            return
        running = self.rating
        if running is not None:
            if same_search(running, job):
                return
            self.stop(running["id"])
        self.rating = job
        self.post(job)

    async def slices(self):
        """Step the controller's search a slice at a time, yielding to the browser."""
        ctl = self.page.ctl
        self.stepping = True
        try:
            while ctl.task is not None and not (ctl.job() or {}).get("remote"):
                self.page.do(ctl.step())
                await window.tabbyBreathe()   # a frame between slices: input and paint
        finally:
            self.stepping = False
        self.page.do(Answer())

    def facts(self) -> str:
        """For the tests and benchmarks: where searches run, and the worker's figures."""
        return json.dumps({"state": self.state, "boot": self.boot, "answered": self.answered,
                           "memory": self.memory, "running": self.running, "rated": self.rated,
                           "rating": None if self.rating is None else self.rating.get("deal"),
                           "cancel": self.cancel, "stops": self.stops,
                           "ahead": ("ready" if self.page.ctl.ahead_answer() is not None else
                                     "searching" if self.rating is not None and self.rating["kind"] in HINTS
                                     else None),
                           "shown": ("ready" if self.page.ctl.ahead_answer(show=True) is not None else
                                     "searching" if self.rating is not None and self.rating["kind"] == "show"
                                     else None)})
