"""What a player may ask the solver: a hint, the last position still winnable, how hard
a deal is.

- :class:`LastWinnable` looks back through a game for the last position from which a
  win can be proved. Winnability only shrinks along a game (a position one move before
  a winnable one is winnable), so it halves the range each probe: about log2(moves)
  searches, not one per move.
- :func:`hint` answers from what the player can see. With ``fair=True`` in a game with
  face-down cards (Spider), the unseen cards (face-down and stock) are not the real
  ones: the position is searched under several arrangements of them drawn from the
  visible cards alone, searched in turns, and the move that starts the first win found
  is the hint (the others may be given a bounded share more and the wins vote:
  ``FairHint.AFTER_WIN``).
  Two positions that look the same to the player get the same hint. "Is this deal
  still winnable?" is the other question, with full knowledge: :class:`~solitaire.
  solver.Search` on the real position.
- :func:`difficulty` rates a deal from how often a simple player wins it (see there);
  :class:`Rating` gives the same answer in slices.
"""

from dataclasses import dataclass, field

from ..engine.position import Move, Position
from ..engine.rng import SplitMix64, fnv1a64
from .players import GreedyGame, greedy_wins
from .search import UNDECIDED, UNWINNABLE, WON, Search

HINT_BUDGET = 300_000
LOOK_BACK_BUDGET = 60_000
FAIR_SAMPLES = 4


class LastWinnable:
    """The last of ``positions`` (a game's positions, oldest first, the current one
    excluded) that a search proves winnable within ``budget`` each, in slices.

    ``run(positions)`` returns True once done; then ``index`` is that position's index
    (None when no probe was won) and ``line`` its winning line. ``probes`` counts the
    searches made. A probe that is not won (lost or undecided) sends the look-back
    earlier, so the answer is always a proved win, though a hard-to-prove later one
    may be passed over. ``won``: the index of a position already proved winnable (a
    win found there before), which no probe then goes below, so the answer is never an
    earlier one; -1 for none. When no probe above it is won, ``index`` is ``won`` and
    ``line`` is empty (the caller has its line).
    """

    def __init__(self, game, positions: list[Position], budget: int = LOOK_BACK_BUDGET,
                 won: int = -1):
        if not -1 <= won < len(positions):
            raise ValueError("no such position")
        self.game = game
        self.positions = positions
        self.budget = budget
        self.lo, self.hi = won, len(positions)   # lo proved won (or -1); hi not proved
        self.index: int | None = None
        self.line: list[Move] = []
        self.probes = 0
        self.done = False
        self.examined = 0
        self._search = None
        self._probe()

    def _probe(self) -> None:
        if self.hi - self.lo <= 1:
            self.done = True
            self.index = self.lo if self.lo >= 0 else None
            self._search = None
            return
        self.mid = (self.lo + self.hi + 1) // 2
        self.probes += 1
        self._search = Search(self.game, self.positions[self.mid], self.budget)

    def run(self, positions: int) -> bool:
        while not self.done and positions > 0:
            search = self._search
            before = search.examined
            result = search.run(positions)
            spent = search.examined - before
            self.examined += spent
            positions -= max(spent, 1)
            if result is None:
                continue
            if result.verdict == WON:
                self.lo, self.line = self.mid, result.line
            else:
                self.hi = self.mid
            self._probe()
        return self.done

    def cancel(self) -> None:
        if not self.done:
            self._search.cancel()
            self.done = True


@dataclass
class Hint:
    """A hint: ``move`` to play (None when there is none to give) and what backs it.

    ``kind``: ``"win"`` (a winning line starts with it; ``line`` is that line), ``"lost"``
    (no win exists: a complete search proved it), ``"none"`` (nothing found within the
    budget), or for a fair hint ``"likely"`` (it starts a win in ``wins`` of ``samples``
    arrangements of the unseen cards; ``line`` is one of those lines). A fair hint that
    found no win says how its ``samples`` searches ended: ``lost`` of them proved no win
    (every one: ``kind`` ``"lost"``, the position looks lost), the others ran out of
    positions (``kind`` ``"none"``).
    """

    move: Move | None
    kind: str
    examined: int
    wins: int = 0
    samples: int = 0
    line: list[Move] = field(default_factory=list)
    lost: int = 0


def hint(game, pos: Position, budget: int = HINT_BUDGET, fair: bool = True,
         samples: int = FAIR_SAMPLES) -> Hint:
    """A hint for ``pos`` within ``budget`` positions (run to the end; a page can run
    the same in slices with :class:`FairHint`)."""
    h = FairHint(game, pos, budget, fair, samples)
    while h.result is None:
        h.run(budget)
    return h.result


