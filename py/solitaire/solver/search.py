"""Find a winning line from a position, or prove there is none, within a budget.

The search is a best-first search over a game's compact model: it always expands the
position of least disorder (the model's ``score``), newest first among equals, with a
transposition table on canonical states so no position is examined twice. When the
table holds every position reachable from the start and none is won, the deal is
proved unwinnable. A model may instead offer several tries, best-first or beam searches
under other weights, searched in turn (see :class:`Search`); Spider's does.

The budget counts positions examined: every position the search builds and looks up
in its table counts once. A search gives ``children`` the position it reached a state
from (``back``), and a model may leave that one out, since the table holds it already
(Tabby Cat's does: most of its moves can be undone at once). The budget is never a
time, so the same position gives the same answer on every machine. It is a hard bound:
every step of a search examines at least one position or ends it, and no search runs
past its budget by more than one expansion. (The daily deal is not this solver's: it is a frozen copy,
:mod:`solitaire.engine.checker_v1`, so that improving this one never moves a published day.)

A model (``game.solver_model(pos)``) provides ``root``, ``children(state, back=None)``,
``score(state)``, ``is_won(state)``, ``is_endgame(state)`` and ``key(real_position)``;
optionally ``proves`` (False when it prunes moves a proof needs), ``tries()``,
``complete()`` and ``beam``. The winning line is
rebuilt on the real engine: from each real position, the legal move whose result has
the next state's key (followed by the moves a model makes by itself, its ``follow``:
those moves and the position after them), tried first when the model names it
(``step``; a model whose one step is several engine moves names them all, ``steps``).
So every line returned has been replayed by the engine's rules.

>>> from solitaire.engine.games import get_game
>>> game = get_game("tabbycat")
>>> result = solve(game, game.deal(1))
>>> result.verdict, game.is_won(replay(game, game.deal(1), result.line))
('won', True)
"""

from .alternation import Alternation
from .searches import (CANCELLED, DEFAULT_BUDGET, EXHAUSTED, UNDECIDED, UNWINNABLE, WON,
                       Beam, BestFirst, DepthFirst, Result, Weighted, replay)

__all__ = ["CANCELLED", "DEFAULT_BUDGET", "EXHAUSTED", "UNDECIDED", "UNWINNABLE", "WON",
           "Beam", "BestFirst", "DepthFirst", "Result", "Search", "Threads", "Weighted",
           "replay", "solve"]


def searcher(game, pos, model, budget: int):
    """The search a model asks for (``model.search``): best-first by default, weighted,
    a beam of ``model.width`` (which drops nothing, so it is complete too), or several
    models alternating over one table (:class:`~solitaire.solver.alternation.Together`)."""
    kind = getattr(model, "search", "best-first")
    if kind == "alternation":
        return Alternation(game, pos, model.models, budget)
    if kind == "beam":
        return Beam(game, pos, model, budget, model.width)
    if kind == "depth-first":
        return DepthFirst(game, pos, model, budget)
    return Weighted(game, pos, model, budget) if kind == "weighted" else BestFirst(
        game, pos, model, budget)


