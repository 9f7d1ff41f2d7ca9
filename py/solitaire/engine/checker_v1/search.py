"""The daily deal's checker, version 1: the solver as it was when dailies were first
published (commit c569599), frozen.

A day's deal is the first candidate this search proves winnable within 50,000
positions, so its answers are published facts: nothing here may change, or past
dailies would move. The live solver (``solitaire.solver``) is free to improve; this
copy is not. Its models are the frozen copies beside it.

One change from the original, which alters no answer the original ever gave: the
original could loop for ever without examining a position (an end-game frontier set
aside before it was explored was resumed with a quota of nothing, again and again,
once nothing else was left; issue 17). Here that state ends the search as undecided
(``STALLED``), where the original never ended.
"""

import heapq
import time
from dataclasses import dataclass, field

from ..errors import SolitaireError
from ..position import Move
from . import model_v1

WON, UNWINNABLE, UNDECIDED, CANCELLED = "won", "unwinnable", "undecided", "cancelled"
EXHAUSTED = "exhausted"  # a pruned search saw all its positions: no proof either way
STALLED = "stalled"      # where the original looped for ever (see above)
DEFAULT_BUDGET = 1_000_000


@dataclass
class Result:
    """What a search found. ``line`` is the winning line when ``verdict == 'won'``."""

    verdict: str
    examined: int
    expanded: int
    seconds: float
    line: list[Move] = field(default_factory=list)

    @property
    def decided(self) -> bool:
        return self.verdict in (WON, UNWINNABLE)


class Frontier:
    """The positions waiting to be expanded: a bucket queue by score, newest first.

    Buckets start at the lowest score pushed (``base``), so the many small end-game
    frontiers cost little. ``quota`` and ``spent`` count expansions, for a basin's turn.
    """

    __slots__ = ("buckets", "base", "low", "quota", "spent", "seq")

    def __init__(self, quota: float = float("inf"), seq: int = 0):
        self.buckets: list[list[bytes]] = []
        self.base = 0
        self.low = 0            # index of the lowest bucket that may be non-empty
        self.quota = quota
        self.spent = 0
        self.seq = seq

    def push(self, prio: int, state: bytes) -> None:
        buckets = self.buckets
        if not buckets:
            self.base = prio
        elif prio < self.base:
            shift = self.base - prio
            buckets[0:0] = [[] for _ in range(shift)]
            self.base = prio
            self.low += shift
        i = prio - self.base
        while len(buckets) <= i:
            buckets.append([])
        buckets[i].append(state)
        if i < self.low:
            self.low = i

    def pop(self) -> bytes | None:
        self.pop_empty()
        return self.buckets[self.low].pop() if self.low < len(self.buckets) else None

    def pop_empty(self) -> None:
        buckets, low = self.buckets, self.low
        while low < len(buckets) and not buckets[low]:
            low += 1
        self.low = low

    def score(self) -> int:
        """The best score waiting (after pop_empty)."""
        return self.base + self.low

    def rank(self) -> tuple:
        """Order of the suspended basins: those never explored first, oldest first; then
        the best score waiting."""
        return (self.score() if self.spent else -1, self.seq)

    def __lt__(self, other):
        return self.rank() < other.rank()


