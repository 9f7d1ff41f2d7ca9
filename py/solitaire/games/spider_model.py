"""Spider as the solver sees it: with full knowledge of the face-down cards.

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
    """The compact search model of one Spider position (see :mod:`solitaire.solver`)."""

    DEAL_WEIGHT = 25  # a deal to come: ten cards that rarely fit

    def __init__(self, game, pos):
        self.game = game
        self.ndeals = len(pos.stock) // 10
        self.stock = bytes(code(c) for c in pos.stock)
        self.root = self.key(pos)

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
        still out, and a weight per deal to come (tried on one-suit deals: it wins 7 of
        deals 1-10 within 100,000 positions; Spider needs a better search yet)."""
        hidden = state[1:11]
        total = 4 * sum(hidden) + self.DEAL_WEIGHT * (self.ndeals - state[0])
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

    def children(self, state: bytes) -> list[bytes]:
        d = state[0]
        hidden = list(state[1:11])
        piles = state[11:].split(SEP)
        last = d == self.ndeals
        out = []
        settle, pack = self._settle, self._pack
        tops = [p[-1] if p else 0 for p in piles]
        empties = [k for k in range(10) if not piles[k]]
        if last:
            empties = empties[:1]
        for i, p in enumerate(piles):
            n, h = len(p), hidden[i]
            if n == h:
                continue
            j = 1
            while True:
                card = p[n - j]
                rest, run = p[:n - j], p[n - j:]
                targets = [k for k in range(10) if k != i and tops[k] and rank(tops[k]) == rank(card) + 1]
                if rest:  # a whole column into an empty one changes nothing
                    targets += [k for k in empties if k != i]
                for k in targets:
                    new, hid = piles[:], hidden[:]
                    new[i], hid[i] = settle(rest, h)
                    new[k], hid[k] = settle(piles[k] + run, hidden[k])
                    out.append(pack(d, hid, new))
                if j == n - h or p[n - j - 1] != card + 1 or rank(card) == 13:
                    break
                j += 1
        if not last and not empties:
            base = 10 * d
            new, hid = piles[:], hidden[:]
            for k in range(10):
                new[k], hid[k] = settle(piles[k] + self.stock[base + k:base + k + 1], hidden[k])
            out.append(pack(d + 1, hid, new))
        return out
