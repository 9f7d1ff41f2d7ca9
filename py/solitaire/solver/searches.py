"""The search machinery: a frontier, and best-first and beam searches run in slices.

:mod:`solitaire.solver.search` combines them; see there for what a model provides. Every
search counts the positions it examines (each position it builds and looks up in its
table, the start included), and every slice it runs ends after the expansion that
reaches its stop: a search never runs past its budget by more than one expansion, and
a slice never examines more than it was given plus one expansion.
"""

import heapq
import time
from dataclasses import dataclass, field

from ..engine.errors import SolitaireError
from ..engine.position import Move

WON, UNWINNABLE, UNDECIDED, CANCELLED = "won", "unwinnable", "undecided", "cancelled"
EXHAUSTED = "exhausted"  # a pruned search saw all its positions: no proof either way
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


class Buckets:
    """Positions by whole-number priority: one bucket per priority from ``base`` up, and
    ``low`` the lowest bucket that may hold any. How a bucket gives its positions back
    is the subclass's (:class:`Frontier`, newest first; :class:`solitaire.solver.alternation.Fifo`,
    oldest first)."""

    __slots__ = ("buckets", "base", "low")

    def __init__(self):
        self.buckets: list[list[bytes]] = []
        self.base = 0
        self.low = 0            # index of the lowest bucket that may be non-empty

    def push(self, prio: int, state: bytes) -> None:
        buckets = self.buckets
        i = prio - self.base
        if not 0 <= i < len(buckets):  # seldom: the buckets do not reach ``prio`` yet
            i = self._room(prio)
        buckets[i].append(state)
        if i < self.low:
            self.low = i

    def _room(self, prio: int) -> int:
        """Add the buckets up to ``prio`` (below the first, or above the last); its index."""
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
        return i