class Search:
    """A search that runs in slices, so a page can yield between them and cancel.

    Most games give one complete model, searched best-first once with the whole
    budget. A model that prunes moves it judges useless (Spider's) cannot prove a
    loss, and no one search suits every deal; it offers ``tries()``: models that differ
    in weights, or that ask for a beam search (``model.beam``, its first width). They
    are searched in turn, round after round; each round a best-first try gets four
    times the positions (from ``FIRST_TRY``) and a beam twice the width, so a deal that
    is easy for any of them is found early. If a pruned best-first search exhausts its
    positions (no weight changes those), the complete model (``model.complete()``)
    takes the rest of the budget and can prove the loss.

    """

    FIRST_TRY = 10_000
    BEAM_COST = 1_200   # positions allowed per unit of beam width

    def __init__(self, game, pos, budget: int = DEFAULT_BUDGET):
        self.game = game
        self.start = pos
        self.budget = budget
        self.model = model_v1(game, pos)
        self.tries = self.model.tries() if hasattr(self.model, "tries") else [self.model]
        self.round = 0
        self.turn = 0
        self.done = 0           # positions examined by finished tries
        self.done_expanded = 0
        self.done_seconds = 0.0
        self.result: Result | None = None
        self._begin()
        self._check()

    def _begin(self) -> None:
        """Start the current try."""
        model, left = self.tries[self.turn], self.budget - self.done
        width = getattr(model, "beam", 0) << self.round
        if width:
            self.current = Beam(self.game, self.start, model, min(width * self.BEAM_COST, left),
                                width)
        else:
            allowance = left if len(self.tries) == 1 else min(self.FIRST_TRY * 4 ** self.round, left)
            self.current = BestFirst(self.game, self.start, model, allowance)

    @property
    def examined(self) -> int:
        return self.done + self.current.examined

    def run(self, positions: int) -> Result | None:
        """Examine up to ``positions`` more positions; return the result once decided."""
        while self.result is None and positions > 0:
            before = self.current.examined
            self.current.run(positions)
            positions -= self.current.examined - before
            self._check()
        return self.result

    def _check(self) -> None:
        """Finish, or start the next try, while the current one has ended."""
        while self.result is None and (cur := self.current.result) is not None:
            self.done += cur.examined
            self.done_expanded += cur.expanded
            self.done_seconds += cur.seconds
            if cur.verdict in (WON, UNWINNABLE):
                self.result = Result(cur.verdict, self.done, self.done_expanded,
                                     self.done_seconds, cur.line)
            elif self.done >= self.budget or cur.verdict == STALLED:
                self.result = Result(UNDECIDED, self.done, self.done_expanded, self.done_seconds)
            else:
                if cur.verdict == EXHAUSTED:  # the pruned positions are all seen: prove it
                    self.tries, self.turn = [self.model.complete()], 0
                else:
                    self.turn += 1
                    if self.turn == len(self.tries):
                        self.turn, self.round = 0, self.round + 1
                self._begin()

    def cancel(self) -> Result:
        if self.result is None:
            self.current.cancel()
            self.result = Result(CANCELLED, self.examined, self.done_expanded
                                 + self.current.expanded, self.done_seconds + self.current.seconds)
        return self.result


class Searcher:
    """What the two searches share: the table of parents, the result, the line."""

    def __init__(self, game, pos, model, budget: int):
        self.game = game
        self.start = pos
        self.budget = budget
        self.model = model
        root = model.root
        self.parent: dict[bytes, bytes | None] = {root: None}
        self.examined = 1
        self.expanded = 0
        self.seconds = 0.0
        self.result: Result | None = None

    def _free(self) -> None:
        """Drop the search's own structures (the result is kept)."""

    def _end(self, examined, expanded, seconds, found, exhausted) -> Result | None:
        """Close a slice: keep its counts, and settle the result if it is decided."""
        self.examined, self.expanded = examined, expanded
        self.seconds += seconds
        if found is not None:
            self._finish(WON, found)
        elif exhausted:
            self._finish(UNWINNABLE if getattr(self.model, "proves", True) else EXHAUSTED)
        elif examined >= self.budget:
            self._finish(UNDECIDED)
        return self.result

    def cancel(self) -> Result:
        if self.result is None:
            self._finish(CANCELLED)
        return self.result

    def _finish(self, verdict: str, goal: bytes | None = None) -> None:
        line = self._line(goal) if goal is not None else []
        self.result = Result(verdict, self.examined, self.expanded, self.seconds, line)
        # Free the table: a finished search may stay referenced by a page.
        self.parent = {}
        self._free()

    def _line(self, goal: bytes) -> list[Move]:
        """Rebuild the winning line on the real engine, move by move."""
        path = []
        state = goal
        while state is not None:
            path.append(state)
            state = self.parent[state]
        path.reverse()
        game, key = self.game, self.model.key
        follow = getattr(self.model, "follow", lambda pos: [])
        pos, line = self.start, follow(self.start)  # what the model does by itself first
        pos = replay(game, pos, line)
        for want in path[1:]:
            for move in game.legal_moves(pos):
                after = game.apply(pos, move)
                extra = follow(after)
                after = replay(game, after, extra)
                if key(after) == want:
                    line += [move] + extra
                    pos = after
                    break
            else:
                raise SolitaireError("solver: a step of the line has no legal move on the engine")
        if not game.is_won(pos):
            raise SolitaireError("solver: the line does not win on the engine")
        return line



