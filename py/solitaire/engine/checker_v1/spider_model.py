"""Frozen for the daily checker v1 (do not edit: past dailies depend on it).

Spider as the solver sees it: with full knowledge of the face-down cards.

A card is ``suit * 13 + rank`` (1..52); the two decks' twins are the same number, since
either can play the same part. A state is one ``bytes``: deals done, ten face-down
counts, then the ten columns joined by zero bytes. While stock remains the columns keep
their order (deal card i lands on column i); after the last deal they are sorted.
"""

from ..cards import SUITS

SEP = b"\x00"


def code(card) -> int:
    return SUITS.index(card.suit) * 13 + card.rank


def rank(c: int) -> int:
    return (c - 1) % 13 + 1


# A completed run of each suit, K..A bottom to top.
RUNS = frozenset(bytes(s * 13 + r for r in range(13, 0, -1)) for s in range(4))


class SpiderModel:
    """The compact search model of one Spider position (see :mod:`solitaire.solver`).

    It prunes moves that only shuffle: a part of a one-suit run leaves the card it
    rests on (its own suit, one rank higher) only to make a longer run of its suit.
    Anything that could go on the card so laid bare could as well go where the part
    went, so the pruned moves are rarely needed; but the model is then no proof of a
    loss (``proves``), and ``complete()`` gives the model without the pruning.
    """

    DEAL_WEIGHT = 25       # a deal to come: ten cards that rarely fit
    # The searches tried in turn (see Search): best-first under a deal weight, or a beam
    # of a first width ("beam", width, deal weight). Chosen per suit count on deals 1-200
    # (for four suits: the three deal weights that, in turn, won the most deals 1-60).
    TRIES = {
        1: (25, 30, 20, 35),
        2: (25, 20, ("beam", 50, 25), 30, 35),
        4: (("beam", 50, 25), ("beam", 50, 20), ("beam", 50, 28)),
    }

    def __init__(self, game, pos, deal_weight: int = DEAL_WEIGHT, prune: bool = True,
                 beam: int = 0):
        self.game = game
        self.deal_weight = deal_weight
        self.prune = prune
        self.beam = beam
        self.proves = not prune
        self.ndeals = len(pos.stock) // 10
        self.stock = bytes(code(c) for c in pos.stock)
        self.pos = pos
        self.root = self.key(pos)

    def tries(self) -> list["SpiderModel"]:
        """The searches to run in turn (``TRIES`` for this suit count): this model under
        other deal weights, best-first or as a beam. Deals that defeat one often fall to
        another."""
        if not self.prune:
            return [self]
        tries = []
        for t in self.TRIES[len(self.game.suits)]:
            if isinstance(t, tuple):
                tries.append(SpiderModel(self.game, self.pos, t[2], beam=t[1]))
            else:
                tries.append(SpiderModel(self.game, self.pos, t))
        return tries

    def complete(self) -> "SpiderModel":
        return SpiderModel(self.game, self.pos, self.deal_weight, prune=False)

    def key(self, pos) -> bytes:
        d = self.ndeals - len(pos.stock) // 10
        piles = [bytes(code(c) for c in p) for p in pos.piles]
        return self._pack(d, list(pos.hidden), piles)

    def _pack(self, d, hidden, piles) -> bytes:
        if d == self.ndeals:
            pairs = sorted(zip(piles, hidden))
            piles, hidden = [p for p, _ in pairs], [h for _, h in pairs]
        return bytes((d,)) + bytes(hidden) + SEP.join(piles)

    def is_endgame(self, state: bytes) -> bool:
        return state[0] == self.ndeals

    def is_won(self, state: bytes) -> bool:
        return state[0] == self.ndeals and len(state) == 11 + 9

    def score(self, state: bytes) -> int:
        """Four per face-down card, two per break between face-up cards, one per card
        still out, and a weight per deal to come. (Weighing empty columns, or breaks of
        suit below breaks of rank, did worse in trials on deals 1-100.)"""
        hidden = state[1:11]
        total = 4 * sum(hidden) + self.deal_weight * (self.ndeals - state[0])
        for h, pile in zip(hidden, state[11:].split(SEP)):
            total += len(pile)
            for under, over in zip(pile[h:], pile[h + 1:]):
                if over != under - 1 or rank(under) == 1:
                    total += 2
        return total

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
        while g < n - h and pile[n - g - 1] == pile[n - g] + 1 and rank(pile[n - g]) != 13:
            g += 1
        return g

    def children(self, state: bytes) -> list[bytes]:
        d = state[0]
        hidden = list(state[1:11])
        piles = state[11:].split(SEP)
        last = d == self.ndeals
        out = []
        settle, pack, prune = self._settle, self._pack, self.prune
        tops = [p[-1] if p else 0 for p in piles]
        runs = [self._run(p, h) for p, h in zip(piles, hidden)]
        empties = [k for k in range(10) if not piles[k]]
        if last:
            empties = empties[:1]
        for i, p in enumerate(piles):
            g, n = runs[i], len(p)
            for j in range(1, g + 1):
                card = p[n - j]
                rest, run = p[:n - j], p[n - j:]
                if j < g and prune:  # part of a run: only to make a longer run of its suit
                    targets = [k for k in range(10) if tops[k] == card + 1 and runs[k] + j > g]
                else:
                    want = rank(card) + 1
                    targets = [k for k in range(10) if k != i and tops[k] and rank(tops[k]) == want]
                    # A whole column into an empty one only changes which column the
                    # next deals land on (nothing at all after the last deal).
                    if rest or not (prune or last):
                        targets += [k for k in empties if k != i]
                for k in targets:
                    new, hid = piles[:], hidden[:]
                    new[i], hid[i] = settle(rest, hidden[i])
                    new[k], hid[k] = settle(piles[k] + run, hidden[k])
                    out.append(pack(d, hid, new))
        if not last and not empties:
            base = 10 * d
            new, hid = piles[:], hidden[:]
            for k in range(10):
                new[k], hid[k] = settle(piles[k] + self.stock[base + k:base + k + 1], hidden[k])
            out.append(pack(d + 1, hid, new))
        return out