class Threads:
    """Several searches of one position (one per model, each with its own table; a
    thread may itself be several priorities over one table, an
    :class:`~solitaire.solver.alternation.Alternation`), sharing a budget in turns of ``turn``
    positions, each resumed where it stopped, as mature solvers run "soft threads": a
    deal one priority gets lost in is often easy for another. The first to win or to
    prove a loss decides (a complete search that exhausts its positions is a proof
    whatever its priority). Turns end at the first expansion that reaches them, so how
    the search is sliced never changes its answer.

    Which threads take turns changes in ``stages``: pairs of positions and models, the
    first at 0. From the end of the turn that reaches a stage's positions (the threads'
    sum), that stage's models take the turns, in its order. A model's search begins the
    first time a stage names it and keeps its table when a later stage leaves it out,
    to go on where it stopped if one names it again. So a deal decided early pays for the
    first few threads only, and a long search gets more kinds of priority.

    Once the threads have spent ``pool`` positions (at the end of a turn), they become
    one :class:`~solitaire.solver.alternation.Alternation` over one table
    (:meth:`~solitaire.solver.alternation.Alternation.merged`), with the priorities of every
    model still to search: a long search then stops expanding the same positions once
    per thread, and a loss costs one exhausted table, not one per thread.
    """

    def __init__(self, game, pos, stages, budget: int, turn: int, pool: int | None = None):
        self.game, self.pos = game, pos
        self.stages = sorted(stages, key=lambda stage: stage[0])
        self.budget = budget
        self.turn = turn
        self.pool = pool
        self.searches: list = []
        self.models: list = []        # the model of each search, in the same order
        self.spent: set[int] = set()  # searches that used up their budget undecided
        self.result: Result | None = None
        self._stage()
        self.turn_end = self.searches[self.live[0]].examined + turn
        for s in self.searches:
            if s.result is not None and s.result.verdict == WON:
                self._decide(s.result)
                break

    @property
    def examined(self) -> int:
        return sum(s.examined for s in self.searches)

    @property
    def expanded(self) -> int:
        return sum(s.expanded for s in self.searches)

    @property
    def seconds(self) -> float:
        return sum(s.seconds for s in self.searches)

    def _decide(self, found: Result) -> None:
        self.result = Result(found.verdict, self.examined, self.expanded, self.seconds,
                             found.line)
        for s in self.searches:
            s.cancel()  # frees their tables

    def _stage(self) -> None:
        """The next stage's models take the turns, from the first (their searches begun
        if new)."""
        _, models = self.stages.pop(0)
        self.live = []
        for m in models:
            k = next((k for k, known in enumerate(self.models) if known is m), None)
            if k is None:
                self.searches.append(searcher(self.game, self.pos, m, self.budget))
                self.models.append(m)
                k = len(self.searches) - 1
            if k not in self.spent:
                self.live.append(k)
        self.index = 0

    def run(self, positions: int) -> Result | None:
        stop = min(self.budget, self.examined + positions)
        while self.result is None and self.examined < stop:
            if not self.live:
                if not self.stages:
                    self._decide(Result(UNDECIDED, 0, 0, 0.0))
                    break
                self._stage()
                self.turn_end = self.searches[self.live[0]].examined + self.turn if self.live else 0
                continue
            k = self.live[self.index]
            s = self.searches[k]
            s.run(max(1, min(self.turn_end - s.examined, stop - self.examined)))
            if s.result is not None:
                if s.result.verdict in (WON, UNWINNABLE):
                    self._decide(s.result)
                    break
                self.spent.add(k)  # out of its own budget, or a pruned search exhausted
                self.live.remove(k)
                self.index -= 1
            elif s.examined < self.turn_end:
                continue
            self.index += 1
            if self.stages and self.examined >= self.stages[0][0]:
                while len(self.stages) > 1 and self.examined >= self.stages[1][0]:
                    self.stages.pop(0)
                self._stage()
            if self.pool is not None and self.examined >= self.pool and self.live:
                self._merge()
            if self.live:
                self.index %= len(self.live)
                self.turn_end = self.searches[self.live[self.index]].examined + self.turn
        if self.result is None and self.examined >= self.budget:
            self._decide(Result(UNDECIDED, 0, 0, 0.0))
        return self.result

    def _merge(self) -> None:
        """Every thread becomes one alternation over one table, which goes on from their
        counts (so the budget stays the same), under the priorities of the models still
        to search: those taking turns and those of stages to come. A beam's model is no
        priority (a beam's order is its levels'): its positions wait under the others'."""
        models: list = []
        for m in [self.models[k] for k in self.live] + [m for _, ms in self.stages for m in ms]:
            if getattr(m, "search", "") != "beam" and all(m is not known for known in models):
                models.extend(getattr(m, "models", [m]))
        # Every thread's table and counts (a finished thread's table is already empty).
        merged = Alternation.merged(self.game, self.pos, self.searches, models, self.budget)
        for s in self.searches:
            s.cancel()  # frees their tables
        self.searches, self.models, self.spent = [merged], [merged], set()
        self.live, self.stages, self.pool, self.index = [0], [], None, 0

    def cancel(self) -> Result:
        if self.result is None:
            self._decide(Result(CANCELLED, 0, 0, 0.0))
        return self.result


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

    The budget only stops a search: the tries' positions, the threads' stages and the
    point where they pool (``model.POOL``) are counts of positions, whatever the budget.
    So a search with budget B goes as the first B positions of one with any larger
    budget: a larger budget never loses a win a smaller one finds, and finds it at the
    same count with the same line.

    >>> from solitaire.engine.games import get_game
    >>> game = get_game("tabbycat")
    >>> search = Search(game, game.deal(2), budget=100_000)
    >>> while search.result is None:
    ...     _ = search.run(5_000)
    >>> search.result.verdict
    'won'
    """

    FIRST_TRY = 10_000
    TURN = 6_000        # positions per turn of a model's threads
    BEAM_COST = 1_200   # positions allowed per unit of beam width

    def __init__(self, game, pos, budget: int = DEFAULT_BUDGET):
        self.game = game
        self.start = pos
        self.budget = budget
        self.model = game.solver_model(pos)
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
        if hasattr(model, "stages"):
            self.current = Threads(self.game, self.start, model.stages(), left,
                                   getattr(model, "TURN", self.TURN), getattr(model, "POOL", None))
        elif width:
            cost = getattr(model, "beam_cost", self.BEAM_COST)
            self.current = Beam(self.game, self.start, model, min(width * cost, left), width)
        else:
            first = getattr(model, "first_try", self.FIRST_TRY)  # a model may ask for more
            allowance = left if len(self.tries) == 1 else min(first * 4 ** self.round, left)
            self.current = BestFirst(self.game, self.start, model, allowance)

    @property
    def examined(self) -> int:
        if self.result is not None:
            return self.result.examined
        return self.done + self.current.examined

    def run(self, positions: int) -> Result | None:
        """Examine up to ``positions`` more positions (finishing the expansion that
        reaches them); return the result once decided. A step never runs past its
        positions or the budget by more than one expansion, and every try costs at
        least its first position, so the search ends within its budget."""
        stop = min(self.budget, self.examined + max(positions, 1))
        while self.result is None:
            if self.examined >= self.budget:  # e.g. a budget of one: the start is all
                self.cancel(UNDECIDED)
            elif self.examined >= stop:
                break
            else:
                self.current.run(stop - self.examined)
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
            elif self.done >= self.budget:
                self.result = Result(UNDECIDED, self.done, self.done_expanded, self.done_seconds)
            else:
                if cur.verdict == EXHAUSTED:  # the pruned positions are all seen: prove it
                    self.tries, self.turn = [self.model.complete()], 0
                else:
                    self.turn += 1
                    if self.turn == len(self.tries):
                        self.turn, self.round = 0, self.round + 1
                self._begin()

    def cancel(self, verdict: str = CANCELLED) -> Result:
        """Stop the search: the result says ``verdict`` (cancelled, unless the search
        stops itself for its budget)."""
        if self.result is None:
            self.current.cancel()
            self.result = Result(verdict, self.examined, self.done_expanded
                                 + self.current.expanded, self.done_seconds + self.current.seconds)
        return self.result


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