class BestFirst(Searcher):
    """One best-first search over one model, run in slices.

    Positions before the end-game (where the model says no new cards will come) share
    one frontier. Each end-game entered opens a basin of its own, explored for a quota
    of expansions and then set aside, so that one lost end-game cannot swallow the
    budget. Set-aside basins resume with doubled quotas, every few new basins and
    whenever nothing else is left: first those never explored (oldest first), then the
    one with the best score waiting. Nothing is ever dropped, so an exhausted search is
    still a proof.

    An exhausted search is a proof only when the model is complete (``model.proves``).
    """

    BASIN_QUOTA = 100   # expansions of a new end-game before it is set aside
    RESUME_EVERY = 2    # new basins between two resumed ones

    def __init__(self, game, pos, model, budget: int = DEFAULT_BUDGET):
        super().__init__(game, pos, model, budget)
        root = model.root
        self.main = Frontier()
        self.active: Frontier | None = None
        self.suspended: list[Frontier] = []
        self.basins = 0
        self.stalled = False
        if self.model.is_won(root):
            self._finish(WON, root)
        elif self.model.is_endgame(root):
            self.active = Frontier()
            self.active.push(self.model.score(root), root)
        else:
            self.main.push(self.model.score(root), root)

    def _next(self) -> tuple[bytes | None, Frontier | None]:
        """The next state to expand and the basin it belongs to (None: the main frontier)."""
        while True:
            basin = self.active
            if basin is not None:
                if basin.spent < basin.quota:
                    state = basin.pop()
                    if state is not None:
                        basin.spent += 1
                        return state, basin
                    self.active = None  # exhausted: this end-game is lost
                    continue
                self.active = None
                basin.pop_empty()
                if basin.low < len(basin.buckets):
                    del basin.buckets[:basin.low]  # drop the spent buckets
                    basin.base += basin.low
                    basin.low = 0
                    heapq.heappush(self.suspended, basin)
                continue
            state = self.main.pop()
            if state is not None:
                return state, None
            if self.suspended and self.suspended[0].spent == 0:
                self.stalled = True   # the original resumed it with a quota of 0, for ever
                return None, None
            if not self._resume():
                return None, None

    def _resume(self) -> bool:
        if not self.suspended:
            return False
        basin = heapq.heappop(self.suspended)
        basin.quota = basin.spent * 2
        self.active = basin
        return True

    def run(self, positions: int) -> Result | None:
        """Examine up to ``positions`` more positions; return the result once decided."""
        if self.result is not None:
            return self.result
        t0 = time.perf_counter()
        model = self.model
        children, score, is_won, is_endgame = (model.children, model.score, model.is_won,
                                               model.is_endgame)
        parent, main = self.parent, self.main
        stop = min(self.budget, self.examined + positions)
        examined, expanded = self.examined, self.expanded
        found = None
        exhausted = False
        while examined < stop:
            state, basin = self._next()
            if state is None:
                exhausted = not self.stalled
                break
            expanded += 1
            opened = None
            for child in children(state):
                examined += 1
                if child in parent:
                    continue
                parent[child] = state
                if is_won(child):
                    found = child
                    break
                prio = score(child)
                if basin is not None:
                    basin.push(prio, child)
                elif is_endgame(child):
                    self.basins += 1
                    opened = Frontier(self.BASIN_QUOTA, self.basins)
                    opened.push(prio, child)
                else:
                    main.push(prio, child)
            if found is not None:
                break
            if opened is not None:
                if self.active is not None:
                    heapq.heappush(self.suspended, self.active)
                self.active = opened
                if self.basins % self.RESUME_EVERY == 0 and self.suspended:
                    heapq.heappush(self.suspended, opened)
                    self.active = None
                    self._resume()
        if self.stalled:
            self.examined, self.expanded = examined, expanded
            self._finish(STALLED)
            return self.result
        return self._end(examined, expanded, time.perf_counter() - t0, found, exhausted)

    def _free(self) -> None:
        self.main = Frontier()
        self.active = None
        self.suspended = []