class FairHint:
    """:func:`hint` in slices: ``run(positions)`` returns the :class:`Hint` once done.

    Without hidden cards, or with ``fair=False``, it is one search of the real
    position. Fairly, ``samples`` arrangements of the unseen cards, each drawn by
    SplitMix64 seeded from the visible position only, are searched in turns of
    ``TURN`` positions (of an equal share of the budget when that is less) out of one
    budget: an arrangement won (or proved lost) early leaves its share to those still
    searching, so a hard arrangement gets what the easy ones did not need. Once one is
    won, having examined E positions in all, the others go on until the hint has examined
    ``AFTER_WIN`` times E in all (or the budget), then the wins vote (the most wins; among
    equals, the engine's first move). ``AFTER_WIN`` is 1: the first win answers. Measured
    on the positions of 25 greedy and random moves of deals 1-20, the first win's move
    was the vote's after 4E in 18 of 19 four-suit positions and 31 of 37 two-suit ones,
    and it left the real position winnable exactly as often as the vote's move (15 of 15
    and 33 of 34 the real position was winnable in), while 4E took 2-4 times the
    positions (docs/solver.md). Turns end at the first expansion that reaches them, so how
    the hint is sliced never changes it, and from ``TURN`` positions an arrangement up, a
    hint given a larger budget goes on where a smaller one stopped.
    """

    TURN = 1_000
    AFTER_WIN = 1

    def __init__(self, game, pos, budget: int = HINT_BUDGET, fair: bool = True,
                 samples: int = FAIR_SAMPLES):
        self.game = game
        self.pos = pos
        self.budget = budget
        self.fair = fair and bool(getattr(game, "has_hidden", False))
        self.worlds = arrangements(game, pos, samples) if self.fair else [pos]
        self.votes: dict[Move, list] = {}
        self.lost = 0       # arrangements a complete search proved lost
        self.examined = 0
        self.stop = budget  # the budget, until the first win
        self.result: Hint | None = None
        self.searches: list[Search | None] = [None] * len(self.worlds)
        self.live = list(range(len(self.worlds)))  # arrangements still searching
        self.index = 0      # whose turn, in ``live``
        self.turn = max(1, min(self.TURN, budget // len(self.worlds)))
        self.turn_end = self.turn

    def _search(self, k: int) -> Search:
        if self.searches[k] is None:  # begun at its first turn
            self.searches[k] = Search(self.game, self.worlds[k], self.budget)
        return self.searches[k]

    def run(self, positions: int) -> Hint | None:
        while self.result is None and positions > 0:
            if not self.live or self.examined >= self.stop:
                for k in self.live:
                    if self.searches[k] is not None:
                        self.searches[k].cancel()
                self.result = self._vote()
                break
            k = self.live[self.index]
            search = self._search(k)
            before = search.examined
            res = search.run(max(1, min(self.turn_end - before, positions,
                                        self.stop - self.examined)))
            spent = search.examined - before
            self.examined += spent
            positions -= max(spent, 1)
            if res is not None:
                if not self.fair:
                    self.result = self._plain(res)
                    break
                if res.verdict == WON and res.line:
                    if not self.votes:
                        self.stop = min(self.budget, self.AFTER_WIN * self.examined)
                    self.votes.setdefault(res.line[0], []).append(res.line)
                elif res.verdict == UNWINNABLE:
                    self.lost += 1
                self.searches[k] = None  # done: free it
                self.live.remove(k)
            elif search.examined < self.turn_end:
                continue  # the slice ended inside the turn
            else:
                self.index += 1
            if self.live:
                self.index %= len(self.live)
                nxt = self.searches[self.live[self.index]]
                self.turn_end = (nxt.examined if nxt is not None else 0) + self.turn
        return self.result

    def _plain(self, res) -> Hint:
        if res.verdict == WON:
            return Hint(res.line[0] if res.line else None, "win", self.examined, line=res.line)
        return Hint(None, "lost" if res.verdict == UNWINNABLE else "none", self.examined)

    def _vote(self) -> Hint:
        n = len(self.worlds)
        if not self.votes:  # every arrangement proved lost, or some ran out
            return Hint(None, "lost" if self.lost == n else "none", self.examined, 0, n,
                        lost=self.lost)
        # The most wins; among equals, the move listed first by the engine.
        order = {m: i for i, m in enumerate(self.game.legal_moves(self.pos))}
        move = min(self.votes, key=lambda m: (-len(self.votes[m]), order.get(m, len(order))))
        return Hint(move, "likely", self.examined, len(self.votes[move]), n, self.votes[move][0],
                    self.lost)

    def cancel(self) -> None:
        if self.result is None:
            for search in self.searches:
                if search is not None:
                    search.cancel()
            self.result = Hint(None, "none", self.examined)


def visible(game, pos: Position) -> str:
    """The position as the player sees it: face-down cards and the stock as ``??``."""
    hidden = pos.hidden or (0,) * len(pos.piles)
    piles = ["|".join([str(h), " ".join(map(str, p[h:]))]) for p, h in zip(pos.piles, hidden)]
    rest = [" ".join(map(str, c)) for c in pos.cells + pos.foundations]
    return "/".join(piles + rest + [str(len(pos.stock))])


def arrangements(game, pos: Position, n: int) -> list[Position]:
    """``n`` positions that look like ``pos`` to the player, the unseen cards (face-down
    and stock) shuffled among their places; seeded from what is visible only."""
    hidden = pos.hidden or (0,) * len(pos.piles)
    unseen = [c for p, h in zip(pos.piles, hidden) for c in p[:h]] + list(pos.stock)
    unseen.sort(key=str)  # their order must not tell where they were
    rng = SplitMix64(fnv1a64(visible(game, pos)))
    out = []
    for _ in range(n):
        cards = unseen[:]
        rng.shuffle(cards)
        piles, k = [], 0
        for p, h in zip(pos.piles, hidden):
            piles.append(tuple(cards[k:k + h]) + p[h:])
            k += h
        out.append(Position(piles=tuple(piles), cells=pos.cells, stock=tuple(cards[k:]),
                            foundations=pos.foundations, hidden=pos.hidden))
    return out


# -- difficulty ---------------------------------------------------------------------------

DIFFICULTY_TRIES = 20
EASY, MEDIUM, HARD = "easy", "medium", "hard"


def win_rate(game, deal: int, tries: int = DIFFICULTY_TRIES, first: int = 1) -> float:
    """How often the greedy player (``solitaire.solver.players.greedy_wins``) wins the deal,
    over ``tries`` games with seeds ``first``.. (each seed breaks ties between equal
    moves differently)."""
    start = game.deal(deal)
    return sum(greedy_wins(game, start, seed) for seed in range(first, first + tries)) / tries


def difficulty(game, deal: int, tries: int = DIFFICULTY_TRIES) -> str:
    """``easy`` when the greedy player wins at least a quarter of its ``tries`` games,
    ``hard`` when it wins at most one in twenty, else ``medium``. (A rating says how
    hard the deal is to play well, not whether it can be won: that is the solver's.)"""
    return rating(win_rate(game, deal, tries))


def rating(rate: float) -> str:
    """The rating of a greedy win rate (see :func:`difficulty`)."""
    return EASY if rate >= 0.25 else HARD if rate <= 0.05 else MEDIUM


class Rating:
    """:func:`difficulty` in slices, for the page: ``run(moves)`` plays at most that many
    greedy moves and returns the rating once it is known (None until then).

    The games are the same as :func:`win_rate`'s (seeds ``1..tries``, in order), and it
    stops as soon as the remaining games cannot change the rating (five wins of twenty
    make a deal easy whatever follows), so the answer is always :func:`difficulty`'s.
    ``played`` counts the moves made, ``games`` the games finished.
    """

    def __init__(self, game, deal: int, tries: int = DIFFICULTY_TRIES):
        self.game, self.deal, self.tries = game, deal, tries
        self.start = game.deal(deal)
        self.wins = self.games = self.played = 0
        self.result: str | None = None
        self._game = GreedyGame(game, self.start, 1)

    def run(self, moves: int) -> str | None:
        while self.result is None and moves > 0:
            g = self._game
            before = g.played
            won = g.run(moves)
            spent = g.played - before
            self.played += spent
            moves -= max(spent, 1)
            if won is None:
                continue
            self.games += 1
            self.wins += won
            low = rating(self.wins / self.tries)
            high = rating((self.wins + self.tries - self.games) / self.tries)
            if low == high:
                self.result = low
            else:
                self._game = GreedyGame(self.game, self.start, self.games + 1)
        return self.result

    @property
    def fraction(self) -> float:
        """How far along, 0..1 (games finished of the most it may play)."""
        return self.games / self.tries


__all__ = ["FairHint", "Hint", "LastWinnable", "Rating", "arrangements", "difficulty", "hint",
           "rating", "visible", "win_rate", "EASY", "MEDIUM", "HARD", "UNDECIDED"]
