"""Spider as the solver sees it: with full knowledge of the face-down cards.

A card is ``suit * 13 + rank`` (1..52); the two decks' twins are the same number, since
either can play the same part. A state is one ``bytes``: deals done, ten face-down
counts, then the ten columns joined by zero bytes. While stock remains the columns keep
their order (deal card i lands on column i); after the last deal they are sorted.
"""

from collections.abc import Sequence
from zlib import crc32

from ..cards import SUITS

SEP = b"\x00"


def code(card) -> int:
    return SUITS.index(card.suit) * 13 + card.rank


CODE = {suit: i * 13 for i, suit in enumerate(SUITS)}  # code(c) == CODE[c.suit] + c.rank


def rank(c: int) -> int:
    return (c - 1) % 13 + 1


# RANK[c] == rank(c); RANK[0] (no card) 0; 256 long, a table for bytes.translate
RANK = bytes([0] + [rank(c) for c in range(1, 53)] + [0] * 203)


# A completed run of each suit, K..A bottom to top.
RUNS = frozenset(bytes(s * 13 + r for r in range(13, 0, -1)) for s in range(4))


class Tries(Sequence):
    """A model's tries, each made the first time it is asked for (four suits list
    hundreds of passes, and most searches end within the first few)."""

    def __init__(self, model, entries):
        self.model, self.entries = model, entries
        self.made: dict[int, "SpiderModel"] = {}

    def __len__(self) -> int:
        return len(self.entries)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        i = range(len(self))[i]  # negative indices; IndexError past the end
        if i not in self.made:
            self.made[i] = self.model._try(self.entries[i])
        return self.made[i]