class Frontier(Buckets):
    """The positions waiting to be expanded: a bucket queue by score, newest first.

    Buckets start at the lowest score pushed (``base``), so the many small end-game
    frontiers cost little. ``quota`` and ``spent`` count expansions, for a basin's turn.
    """

    __slots__ = ("quota", "spent", "seq")

    def __init__(self, quota: float = float("inf"), seq: int = 0):
        super().__init__()
        self.quota = quota
        self.spent = 0
        self.seq = seq

    def pop(self) -> bytes | None:
        buckets, low = self.buckets, self.low
        while low < len(buckets):
            bucket = buckets[low]
            if bucket:
                self.low = low
                return bucket.pop()
            low += 1
        self.low = low
        return None

    def pop_open(self, opened: dict) -> tuple:
        """The newest best position still in ``opened``, taken out of it with its
        value, as ``(state, value)``; ``(None, None)`` when none is left. The positions
        taken on the way (no longer open) are dropped. (For
        :class:`solitaire.solver.alternation.Alternation`, whose queues share ``opened``.)"""
        buckets, low = self.buckets, self.low
        while low < len(buckets):
            bucket = buckets[low]
            while bucket:
                state = bucket.pop()
                value = opened.pop(state, None)
                if value is not None:
                    self.low = low
                    return state, value
            low += 1
        self.low = low
        return None, None

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

    def waiting(self) -> list[bytes]:
        """The positions seen and not yet expanded (for :meth:`Alternation.merged
        <solitaire.solver.alternation.Alternation.merged>`); every other position in the table
        has been expanded."""
        raise NotImplementedError

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
        """Rebuild the winning line on the real engine, move by move: at each step, the
        first legal move whose position the model sees as the next state. A model that
        names its places' contents (``places(pos)``; ``contents(state)``, with whether
        they are in the places' order) has the moves that may lead there tried first
        (:func:`changed_first`). A model that can name the move itself (``step(pos,
        state, want)``: a move, or None when it cannot tell) has that move played first,
        each checked legal on the engine, and the line checked to win at its end; only
        if that fails is every step's position checked against the state (then each
        named move is checked to reach it, else the search above finds the step)."""
        path = []
        state = goal
        while state is not None:
            path.append(state)
            state = self.parent[state]
        path.reverse()
        if getattr(self.model, "step", None) is not None:
            try:
                return self._rebuild(path, trusted=True)
            except SolitaireError:
                pass
        return self._rebuild(path, trusted=False)

    def _rebuild(self, path: list, trusted: bool) -> list[Move]:
        """:meth:`_line`'s rebuilding; ``trusted``: a move ``step`` names is taken once
        the engine finds it legal, without reading the position it reaches, and when
        the model's ``still(state, want)`` says it made no move by itself between the two
        states, none is looked for."""
        game, key = self.game, self.model.key
        follow = getattr(self.model, "follow", lambda pos: ([], pos))
        # (a model that can tell from two states that it made no move by itself between
        # them: nothing to follow there, in a trusted line)
        still = getattr(self.model, "still", None) if trusted else None
        places = getattr(self.model, "places", None)
        step = getattr(self.model, "step", None)
        steps = getattr(self.model, "steps", None)   # a model whose step is several moves
        line, pos = follow(self.start)  # what the model does by itself first
        for state, want in zip(path, path[1:]):
            if steps is not None:
                moves, pos = steps(pos, state, want)
                line += moves
                continue
            if step is not None and (move := step(pos, state, want)) is not None \
                    and game.why_illegal(pos, move) is None:
                if still is not None and still(state, want):
                    line.append(move)
                    pos = game._apply(pos, move)
                    continue
                extra, after = follow(game._apply(pos, move))
                if trusted or key(after) == want:
                    line += [move] + extra
                    pos = after
                    continue
            moves = game.legal_moves(pos)  # legal by the engine's rules
            if places is not None:
                first, rest = changed_first(moves, places(pos), *self.model.contents(want))
                moves = first + rest
            for move in moves:
                extra, after = follow(game._apply(pos, move))
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
    budget. Every second new basin, and whenever nothing else is left, a set-aside
    basin resumes: first those never explored (oldest first), then the one with the
    best score waiting. A resumed basin's quota grows by what it has spent, and by at
    least ``BASIN_QUOTA``, so every turn a basin gets expands at least one of its
    positions: no arrangement of basins can stall the search (issue 17). Nothing is
    ever dropped, so an exhausted search is still a proof.

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
        if self.model.is_won(root):
            self._finish(WON, root)
        elif self.model.is_endgame(root):
            self.active = Frontier()
            self.active.push(self.model.score(root), root)
        else:
            self.main.push(self.model.score(root), root)

    def _next(self) -> tuple[bytes | None, Frontier | None]:
        """The next state to expand and the basin it belongs to (None: the main frontier).

        Ends: a basin is left only once it is over its quota or empty, and a resumed
        basin is never empty and always under its quota, so the loop runs at most three
        times before it returns a state, or (None, None) when every frontier is empty.
        """
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
                self._set_aside(basin)
                continue
            state = self.main.pop()
            if state is not None:
                return state, None
            if not self._resume():
                return None, None

    def _set_aside(self, basin: Frontier) -> None:
        """Put the active basin aside, if it has positions left."""
        self.active = None
        basin.pop_empty()
        if basin.low < len(basin.buckets):
            del basin.buckets[:basin.low]  # drop the spent buckets
            basin.base += basin.low
            basin.low = 0
            heapq.heappush(self.suspended, basin)

    def _resume(self) -> bool:
        """Make the first set-aside basin active again, with a quota it is under."""
        if not self.suspended:
            return False
        basin = heapq.heappop(self.suspended)
        basin.quota = basin.spent + max(basin.spent, self.BASIN_QUOTA)
        self.active = basin
        return True

    def run(self, positions: int) -> Result | None:
        """Examine up to ``positions`` more positions (finishing the expansion that
        reaches them); return the result once decided."""
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
                exhausted = True
                break
            expanded += 1
            opened = None
            for child in children(state, parent[state]):
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
                    self._set_aside(self.active)
                self.active = opened
                if self.basins % self.RESUME_EVERY == 0 and self.suspended:
                    heapq.heappush(self.suspended, opened)
                    self.active = None
                    self._resume()
        return self._end(examined, expanded, time.perf_counter() - t0, found, exhausted)

    def waiting(self) -> list[bytes]:
        frontiers = [self.main] + ([self.active] if self.active is not None else []) + self.suspended
        return [state for f in frontiers for bucket in f.buckets for state in bucket]

    def _free(self) -> None:
        self.main = Frontier()
        self.active = None
        self.suspended = []


