"""Find a winning line from a position, or prove there is none, within a budget.

The search is a best-first search over a game's compact model: it always expands the
position of least disorder (the model's ``score``), newest first among equals, with a
transposition table on canonical states so no position is examined twice. When the
table holds every position reachable from the start and none is won, the deal is
proved unwinnable.

The budget counts positions examined: every position the search builds and looks up
in its table counts once. It is never a time, so the same position gives the same
answer on every machine; that is what lets every browser agree on the daily deal.

A model (``game.solver_model(pos)``) provides ``root``, ``children(state)``,
``score(state)``, ``is_won(state)`` and ``key(real_position)``. The winning line is
rebuilt on the real engine: from each real position, the legal move whose result has
the next state's key. So every line returned has been replayed by the engine's rules.

>>> from solitaire.games import get_game
>>> game = get_game("tabbycat")
>>> result = solve(game, game.deal(1))
>>> result.verdict, game.is_won(replay(game, game.deal(1), result.line))
('won', True)
"""

import time
from dataclasses import dataclass, field

from .errors import SolitaireError
from .position import Move

WON, UNWINNABLE, UNDECIDED, CANCELLED = "won", "unwinnable", "undecided", "cancelled"
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


class Search:
    """A search that runs in slices, so a page can yield between them and cancel.

    >>> from solitaire.games import get_game
    >>> game = get_game("tabbycat")
    >>> search = Search(game, game.deal(2), budget=100_000)
    >>> while search.result is None:
    ...     _ = search.run(5_000)
    >>> search.result.verdict
    'won'
    """

    def __init__(self, game, pos, budget: int = DEFAULT_BUDGET):
        self.game = game
        self.start = pos
        self.budget = budget
        self.model = game.solver_model(pos)
        root = self.model.root
        self.parent: dict[bytes, bytes | None] = {root: None}
        self.buckets: list[list[bytes]] = []
        self.low = 0
        self.examined = 1
        self.expanded = 0
        self.seconds = 0.0
        self.result: Result | None = None
        if self.model.is_won(root):
            self._finish(WON, root)
        else:
            self._push(self.model.score(root), root)

    def _push(self, prio: int, state: bytes) -> None:
        buckets = self.buckets
        while len(buckets) <= prio:
            buckets.append([])
        buckets[prio].append(state)
        if prio < self.low:
            self.low = prio

    def run(self, positions: int) -> Result | None:
        """Examine up to ``positions`` more positions; return the result once decided."""
        if self.result is not None:
            return self.result
        t0 = time.perf_counter()
        model = self.model
        children, score, is_won = model.children, model.score, model.is_won
        parent, buckets = self.parent, self.buckets
        stop = min(self.budget, self.examined + positions)
        examined, expanded, low = self.examined, self.expanded, self.low
        found = None
        while examined < stop:
            while low < len(buckets) and not buckets[low]:
                low += 1
            if low == len(buckets):
                break
            state = buckets[low].pop()
            expanded += 1
            for child in children(state):
                examined += 1
                if child in parent:
                    continue
                parent[child] = state
                if is_won(child):
                    found = child
                    break
                prio = score(child)
                while len(buckets) <= prio:
                    buckets.append([])
                buckets[prio].append(child)
                if prio < low:
                    low = prio
            if found is not None:
                break
        self.examined, self.expanded, self.low = examined, expanded, low
        self.seconds += time.perf_counter() - t0
        if found is not None:
            self._finish(WON, found)
        elif low == len(buckets):
            self._finish(UNWINNABLE)
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
        self.buckets = []

    def _line(self, goal: bytes) -> list[Move]:
        """Rebuild the winning line on the real engine, move by move."""
        path = []
        state = goal
        while state is not None:
            path.append(state)
            state = self.parent[state]
        path.reverse()
        game, key = self.game, self.model.key
        pos, line = self.start, []
        for want in path[1:]:
            for move in game.legal_moves(pos):
                after = game.apply(pos, move)
                if key(after) == want:
                    line.append(move)
                    pos = after
                    break
            else:
                raise SolitaireError("solver: a step of the line has no legal move on the engine")
        if not game.is_won(pos):
            raise SolitaireError("solver: the line does not win on the engine")
        return line


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