class SpiderModel:
    """The compact search model of one Spider position (see :mod:`solitaire.solver.search`).

    It prunes moves that only shuffle: a part of a one-suit run leaves the card it
    rests on (its own suit, one rank higher) only to make a longer run of its suit.
    Anything that could go on the card so laid bare could as well go where the part
    went, so the pruned moves are rarely needed; but the model is then no proof of a
    loss (``proves``), and ``complete()`` gives the model without the pruning.
    """

    DEAL_WEIGHT = 25       # a deal to come: ten cards that rarely fit
    # The searches tried in turn (see Search): best-first under a deal weight, or a beam
    # of a first width ("beam", width, deal weight[, cap]), where a cap lets only that
    # many children of one position lead the next level (see Beam). Chosen per suit
    # count on deals 1-200 (for four suits: the three deal weights that, in turn, won
    # the most deals 1-60; capped beams in their place won as many, not more: docs/solver.md).
    # Two suits begin with a best-first search of 5,000 positions ("best", deal weight,
    # first allowance), then the first six of four suits' passes, then the other
    # best-first searches and beams (the last, capped, wins deal 9). From a
    # position played into disorder the best-first searches drown, and a Hint searches
    # four guesses: the passes early halve its slowest answers (docs/solver.md). Four suits make
    # many short passes ("beam", width, deal weight, cap, seed, jitter, backups): each
    # breaks ties, and mixes scores up to ``jitter`` apart, by a hash of the position
    # seeded differently, and gives up after ``backups`` levels with nothing new, so a
    # pass that has lost its way costs little and the next, different, pass begins.
    # A pass may also weigh a face-down card other than four (the last field): four
    # suits weigh it three in two passes of three, four in the third (see docs/solver.md).
    # Four suits go on with passes of new seeds where other tries would come round again
    # wider: a deal the first passes miss is won sooner by more different passes than by
    # wider ones (``PASSES`` of them fill a budget of a million or two positions).
    # Past the first 36 passes (some 300,000 positions) come two *wide* beams, 250 wide,
    # that never give up and stop at 300,000 positions (the last field: positions per
    # unit of width): a deal the narrow passes keep losing is often won by a wide beam
    # at 190,000-300,000 positions, and the passes go on after them.
    PASSES = 240
    _passes = tuple(("beam", 50 if i % 6 == 5 else 20, (25, 20, 22)[i % 3], 0, i + 5,
                     (2, 3, 4, 6)[i % 4], 4) for i in range(PASSES))
    _four = tuple(p + (4 if i % 3 == 2 else 3,) for i, p in enumerate(_passes))
    WIDE = (("beam", 250, 25, 0, 21, 3, None, 4, 1_200), ("beam", 250, 20, 0, 33, 2, None, 4, 1_200))
    TRIES = {
        1: (25, 30, 20, 35),
        2: (("best", 25, 5_000),) + _passes[:6] + (20, ("beam", 50, 25), 30, 35, ("beam", 50, 25, 1)),
        4: _four[:36] + WIDE[:1] + _four[36:38] + WIDE[1:] + _four[38:],
    }
    COMPLETE_FIRST = 40_000  # positions of the complete search first, with no stock left
    BEAM_COST = {4: 2_000}  # positions per unit of width (the solver's own otherwise)
    MEMO_SIZE = 20_000  # columns a memo keeps per face-down count before it starts again

    def __init__(self, game, pos, deal_weight: int = DEAL_WEIGHT, prune: bool = True,
                 beam: int = 0, cap: int = 0, seed: int = 0, jitter: int = 1, backups: int | None = None,
                 hidden_weight: int = 4):
        self.game = game
        self.hidden_weight = hidden_weight
        self.deal_weight = deal_weight
        self.prune = prune
        self.beam = beam
        self.beam_cap = cap
        if len(game.suits) in self.BEAM_COST:
            self.beam_cost = self.BEAM_COST[len(game.suits)]
        self.seed = seed
        self.jitter = jitter
        self.beam_backups = backups
        self.proves = not prune
        self.ndeals = len(pos.stock) // 10
        self.stock = bytes(code(c) for c in pos.stock)
        self.pos = pos
        self.root = self.key(pos)
        # per face-down count, a column -> its top run's length and its part of the score
        # (no position searched from the root has more face-down cards in a column than the
        # root's most)
        self._cols: list[dict[bytes, tuple[int, int]]] = [{} for _ in range(max(self.root[1:11]) + 1)]
        # the plain scores the last children() worked out from their parent's (score()
        # reads them: a search scores a position's new children before the next expansion)
        self._scores: dict[bytes, int] = {}

    def tries(self) -> list["SpiderModel"]:
        """The searches to run in turn (``TRIES`` for this suit count): this model under
        other deal weights, best-first or as a beam. Deals that defeat one often fall to
        another."""
        if not self.prune:
            return [self]
        entries = self.TRIES[len(self.game.suits)]
        if self.beam_tries(entries) and self.is_endgame(self.root):
            # No stock left: the reachable positions are often few (a position a player
            # has dealt out early is mostly lost), and passes, which give up, never prove
            # a loss; the complete model's best-first search first can.
            entries = ("complete",) + entries
        return Tries(self, entries)

    @staticmethod
    def beam_tries(entries) -> bool:
        """Whether every try is a beam pass (four suits): no best-first try that runs
        dry hands over to the complete model."""
        return all(isinstance(t, tuple) and t[0] == "beam" for t in entries)

    def _try(self, t) -> "SpiderModel":
        """The model of one entry of ``TRIES`` (``"complete"``: :meth:`complete`)."""
        if t == "complete":
            m = self.complete()
            m.first_try = self.COMPLETE_FIRST
            return m
        if isinstance(t, tuple) and t[0] == "best":  # best-first with its own first allowance
            m = SpiderModel(self.game, self.pos, t[1])
            m.first_try = t[2]
        elif isinstance(t, tuple):
            cap, seed, jitter, backups, hidden, cost = t[3:] + (0, 0, 1, None, 4, 0)[len(t) - 3:]
            m = SpiderModel(self.game, self.pos, t[2], beam=t[1], cap=cap, seed=seed,
                            jitter=jitter, backups=backups, hidden_weight=hidden)
            if cost:
                m.beam_cost = cost
        else:
            m = SpiderModel(self.game, self.pos, t)
        m._cols = self._cols  # the same under every weight: one memo
        return m

    def complete(self) -> "SpiderModel":
        model = SpiderModel(self.game, self.pos, self.deal_weight, prune=False)
        model._cols = self._cols
        return model

    def key(self, pos) -> bytes:
        d = self.ndeals - len(pos.stock) // 10
        piles = [bytes([CODE[c.suit] + c.rank for c in p]) for p in pos.piles]
        return self._pack(d, list(pos.hidden), piles)

    def places(self, pos) -> list:
        """Each column's name and contents (its cards, and how many lie face down) as
        the model sees them, for rebuilding a line
        (:func:`solitaire.solver.searches.changed_first`)."""
        return [(f"pile-{i + 1}", (bytes([CODE[c.suit] + c.rank for c in p]), h))
                for i, (p, h) in enumerate(zip(pos.piles, pos.hidden))]

    def contents(self, state: bytes) -> tuple:
        """The contents of a state's columns, as :meth:`places` gives them, and whether
        they are in the columns' order (before the last deal; then they are sorted).

        >>> from solitaire.engine.games import get_game
        >>> game = get_game("spider1")
        >>> pos = game.deal(1)
        >>> model = game.solver_model(pos)
        >>> model.contents(model.root) == ([c for _, c in model.places(pos)], True)
        True
        """
        return list(zip(state[11:].split(SEP), state[1:11])), state[0] < self.ndeals

    def _pack(self, d, hidden, piles) -> bytes:
        if d == self.ndeals:
            piles, hidden = zip(*sorted(zip(piles, hidden)))
        return bytes((d,)) + bytes(hidden) + SEP.join(piles)

    def is_endgame(self, state: bytes) -> bool:
        return state[0] == self.ndeals

    def is_won(self, state: bytes) -> bool:
        return state[0] == self.ndeals and len(state) == 11 + 9

    def score(self, state: bytes) -> int:
        """Four per face-down card (``hidden_weight``), two per break between face-up
        cards, one per card still out, and a weight per deal to come. (Weighing empty
        columns, or breaks of suit below breaks of rank, did worse in trials on deals
        1-100.) A seeded model scores 16 times that plus a hash of the position below 16
        times ``jitter``: ties, and scores less than ``jitter`` apart, are ordered
        differently by each seed, the same on every run. A child's plain score is
        usually known already: :meth:`children` works it out from its parent's, two
        columns changed."""
        total = self._scores.get(state)
        if total is None:
            hidden = state[1:11]
            total = self.hidden_weight * sum(hidden) + self.deal_weight * (self.ndeals - state[0])
            column = self._column
            for h, pile in zip(hidden, state[11:].split(SEP)):
                total += column(pile, h)[1]
        if self.seed:  # ties broken by a hash of the position instead of their order
            return total * 16 + crc32(state, self.seed) % (16 * self.jitter)
        return total

    def _column(self, pile: bytes, h: int) -> tuple[int, int]:
        """A column's top run's length (:meth:`_run`) and its part of the score (a point a
        card, two a break between face-up cards), worked out once per column."""
        memo = self._cols[h]
        known = memo.get(pile)
        if known is None:
            if len(memo) > self.MEMO_SIZE:
                memo.clear()
            cost = len(pile)
            for under, over in zip(pile[h:], pile[h + 1:]):
                if over != under - 1 or RANK[under] == 1:
                    cost += 2
            known = memo[pile] = (self._run(pile, h), cost)
        return known

    @staticmethod
    def _settle(pile: bytes, h: int) -> tuple[bytes, int]:
        while len(pile) - h >= 13 and pile[-13:] in RUNS:
            pile = pile[:-13]
        return pile, min(h, max(len(pile) - 1, 0))

    @staticmethod
    def _run(pile: bytes, h: int) -> int:
        """How many cards at the top of the pile form one face-up run of one suit."""
        n = len(pile)
        g = 1 if n > h else 0
        while g < n - h and pile[n - g - 1] == pile[n - g] + 1 and RANK[pile[n - g]] != 13:
            g += 1
        return g

    def children(self, state: bytes, back: bytes | None = None) -> list[bytes]:
        """Every state one move or deal away (``back`` is not left out here: see
        :mod:`solitaire.solver.search`).

        The search's inner loop, so a move's two columns are settled only where they can
        change: the column left keeps no completed run (a settled column has none at its
        top, and nothing lies on an Ace), it only turns its next card face up when no
        face-up card is left; the column reached completes a run only when an Ace came."""
        d = state[0]
        hidden = list(state[1:11])
        piles = state[11:].split(SEP)
        last = d == self.ndeals
        out = []
        settle, pack, prune, cols = self._settle, self._pack, self.prune, self._cols
        weight = self.hidden_weight
        runs, costs, empties = [], [], []
        for k, p in enumerate(piles):
            h = hidden[k]
            known = cols[h].get(p)
            if known is None:
                known = self._column(p, h)
            runs.append(known[0])
            costs.append(known[1])
            if not p:
                empties.append(k)
        tops = bytes([p[-1] if p else 0 for p in piles])  # each column's top card (0: none)
        ranks = tops.translate(RANK)   # and its rank
        if last:
            empties = empties[:1]
        # the parent's plain score, from which each move's child's is worked out (score())
        base = weight * sum(hidden) + self.deal_weight * (self.ndeals - d) + sum(costs)
        scores = self._scores
        scores.clear()  # the last expansion's children are scored by now (else score() works it out)
        lead = bytes((d,))
        for i, g in enumerate(runs):
            if not g:
                continue
            p = piles[i]
            n, hi = len(p), hidden[i]
            top = p[-1]  # the top j cards of its run: codes top to top + j - 1, one suit
            ace = RANK[top] == 1  # the top card of every part moved
            for j in range(1, g + 1):
                if j < g and prune:  # part of a run: only to make a longer run of its suit
                    k = tops.find(top + j)
                    if k < 0:
                        continue
                    targets = []
                    while k >= 0:
                        if runs[k] + j > g:
                            targets.append(k)
                        k = tops.find(top + j, k + 1)
                else:
                    targets = []
                    k = ranks.find(RANK[top] + j)
                    while k >= 0:
                        if k != i:
                            targets.append(k)
                        k = ranks.find(RANK[top] + j, k + 1)
                    # A whole column into an empty one only changes which column the
                    # next deals land on (nothing at all after the last deal).
                    if empties and (j < n or not (prune or last)):
                        targets += [k for k in empties if k != i]
                if not targets:
                    continue
                rest, run = p[:n - j], p[n - j:]
                left = len(rest) - 1
                left = hi if hi <= left else (left if left > 0 else 0)
                known = cols[left].get(rest) or self._column(rest, left)
                # the parent's score with the column left as it is now
                less = base - costs[i] + known[1] + weight * (left - hi)
                for k in targets:
                    new, hid = piles[:], hidden[:]
                    new[i], hid[i] = rest, left
                    if ace:
                        new[k], hid[k] = settle(piles[k] + run, hidden[k])
                    else:
                        new[k] = piles[k] + run
                    # (_pack's, without the call where the columns keep their order)
                    child = pack(d, hid, new) if last else lead + bytes(hid) + SEP.join(new)
                    h = hid[k]
                    reached = cols[h].get(new[k]) or self._column(new[k], h)
                    scores[child] = less - costs[k] + reached[1] + weight * (h - hidden[k])
                    out.append(child)
        if not last and not empties:  # a deal: a run completes only where an Ace lands
            row = self.stock[10 * d:10 * d + 10]
            new, hid = [p + row[k:k + 1] for k, p in enumerate(piles)], hidden[:]
            for k, card in enumerate(row):
                if RANK[card] == 1:
                    new[k], hid[k] = settle(new[k], hidden[k])
            out.append(pack(d + 1, hid, new))
        return out