class DepthFirst(Searcher):
    """A depth-first search over one model, run in slices, as Freecell Solver's default
    scan runs (its "soft DFS"): the children of each position are visited in the
    model's order, each one's own before the next, and a position seen anywhere before
    is never visited again. An exhausted search is a proof only when the model is
    complete (``model.proves``)."""

    def __init__(self, game, pos, model, budget: int = DEFAULT_BUDGET):
        super().__init__(game, pos, model, budget)
        root = model.root
        self.stack: list[list] = [[[root], 0]]   # each level: its positions, the next one's index
        if self.model.is_won(root):
            self._finish(WON, root)

    def run(self, positions: int) -> Result | None:
        """Examine up to ``positions`` more positions (finishing the expansion that
        reaches them); return the result once decided."""
        if self.result is not None:
            return self.result
        t0 = time.perf_counter()
        children, is_won = self.model.children, self.model.is_won
        parent, stack = self.parent, self.stack
        stop = min(self.budget, self.examined + positions)
        examined, expanded = self.examined, self.expanded
        found = None
        while examined < stop and stack:
            level = stack[-1]
            states, i = level
            if i == len(states):
                stack.pop()
                continue
            level[1] = i + 1
            state = states[i]
            expanded += 1
            new = []
            for child in children(state):
                examined += 1
                if child in parent:
                    continue
                parent[child] = state
                if is_won(child):
                    found = child
                    break
                new.append(child)
            if found is not None:
                break
            stack.append([new, 0])
        return self._end(examined, expanded, time.perf_counter() - t0, found,
                         found is None and not stack)

    def waiting(self) -> list[bytes]:
        return [state for states, i in self.stack for state in states[i:]]

    def _free(self) -> None:
        self.stack = []


class Beam(Searcher):
    """A beam search: level by level, only the ``width`` best new positions of each
    level go on. Where a best-first search drowns among near-equal positions, as in
    four-suit Spider, it goes deep fast. Ties keep the order the positions were made in.

    The rest of each level waits on a stack: when a level has nothing new to offer
    (every child seen before), the search backs up to the deepest level with positions
    left and takes its next ``width`` best. So nothing is dropped, and a beam that
    runs dry has seen every position its model allows.

    A model may cap how many children of one position go first (``model.beam_cap``):
    the best ``cap`` children of each position lead the level, the others follow in
    order. Else one good position's many near-equal children (the same cards shuffled)
    fill the beam, and it follows one line only.

    A model may also limit how often the beam backs up (``model.beam_backups``): after
    that many levels with nothing new, it gives up, undecided (never a proof, since it
    has not seen everything). A beam that has lost its way seldom finds it again by
    backing up near its end; a cheap new pass under other weights does better.
    """

    def __init__(self, game, pos, model, budget: int, width: int):
        super().__init__(game, pos, model, budget)
        self.width = width
        self.cap = getattr(model, "beam_cap", 0)
        self.backups = getattr(model, "beam_backups", None)
        self.gave_up = False
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
        if not nxt and self.backups is not None:  # a level with nothing new: back up?
            if self.backups <= 0:
                self.gave_up = True
                return False
            self.backups -= 1
        if nxt:
            nxt.sort()
            states = [state for _, _, state in nxt]
            stack.append([self._spread(states) if self.cap else states, 0])
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

    def _spread(self, states: list[bytes]) -> list[bytes]:
        """The level in order, but each position's children past its ``cap`` best go
        after all the others (in order too)."""
        parent, cap, taken = self.parent, self.cap, {}
        first, later = [], []
        for state in states:
            p = parent[state]
            n = taken.get(p, 0)
            taken[p] = n + 1
            (first if n < cap else later).append(state)
        return first + later

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
                exhausted = not self.gave_up
                break
            state = self.level[self.index]
            self.index += 1
            expanded += 1
            for child in children(state, parent[state]):
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
        self._end(examined, expanded, time.perf_counter() - t0, found, exhausted)
        if self.result is None and self.gave_up:
            self._finish(UNDECIDED)
        return self.result

    def waiting(self) -> list[bytes]:
        """What this level has left, the children made so far, and what every level
        below has left (a level taken from the stack is the slice before its count)."""
        rest = [state for part, taken in self.stack for state in part[taken:]]
        return self.level[self.index:] + [state for _, _, state in self.next] + rest

    def _free(self) -> None:
        self.level, self.next, self.stack = [], [], []