class Beam(Searcher):
    """A beam search: level by level, only the ``width`` best new positions of each
    level go on. Where a best-first search drowns among near-equal positions, as in
    four-suit Spider, it goes deep fast. Ties keep the order the positions were made in.

    The rest of each level waits on a stack: when a level has nothing new to offer
    (every child seen before), the search backs up to the deepest level with positions
    left and takes its next ``width`` best. So nothing is dropped, and a beam that
    runs dry has seen every position its model allows.
    """

    def __init__(self, game, pos, model, budget: int, width: int):
        super().__init__(game, pos, model, budget)
        self.width = width
        self.level = [model.root]
        self.index = 0
        self.next: list[tuple[int, int, bytes]] = []
        self.stack: list[list] = []   # [the rest of a level, best first; how many taken]
        if model.is_won(model.root):
            self._finish(WON, model.root)

    def _descend(self) -> bool:
        """Make the next level: the best of the children just made, or else the next
        best waiting at the deepest level that has any. False when none are left."""
        nxt, stack, width = self.next, self.stack, self.width
        if nxt:
            nxt.sort()
            stack.append([[state for _, _, state in nxt], 0])
            nxt.clear()
        while stack and stack[-1][1] >= len(stack[-1][0]):
            stack.pop()
        if not stack:
            return False
        rest = stack[-1]
        self.level = rest[0][rest[1]:rest[1] + width]
        rest[1] += width
        self.index = 0
        return True

    def run(self, positions: int) -> Result | None:
        if self.result is not None:
            return self.result
        t0 = time.perf_counter()
        children, score, is_won = self.model.children, self.model.score, self.model.is_won
        parent, nxt = self.parent, self.next
        stop = min(self.budget, self.examined + positions)
        examined, expanded = self.examined, self.expanded
        found = None
        exhausted = False
        while examined < stop:
            if self.index == len(self.level) and not self._descend():
                exhausted = True
                break
            state = self.level[self.index]
            self.index += 1
            expanded += 1
            for child in children(state):
                examined += 1
                if child in parent:
                    continue
                parent[child] = state
                if is_won(child):
                    found = child
                    break
                nxt.append((score(child), len(nxt), child))
            if found is not None:
                break
        return self._end(examined, expanded, time.perf_counter() - t0, found, exhausted)

    def _free(self) -> None:
        self.level, self.next, self.stack = [], [], []


def solve(game, pos, budget: int = DEFAULT_BUDGET, progress=None, every: int = 10_000) -> Result:
    """Search from ``pos`` until decided, the budget runs out, or ``progress`` says stop.

    ``progress(examined)`` is called every ``every`` positions; return True from it to
    cancel the search.
    """
    search = Search(game, pos, budget)
    while search.result is None:
        search.run(every)
        if search.result is None and progress is not None and progress(search.examined):
            return search.cancel()
    return search.result


def replay(game, pos, line):
    """The position after playing ``line`` from ``pos`` on the engine, checking each move."""
    for move in line:
        pos = game.apply(pos, move)
    return pos
