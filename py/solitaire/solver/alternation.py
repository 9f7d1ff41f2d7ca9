"""One search under several priorities at once, sharing one table (issue 14).

Each model (a priority over the same positions) keeps its own queue, and the queues
take turns: each turn expands the best position waiting in one queue. Every new
position goes into every queue, and the table of positions seen, their parents and
which are still open is shared, so a position is built, looked up and expanded once
whichever priority reaches it first. A deal that one priority gets lost in is won
by another, and no work is repeated between them (the "alternation" of open lists of
satisficing planners, run here as a solitaire solver's "soft threads").

Since the search drops nothing, when every queue is empty every position reachable
from the start has been expanded: if the models are complete (``proves``) and none
was won, that is a proof the deal is lost.

A queue orders its positions by the model's ``score``, newest first among equals, as
:class:`solitaire.solver.searches.BestFirst` does; a model with ``search = "weighted"`` adds
the moves made to reach the position (``score + depth``), oldest first among equals,
as :class:`solitaire.solver.searches.Weighted` does.
"""

import time

from .searches import WON, Buckets, Frontier, Searcher


class Fifo(Buckets):
    """A bucket queue by priority, oldest first among equals: each bucket's ``heads``
    entry is how many of its positions have been taken."""

    __slots__ = ("heads",)

    def __init__(self):
        super().__init__()
        self.heads: list[int] = []

    def _room(self, prio: int) -> int:
        base, had = self.base, len(self.buckets)
        i = super()._room(prio)
        if had:
            self.heads[0:0] = [0] * (base - self.base)  # buckets added below
        self.heads += [0] * (len(self.buckets) - len(self.heads))
        return i

    def pop_open(self, opened: dict) -> tuple:
        """The oldest best position still in ``opened``, taken out of it with its
        value, as ``(state, value)``; ``(None, None)`` when none is left. The positions
        taken on the way (no longer open) are dropped."""
        buckets, heads, low = self.buckets, self.heads, self.low
        n = len(buckets)
        while low < n:
            bucket, head = buckets[low], heads[low]
            size = len(bucket)
            while head < size:
                state = bucket[head]
                head += 1
                value = opened.pop(state, None)
                if value is not None:
                    if head == size:
                        bucket.clear()
                        head = 0
                    elif head >= 4096 and head * 2 >= size:
                        del bucket[:head]  # drop the part already taken
                        head = 0
                    heads[low] = head
                    self.low = low
                    return state, value
            bucket.clear()
            heads[low] = 0
            low += 1
        self.low = low
        return None, None


class Alternation(Searcher):
    """One best-first search of ``models[0]``'s positions under every model's priority
    in turn, one expansion per turn, sharing one table (see the module's docstring).
    The models must share their positions, moves and ``key`` (they differ only in
    ``score`` and ``search``). If the first model has ``scorer(models)``, it gives a
    function ``(state, depth) -> priorities``, one per model, that reads the state once
    for all of them (each a weighted model's score plus ``depth``, or a score)."""

    def __init__(self, game, pos, models, budget: int):
        super().__init__(game, pos, models[0], budget)
        root = self.model.root
        self._queues(models)
        self.open[root] = 0
        for m, q in zip(models, self.queues):
            q.push(m.score(root), root)
        if self.model.is_won(root):
            self._finish(WON, root)

    def _queues(self, models) -> None:
        """A queue per model, empty, and nothing waiting yet."""
        self.models = models
        self.weighted = [getattr(m, "search", "") == "weighted" for m in models]
        scorer = getattr(self.model, "scorer", None)  # every priority from one pass
        self.prios = scorer(models) if scorer is not None else self._prios
        self.queues = [Fifo() if w else Frontier() for w in self.weighted]
        self.open: dict[bytes, int] = {}   # positions waiting: the moves made
        self.index = 0

    @classmethod
    def merged(cls, game, pos, searches: list, models: list, budget: int) -> "Alternation":
        """One alternation that goes on from ``searches`` of ``pos`` (best-first,
        weighted or alternations, each with its own table), under ``models``'
        priorities, with ``budget`` positions in all. Their tables become one (a
        position keeps the parent of the first search that saw it, so every line still
        leads back to the start); a position any of them expanded stays expanded, since
        its children are all in the table; every other one waits in every queue, at the
        moves made to reach it in the merged table. So nothing is dropped: when the
        queues are empty every reachable position has been expanded by one search or
        another, which proves a loss as a single search would, and no position is
        expanded twice from now on. The counts go on from the searches' sums.
        """
        self = cls.__new__(cls)
        Searcher.__init__(self, game, pos, models[0], budget)
        parent: dict[bytes, bytes | None] = {}
        expanded: set[bytes] = set()
        for s in searches:
            for state, up in s.parent.items():
                parent.setdefault(state, up)
            waiting = set(s.waiting())
            expanded.update(state for state in s.parent if state not in waiting)
        self.parent = parent
        self.examined = sum(s.examined for s in searches)
        self.expanded = sum(s.expanded for s in searches)
        self.seconds = sum(s.seconds for s in searches)
        self._queues(models)
        depths: dict[bytes, int] = {self.model.root: 0}
        pushes = [q.push for q in self.queues]
        for state in parent:  # in the order the tables met them: the same on every run
            if state not in expanded:
                self.open[state] = depth = self._depth(state, parent, depths)
                for push, prio in zip(pushes, self.prios(state, depth)):
                    push(prio, state)
        return self

    @staticmethod
    def _depth(state: bytes, parent: dict, depths: dict) -> int:
        """The moves from the start to ``state`` along ``parent``, kept in ``depths``
        for every position on the way."""
        chain = []
        while state not in depths:
            chain.append(state)
            state = parent[state]
        depth = depths[state]
        for up in reversed(chain):
            depth += 1
            depths[up] = depth
        return depth

    def waiting(self) -> list[bytes]:
        return list(self.open)

    def _prios(self, state: bytes, depth: int) -> list[int]:
        """Each queue's priority of a new position ``depth`` moves from the start."""
        return [m.score(state) + depth if w else m.score(state)
                for m, w in zip(self.models, self.weighted)]

    def run(self, positions: int):
        if self.result is not None:
            return self.result
        t0 = time.perf_counter()
        model = self.model
        children, is_won = model.children, model.is_won
        pushes = [q.push for q in self.queues]
        pops = [q.pop_open for q in self.queues]
        prios = self.prios
        n = len(pops)
        parent, opened = self.parent, self.open
        stop = min(self.budget, self.examined + positions)
        examined, expanded, index = self.examined, self.expanded, self.index
        found = None
        exhausted = False
        while examined < stop:
            state = None
            for _ in range(n):  # the next queue with a position still open
                pop = pops[index]
                index = index + 1 if index + 1 < n else 0
                state, depth = pop(opened)
                if state is not None:
                    break
            if state is None:
                exhausted = True
                break
            expanded += 1
            depth += 1
            for child in children(state, parent[state]):
                examined += 1
                if child in parent:
                    continue
                parent[child] = state
                if is_won(child):
                    found = child
                    break
                opened[child] = depth
                for push, prio in zip(pushes, prios(child, depth)):
                    push(prio, child)
            if found is not None:
                break
        self.index = index
        return self._end(examined, expanded, time.perf_counter() - t0, found, exhausted)

    def _free(self) -> None:
        self.queues = []
        self.open = {}


class Together:
    """Models to be searched as one :class:`Alternation` (``search = "alternation"``),
    for a list of threads (see :class:`solitaire.solver.search.Threads`)."""

    search = "alternation"

    def __init__(self, models: list):
        self.models = models