class Weighted(Searcher):
    """A best-first search whose priority adds the moves made to the model's score
    (``score(child) + depth``), oldest first among equals, or newest first for a model
    with ``newest_first``. The cost of the path keeps it from diving for ever down one
    line, where :class:`BestFirst` (newest first, no path cost) can. One frontier and
    nothing dropped: an exhausted search is a proof when the model is complete.
    """

    def __init__(self, game, pos, model, budget: int = DEFAULT_BUDGET):
        super().__init__(game, pos, model, budget)
        root = model.root
        self.heap: list[tuple[int, int, bytes, int]] = [(model.score(root), 0, root, 0)]
        self.seq = 1
        self.order = -1 if getattr(model, "newest_first", False) else 1  # ties: by order * seq
        if model.is_won(root):
            self._finish(WON, root)

    def run(self, positions: int) -> Result | None:
        if self.result is not None:
            return self.result
        t0 = time.perf_counter()
        children, score, is_won = self.model.children, self.model.score, self.model.is_won
        parent, heap = self.parent, self.heap
        push, pop = heapq.heappush, heapq.heappop
        stop = min(self.budget, self.examined + positions)
        examined, expanded, seq = self.examined, self.expanded, self.seq
        order = self.order
        found = None
        exhausted = False
        while examined < stop:
            if not heap:
                exhausted = True
                break
            _, _, state, depth = pop(heap)
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
                push(heap, (score(child) + depth, order * seq, child, depth))
                seq += 1
            if found is not None:
                break
        self.seq = seq
        return self._end(examined, expanded, time.perf_counter() - t0, found, exhausted)

    def waiting(self) -> list[bytes]:
        return [state for _, _, state, _ in self.heap]

    def _free(self) -> None:
        self.heap = []


def changed_first(moves: list, places: list, contents: list, ordered: bool = False) -> tuple:
    """``moves`` split for finding the one that reaches a state: those whose source and
    destination both change, and the others, each in their order. ``places`` is each
    place's name and contents now, ``contents`` the contents the places have in that
    state: in the same order when ``ordered``, else in any order (sorted piles), where a
    place changes when its contents are not among them, and of places with the same
    contents the first ones are taken to change, as the moves' order prefers them. A
    deal's places (``stock``, ``piles``) change when every pile does, and always where the
    contents are in any order: there a pile's new contents may equal another's old ones,
    so sorted contents cannot tell a deal apart. Only an order:
    every move is in one part or the other, so a line is found whatever comes first.

    Piles 1 and 2 hold an Ace each, pile 3 a King; the state has an Ace, an Ace under a
    King and an empty pile: piles 1 and 3 change (the King went onto the first Ace).

    >>> moves = [Move("pile-1", "pile-2"), Move("pile-2", "pile-3"), Move("pile-3", "pile-1")]
    >>> places = [("pile-1", b"A"), ("pile-2", b"A"), ("pile-3", b"K")]
    >>> [[str(m) for m in part] for part in changed_first(moves, places, [b"", b"AK", b"A"])]
    [['3>1'], ['1>2', '2>3']]

    The same move, with the state's piles in the places' order (pile 1 now the King on
    its Ace, pile 3 empty):

    >>> [[str(m) for m in part] for part in changed_first(moves, places, [b"AK", b"A", b""], True)]
    [['3>1'], ['1>2', '2>3']]
    """
    if ordered:
        gone = {place for (place, now), then in zip(places, contents) if now != then}
    else:
        left = list(contents)
        gone = set()
        for place, now in reversed(places):
            if now in left:
                left.remove(now)
            else:
                gone.add(place)
    if not ordered or all(place in gone for place, _ in places if place.startswith("pile-")):
        gone.update(("stock", "piles"))
    first, rest = [], []
    for move in moves:
        (first if move.src in gone and move.dst in gone else rest).append(move)
    return first, rest


def replay(game, pos, line):
    """The position after playing ``line`` from ``pos`` on the engine, checking each move."""
    for move in line:
        pos = game.apply(pos, move)
    return pos
